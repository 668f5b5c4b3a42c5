import { waitFor } from '@testing-library/react';

/**
 * The option of an open antd Select that a person sees and clicks. antd renders each option twice (an accessible list
 * holding only the active one, and the visible list), so role queries miss most of them.
 */
export const visibleOption = (label: string): Promise<Element> =>
  waitFor(() => {
    const found = document.querySelector(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
