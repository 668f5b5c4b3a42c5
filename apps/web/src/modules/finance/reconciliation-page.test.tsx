import { dayInZone, DEFAULT_TIME_ZONE, financeCalls, reconciliationCalls, type CallData, type ReconciliationDay } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import { ReconciliationPage } from './pages/reconciliation-page';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const PATH = '/finance/reconciliation';
const VIEW = 'finance.ledger.view';

const TRIAL: CallData<typeof financeCalls.trialBalance> = {
  currencies: [
    {
      currency: 'CNY',
      debits: 123_456,
      credits: 123_456,
      pending_debits: 3_000,
      pending_credits: 3_000,
      balanced: true,
      kinds: [
        { kind: 'user_cash', accounts: 12, debits: 20_000, credits: 123_456, balance: 103_456 },
        { kind: 'payment_clearing', accounts: 1, debits: 121_456, credits: 0, balance: -121_456 },
      ],
    },
    {
      currency: 'BEAN',
      debits: 12_000,
      credits: 11_000,
      pending_debits: 0,
      pending_credits: 0,
      balanced: false,
      kinds: [{ kind: 'user_beans', accounts: 4, debits: 0, credits: 12_000, balance: 12_000 }],
    },
  ],
  platform_accounts: [],
};

const agreeing = (count: number, sum: number) => ({ provider: { count, sum }, ledger: { count, sum }, difference: 0 });
const EVEN: ReconciliationDay = { day: '2026-11-26', top_up: agreeing(2, 3_500), payout: agreeing(1, 3_000), mismatches: 0, balanced: true };
const UNEVEN: ReconciliationDay = {
  day: '2026-11-25',
  top_up: { provider: { count: 2, sum: 7_400 }, ledger: { count: 1, sum: 3_000 }, difference: 4_400 },
  payout: agreeing(0, 0),
  mismatches: 2,
  balanced: false,
};

const RECONCILED: CallData<typeof reconciliationCalls.reconciliation> = {
  days: [EVEN, UNEVEN],
  totals: { top_up: { provider: { count: 4, sum: 10_900 }, ledger: { count: 3, sum: 6_500 }, difference: 4_400 }, payout: agreeing(1, 3_000) },
  mismatches: [
    { kind: 'top_up_not_credited', area: 'top_up', record_no: 'TU20261125000000000001', transfer_id: null, day: '2026-11-25', other_day: null, amount: 4_400, ledger_amount: null, note: '' },
    { kind: 'notification_mismatch', area: 'top_up', record_no: 'TU20261125000000000002', transfer_id: 31, day: '2026-11-25', other_day: null, amount: 2_000, ledger_amount: null, note: 'notified 1999 for 2000' },
  ],
  mismatch_count: 2,
};

function api(reconciled = RECONCILED) {
  return fakeApi({
    'POST /api/finance/trial_balance': () => answerOf(financeCalls.trialBalance, TRIAL),
    'POST /api/finance/reconciliation': () => answerOf(reconciliationCalls.reconciliation, reconciled),
  });
}

const calls = (seen: SeenRequest[], name: string) => seen.filter((r) => r.url === `/api/finance/${name}`).map((r) => r.body);
/** The row of `card` whose cell reads `text`. */
const rowOf = async (card: HTMLElement, text: string) => (await within(card).findByText(text, { selector: 'td' })).closest('tr')!;
/** A day of the open date picker. */
const cell = (day: string) => document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${day}"]`)!;
/** The card titled `title`. */
const cardOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-card-head-title' })).closest('.ant-card')! as HTMLElement;

describe('财务对账', () => {
  it('shows the trial balance per currency with 平衡 or 不平衡, and its kinds of account in yuan or beans', async () => {
    api();
    renderInShell(<ReconciliationPage />, { path: PATH, profile: staffWith(VIEW) });
    const cny = await cardOf('人民币');
    expect(within(cny).getByText('平衡')).toBeInTheDocument();
    expect(within(cny).getAllByText('¥ 1,234.56').length).toBeGreaterThanOrEqual(2);
    const cash = within(cny).getByText('用户余额').closest('tr')!;
    for (const text of ['12', '¥ 200.00', '¥ 1,234.56', '¥ 1,034.56']) expect(within(cash).getByText(text)).toBeInTheDocument();
    expect(within(within(cny).getByText('支付通道清算').closest('tr')!).getByText('-¥ 1,214.56')).toBeInTheDocument();
    const beans = await cardOf('金豆');
    expect(within(beans).getByText('不平衡')).toBeInTheDocument();
    expect(within(within(beans).getByText('用户金豆').closest('tr')!).getAllByText('12,000')).toHaveLength(2);
  });

  it('asks for the last 30 days of the platform’s zone by default, and marks the days that disagree', async () => {
    const seen = api();
    renderInShell(<ReconciliationPage />, { path: PATH, profile: staffWith(VIEW) });
    const today = dayInZone(DEFAULT_TIME_ZONE);
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(calls(seen, 'reconciliation')).toEqual([{ days: [first, today] }]));

    const days = await cardOf('每日对账');
    const even = await rowOf(days, '2026-11-26');
    expect(even).not.toHaveClass('reconciliation-day--uneven');
    expect(within(even).getByText('平')).toBeInTheDocument();
    expect(within(even).getAllByText('¥ 35.00')).toHaveLength(2);
    expect(within(even).getAllByText('2 笔')).toHaveLength(2);
    const uneven = await rowOf(days, '2026-11-25');
    expect(uneven).toHaveClass('reconciliation-day--uneven');
    for (const text of ['不平', '2 条异常', '¥ 74.00', '¥ 30.00', '¥ 44.00']) expect(within(uneven).getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/合计：充值 ¥ 109\.00，入账 ¥ 65\.00；打款 ¥ 30\.00，过账 ¥ 30\.00/)).toBeInTheDocument();
    expect(screen.getByText('1 天不平')).toBeInTheDocument();
  });

  it('lists the mismatches worded, with the record, the amounts and what the flow kept', async () => {
    api();
    renderInShell(<ReconciliationPage />, { path: PATH, profile: staffWith(VIEW) });
    const card = await cardOf('对账异常');
    expect(within(card).getByText('共 2 条')).toBeInTheDocument();
    const unpaid = (await within(card).findByText('TU20261125000000000001')).closest('tr')!;
    for (const text of ['2026-11-25', '充值', '订单已支付，账本未入账', '¥ 44.00']) expect(within(unpaid).getByText(text)).toBeInTheDocument();
    const refused = within(card).getByText('TU20261125000000000002').closest('tr')!;
    for (const text of ['支付通知被拒（金额不符或重复支付）', 'notified 1999 for 2000', '转账 #31', '¥ 20.00']) expect(within(refused).getByText(text)).toBeInTheDocument();
  });

  it('takes the range from the URL, and says when there is no mismatch', async () => {
    const seen = api({ ...RECONCILED, days: [EVEN], mismatches: [], mismatch_count: 0 });
    renderInShell(<ReconciliationPage />, { path: `${PATH}?days=2026-11-01&days=2026-11-30`, profile: staffWith(VIEW) });
    expect(await screen.findByText('所选日期内没有对账异常')).toBeInTheDocument();
    expect(calls(seen, 'reconciliation')).toEqual([{ days: ['2026-11-01', '2026-11-30'] }]);
    expect(screen.getAllByRole('textbox', { name: '对账日期' }).map((box) => (box as HTMLInputElement).value)).toEqual(['2026-11-01', '2026-11-30']);
    expect(screen.queryByText(/天不平/)).not.toBeInTheDocument();
  });

  it('reconciles the days picked, and keeps them in the URL', async () => {
    const seen = api();
    renderInShell(<ReconciliationPage />, { path: `${PATH}?days=2026-11-01&days=2026-11-30`, profile: staffWith(VIEW) });
    await screen.findByText('订单已支付，账本未入账');
    await user.click(screen.getAllByRole('textbox', { name: '对账日期' })[0]!);
    await waitFor(() => expect(cell('2026-11-03')).not.toBeNull());
    await user.click(cell('2026-11-03'));
    await user.click(cell('2026-11-10'));
    await waitFor(() => expect(calls(seen, 'reconciliation').at(-1)).toEqual({ days: ['2026-11-03', '2026-11-10'] }));
    expect(currentUrl()).toBe(`${PATH}?days=2026-11-03&days=2026-11-10`);
  });

  it('fits a phone: the sums one to a row, the tables scrolling under their pinned day', async () => {
    window.innerWidth = 390;
    api();
    renderInShell(<ReconciliationPage />, { path: PATH, profile: staffWith(VIEW) });
    const cny = await cardOf('人民币');
    expect(within(cny).getByText('冻结借方').closest('tr')!.querySelectorAll('th')).toHaveLength(1);
    const days = await cardOf('每日对账');
    await rowOf(days, '2026-11-26');
    expect(days.querySelectorAll('th.ant-table-cell-fix-start, th.ant-table-cell-fix-left')).toHaveLength(1);
  });

  it('shows 403 where the staff may not see the books', async () => {
    fakeApi({
      'POST /api/finance/trial_balance': () => fail(40300, '没有该操作的权限'),
      'POST /api/finance/reconciliation': () => fail(40300, '没有该操作的权限'),
    });
    renderInShell(<ReconciliationPage />, { path: PATH, profile: staffWith() });
    // Both cards: the trial balance and the days.
    await waitFor(() => expect(screen.getAllByText('没有权限查看此页面')).toHaveLength(2));
  });
});
