import { defineResource, fieldLookupCalls } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../test/antd';
import { answerOf, fakeApi, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell } from '../../test/render-in-shell';
import { ResourcePage } from './resource-page';

vi.setConfig({ testTimeout: 60_000 });

const both = (text: string) => ({ 'zh-CN': text, 'en-US': text });
/** A resource with the kinds 案例平台 lacks: a select filtered by `in`, a number by range, a date by range, a yes / no by equals. */
const account = defineResource({
  module: 'demo',
  thing: 'account',
  menu: '/demo/account',
  label: { 'zh-CN': '账号', 'en-US': 'Account' },
  operations: { view: 'demo.account.view', add: 'demo.account.edit', edit: 'demo.account.edit' },
  fields: {
    name: { kind: 'text', label: both('账号名称'), max: 30, required: true },
    platform: { kind: 'select', label: both('平台'), options: [{ value: 1, label: both('抖音') }, { value: 2, label: both('快手') }, { value: 3, label: both('微博') }], required: true },
    fans: { kind: 'number', label: both('粉丝数'), min: 0, max: 100_000_000 },
    opened: { kind: 'date', label: both('开通日期') },
    intro: { kind: 'richtext', label: both('简介'), max: 5000 },
    verified: { kind: 'boolean', label: both('已认证'), default: false },
  },
  columns: ['name', 'platform', 'fans', 'opened'],
  keyword: ['name'],
  filters: { platform: 'in', fans: 'range', opened: 'range', verified: 'equals' },
  order: { by: 'name', direction: 'asc' },
});
const rows = [{ id: 7, name: '聚企官方', platform: 2, fans: 1200, opened: '2026-02-03', intro: '<p>官方<strong>账号</strong></p>', verified: true, updated_at: '2026-03-01T08:00:00.000Z' }];
const listCalls = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/demo/account_list');
const option = async (label: string) => userEvent.click(await visibleOption(label));

describe('ResourcePage over the other field kinds', () => {
  it('filters a yes / no field by 是 or 否, as its cells name them', async () => {
    const seen = fakeApi({ 'POST /api/demo/account_list': () => answerOf(account.calls.list, { count: 1, data: rows }) });
    renderInShell(<ResourcePage resource={account} />, { path: account.menu });
    await screen.findByText('聚企官方');
    await userEvent.click(screen.getByRole('combobox', { name: '已认证' }));
    await option('否');
    await waitFor(() => expect(listCalls(seen).at(-1)!.body).toEqual({ verified: false, page: 1, limit: 20 }));
    expect(currentUrl()).toBe(`${account.menu}?verified=false`);
  });

  it('refuses a number outside its declared bounds in the shared words, sending nothing', async () => {
    const seen = fakeApi({ 'POST /api/demo/account_list': () => answerOf(account.calls.list, { count: 1, data: rows }) });
    renderInShell(<ResourcePage resource={account} />, { path: account.menu });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('账号名称'), { target: { value: '新账号' } });
    const fans = within(dialog).getByLabelText('粉丝数');
    fireEvent.change(fans, { target: { value: '-5' } });
    fireEvent.blur(fans);
    expect(await within(dialog).findByText('粉丝数应在 0–100000000 之间')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入平台')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/demo/account_add')).toBe(false);
  });

  it('shows a record in full in its details: the option, the day, the rich text rendered, 是 for yes', async () => {
    fakeApi({
      'POST /api/demo/account_list': () => answerOf(account.calls.list, { count: 1, data: rows }),
      'POST /api/demo/account_details': () => answerOf(account.calls.details, rows[0]!),
    });
    renderInShell(<ResourcePage resource={account} />, { path: account.menu });
    await userEvent.click(within((await screen.findByText('聚企官方')).closest('tr')!).getByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('快手')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-02-03')).toBeInTheDocument();
    expect(within(drawer).getByText('1200')).toBeInTheDocument();
    expect(within(drawer).getByText('账号', { selector: 'strong' })).toBeInTheDocument();
    expect(within(drawer).getByText('是')).toBeInTheDocument();
  });

  it('filters by several options and by a number range once both ends are set, each kept in the URL', async () => {
    const seen = fakeApi({ 'POST /api/demo/account_list': () => answerOf(account.calls.list, { count: 1, data: rows }) });
    renderInShell(<ResourcePage resource={account} />, { path: account.menu });
    const row = (await screen.findByText('聚企官方')).closest('tr')!;
    expect(within(row).getByText('快手')).toBeInTheDocument();
    expect(within(row).getByText('2026-02-03')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: '平台' }));
    await option('抖音');
    await option('微博');
    await waitFor(() => expect(listCalls(seen).at(-1)!.body).toEqual({ platform: [1, 3], page: 1, limit: 20 }));

    fireEvent.change(screen.getByRole('spinbutton', { name: '粉丝数 最小' }), { target: { value: '100' } });
    // One end alone is not a range: nothing is asked until the other is set.
    const asked = listCalls(seen).length;
    fireEvent.change(screen.getByRole('spinbutton', { name: '粉丝数 最大' }), { target: { value: '5000' } });
    await waitFor(() => expect(listCalls(seen).at(-1)!.body).toEqual({ platform: [1, 3], fans: [100, 5000], page: 1, limit: 20 }));
    expect(listCalls(seen).length).toBe(asked + 1);
    expect(new URLSearchParams(currentUrl().split('?')[1]).getAll('fans')).toEqual(['100', '5000']);

  });

  it('asks for a day range a shared link holds, and shows it in the range picker', async () => {
    const seen = fakeApi({ 'POST /api/demo/account_list': () => answerOf(account.calls.list, { count: 1, data: rows }) });
    renderInShell(<ResourcePage resource={account} />, { path: `${account.menu}?opened=2026-01-01&opened=2026-01-31` });
    await screen.findByText('聚企官方');
    expect(listCalls(seen)[0]!.body).toEqual({ opened: ['2026-01-01', '2026-01-31'], page: 1, limit: 20 });
    expect(screen.getByDisplayValue('2026-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-01-31')).toBeInTheDocument();
  });

  it('edits a select and a date through their editors, sending the option value and the day', async () => {
    const seen = fakeApi({
      'POST /api/demo/account_list': () => answerOf(account.calls.list, { count: 1, data: rows }),
      'POST /api/demo/account_details': () => answerOf(account.calls.details, rows[0]!),
      'POST /api/demo/account_edit': () => answerOf(account.calls.edit!, null),
    });
    renderInShell(<ResourcePage resource={account} />, { path: account.menu });
    await userEvent.click(within((await screen.findByText('聚企官方')).closest('tr')!).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('2026-02-03')).toBeInTheDocument();
    // Rich text is edited in the rich-text editor, named by its field.
    expect(await within(dialog).findByRole('textbox', { name: '简介' })).toHaveTextContent('官方账号');

    await userEvent.click(within(dialog).getByRole('combobox', { name: '平台' }));
    await option('微博');
    const day = within(dialog).getByLabelText('开通日期');
    await userEvent.click(day);
    fireEvent.change(day, { target: { value: '2026-04-05' } });
    fireEvent.keyDown(day, { key: 'Enter' });
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/demo/account_edit')?.body).toStrictEqual({ id: 7, name: '聚企官方', platform: 3, fans: 1200, opened: '2026-04-05', intro: '<p>官方<strong>账号</strong></p>', verified: true }));
  });
});

/** A resource holding money: a number in fen, edited and shown in yuan, filtered by a yuan range sent in fen. */
const plan = defineResource({
  module: 'demo',
  thing: 'plan',
  menu: '/demo/plan',
  label: { 'zh-CN': '套餐', 'en-US': 'Plan' },
  operations: { view: 'demo.plan.view', add: 'demo.plan.edit', edit: 'demo.plan.edit' },
  fields: {
    name: { kind: 'text', label: both('套餐名称'), max: 30, required: true },
    price: { kind: 'number', unit: 'fen', label: both('价格'), min: 1, max: 10_000_000, required: true },
  },
  columns: ['name', 'price'],
  keyword: ['name'],
  filters: { price: 'range' },
  order: { by: 'name', direction: 'asc' },
});
const plans = [{ id: 3, name: '进阶套餐', price: 19_800, updated_at: '2026-03-01T08:00:00.000Z' }];
const planLists = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/demo/plan_list');

describe('ResourcePage over money (a number in fen)', () => {
  it('shows yuan in the list, filters by a yuan range sent and kept in fen', async () => {
    const seen = fakeApi({ 'POST /api/demo/plan_list': () => answerOf(plan.calls.list, { count: 1, data: plans }) });
    renderInShell(<ResourcePage resource={plan} />, { path: plan.menu });
    const row = (await screen.findByText('进阶套餐')).closest('tr')!;
    expect(within(row).getByText('¥ 198.00')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('spinbutton', { name: '价格 最小' }), { target: { value: '100' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '价格 最大' }), { target: { value: '299.5' } });
    await waitFor(() => expect(planLists(seen).at(-1)!.body).toEqual({ price: [10_000, 29_950], page: 1, limit: 20 }));
    expect(new URLSearchParams(currentUrl().split('?')[1]).getAll('price')).toEqual(['10000', '29950']);
  });

  it('takes the price in yuan, sends it in fen, and words its bounds in yuan', async () => {
    const seen = fakeApi({
      'POST /api/demo/plan_list': () => answerOf(plan.calls.list, { count: 1, data: plans }),
      'POST /api/demo/plan_add': () => answerOf(plan.calls.add!, { id: 4 }),
    });
    renderInShell(<ResourcePage resource={plan} />, { path: plan.menu });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('套餐名称'), { target: { value: '专业套餐' } });
    const price = within(dialog).getByLabelText('价格');
    fireEvent.change(price, { target: { value: '200000' } });
    fireEvent.blur(price);
    expect(await within(dialog).findByText('价格应在 ¥ 0.01–¥ 100,000.00 之间')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '598' } });
    fireEvent.blur(price);
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/demo/plan_add')?.body).toStrictEqual({ name: '专业套餐', price: 59_800 }));
  });

});

describe('ResourcePage over a reference', () => {
  // A registry picker's records, and a module's own (docs/resources.md › References): the same picker, asked by type or by lookup.
  it.each([
    ['a picker type', { picker: 'industry' }, { type: 'industry' }],
    ['a module lookup', { lookup: 'keyword_type' }, { lookup: 'keyword_type' }],
  ] as const)('shows a reference of %s by its record’s name, filters by a record picked by name, and sends the picked record’s id', async (_kind, source, asked) => {
    const shop = defineResource({
      module: 'demo',
      thing: 'shop',
      menu: '/demo/shop',
      label: both('门店'),
      operations: { view: 'demo.shop.view', add: 'demo.shop.edit' },
      fields: {
        name: { kind: 'text', label: both('门店名称'), max: 30, required: true },
        industry: { kind: 'reference', ...source, label: both('所属行业') },
      },
      columns: ['name', 'industry'],
      filters: { industry: 'equals' },
      order: { by: 'name', direction: 'asc' },
    });
    const industries = [
      { id: 11, name: '火锅', hint: '餐饮美食' },
      { id: 12, name: '西餐', hint: '餐饮美食' },
    ];
    const seen = fakeApi({
      'POST /api/demo/shop_list': () => answerOf(shop.calls.list, { count: 1, data: [{ id: 3, name: '望京店', industry: 11, updated_at: '2026-03-01T08:00:00.000Z' }] }),
      'POST /api/demo/shop_add': () => answerOf(shop.calls.add!, { id: 4 }),
      [`POST ${fieldLookupCalls.lookup.path}`]: ({ body }) => {
        const { ids } = body as { ids?: number[] };
        return answerOf(fieldLookupCalls.lookup, { available: true, items: ids ? industries.filter((item) => ids.includes(item.id)) : industries });
      },
    });
    renderInShell(<ResourcePage resource={shop} />, { path: shop.menu });
    // The list's cells are named in one lookup of the page's ids.
    expect(await screen.findByText('火锅（餐饮美食）')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === fieldLookupCalls.lookup.path && (r.body as { ids?: number[] }).ids)).toHaveLength(1);
    expect(seen.filter((r) => r.url === fieldLookupCalls.lookup.path).every((r) => expect.objectContaining(asked).asymmetricMatch(r.body) && Object.keys(r.body as object).length <= 2)).toBe(true);

    await userEvent.click(screen.getByRole('combobox', { name: '所属行业' }));
    await option('西餐（餐饮美食）');
    await waitFor(() => expect(seen.filter((r) => r.url === '/api/demo/shop_list').at(-1)!.body).toEqual({ industry: 12, page: 1, limit: 20 }));
    expect(currentUrl()).toBe(`${shop.menu}?industry=12`);

    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('门店名称'), { target: { value: '三里屯店' } });
    await userEvent.click(within(dialog).getByLabelText('所属行业'));
    await option('火锅（餐饮美食）');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/demo/shop_add')?.body).toEqual({ name: '三里屯店', industry: 11 }));
  });
});
