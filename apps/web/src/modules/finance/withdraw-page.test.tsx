import { withdrawalCalls, type CallData, type WithdrawalRecord, type WithdrawalState } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi, type Handler, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import { WithdrawRecordsPage } from './pages/withdraw-page';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const PATH = '/finance/agency_withdraw';
const VIEW = 'finance.withdraw.view';
const APPROVE = 'finance.withdraw.approve';
const PAY = 'finance.withdraw.pay';
const REJECT = 'finance.withdraw.reject';
const WHOLE_ACCOUNT = '6222020200112341234';

const record = (over: Partial<WithdrawalRecord>): WithdrawalRecord => ({
  withdraw_no: 'WD20261126010000000001',
  user_id: 7,
  user_name: '张三',
  user_mobile: '13800000007',
  amount: 100_000,
  payout_type: 2,
  account_name: '张三',
  account_no: '****1234',
  state: 'applied',
  reject_reason: '',
  payout_ref: null,
  created_at: '2026-11-26T01:00:00.000Z',
  approved_at: null,
  paid_at: null,
  rejected_at: null,
  approver_id: null,
  approver_name: '',
  payer_name: '',
  rejecter_name: '',
  ...over,
});

/** `staffWith` signs in as staff 2; these were approved by staff 1. */
const ME = 2;
const reviewed = { approver_id: 1, approver_name: '李审核', approved_at: '2026-11-26T02:00:00.000Z' };
const APPLIED = record({ withdraw_no: 'WD-APPLIED' });
const APPROVED = record({ withdraw_no: 'WD-APPROVED', state: 'approved', ...reviewed });
const PAID = record({ withdraw_no: 'WD-PAID', state: 'paid', ...reviewed, paid_at: '2026-11-26T03:00:00.000Z', payout_ref: 'PAYOUT-1' });
const REJECTED = record({ withdraw_no: 'WD-REJECTED', state: 'rejected', ...reviewed, rejecter_name: '周复核', rejected_at: '2026-11-26T05:00:00.000Z', reject_reason: '账户名与实名不符' });
const APPROVED_BY_ME = record({ withdraw_no: 'WD-MINE', state: 'approved', ...reviewed, approver_id: ME, approver_name: '王财务' });

type Entries = CallData<typeof withdrawalCalls.details>['entries'];

/** A withdrawal's entries as the ledger keeps them: the hold (its state by the withdrawal's), then the payout once paid. */
function entriesOf({ state, amount }: WithdrawalRecord): Entries {
  const holdState = state === 'paid' ? 'posted' : state === 'rejected' ? 'voided' : 'pending';
  const hold: Entries = [
    { account_kind: 'user_cash', owner_id: 7, currency: 'CNY', amount: -amount, pending: true, balance_after: 500_000, transfer_state: holdState },
    { account_kind: 'withdrawal_clearing', owner_id: 0, currency: 'CNY', amount, pending: true, balance_after: 0, transfer_state: holdState },
  ];
  if (state !== 'paid') return hold;
  return [
    ...hold,
    { account_kind: 'user_cash', owner_id: 7, currency: 'CNY', amount: -amount, pending: false, balance_after: 400_000, transfer_state: 'posted' },
    { account_kind: 'withdrawal_clearing', owner_id: 0, currency: 'CNY', amount, pending: false, balance_after: amount, transfer_state: 'posted' },
  ];
}

/**
 * The withdrawals' API over `rows`, kept as the server would: a decision moves its row (taken by 王财务), and the
 * details show the whole account and the entries of the row's state. With `meanwhile`, every decision is refused
 * (40900) because someone else has already moved the row to that state.
 */
function api(rows: WithdrawalRecord[], { meanwhile }: { meanwhile?: WithdrawalState } = {}) {
  let current = rows;
  const update = (withdrawNo: string, patch: Partial<WithdrawalRecord>) => {
    current = current.map((r) => (r.withdraw_no === withdrawNo ? { ...r, ...patch } : r));
    const { user_name: _name, user_mobile: _mobile, approver_id: _id, approver_name: _approver, payer_name: _payer, rejecter_name: _rejecter, ...moved } = current.find(
      (r) => r.withdraw_no === withdrawNo,
    )!;
    return moved;
  };
  const decision =
    (state: WithdrawalState, patch: Partial<WithdrawalRecord> = {}): Handler =>
    ({ body }) => {
      const { withdraw_no, reason } = body as { withdraw_no: string; reason?: string };
      if (meanwhile) {
        update(withdraw_no, { state: meanwhile, rejecter_name: '赵同事' });
        return fail(40900, '该提现已被处理');
      }
      return answerOf(withdrawalCalls.approve, update(withdraw_no, { state, ...patch, ...(reason && { reject_reason: reason }) }));
    };
  return fakeApi({
    'POST /api/finance/withdraw_list': () =>
      answerOf(withdrawalCalls.list, {
        count: current.length,
        sum_amount: current.reduce((sum, r) => sum + r.amount, 0),
        sum_paid: current.filter((r) => r.state === 'paid').reduce((sum, r) => sum + r.amount, 0),
        data: current,
      }),
    'POST /api/finance/withdraw_details': ({ body }) => {
      const found = current.find((r) => r.withdraw_no === (body as { withdraw_no: string }).withdraw_no)!;
      return answerOf(withdrawalCalls.details, { withdrawal: { ...found, account_no: WHOLE_ACCOUNT }, entries: entriesOf(found) });
    },
    'POST /api/finance/withdraw_approve': decision('approved', { approver_id: ME, approver_name: '王财务' }),
    'POST /api/finance/withdraw_pay': decision('paid', { payer_name: '王财务', paid_at: '2026-11-26T04:00:00.000Z', payout_ref: 'PAYOUT-9' }),
    'POST /api/finance/withdraw_reject': decision('rejected', { rejecter_name: '王财务' }),
  });
}

const calls = (seen: SeenRequest[], name: string) => seen.filter((r) => r.url === `/api/finance/${name}`).map((r) => r.body);
const rowOf = async (withdrawNo: string) => (await screen.findByText(withdrawNo, { selector: 'td' })).closest('tr')!;
/** The buttons' texts in a row (spaces antd puts in two-character buttons left out). */
const buttonsOf = async (withdrawNo: string) =>
  within(await rowOf(withdrawNo))
    .getAllByRole('button')
    .map((b) => b.textContent!.replace(/\s/g, ''));
/** antd puts a space between the two characters of a two-character button (打 款, 驳 回). */
const PAY_BUTTON = { name: /^打\s?款$/ };
const REJECT_BUTTON = { name: /^驳\s?回$/ };
const APPROVE_BUTTON = { name: '审核通过' };

/** The confirmation popover open now (a closed one stays in the page, hidden). */
const openConfirmation = () =>
  waitFor(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].filter((p) => !p.closest('.ant-popover-hidden'));
    if (shown.length !== 1) throw new Error(`${shown.length} confirmations open`);
    return shown[0]!;
  });

async function openDetails(withdrawNo: string) {
  await user.click(within(await rowOf(withdrawNo)).getByRole('button', { name: '详情' }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText(WHOLE_ACCOUNT);
  return drawer;
}

/** The drawer's rows of the entries table holding `account`. */
const entryRows = (drawer: HTMLElement, account: string) => within(drawer).getAllByText(account).map((cell) => cell.closest('tr')!);

describe('代理提现记录', () => {
  it('lists the withdrawals with the count and sums, sends the URL’s filters, and sends an amount typed in yuan as fen', async () => {
    const seen = api([APPLIED, PAID]);
    renderInShell(<WithdrawRecordsPage />, {
      path: `${PATH}?keyword=张&state=applied&payout_type=2&time=2026-11-01&time=2026-11-30&amount_min=10000`,
      profile: staffWith(VIEW, 'finance.withdraw.export'),
    });
    const row = await rowOf('WD-APPLIED');
    for (const text of ['张三', '13800000007', '¥ 1,000.00', '支付宝', '****1234', '待审核', '2026-11-26 09:00']) expect(within(row).getByText(text)).toBeInTheDocument();
    const paid = await rowOf('WD-PAID');
    expect(within(paid).getByText('已打款')).toBeInTheDocument();
    expect(within(paid).getByText('李审核')).toBeInTheDocument();
    expect(screen.getByText('共 2 笔 · 金额合计 ¥ 2,000.00 · 已打款 ¥ 1,000.00')).toBeInTheDocument();
    expect(calls(seen, 'withdraw_list')[0]).toEqual({ keyword: '张', state: 'applied', payout_type: 2, time: ['2026-11-01', '2026-11-30'], amount_min: 10_000, page: 1, limit: 20 });
    // The fen in the URL show as yuan; yuan typed go to the URL and the call as fen.
    expect(screen.getByRole('spinbutton', { name: '最低金额' })).toHaveValue('100.00');
    await user.type(screen.getByRole('spinbutton', { name: '最高金额' }), '250.5');
    await waitFor(() => expect(currentUrl()).toContain('amount_max=25050'));
    await waitFor(() => expect(calls(seen, 'withdraw_list').at(-1)).toMatchObject({ amount_min: 10_000, amount_max: 25_050, page: 1 }));
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
  });

  it('approves an applied withdrawal once confirmed, and reads the withdrawals and the users’ statements again', async () => {
    const seen = api([APPLIED]);
    const { client } = renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE) });
    const statement = ['finance', 'statement', 7, 'CNY', 1, 20];
    client.setQueryData(statement, { account: null, count: 0, data: [] });
    await user.click(within(await rowOf('WD-APPLIED')).getByRole('button', APPROVE_BUTTON));
    const confirmation = await openConfirmation();
    expect(confirmation).toHaveTextContent('确定审核通过这笔提现吗？');
    expect(calls(seen, 'withdraw_approve')).toEqual([]);
    await user.click(within(confirmation).getByRole('button', APPROVE_BUTTON));
    expect(await screen.findByText('已审核通过，待打款')).toBeInTheDocument();
    expect(calls(seen, 'withdraw_approve')).toEqual([{ withdraw_no: 'WD-APPLIED' }]);
    await waitFor(() => expect(calls(seen, 'withdraw_list')).toHaveLength(2));
    expect(client.getQueryState(statement)?.isInvalidated).toBe(true);
    // Approved: 待打款, reviewed by whoever approved; this staff may not pay, so no decision is left in the row.
    const row = await rowOf('WD-APPLIED');
    expect(within(row).getByText('待打款')).toBeInTheDocument();
    expect(within(row).getByText('王财务')).toBeInTheDocument();
    expect(await buttonsOf('WD-APPLIED')).toEqual(['详情']);
  });

  it('shows where a withdrawal stands when someone decided it meanwhile (40900)', async () => {
    const seen = api([APPLIED], { meanwhile: 'rejected' });
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE, REJECT) });
    await user.click(within(await rowOf('WD-APPLIED')).getByRole('button', APPROVE_BUTTON));
    await user.click(within(await openConfirmation()).getByRole('button', APPROVE_BUTTON));
    // The API client's notice says why; the list is read again and the row shows the other staff's decision.
    expect(await screen.findByText('该提现已被处理')).toBeInTheDocument();
    await waitFor(async () => expect(within(await rowOf('WD-APPLIED')).getByText('已驳回')).toBeInTheDocument());
    const row = await rowOf('WD-APPLIED');
    expect(within(row).getByText('赵同事')).toBeInTheDocument();
    expect(within(row).queryByRole('button', APPROVE_BUTTON)).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', REJECT_BUTTON)).not.toBeInTheDocument();
    expect(screen.queryByText('已审核通过，待打款')).not.toBeInTheDocument();
    expect(calls(seen, 'withdraw_list')).toHaveLength(2);
  });

  it('names the amount and the account before paying out', async () => {
    const seen = api([APPROVED]);
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, PAY) });
    await user.click(within(await rowOf('WD-APPROVED')).getByRole('button', PAY_BUTTON));
    const confirmation = await openConfirmation();
    expect(confirmation).toHaveTextContent('确定打款 ¥ 1,000.00 吗？');
    expect(confirmation).toHaveTextContent('收款账户：支付宝 张三 ****1234');
    await user.click(within(confirmation).getByRole('button', PAY_BUTTON));
    expect(await screen.findByText('已打款 ¥ 1,000.00')).toBeInTheDocument();
    expect(calls(seen, 'withdraw_pay')).toEqual([{ withdraw_no: 'WD-APPROVED' }]);
    await waitFor(async () => expect(within(await rowOf('WD-APPROVED')).getByText('已打款')).toBeInTheDocument());
    expect(screen.getByText('共 1 笔 · 金额合计 ¥ 1,000.00 · 已打款 ¥ 1,000.00')).toBeInTheDocument();
  });

  it('rejects only with a reason, and sends it', async () => {
    const seen = api([APPROVED]);
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, REJECT) });
    await user.click(within(await rowOf('WD-APPROVED')).getByRole('button', REJECT_BUTTON));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('驳回提现 WD-APPROVED');
    const reason = within(dialog).getByRole('textbox', { name: '驳回原因' });

    await user.click(within(dialog).getByRole('button', REJECT_BUTTON));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', REJECT_BUTTON));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    // At most 200 characters go in.
    await user.click(reason);
    await user.paste('长'.repeat(201));
    expect(reason).toHaveValue('   ' + '长'.repeat(197));
    expect(calls(seen, 'withdraw_reject')).toEqual([]);

    await user.clear(reason);
    await user.type(reason, '  银行卡已注销  ');
    await user.click(within(dialog).getByRole('button', REJECT_BUTTON));
    expect(await screen.findByText('已驳回，金额已解冻')).toBeInTheDocument();
    expect(calls(seen, 'withdraw_reject')).toEqual([{ withdraw_no: 'WD-APPROVED', reason: '银行卡已注销' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(within(await rowOf('WD-APPROVED')).getByText('已驳回')).toBeInTheDocument());
  });

  it('closes the reason dialog when the withdrawal was decided meanwhile (40900), and shows where it stands', async () => {
    const seen = api([APPROVED], { meanwhile: 'paid' });
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, REJECT) });
    await user.click(within(await rowOf('WD-APPROVED')).getByRole('button', REJECT_BUTTON));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: '驳回原因' }), '银行卡已注销');
    await user.click(within(dialog).getByRole('button', REJECT_BUTTON));
    expect(await screen.findByText('该提现已被处理')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(within(await rowOf('WD-APPROVED')).getByText('已打款')).toBeInTheDocument());
    expect(await buttonsOf('WD-APPROVED')).toEqual(['详情']);
    expect(calls(seen, 'withdraw_reject')).toHaveLength(1);
    expect(screen.queryByText('已驳回，金额已解冻')).not.toBeInTheDocument();
  });

  it('offers each decision only in its states and to staff holding its operation', async () => {
    api([APPLIED, APPROVED, PAID, REJECTED]);
    const all = renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE, PAY, REJECT) });
    expect(await buttonsOf('WD-APPLIED')).toEqual(['详情', '审核通过', '驳回']);
    expect(await buttonsOf('WD-APPROVED')).toEqual(['详情', '打款', '驳回']);
    expect(await buttonsOf('WD-PAID')).toEqual(['详情']);
    expect(await buttonsOf('WD-REJECTED')).toEqual(['详情']);
    all.unmount();

    const payer = renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, PAY) });
    expect(await buttonsOf('WD-APPLIED')).toEqual(['详情']);
    expect(await buttonsOf('WD-APPROVED')).toEqual(['详情', '打款']);
    payer.unmount();

    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW) });
    for (const withdrawNo of ['WD-APPLIED', 'WD-APPROVED', 'WD-PAID', 'WD-REJECTED']) expect(await buttonsOf(withdrawNo)).toEqual(['详情']);
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
  });

  it('does not offer 打款 on a withdrawal this staff approved: another person pays it out', async () => {
    api([APPROVED_BY_ME]);
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE, PAY, REJECT) });
    expect(await buttonsOf('WD-MINE')).toEqual(['详情', '驳回']);
  });

  it('shows the whole account and the held amount in the drawer, pays from there, and shows the hold paid out', async () => {
    const seen = api([APPROVED]);
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, PAY, REJECT) });
    const drawer = await openDetails('WD-APPROVED');
    for (const text of ['张三 13800000007', '¥ 1,000.00', '李审核', '2026-11-26 10:00']) expect(within(drawer).getByText(text)).toBeInTheDocument();
    // The hold: the user's money is held (冻结中) against the withdrawal clearing account.
    const [held] = entryRows(drawer, '用户余额 #7');
    expect(within(held!).getByText('冻结中')).toBeInTheDocument();
    expect(within(held!).getByText('-1,000.00')).toBeInTheDocument();
    expect(within(entryRows(drawer, '提现清算')[0]!).getByText('冻结中')).toBeInTheDocument();

    // The drawer's own decisions; paying names the whole account the details gave.
    expect(within(drawer).getByRole('button', REJECT_BUTTON)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', PAY_BUTTON));
    const confirmation = await openConfirmation();
    expect(confirmation).toHaveTextContent(`收款账户：支付宝 张三 ${WHOLE_ACCOUNT}`);
    await user.click(within(confirmation).getByRole('button', PAY_BUTTON));
    expect(await screen.findByText('已打款 ¥ 1,000.00')).toBeInTheDocument();
    expect(calls(seen, 'withdraw_pay')).toEqual([{ withdraw_no: 'WD-APPROVED' }]);

    // Read again: the hold is paid out (已转出), the payout's own entries follow, and no decision is left.
    await waitFor(() => expect(within(drawer).getAllByText('已转出')).toHaveLength(2));
    expect(entryRows(drawer, '用户余额 #7')).toHaveLength(2);
    expect(within(entryRows(drawer, '用户余额 #7')[1]!).queryByText('已转出')).not.toBeInTheDocument();
    expect(within(drawer).getByText('PAYOUT-9')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-11-26 12:00')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', PAY_BUTTON)).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', REJECT_BUTTON)).not.toBeInTheDocument();
    expect(calls(seen, 'withdraw_details')).toHaveLength(2);
    expect(calls(seen, 'withdraw_list')).toHaveLength(2);
  });

  it('shows a rejected withdrawal’s reason and its released hold, with no decision', async () => {
    api([REJECTED]);
    renderInShell(<WithdrawRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE, PAY, REJECT) });
    const drawer = await openDetails('WD-REJECTED');
    expect(within(drawer).getByText('账户名与实名不符')).toBeInTheDocument();
    // Each step's staff: approved by one, rejected by another.
    expect(within(drawer).getByText('李审核')).toBeInTheDocument();
    expect(within(drawer).getByText('周复核')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-11-26 13:00')).toBeInTheDocument();
    expect(within(drawer).getByText('已驳回')).toBeInTheDocument();
    expect(within(drawer).getAllByText('已解冻')).toHaveLength(2);
    expect(within(drawer).queryByText('冻结中')).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', REJECT_BUTTON)).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', APPROVE_BUTTON)).not.toBeInTheDocument();
  });
});
