import { waitFor } from '@testing-library/react';

/**
 * The option of an open antd Select that a person sees and clicks. antd renders each option twice (an accessible list
 * holding only the active one, and the visible list), so role queries miss most of them.
 */
export const visibleOption = (label: string): Promise<Element> =>
  waitFor(() => {
    // The newest dropdown is the last in the document: one closed a moment before may still be fading out over it.
    const found = [...document.querySelectorAll(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`)].at(-1);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
