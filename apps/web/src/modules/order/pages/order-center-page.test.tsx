import { orderCalls, type FieldDefinitionRow, type OrderDetails, type OrderRow } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fail, fakeApi, refused, type Handler, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { OrderCenterPage } from './order-center-page';

const user = userEvent.setup({ delay: null });
const PATH = '/agencyorder_center/index';
/** antd spaces a button's two Chinese characters apart. */
const COMPLETE = /^完\s?成$/;
const REFUND = /^退\s?款$/;
const SAVE = /^保\s?存$/;

const SOLD = 'OD20260301100000000001';
const BOUGHT = 'OD20260302100000000002';
const row = (order_no: string, extra: Partial<OrderRow> = {}): OrderRow => ({
  id: 1,
  order_no,
  external_no: null,
  remark: '',
  agency_id: 7,
  agency_name: '张三代理',
  agency_mobile: '13900000001',
  merchant_id: 3,
  customer_name: '杭州星河餐饮有限公司',
  region_id: 1,
  business_id: 5,
  business_name: '短视频代运营',
  package_id: 51,
  package_name: '基础版',
  price: 99_900,
  duration_days: 30,
  quota: 0,
  delivered: 0,
  pay_by: 'customer',
  amount: 99_900,
  discount_bp: 10_000,
  commission_rate_bp: 1_000,
  refunded: 0,
  commission: 0,
  state: 'in_service',
  source: 'staff',
  created_at: '2026-03-01T02:00:00.000Z',
  paid_at: '2026-03-01T02:05:00.000Z',
  started_at: '2026-03-01T03:00:00.000Z',
  service_end_at: '2026-03-31T15:59:59.999Z',
  ended_at: null,
  ...extra,
});
const details = (order: OrderRow, extra: Partial<OrderDetails> = {}): OrderDetails => ({
  ...order,
  payer_user_id: 42,
  refundable: 50_000,
  set_values: {},
  events: [
    { id: 1, action: 'create', from_state: null, to_state: 'created', amount: null, reason: '', by: '运营小王', at: '2026-03-01T02:00:00.000Z' },
    { id: 2, action: 'pay', from_state: 'created', to_state: 'paid', amount: 99_900, reason: '', by: '杭州星河餐饮有限公司', at: '2026-03-01T02:05:00.000Z' },
  ],
  commissions: [],
  postings: [
    { transfer_id: 301, kind: 'spend', state: 'posted', account_kind: 'user_cash', owner_id: 42, amount: -99_900, pending: false, at: '2026-03-01T02:05:00.000Z' },
    { transfer_id: 301, kind: 'spend', state: 'posted', account_kind: 'revenue', owner_id: 0, amount: 99_900, pending: false, at: '2026-03-01T02:05:00.000Z' },
  ],
  ...extra,
});

/** 订单中心's API: the order's state follows the moves posted; `handlers` replace a call's answer. */
function api(state: OrderRow['state'] = 'in_service', handlers: Record<string, Handler> = {}) {
  let order = details(row(SOLD, { state }));
  const moved = (next: Partial<OrderDetails>) => {
    order = { ...order, ...next };
    return answerOf(orderCalls.orderComplete, order);
  };
  return fakeApi({
    'POST /api/order/order_list': () =>
      answerOf(orderCalls.orderList, {
        count: 2,
        next_cursor: null,
        data: [row(SOLD, { state: order.state, commission: 9_990 }), row(BOUGHT, { id: 2, pay_by: 'agency', amount: 89_910, discount_bp: 9_000, commission_rate_bp: 0, state: 'paid' })],
      }),
    'POST /api/order/order_totals': () => answerOf(orderCalls.orderTotals, { count: 2, amount: 189_810, refunded: 0, commission: 9_990 }),
    'POST /api/order/order_options': () =>
      answerOf(orderCalls.orderOptions, {
        businesses: [
          {
            id: 5,
            name: '短视频代运营',
            enabled: true,
            packages: [
              { id: 51, name: '基础版', price: 99_900, duration_days: 30, quota: 0, enabled: true },
              { id: 52, name: '旧版', price: 59_900, duration_days: 30, quota: 0, enabled: false },
            ],
          },
          { id: 6, name: '企业建站', enabled: true, packages: [{ id: 61, name: '标准站', price: 299_900, duration_days: 365, quota: 5, enabled: true }] },
        ],
        regions: [{ id: 1, name: '华东大区' }],
        set_form: [],
      }),
    'POST /api/order/order_agencies': () => answerOf(orderCalls.orderAgencies, [{ id: 7, name: '张三代理', mobile: '13900000001', level_name: '白银代理', commission_rate_bp: 1_000, discount_bp: 9_000, business_ids: [5] }]),
    'POST /api/order/order_customers': ({ body }) =>
      answerOf(
        orderCalls.orderCustomers,
        (body as { agency_id?: number }).agency_id === 7
          ? [
              { id: 3, customer_name: '杭州星河餐饮有限公司', agency_id: 7, agency_name: '张三代理', has_account: true },
              { id: 4, customer_name: '宁波云帆科技有限公司', agency_id: 7, agency_name: '张三代理', has_account: false },
            ]
          : [],
      ),
    'POST /api/order/order_details': () => answerOf(orderCalls.orderDetails, order),
    'POST /api/order/order_complete': () => moved({ state: 'completed', ended_at: '2026-03-05T02:00:00.000Z', refundable: order.amount }),
    'POST /api/order/order_refund': () => refused(['amount', '金额', '超过可退金额']),
    'POST /api/order/order_add': () => answerOf(orderCalls.orderAdd, details(row(BOUGHT, { state: 'created', pay_by: 'agency', amount: 89_910 }))),
    ...handlers,
  });
}

const sent = (seen: SeenRequest[], call: string) => seen.filter((r) => r.url === `/api/order/${call}`).map((r) => r.body);
const rowOf = async (orderNo: string) => (await screen.findByRole('button', { name: orderNo })).closest('.ant-table-row') as HTMLElement;
const openDrawer = async () => {
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('短视频代运营');
  return drawer;
};

describe('OrderCenterPage', () => {
  it('lists the orders with their package, customer, agency, money and state, and the filtered set’s totals above', async () => {
    const seen = api();
    renderInShell(<OrderCenterPage />, { path: PATH });
    const sold = await rowOf(SOLD);
    for (const text of ['短视频代运营 · 基础版', '杭州星河餐饮有限公司', '张三代理', '13900000001', '¥ 999.00', '客户付款', '服务中', '¥ 99.90']) expect(within(sold).getByText(text)).toBeInTheDocument();
    // The agency paid at its discount: the list price shows beside what it paid.
    const bought = await rowOf(BOUGHT);
    for (const text of ['¥ 899.10', '原价 ¥ 999.00', '代理付款', '已付款']) expect(within(bought).getByText(text)).toBeInTheDocument();
    expect(await screen.findByText('共 2 笔 · 金额 ¥ 1,898.10 · 退款 ¥ 0.00 · 佣金 ¥ 99.90')).toBeInTheDocument();
    expect(sent(seen, 'order_list')[0]).toEqual({ limit: 50 });
    expect(sent(seen, 'order_totals')[0]).toEqual({});
  });

  it('keeps its filters in the URL and sends them, amounts in fen; another business clears the package', async () => {
    const seen = api();
    renderInShell(<OrderCenterPage />, { path: `${PATH}?business_id=5&package_id=51` });
    await rowOf(SOLD);
    expect(sent(seen, 'order_list')[0]).toEqual({ business_id: 5, package_id: 51, limit: 50 });

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await visibleOption('已完成'));
    await waitFor(() => expect(currentUrl()).toContain('state=completed'));
    await user.type(screen.getByRole('spinbutton', { name: '最低金额' }), '100');
    await waitFor(() => expect(currentUrl()).toContain('amount_min=10000'));
    await waitFor(() => expect(sent(seen, 'order_list').at(-1)).toEqual({ business_id: 5, package_id: 51, state: 'completed', amount_min: 10_000, limit: 50 }));
    await waitFor(() => expect(sent(seen, 'order_totals').at(-1)).toEqual({ business_id: 5, package_id: 51, state: 'completed', amount_min: 10_000 }));

    await user.click(screen.getByRole('combobox', { name: '业务' }));
    await user.click(await visibleOption('企业建站'));
    await waitFor(() => expect(sent(seen, 'order_list').at(-1)).toEqual({ business_id: 6, state: 'completed', amount_min: 10_000, limit: 50 }));
    expect(currentUrl()).not.toContain('package_id');
  });

  it('offers a staff who may only view no move, no 新增订单 and no export', async () => {
    api();
    renderInShell(<OrderCenterPage />, { path: `${PATH}?order=${SOLD}`, profile: staffWith('order.view') });
    const drawer = await openDrawer();
    expect(within(drawer).queryByRole('button', { name: /完\s?成|退\s?款|交\s?付|开始服务|取消订单/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增订单/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
  });

  it('offers 完成 to a staff holding it on an order in service, not on a paid one', async () => {
    api('in_service');
    const shown = renderInShell(<OrderCenterPage />, { path: `${PATH}?order=${SOLD}`, profile: staffWith('order.view', 'order.complete') });
    expect(await within(await openDrawer()).findByRole('button', { name: COMPLETE })).toBeInTheDocument();
    shown.unmount();

    api('paid');
    renderInShell(<OrderCenterPage />, { path: `${PATH}?order=${SOLD}`, profile: staffWith('order.view', 'order.complete') });
    const drawer = await openDrawer();
    await within(drawer).findByText('已付款');
    expect(within(drawer).queryByRole('button', { name: COMPLETE })).toBeNull();
  });

  it('completes an order in service, shows its new state and asks the list again', async () => {
    const seen = api();
    renderInShell(<OrderCenterPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: SOLD }));
    expect(currentUrl()).toBe(`${PATH}?order=${SOLD}`);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('服务中')).toBeInTheDocument();
    const listed = sent(seen, 'order_list').length;
    await user.click(within(drawer).getByRole('button', { name: COMPLETE }));
    const popover = (await screen.findByText(/确定完成该订单吗/)).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(popover).getByRole('button', { name: COMPLETE }));
    expect(await screen.findByText('订单已完成')).toBeInTheDocument();
    expect(sent(seen, 'order_complete')).toEqual([{ order_no: SOLD }]);
    expect(await within(drawer).findByText('已完成')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: COMPLETE })).toBeNull();
    // Now completed, it may be refunded; the list and its totals are asked again.
    expect(within(drawer).getByRole('button', { name: REFUND })).toBeInTheDocument();
    await waitFor(() => expect(sent(seen, 'order_list').length).toBeGreaterThan(listed));
  });

  it('starts the service with 业务开通表’s values when the form has fields, the server’s refusal on its field, and shows them after', async () => {
    const account = { id: 1, key: 'service_account', type: 'text', label: { 'zh-CN': '服务账号', 'en-US': 'Account served' }, required: true, unique: false, permission: 0, updated_at: '2026-01-01T00:00:00.000Z' } as FieldDefinitionRow;
    let tries = 0;
    const seen = api('paid', {
      'POST /api/order/order_options': () => answerOf(orderCalls.orderOptions, { businesses: [], regions: [], set_form: [account] }),
      'POST /api/order/order_start': ({ body }) => {
        tries += 1;
        if (tries === 1) return refused(['values.service_account', '服务账号', '账号不存在']);
        return answerOf(orderCalls.orderStart, details(row(SOLD, { state: 'in_service' }), { set_values: (body as { values: Record<string, unknown> }).values }));
      },
    });
    renderInShell(<OrderCenterPage />, { path: `${PATH}?order=${SOLD}` });
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: '开始服务' }));
    const dialog = (await screen.findByText(`开始服务 · ${SOLD}`)).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(/服务账号/, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(sent(seen, 'order_start')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: '服务账号' }), 'xinghuo_dy');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('账号不存在')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已开始服务')).toBeInTheDocument();
    expect(sent(seen, 'order_start').at(-1)).toEqual({ order_no: SOLD, values: { service_account: 'xinghuo_dy' } });
    await user.click(await within(drawer).findByRole('tab', { name: '开通信息' }));
    expect(await within(drawer).findByText('xinghuo_dy')).toBeInTheDocument();
  });

  it('shows an order that moved meanwhile as it now is', async () => {
    let state: OrderRow['state'] = 'paid';
    const seen = api('paid', {
      'POST /api/order/order_details': () => answerOf(orderCalls.orderDetails, details(row(SOLD, { state }))),
      'POST /api/order/order_start': () => {
        state = 'cancelled';
        return fail(40900, '订单已取消', { field: 'state' });
      },
    });
    renderInShell(<OrderCenterPage />, { path: `${PATH}?order=${SOLD}` });
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: '开始服务' }));
    const popover = (await screen.findByText(/确定开始服务吗/)).closest<HTMLElement>('.ant-popover')!;
    await user.click(within(popover).getByRole('button', { name: '开始服务' }));
    expect(await screen.findByText('订单已取消')).toBeInTheDocument();
    expect(await within(drawer).findByText('已取消')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '开始服务' })).toBeNull();
    expect(sent(seen, 'order_details').length).toBe(2);
  });

  it('refunds no more than is refundable, and shows the server’s refusal of the amount on its field', async () => {
    const seen = api();
    renderInShell(<OrderCenterPage />, { path: `${PATH}?order=${SOLD}` });
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: REFUND }));
    const dialog = (await screen.findByText(`退款 · ${SOLD}`)).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText('最多可退 ¥ 500.00；退款后订单结束')).toBeInTheDocument();
    const amount = within(dialog).getByRole('spinbutton', { name: '退款金额' });
    await user.type(amount, '600');
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), '客户投诉');
    await user.click(within(dialog).getByRole('button', { name: REFUND }));
    expect(await within(dialog).findByText('不能超过可退金额 ¥ 500.00')).toBeInTheDocument();
    expect(sent(seen, 'order_refund')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(within(dialog).getByRole('button', { name: REFUND }));
    expect(await within(dialog).findByText('超过可退金额')).toBeInTheDocument();
    expect(sent(seen, 'order_refund')).toEqual([{ order_no: SOLD, amount: 30_000, reason: '客户投诉' }]);
  });

  it('places an order for an agency’s customer, says what the agency pays, and opens it', async () => {
    const seen = api();
    renderInShell(<OrderCenterPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /新增订单/ }));
    const dialog = (await screen.findByText('新增订单', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: SAVE }));
    expect(await within(dialog).findByText('请选择代理')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: '客户' })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: '代理' }));
    await user.click(await visibleOption('张三代理 · 13900000001'));
    const customer = within(dialog).getByRole('combobox', { name: '客户' });
    await waitFor(() => expect(customer).toBeEnabled());
    await user.click(customer);
    expect(await visibleOption('宁波云帆科技有限公司 · 张三代理 · 未开通账号')).toBeInTheDocument();
    await user.click(await visibleOption('杭州星河餐饮有限公司 · 张三代理'));
    await user.click(within(dialog).getByRole('combobox', { name: '业务套餐' }));
    // Neither off-sale packages nor those of a business the agency may not sell are offered.
    await visibleOption('基础版 · ¥ 999.00');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title') ?? '');
    expect(offered.filter((title) => title.startsWith('旧版') || title.startsWith('标准站'))).toEqual([]);
    await user.click(await visibleOption('基础版 · ¥ 999.00'));
    expect(await within(dialog).findByText('客户应付 ¥ 999.00，代理佣金比例 10.00%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '代理付款' }));
    expect(await within(dialog).findByText('代理应付 ¥ 899.10（原价 ¥ 999.00 × 进货折扣 90.00%），不计佣金')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '外部单号' }), 'EXT-1');
    await user.click(within(dialog).getByRole('button', { name: SAVE }));

    expect(await screen.findByText('已新增订单')).toBeInTheDocument();
    expect(sent(seen, 'order_add')).toEqual([
      { agency_id: 7, merchant_id: 3, package_id: 51, pay_by: 'agency', external_no: 'EXT-1', idempotency_key: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,64}$/) },
    ]);
    expect(sent(seen, 'order_customers')).toContainEqual({ agency_id: 7 });
    await waitFor(() => expect(currentUrl()).toBe(`${PATH}?order=${BOUGHT}`));
    expect(await screen.findByText(`订单 ${BOUGHT}`)).toBeInTheDocument();
  });
});
