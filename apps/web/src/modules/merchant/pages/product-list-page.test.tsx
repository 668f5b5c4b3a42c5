import { productCalls, type FieldDefinitionRow, type ProductRow } from '@juqi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fakeApi, refused, type SeenRequest } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { ProductListPage } from './product-list-page';

const user = userEvent.setup({ delay: null });
const field = (id: number, key: string, label: string, type: FieldDefinitionRow['type'], extra: Partial<FieldDefinitionRow> = {}): FieldDefinitionRow =>
  ({ id, key, type, label: { 'zh-CN': label, 'en-US': label }, required: false, unique: false, hidden: false, sort: id, permission: 255, updated_at: '2026-01-01T00:00:00.000Z', ...extra }) as FieldDefinitionRow;
const FIELDS = [field(1, 'product_name', '产品名称', 'text', { required: true }), field(2, 'price', '价格', 'floatnumber', { required: true }), field(3, 'on_sale', '是否上架', 'boolean_value')];
const product: ProductRow = {
  id: 5,
  product_name: '招牌套餐',
  merchant_id: 3,
  customer_name: '杭州星河餐饮有限公司',
  agency_id: 7,
  agency_name: '张三代理',
  extra: { product_name: '招牌套餐', price: 88, on_sale: true },
  created_at: '2026-03-01T02:00:00.000Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};

function api({ badPrice = false } = {}) {
  return fakeApi({
    'POST /api/merchant/product_list': () => answerOf(productCalls.productList, { count: 1, data: [product], next_cursor: null }),
    'POST /api/merchant/product_fields': () => answerOf(productCalls.productFields, FIELDS),
    'POST /api/merchant/product_customers': () => answerOf(productCalls.productCustomers, [{ id: 3, customer_name: '杭州星河餐饮有限公司', agency_name: '张三代理' }]),
    'POST /api/merchant/merchant_agencies': () => ok([]),
    'POST /api/merchant/product_add': () => (badPrice ? refused(['values.price', '价格', '须不小于 0']) : answerOf(productCalls.productAdd, { id: 6 })),
  });
}
const ok = (data: unknown) => ({ code: 20000, message: '成功', data });
const sent = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body);

describe('ProductListPage', () => {
  it('lists the products with their customer, agency and 产品信息设置’s fields drawn by type', async () => {
    api();
    renderInShell(<ProductListPage />, { path: '/merchant/product' });
    const first = (await screen.findByRole('button', { name: '招牌套餐' })).closest('.ant-table-row') as HTMLElement;
    expect(within(first).getByText('杭州星河餐饮有限公司')).toBeInTheDocument();
    expect(within(first).getByText('张三代理')).toBeInTheDocument();
    expect(await within(first).findByText('88')).toBeInTheDocument();
    expect(screen.getByText('共 1 个产品')).toBeInTheDocument();
  });

  it('adds a product to a chosen customer; a value the server refuses shows on its field', async () => {
    const seen = api({ badPrice: true });
    renderInShell(<ProductListPage />, { path: '/merchant/product' });
    await user.click(await screen.findByRole('button', { name: /新增产品/ }));
    const dialog = (await screen.findByText('新增产品', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('combobox', { name: '客户' }));
    await user.click(await visibleOption('杭州星河餐饮有限公司 · 张三代理'));
    await user.type(within(dialog).getByLabelText('产品名称'), '双人午市');
    await user.type(within(dialog).getByLabelText('价格'), '128');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('须不小于 0')).toBeInTheDocument();
    expect(sent(seen, '/api/merchant/product_add')).toEqual([{ merchant_id: 3, values: { product_name: '双人午市', price: 128 } }]);
  });

  it('offers a staff who may only view no add', async () => {
    api();
    renderInShell(<ProductListPage />, { path: '/merchant/product', profile: staffWith('merchant.product.view') });
    await screen.findByRole('button', { name: '招牌套餐' });
    expect(screen.queryByRole('button', { name: /新增产品/ })).toBeNull();
  });
});
