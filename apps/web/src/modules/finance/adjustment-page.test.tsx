import { ADJUSTMENT_THRESHOLD_DEFAULTS, adjustmentCalls, financeCalls, type Adjustment, type AdjustmentSettings, type AdjustmentSettingsProposal, type AdjustmentSettingsState } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../test/antd';
import { answerOf, fail, fakeApi, type Handler, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import { UserAccountStatement } from './components/user-statement';
import { AdjustmentRecordsPage } from './pages/adjustment-page';
import { confirmPosting, lookupAnswering, postingConfirmation, ZHANG_SAN, ZHANG_SAN_OPTION } from './posting-test-support';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const PATH = '/finance/adjustment';
const VIEW = 'finance.adjust.view';
const APPLY = 'finance.adjust.apply';
const APPROVE = 'finance.adjust.approve';
const SETTINGS = 'finance.adjust.settings';
/** `staffWith` signs in as staff 2; the adjustments below were applied by staff 1 unless said otherwise. */
const ME = 2;

const record = (over: Partial<Adjustment>): Adjustment => ({
  adjustment_no: 'AJ20261126010000000001',
  user_id: 7,
  user_name: '张三',
  user_mobile: '13800000007',
  currency: 'CNY',
  direction: 'credit',
  amount: 150_000,
  reason: '线下转账补录',
  state: 'pending',
  applicant_id: 1,
  applicant_name: '李会计',
  approver_id: null,
  approver_name: '',
  reject_reason: '',
  transfer_id: null,
  created_at: '2026-11-26T01:00:00.000Z',
  decided_at: null,
  ...over,
});

const PENDING = record({ adjustment_no: 'AJ-PENDING' });
const MINE = record({ adjustment_no: 'AJ-MINE', applicant_id: ME, applicant_name: '王财务' });
const POSTED = record({ adjustment_no: 'AJ-POSTED', state: 'posted', currency: 'BEAN', direction: 'debit', amount: 300, transfer_id: 9, approver_name: '', decided_at: null });

const totals = { sum_credit_cny: 0, sum_debit_cny: 0, sum_pending_cny: 300_000, sum_credit_bean: 0, sum_debit_bean: 300, sum_pending_bean: 0 };

/** The adjustments' API over `rows`, kept as the server would: a decision moves its row (decided by 王财务). */
function api(rows: Adjustment[], extra: Record<string, Handler> = {}) {
  let current = rows;
  const decide = (no: string, patch: Partial<Adjustment>) => {
    current = current.map((r) => (r.adjustment_no === no ? { ...r, approver_id: ME, approver_name: '王财务', decided_at: '2026-11-26T02:00:00.000Z', ...patch } : r));
    return current.find((r) => r.adjustment_no === no)!;
  };
  return fakeApi({
    'POST /api/finance/adjustment_list': () => answerOf(adjustmentCalls.adjustmentList, { count: current.length, ...totals, data: current }),
    'POST /api/finance/adjustment_details': ({ body }) => {
      const found = current.find((r) => r.adjustment_no === (body as { adjustment_no: string }).adjustment_no)!;
      const entries =
        found.state === 'posted'
          ? [
              { account_kind: 'user_beans' as const, owner_id: 7, currency: 'BEAN' as const, amount: -300, pending: false, balance_after: 700 },
              { account_kind: 'bean_adjustments' as const, owner_id: 0, currency: 'BEAN' as const, amount: 300, pending: false, balance_after: 300 },
            ]
          : [];
      return answerOf(adjustmentCalls.adjustmentDetails, { adjustment: found, entries });
    },
    'POST /api/finance/adjustment_approve': ({ body }) =>
      answerOf(adjustmentCalls.adjustmentApprove, decide((body as { adjustment_no: string }).adjustment_no, { state: 'posted', transfer_id: 11 })),
    'POST /api/finance/adjustment_reject': ({ body }) => {
      const { adjustment_no, reason } = body as { adjustment_no: string; reason: string };
      return answerOf(adjustmentCalls.adjustmentReject, decide(adjustment_no, { state: 'rejected', reject_reason: reason }));
    },
    ...extra,
  });
}

const calls = (seen: SeenRequest[], name: string) => seen.filter((r) => r.url === `/api/finance/${name}`).map((r) => r.body);
const rowOf = async (no: string) => (await screen.findByText(no, { selector: 'td' })).closest('tr')!;
const buttonsOf = async (no: string) =>
  within(await rowOf(no))
    .getAllByRole('button')
    .map((b) => b.textContent!.replace(/\s/g, ''));
const APPROVE_BUTTON = { name: /^通\s?过$/ };
const REJECT_BUTTON = { name: /^驳\s?回$/ };
const SUBMIT_BUTTON = { name: /^提\s?交$/ };

/** The confirmation popover open now (a closed one stays in the page, hidden). */
const openConfirmation = () =>
  waitFor(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].filter((p) => !p.closest('.ant-popover-hidden'));
    if (shown.length !== 1) throw new Error(`${shown.length} confirmations open`);
    return shown[0]!;
  });

describe('调账记录', () => {
  it('lists the adjustments with the count and sums per account, and sends the URL’s filters', async () => {
    const seen = api([PENDING, POSTED]);
    renderInShell(<AdjustmentRecordsPage />, { path: `${PATH}?keyword=张&state=pending&currency=CNY&direction=credit&amount_min=100000`, profile: staffWith(VIEW) });
    const row = await rowOf('AJ-PENDING');
    for (const text of ['张三', '13800000007', '余额', '调增', '¥ 1,500.00', '线下转账补录', '待审批', '李会计', '2026-11-26 09:00']) expect(within(row).getByText(text)).toBeInTheDocument();
    const posted = await rowOf('AJ-POSTED');
    for (const text of ['金豆', '调减', '300 金豆', '已入账']) expect(within(posted).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('共 2 笔 · 余额调增 ¥ 0.00 · 调减 ¥ 0.00 · 待审批 ¥ 3,000.00 · 金豆调增 0 · 调减 300 · 待审批 0')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_list')[0]).toEqual({ keyword: '张', state: 'pending', currency: 'CNY', direction: 'credit', amount_min: 100_000, page: 1, limit: 20 });
    // Money: the range in yuan, sent in fen. A viewer has no 调账, no decisions and no approval amounts.
    expect(screen.getByRole('spinbutton', { name: '最低金额' })).toHaveValue('1000.00');
    await user.type(screen.getByRole('spinbutton', { name: '最高金额' }), '2000');
    await waitFor(() => expect(currentUrl()).toContain('amount_max=200000'));
    expect(await buttonsOf('AJ-PENDING')).toEqual(['详情']);
    expect(screen.queryByRole('button', { name: /^调\s?账$/ })).not.toBeInTheDocument();
    expect(screen.queryByText('调账审批金额')).not.toBeInTheDocument();
  });

  it('takes the amount range in beans once beans are chosen, and drops it when the account changes', async () => {
    const seen = api([POSTED]);
    renderInShell(<AdjustmentRecordsPage />, { path: `${PATH}?currency=BEAN&amount_min=100`, profile: staffWith(VIEW) });
    expect(await screen.findByRole('spinbutton', { name: '最少金豆' })).toHaveValue('100');
    expect(screen.queryByRole('spinbutton', { name: '最低金额' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '账户' }));
    await user.click(await visibleOption('余额'));
    await waitFor(() => expect(calls(seen, 'adjustment_list').at(-1)).toEqual({ currency: 'CNY', page: 1, limit: 20 }));
    expect(screen.getByRole('spinbutton', { name: '最低金额' })).toHaveValue('');
  });

  it('lets another staff approve a pending adjustment once confirmed, never its applicant', async () => {
    const seen = api([PENDING, MINE, POSTED]);
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE) });
    expect(await buttonsOf('AJ-PENDING')).toEqual(['详情', '通过', '驳回']);
    expect(await buttonsOf('AJ-MINE')).toEqual(['详情']);
    expect(await buttonsOf('AJ-POSTED')).toEqual(['详情']);

    await user.click(within(await rowOf('AJ-PENDING')).getByRole('button', APPROVE_BUTTON));
    const confirmation = await openConfirmation();
    expect(confirmation).toHaveTextContent('确定通过这笔调账吗？');
    expect(confirmation).toHaveTextContent('张三 调增 ¥ 1,500.00');
    expect(calls(seen, 'adjustment_approve')).toEqual([]);
    await user.click(within(confirmation).getByRole('button', APPROVE_BUTTON));
    expect(await screen.findByText('已审批通过，调账已入账')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_approve')).toEqual([{ adjustment_no: 'AJ-PENDING' }]);
    await waitFor(async () => expect(within(await rowOf('AJ-PENDING')).getByText('已入账')).toBeInTheDocument());
    expect(within(await rowOf('AJ-PENDING')).getByText('王财务')).toBeInTheDocument();
    expect(await buttonsOf('AJ-PENDING')).toEqual(['详情']);

    // The applicant's own: the drawer says who decides it.
    await user.click(within(await rowOf('AJ-MINE')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('自己申请的调账须由其他人员审批')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', APPROVE_BUTTON)).not.toBeInTheDocument();
  });

  it('rejects only with a reason; a 40900 (decided meanwhile) closes the dialog', async () => {
    const seen = api([PENDING, record({ adjustment_no: 'AJ-TAKEN' })], {
      'POST /api/finance/adjustment_reject': ({ body }) =>
        (body as { adjustment_no: string }).adjustment_no === 'AJ-TAKEN'
          ? fail(40900, '该调账已入账，不能再审批')
          : answerOf(adjustmentCalls.adjustmentReject, { ...PENDING, state: 'rejected', reject_reason: '金额有误', approver_id: ME, approver_name: '王财务' }),
    });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPROVE) });
    await user.click(within(await rowOf('AJ-PENDING')).getByRole('button', REJECT_BUTTON));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('驳回调账 AJ-PENDING');
    await user.click(within(dialog).getByRole('button', REJECT_BUTTON));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '驳回原因' }), '  金额有误 ');
    await user.click(within(dialog).getByRole('button', REJECT_BUTTON));
    expect(await screen.findByText('已驳回，未动账')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_reject')).toEqual([{ adjustment_no: 'AJ-PENDING', reason: '金额有误' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await rowOf('AJ-TAKEN')).getByRole('button', REJECT_BUTTON));
    const second = await screen.findByRole('dialog');
    await user.type(within(second).getByRole('textbox', { name: '驳回原因' }), '重复');
    await user.click(within(second).getByRole('button', REJECT_BUTTON));
    expect(await screen.findByText('该调账已入账，不能再审批')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an adjustment’s details with the entries of its transfer', async () => {
    api([POSTED]);
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW) });
    await user.click(within(await rowOf('AJ-POSTED')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('调账金豆')).toBeInTheDocument();
    expect(within(drawer).getByText('用户金豆 #7')).toBeInTheDocument();
    expect(within(drawer).getByText('-300')).toBeInTheDocument();
    expect(within(drawer).getByText('线下转账补录')).toBeInTheDocument();
  });

  it('opens the adjustment a link names (a notification or a to-do about it), which is no filter of the list', async () => {
    const seen = api([POSTED]);
    renderInShell(<AdjustmentRecordsPage />, { path: `${PATH}?no=AJ-POSTED`, profile: staffWith(VIEW) });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('调账金豆')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_details')).toEqual([{ adjustment_no: 'AJ-POSTED' }]);
    expect(calls(seen, 'adjustment_list')).toEqual([{ page: 1, limit: 20 }]);
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentUrl()).toBe(PATH));
  });
});

/** The server's answer to an application: the adjustment as sent, in `state`. */
const applyHandler =
  (state: Adjustment['state']): Handler =>
  ({ body }) =>
    answerOf(adjustmentCalls.adjustmentApply, record({ ...(body as Partial<Adjustment>), state, adjustment_no: 'AJ-NEW', applicant_id: ME }));

describe('调账', () => {
  it('finds the user, confirms with the balance after, sends money in fen with a reason, and says whether it posted or waits', async () => {
    const seen = api([], {
      'POST /api/finance/user_lookup': lookupAnswering(ZHANG_SAN),
      'POST /api/finance/adjustment_apply': applyHandler('pending'),
    });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPLY) });
    await user.click(await screen.findByRole('button', { name: /^调\s?账$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    expect(await within(dialog).findByText('请选择用户')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入调账金额')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入调账原因')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: '用户' }), '138');
    await user.click(await visibleOption(ZHANG_SAN_OPTION));
    expect(seen.find((r) => r.url === '/api/finance/user_lookup')?.body).toEqual({ keyword: '138' });
    await user.type(within(dialog).getByRole('spinbutton', { name: '金额' }), '1500.5');
    await user.type(within(dialog).getByRole('textbox', { name: '调账原因' }), '线下转账补录');
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    // A second look before anything is sent: who, which account, how much, and the balance now and after.
    const confirmation = await postingConfirmation();
    expect(confirmation).toHaveTextContent('确认调增 ¥ 1,500.50？');
    expect(confirmation).toHaveTextContent(`用户${ZHANG_SAN_OPTION}`);
    expect(confirmation).toHaveTextContent('账户现金余额');
    expect(confirmation).toHaveTextContent('当前可用¥ 100.00');
    expect(confirmation).toHaveTextContent('操作后¥ 1,600.50');
    expect(calls(seen, 'adjustment_apply')).toEqual([]);
    await confirmPosting(user);
    expect(await screen.findByText('调账超过审批金额，已提交，待其他员工审批')).toBeInTheDocument();
    const [sent] = calls(seen, 'adjustment_apply') as Record<string, unknown>[];
    expect(sent).toEqual({ user_id: 7, currency: 'CNY', direction: 'credit', amount: 150_050, reason: '线下转账补录', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '调账' })).not.toBeInTheDocument());
    expect(calls(seen, 'adjustment_list').length).toBeGreaterThan(1);
  });

  it('offers only users the server found, never digits taken for an ID', async () => {
    api([], { 'POST /api/finance/user_lookup': lookupAnswering() });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPLY) });
    await user.click(await screen.findByRole('button', { name: /^调\s?账$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: '用户' }), '1371741');
    expect(await screen.findByText('没有找到这个用户')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('keeps one key for one body, shows a refusal on its field, and cannot confirm a debit beyond the balance', async () => {
    let refuse = true;
    let lookupBeans = ZHANG_SAN.beans_available;
    const seen = api([], {
      'POST /api/finance/user_lookup': (request) => lookupAnswering({ ...ZHANG_SAN, beans_available: lookupBeans })(request),
      'POST /api/finance/adjustment_apply': (request) =>
        refuse ? fail(40900, '用户可用余额 300 金豆，不足调减 500 金豆', { field: 'amount' }) : applyHandler('posted')(request),
    });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, APPLY) });
    await user.click(await screen.findByRole('button', { name: /^调\s?账$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: '用户' }), '7');
    await user.click(await visibleOption(ZHANG_SAN_OPTION));
    await user.click(within(dialog).getByText('金豆'));
    await user.click(within(dialog).getByText('调减'));
    await user.type(within(dialog).getByRole('spinbutton', { name: '金豆数量' }), '500');
    await user.type(within(dialog).getByRole('textbox', { name: '调账原因' }), '回收误发金豆');
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    // 300 beans cannot give 500: the confirmation says so and cannot be confirmed.
    const short = await postingConfirmation();
    expect(short).toHaveTextContent('操作后-200 金豆');
    expect(short).toHaveTextContent('余额不足，不能扣减这么多。');
    expect(within(short).getByRole('button', { name: /^确\s?认$/ })).toBeDisabled();
    await confirmPosting(user, /^取\s?消$/);
    expect(calls(seen, 'adjustment_apply')).toEqual([]);
    // Should the balance read be behind, the server's refusal lands on the field.
    lookupBeans = 1_000;
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    await confirmPosting(user);
    await waitFor(() => expect(calls(seen, 'adjustment_apply')).toHaveLength(1));
    expect(await within(dialog).findByText('用户可用余额 300 金豆，不足调减 500 金豆', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    // The same body again keeps its key; a changed one gets a new key.
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    await confirmPosting(user);
    await waitFor(() => expect(calls(seen, 'adjustment_apply')).toHaveLength(2));
    refuse = false;
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '金豆数量' }), { target: { value: '300' } });
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    await confirmPosting(user);
    expect(await screen.findByText('调账已入账')).toBeInTheDocument();
    const sent = calls(seen, 'adjustment_apply') as { amount: number; idempotency_key: string; user_id: number; currency: string; direction: string }[];
    expect(sent.map((b) => [b.user_id, b.currency, b.direction, b.amount])).toEqual([
      [7, 'BEAN', 'debit', 500],
      [7, 'BEAN', 'debit', 500],
      [7, 'BEAN', 'debit', 300],
    ]);
    expect(sent[1]!.idempotency_key).toBe(sent[0]!.idempotency_key);
    expect(sent[2]!.idempotency_key).not.toBe(sent[0]!.idempotency_key);
  });

  it('opens from the user’s 账户流水 with the user and the account fixed', async () => {
    const seen = fakeApi({
      'POST /api/finance/user_statement': () =>
        answerOf(financeCalls.userStatement, { account: { kind: 'user_beans', currency: 'BEAN', balance: 0, frozen: 0, available: 0, income: 0 }, count: 0, data: [] }),
      'POST /api/finance/user_lookup': lookupAnswering(ZHANG_SAN),
      'POST /api/finance/adjustment_apply': ({ body }) => answerOf(adjustmentCalls.adjustmentApply, record({ ...(body as Partial<Adjustment>), state: 'posted' })),
    });
    const { unmount } = renderInShell(<UserAccountStatement userId={7} />, { profile: staffWith('finance.statement.view') });
    await screen.findByRole('columnheader', { name: '变动后余额' });
    expect(screen.queryByRole('button', { name: /^调\s?账$/ })).not.toBeInTheDocument();
    unmount();

    renderInShell(<UserAccountStatement userId={7} />, { profile: staffWith('finance.statement.view', APPLY) });
    await user.click(await screen.findByText('金豆'));
    await user.click(screen.getByRole('button', { name: /^调\s?账$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('调账：用户 ID 7');
    expect(within(dialog).queryByRole('combobox', { name: '用户' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton', { name: '金豆数量' }), '20');
    await user.type(within(dialog).getByRole('textbox', { name: '调账原因' }), '活动补发');
    await user.click(within(dialog).getByRole('button', SUBMIT_BUTTON));
    expect(await postingConfirmation()).toHaveTextContent('操作后320 金豆');
    await confirmPosting(user);
    expect(await screen.findByText('调账已入账')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_apply')).toEqual([{ user_id: 7, currency: 'BEAN', direction: 'credit', amount: 20, reason: '活动补发', idempotency_key: expect.any(String) }]);
  });
});

/** The settings' answer: `settings` in force, and a raise waiting or none. */
const state = (settings: AdjustmentSettings, proposal: AdjustmentSettingsProposal | null = null): AdjustmentSettingsState => ({ ...settings, proposal });

describe('调账审批设置', () => {
  const STORED: AdjustmentSettings = { ...ADJUSTMENT_THRESHOLD_DEFAULTS };

  it('shows money in yuan and saves it in fen; a lowering is saved at once', async () => {
    const seen = api([], {
      'GET /api/finance/adjustment_settings_details': () => answerOf(adjustmentCalls.adjustmentSettingsDetails, state(STORED)),
      'POST /api/finance/adjustment_settings_edit': ({ body }) => answerOf(adjustmentCalls.adjustmentSettingsEdit, state(body as AdjustmentSettings)),
    });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, SETTINGS) });
    expect(await screen.findByLabelText('余额调账审批金额')).toHaveValue('1000.00');
    expect(screen.getByLabelText('金豆调账审批数量')).toHaveValue('10000');
    expect(screen.getByLabelText('每人每日免审余额')).toHaveValue('5000.00');
    expect(screen.getByLabelText('每用户每日免审金豆')).toHaveValue('20000');
    const money = screen.getByLabelText('余额调账审批金额');
    fireEvent.change(money, { target: { value: '500.5' } });
    fireEvent.blur(money);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('调账审批设置已保存')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_settings_edit')).toEqual([{ ...STORED, approval_threshold: 50_050 }]);
  });

  it('says a raise waits for another person, and shows it with 批准生效 to another person and 撤回 to its proposer', async () => {
    const raised = { ...STORED, daily_user_limit: 1_000_000 };
    let proposal: AdjustmentSettingsProposal | null = null;
    const seen = api([], {
      'GET /api/finance/adjustment_settings_details': () => answerOf(adjustmentCalls.adjustmentSettingsDetails, state(STORED, proposal)),
      'POST /api/finance/adjustment_settings_edit': ({ body }) => {
        proposal = { id: 'p-1', values: body as AdjustmentSettings, proposer_id: ME, proposer_name: '王财务', proposed_at: '2026-11-26T02:00:00.000Z' };
        return answerOf(adjustmentCalls.adjustmentSettingsEdit, state(STORED, proposal));
      },
      'POST /api/finance/adjustment_settings_reject': () => {
        proposal = null;
        return answerOf(adjustmentCalls.adjustmentSettingsReject, state(STORED));
      },
    });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, SETTINGS) });
    const limit = await screen.findByLabelText('每用户每日免审余额');
    fireEvent.change(limit, { target: { value: '10000' } });
    fireEvent.blur(limit);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已提交调高，待另一位人员批准后生效')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_settings_edit')).toEqual([raised]);
    // The form shows what is in force; the raise waits above it, named as its proposer's own.
    expect(await screen.findByText('待批准的调高')).toBeInTheDocument();
    expect(screen.getByLabelText('每用户每日免审余额')).toHaveValue('2000.00');
    expect(screen.getByText('¥ 10,000.00')).toBeInTheDocument();
    expect(screen.getByText('须由另一位有此权限的人员批准。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批准生效' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /撤\s*回/ }));
    expect(await screen.findByText('已撤销该调高提议')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_settings_reject')).toEqual([{ proposal_id: 'p-1' }]);
    await waitFor(() => expect(screen.queryByText('待批准的调高')).not.toBeInTheDocument());
  });

  it('lets another person approve the waiting raise', async () => {
    const raised = { ...STORED, approval_threshold: 300_000 };
    const proposal: AdjustmentSettingsProposal = { id: 'p-2', values: raised, proposer_id: 1, proposer_name: '李会计', proposed_at: '2026-11-26T02:00:00.000Z' };
    const seen = api([], {
      'GET /api/finance/adjustment_settings_details': () => answerOf(adjustmentCalls.adjustmentSettingsDetails, state(STORED, proposal)),
      'POST /api/finance/adjustment_settings_approve': () => answerOf(adjustmentCalls.adjustmentSettingsApprove, state(raised)),
    });
    renderInShell(<AdjustmentRecordsPage />, { path: PATH, profile: staffWith(VIEW, SETTINGS) });
    expect(await screen.findByText(/李会计 于 .* 提议调整为：/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '批准生效' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '批准生效' }));
    expect(await screen.findByText('调账审批设置已生效')).toBeInTheDocument();
    expect(calls(seen, 'adjustment_settings_approve')).toEqual([{ proposal_id: 'p-2' }]);
    expect(await screen.findByLabelText('余额调账审批金额')).toHaveValue('3000.00');
  });
});
