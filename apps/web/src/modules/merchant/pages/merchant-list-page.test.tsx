import { merchantCalls, type FieldDefinitionRow, type MerchantRow } from '@juqi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fail, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { MerchantListPage } from './merchant-list-page';

const user = userEvent.setup({ delay: null });
const field = (id: number, key: string, label: string, type: FieldDefinitionRow['type'], extra: Partial<FieldDefinitionRow> = {}): FieldDefinitionRow =>
  ({ id, key, type, label: { 'zh-CN': label, 'en-US': label }, required: false, unique: false, hidden: false, sort: id, permission: 255, updated_at: '2026-01-01T00:00:00.000Z', ...extra }) as FieldDefinitionRow;
const FIELDS = [field(1, 'customer_name', '客户名称', 'text', { required: true, unique: true }), field(2, 'contact_name', '联系人', 'text'), field(3, 'secret', '内部备注', 'textarea', { hidden: true })];
const row = (id: number, name: string, extra: Partial<MerchantRow> = {}): MerchantRow => ({
  id,
  customer_name: name,
  agency_id: 7,
  agency_name: '张三代理',
  agency_mobile: '13900000001',
  user_id: null,
  source: 'staff',
  extra: { customer_name: name, contact_name: '王五' },
  created_at: '2026-03-01T02:00:00.000Z',
  updated_at: '2026-03-01T02:00:00.000Z',
  ...extra,
});

function api({ taken = false } = {}) {
  return fakeApi({
    'POST /api/merchant/merchant_list': () => answerOf(merchantCalls.merchantList, { count: 1, data: [row(1, '杭州星河餐饮有限公司')], next_cursor: null }),
    'POST /api/merchant/merchant_fields': () => answerOf(merchantCalls.merchantFields, FIELDS),
    'POST /api/merchant/merchant_agencies': () => answerOf(merchantCalls.merchantAgencies, [{ id: 7, name: '张三代理', mobile: '13900000001', level_name: '白银代理' }]),
    'POST /api/merchant/merchant_details': () => answerOf(merchantCalls.merchantDetails, row(1, '杭州星河餐饮有限公司')),
    'POST /api/merchant/merchant_history': () => answerOf(merchantCalls.merchantHistory, []),
    'POST /api/merchant/merchant_add': () => (taken ? fail(40900, '该客户已存在', { field: 'values.customer_name' }) : answerOf(merchantCalls.merchantAdd, { id: 9 })),
  });
}
const sent = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body);

describe('MerchantListPage', () => {
  it('lists the customers with their agency and 客户信息设置’s fields drawn by type, the hidden one left out', async () => {
    api();
    renderInShell(<MerchantListPage />, { path: '/merchant/info' });
    const first = (await screen.findByRole('button', { name: '杭州星河餐饮有限公司' })).closest('.ant-table-row') as HTMLElement;
    expect(within(first).getByText('张三代理')).toBeInTheDocument();
    expect(await within(first).findByText('王五')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '联系人' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '内部备注' })).toBeNull();
    expect(screen.getByText('共 1 个客户')).toBeInTheDocument();
  });

  it('adds a customer to a chosen agency with the form’s fields, and opens it', async () => {
    const seen = api();
    renderInShell(<MerchantListPage />, { path: '/merchant/info' });
    await user.click(await screen.findByRole('button', { name: /新增客户/ }));
    const dialog = (await screen.findByText('新增客户', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择所属代理')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: '所属代理' }));
    await user.click(await visibleOption('张三代理 · 13900000001'));
    await user.type(within(dialog).getByLabelText('客户名称'), '宁波云帆科技有限公司');
    await user.type(within(dialog).getByLabelText('联系人'), '李娜');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已新增客户')).toBeInTheDocument();
    expect(await screen.findByText('杭州星河餐饮有限公司', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    expect(sent(seen, '/api/merchant/merchant_add')).toEqual([{ agency_id: 7, values: { customer_name: '宁波云帆科技有限公司', contact_name: '李娜' } }]);
    expect(currentUrl()).toBe('/merchant/info?id=9');
  });

  it('shows a 客户名称 held already on its field', async () => {
    api({ taken: true });
    renderInShell(<MerchantListPage />, { path: '/merchant/info' });
    await user.click(await screen.findByRole('button', { name: /新增客户/ }));
    const dialog = (await screen.findByText('新增客户', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('combobox', { name: '所属代理' }));
    await user.click(await visibleOption('张三代理 · 13900000001'));
    await user.type(within(dialog).getByLabelText('客户名称'), '杭州星河餐饮有限公司');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该客户已存在')).toBeInTheDocument();
  });

  it('offers a staff who may only view no add, edit, transfer or delete', async () => {
    api();
    renderInShell(<MerchantListPage />, { path: '/merchant/info?id=1', profile: staffWith('merchant.view') });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('张三代理 · 13900000001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增客户/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /编\s*辑|转\s*移|删\s*除/ })).toBeNull();
  });
});
