import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, Select } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from './filter-bar';

/** A bar with a search holding words, one of its two filters set, and a tool. */
function renderBar(onClear = () => {}, folded = false) {
  render(
    <FilterBar search={<Input aria-label="关键词" />} active={1} searching onClear={onClear} tools={<button type="button">导出</button>} folded={folded}>
      <Select aria-label="用户类型" />
      <Select aria-label="订单数" />
    </FilterBar>,
  );
  return screen.getByRole('search');
}

describe('FilterBar', () => {
  it('from 768 px shows the search, the filters, the clear button and the tools in the bar', () => {
    const bar = renderBar();
    expect(within(bar).getByRole('textbox', { name: '关键词' })).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: '用户类型' })).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: '订单数' })).toBeInTheDocument();
    // The count takes in the search: clearing empties it too.
    expect(within(bar).getByRole('button', { name: '清空筛选 (2)' })).toBeEnabled();
    expect(within(bar).getByRole('button', { name: '导出' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /^筛选/ })).toBeNull();
  });

  it('on a phone folds the filters into the 筛选 drawer, which counts them and clears them', async () => {
    window.innerWidth = 390;
    const onClear = vi.fn();
    const bar = renderBar(onClear);
    expect(within(bar).getByRole('textbox', { name: '关键词' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: '导出' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '用户类型' })).toBeNull();
    expect(screen.queryByRole('button', { name: /清空筛选/ })).toBeNull();

    await userEvent.click(within(bar).getByRole('button', { name: '筛选 (1)' }));
    const drawer = await screen.findByRole('dialog', { name: '筛选' });
    expect(within(drawer).getByRole('combobox', { name: '用户类型' })).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: '订单数' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '清空筛选 (2)' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('folds its filters into the drawer on a wide screen too when asked (many filters in a narrow pane)', async () => {
    const bar = renderBar(() => {}, true);
    expect(screen.queryByRole('combobox', { name: '用户类型' })).toBeNull();
    await userEvent.click(within(bar).getByRole('button', { name: '筛选 (1)' }));
    expect(within(await screen.findByRole('dialog', { name: '筛选' })).getByRole('combobox', { name: '订单数' })).toBeInTheDocument();
  });
});
