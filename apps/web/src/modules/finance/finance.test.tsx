import { financeCalls, topUpRecordCalls, type TopUpRecord } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../test/fake-api';
import { renderInShell, staffWith } from '../../test/render-in-shell';
import { RechargeRecordsPage } from './pages/recharge-page';
import { UserAccountStatement } from './components/user-statement';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

describe('账户流水', () => {
  it('shows the balance, frozen, available and income in yuan, the entries with their holds, and switches to beans', async () => {
    const seen = fakeApi({
      'POST /api/finance/user_statement': ({ body }) =>
        (body as { currency: string }).currency === 'CNY'
          ? answerOf(financeCalls.userStatement, {
              account: { kind: 'user_cash', currency: 'CNY', balance: 900_000, frozen: 200_000, available: 700_000, income: 1_200_000 },
              count: 2,
              data: [
                { id: 9, transfer_id: 4, transfer_kind: 'withdrawal', transfer_state: 'pending', amount: -200_000, pending: true, balance_after: 900_000, memo: '', created_at: '2026-11-26T02:00:00.000Z' },
                { id: 8, transfer_id: 3, transfer_kind: 'top_up', transfer_state: 'posted', amount: 900_000, pending: false, balance_after: 900_000, memo: '微信支付', created_at: '2026-11-26T01:00:00.000Z' },
              ],
            })
          : answerOf(financeCalls.userStatement, {
              account: { kind: 'user_beans', currency: 'BEAN', balance: 330, frozen: 0, available: 330, income: 0 },
              count: 1,
              data: [{ id: 10, transfer_id: 5, transfer_kind: 'bean_purchase', transfer_state: 'posted', amount: 330, pending: false, balance_after: 330, memo: '', created_at: '2026-11-26T03:00:00.000Z' }],
            }),
    });
    renderInShell(<UserAccountStatement userId={7} />);
    // The summary: balance, frozen, available, income (the balance also shows as the entries' balance after).
    const summary = (await screen.findByText('可用')).closest('table')!;
    expect(await within(summary).findByText('9,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('2,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('7,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('12,000.00')).toBeInTheDocument();
    const entries = screen.getByRole('columnheader', { name: '变动后余额' }).closest('table')!;
    const rows = within(entries).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('提现')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('冻结中')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('-2,000.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+9,000.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('微信支付')).toBeInTheDocument();
    expect(screen.getByText('共 2 条流水')).toBeInTheDocument();

    await user.click(screen.getByText('金豆'));
    expect(await screen.findByText('金豆充值')).toBeInTheDocument();
    expect(screen.getByText('+330')).toBeInTheDocument();
    expect(screen.queryByText('冻结')).not.toBeInTheDocument();
    await waitFor(() => expect(seen.map((r) => r.body)).toEqual([
      { user_id: 7, currency: 'CNY', page: 1, limit: 20 },
      { user_id: 7, currency: 'BEAN', page: 1, limit: 20 },
    ]));
  });
});

const record = (over: Partial<TopUpRecord>): TopUpRecord => ({
  order_no: 'TU20261126010000123456',
  user_id: 7,
  user_name: '张三',
  user_mobile: '13800000007',
  amount: 12_345,
  bonus_beans: 0,
  channel: 'wechat',
  provider: 'fake',
  state: 'paid',
  trade_no: 'FAKE20261126010000123456',
  created_at: '2026-11-26T01:00:00.000Z',
  paid_at: '2026-11-26T01:01:00.000Z',
  transfer_id: 31,
  mismatch: '',
  notify_count: 1,
  ...over,
});

describe('用户充值记录', () => {
  it('lists the orders with the count and sums, filters through the URL, and shows an order’s ledger entries', async () => {
    const seen = fakeApi({
      'POST /api/finance/recharge_list': () =>
        answerOf(topUpRecordCalls.list, { count: 2, sum_amount: 22_345, sum_paid: 12_345, data: [record({}), record({ order_no: 'TU20261126000000654321', amount: 10_000, state: 'pending', channel: 'alipay', trade_no: null, paid_at: null, transfer_id: null })] }),
      'POST /api/finance/recharge_details': () =>
        answerOf(topUpRecordCalls.details, {
          order: record({}),
          entries: [
            { account_kind: 'payment_clearing', owner_id: 0, currency: 'CNY', amount: -12_345, pending: false, balance_after: -12_345 },
            { account_kind: 'user_cash', owner_id: 7, currency: 'CNY', amount: 12_345, pending: false, balance_after: 12_345 },
          ],
        }),
    });
    renderInShell(<RechargeRecordsPage />, { path: '/finance/user_recharge?state=paid&amount_min=1000', profile: staffWith('finance.recharge.view') });
    const row = (await screen.findByText('TU20261126010000123456')).closest('tr')!;
    for (const text of ['张三', '¥ 123.45', '微信支付', '已支付', '2026-11-26 09:00']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('共 2 笔 · 金额合计 ¥ 223.45 · 已支付 ¥ 123.45')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/api/finance/recharge_list')[0]!.body).toEqual({ state: 'paid', amount_min: 1000, page: 1, limit: 20 });
    // Without the export operation there is no export.
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('支付通道清算')).toBeInTheDocument();
    expect(within(drawer).getByText('用户余额 #7')).toBeInTheDocument();
    // The clearing account is debited what the user's account is credited; both balances after.
    const clearing = within(drawer).getByText('支付通道清算').closest('tr')!;
    expect(within(clearing).getAllByText('-123.45')).toHaveLength(2);
    expect(within(within(drawer).getByText('用户余额 #7').closest('tr')!).getAllByText('123.45')).toHaveLength(2);
  });
});
