import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../../lib/preferences';
import { UserSelectFilters } from './user-select/user-select-filters';
import { UserFilterBar } from './user-filter-bar';

const options = { pw_list: [{ id: 3, name: '文案策划' }], level_list: [{ level: 1, name: '青铜会员' }], quantity_list: [] };

/** The names of a filter form's fields, as a screen reader announces them. */
const fieldNames = (form: HTMLElement) =>
  [...within(form).getAllByRole('combobox'), ...within(form).queryAllByRole('searchbox'), ...within(form).queryAllByRole('textbox')]
    .map((field) => field.getAttribute('aria-label'))
    .filter((name): name is string => !!name);

function renderBoth() {
  render(
    <>
      <UserFilterBar value={{}} onChange={() => {}} options={options} />
      <UserSelectFilters value={{}} onChange={() => {}} options={options} />
    </>,
  );
  const bar = screen.getByRole('search');
  const drawer = document.querySelector<HTMLElement>('.user-select-filters')!;
  return { bar: fieldNames(bar), drawer: fieldNames(drawer) };
}

describe('the user filter’s field names', () => {

  it('are the same in the all-users filter bar and the user-select drawer', () => {
    const { bar, drawer } = renderBoth();
    expect(new Set(drawer)).toEqual(
      new Set(['姓名 / 手机号 / ID', '用户类型', '用户来源', '提现状态', '提现方式', '订单数', '等级', '代理岗位', '服务岗位', '注册时间', '最近下单']),
    );
    // The drawer offers a subset of the bar's filters (not 实名状态 or 账号状态), each under the bar's name.
    for (const name of drawer) expect(bar).toContain(name);
  });

  it('are the same in English too', () => {
    usePreferences.getState().setLanguage('en-US');
    const { bar, drawer } = renderBoth();
    expect(drawer).toEqual(expect.arrayContaining(['Agency post', 'Service post', 'Orders', 'Last order', 'Name / mobile / ID']));
    for (const name of drawer) expect(bar).toContain(name);
  });
});
