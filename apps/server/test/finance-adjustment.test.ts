import { ADJUSTMENT_THRESHOLD_DEFAULTS, adjustmentCalls, dayInZone, DEFAULT_TIME_ZONE, financeCalls, settingsCalls, type AdjustmentSettings, type CallBody, type Currency } from '@juqi/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../src/lib/db/schema';
import { seedAdjustments } from '../src/modules/finance/demo-seed';
import { financeAdjustment } from '../src/modules/finance/adjustments-table';
import pino from 'pino';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants } from './helpers/ledger';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';
import { generate, insertUser, openBalances } from './helpers/users';

// Manual adjustments (docs/finance.md › Adjustments): at or below the currency's threshold, and within the day's limits
// per person and per user, an adjustment posts at once; otherwise it waits for a person other than the applicant, who
// approves (posted) or rejects it, once. A raise of those settings waits for a second person too.

let t: TestApp;
let admin: string;
/** A second staff who may decide adjustments. */
let checker: string;

/** A second person who may change the settings: approves the raises that put them back. */
let settingsChecker: string;

const {
  adjustmentApply,
  adjustmentApprove,
  adjustmentReject,
  adjustmentList,
  adjustmentDetails,
  adjustmentSettingsDetails,
  adjustmentSettingsEdit,
  adjustmentSettingsApprove,
  adjustmentSettingsReject,
} = adjustmentCalls;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  checker = (await createStaffWith(t, ['finance.adjust.view', 'finance.adjust.approve'])).token;
  settingsChecker = (await createStaffWith(t, ['finance.adjust.settings'])).token;
});
afterAll(() => t?.close());

let keys = 0;
const key = () => `aj-${process.pid}-${++keys}`;

async function userWith(money: { balance?: number; beans?: number } = {}) {
  const user = await insertUser(t);
  if (money.balance || money.beans) await openBalances(t, [{ userId: user.id, ...money }]);
  return user.id;
}

type Apply = CallBody<typeof adjustmentApply>;
const apply = (userId: number, amount: number, over: Partial<Apply> = {}, token = admin) =>
  invoke(t, adjustmentApply, { user_id: userId, currency: 'CNY', direction: 'credit', amount, reason: '补发活动奖励', idempotency_key: key(), ...over }, token);

async function applied(userId: number, amount: number, over: Partial<Apply> = {}, token = admin) {
  const answer = await apply(userId, amount, over, token);
  if (answer.code !== 20000) expect.fail(`${answer.code} ${answer.message}`);
  return answer.data;
}

const account = async (userId: number, currency: Currency = 'CNY') => (await ok(t, financeCalls.userStatement, { user_id: userId, currency }, admin)).account;
const platformBalance = async (kind: 'adjustments' | 'bean_adjustments') =>
  (await ok(t, financeCalls.trialBalance, {}, admin)).platform_accounts.find((a) => a.kind === kind)?.balance ?? 0;
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
const audits = (no: string) => t.database.db.select().from(auditLog).where(eq(auditLog.target, `finance.adjustment:${no}`)).orderBy(auditLog.id);

/** Accounts made one person, as the super-admin links them (`person_key`). */
const linkAccounts = (staffIds: number[], personKey: string) => t.database.db.update(staff).set({ personKey }).where(inArray(staff.id, staffIds));

/** Sets the settings: lowered at once; raised by admin's proposal and the settings checker's approval. */
async function settle(settings: AdjustmentSettings) {
  const state = await ok(t, adjustmentSettingsEdit, settings, admin);
  if (state.proposal) await ok(t, adjustmentSettingsApprove, { proposal_id: state.proposal.id }, settingsChecker);
  expect(await ok(t, adjustmentSettingsDetails, {}, admin)).toEqual({ ...settings, proposal: null });
}

describe('at or below the threshold', () => {
  it('posts at once: the user’s statement and the platform’s adjustment account move, the books stay equal', async () => {
    const u = await userWith({ balance: 1_000 });
    const before = await platformBalance('adjustments');
    const a = await applied(u, ADJUSTMENT_THRESHOLD_DEFAULTS.approval_threshold);
    expect(a).toMatchObject({ user_id: u, currency: 'CNY', direction: 'credit', amount: 100_000, state: 'posted', approver_id: null, transfer_id: expect.any(Number) });
    expect(a.adjustment_no).toMatch(/^AJ\d{20}$/);
    expect(await account(u)).toMatchObject({ balance: 101_000, available: 101_000, income: 0 });
    expect(await platformBalance('adjustments')).toBe(before - 100_000);

    await applied(u, 30_000, { direction: 'debit' });
    expect(await account(u)).toMatchObject({ balance: 71_000 });
    const lines = (await ok(t, financeCalls.userStatement, { user_id: u }, admin)).data;
    expect(lines.slice(0, 2).map((l) => [l.transfer_kind, l.amount, l.balance_after])).toEqual([
      ['adjustment', -30_000, 71_000],
      ['adjustment', 100_000, 101_000],
    ]);
    expect(lines[0]!.memo).toContain('补发活动奖励');
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('adjusts beans against the platform’s bean adjustment account', async () => {
    const u = await userWith({ beans: 50 });
    const before = await platformBalance('bean_adjustments');
    await applied(u, 500, { currency: 'BEAN' });
    await applied(u, 20, { currency: 'BEAN', direction: 'debit' });
    expect(await account(u, 'BEAN')).toMatchObject({ kind: 'user_beans', balance: 530 });
    expect(await platformBalance('bean_adjustments')).toBe(before - 480);
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses a debit beyond the available balance with 40900 naming amount, writing nothing', async () => {
    const u = await userWith({ balance: 1_000 });
    const before = await snapshot();
    expect(expectError(await apply(u, 1_001, { direction: 'debit' }), 40900)).toMatchObject({ field: 'amount' });
    expect(expectError(await apply(u, 1, { direction: 'debit', currency: 'BEAN' }), 40900)).toMatchObject({ field: 'amount' });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('above the threshold', () => {
  it('waits: nothing moves until a staff other than the applicant approves it, once', async () => {
    const u = await userWith({ balance: 5_000 });
    const a = await applied(u, 100_001, { reason: '线下转账补录' });
    expect(a).toMatchObject({ state: 'pending', transfer_id: null, approver_id: null, decided_at: null });
    expect(await account(u)).toMatchObject({ balance: 5_000, frozen: 0 });
    expect((await ok(t, adjustmentDetails, { adjustment_no: a.adjustment_no }, admin)).entries).toEqual([]);

    const self = await invoke(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, admin);
    expectError(self, 40300);
    expect(self.message).toBe('调账须由申请人以外的人员审批');
    expectError(await invoke(t, adjustmentReject, { adjustment_no: a.adjustment_no, reason: '自己驳回' }, admin), 40300);

    const approved = await ok(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, checker);
    expect(approved).toMatchObject({ state: 'posted', approver_id: expect.any(Number), approver_name: expect.stringMatching(/^测试员工/), decided_at: expect.any(String) });
    expect(approved.applicant_name).not.toBe(approved.approver_name);
    expect(await account(u)).toMatchObject({ balance: 105_001 });

    const again = await invoke(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, checker);
    expectError(again, 40900);
    expect(again.message).toContain('已入账');
    expectError(await invoke(t, adjustmentReject, { adjustment_no: a.adjustment_no, reason: '晚了' }, checker), 40900);
    expect(await account(u)).toMatchObject({ balance: 105_001 });

    const details = await ok(t, adjustmentDetails, { adjustment_no: a.adjustment_no }, admin);
    expect(details.entries.map((e) => [e.account_kind, e.owner_id, e.amount])).toEqual([
      ['adjustments', 0, -100_001],
      ['user_cash', u, 100_001],
    ]);
    expectError(await invoke(t, adjustmentApprove, { adjustment_no: 'AJ0' }, checker), 40400);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('rejected with a reason, moves nothing and is decided', async () => {
    const u = await userWith({ beans: 100 });
    const a = await applied(u, 10_001, { currency: 'BEAN' });
    expect(expectError(await invoke(t, adjustmentReject, { adjustment_no: a.adjustment_no, reason: ' ' }, checker), 40000)).toMatchObject({ field: 'reason' });
    const rejected = await ok(t, adjustmentReject, { adjustment_no: a.adjustment_no, reason: '金额有误' }, checker);
    expect(rejected).toMatchObject({ state: 'rejected', reject_reason: '金额有误', transfer_id: null, decided_at: expect.any(String) });
    expect(await account(u, 'BEAN')).toMatchObject({ balance: 100 });
    const again = await invoke(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, checker);
    expectError(again, 40900);
    expect(again.message).toContain('已驳回');
  });

  it('refuses a debit the user cannot pay now, writing nothing; one they could not pay by approval stays pending', async () => {
    const u = await userWith({ balance: 250_000 });
    const before = await snapshot();
    const short = await apply(u, 250_001, { direction: 'debit' });
    expect(expectError(short, 40900)).toMatchObject({ field: 'amount' });
    expect(short.message).toBe('用户可用余额 ¥ 2,500.00，不足调减 ¥ 2,500.01');
    expect(changedTables(before, await snapshot())).toEqual([]);

    const a = await applied(u, 200_000, { direction: 'debit' });
    expect(a.state).toBe('pending');
    // Meanwhile a debit below the threshold posts at once.
    await applied(u, 60_000, { direction: 'debit' });
    expect(await account(u)).toMatchObject({ balance: 190_000 });
    expect(expectError(await invoke(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, checker), 40900)).toMatchObject({ field: 'amount' });
    expect((await ok(t, adjustmentDetails, { adjustment_no: a.adjustment_no }, admin)).adjustment).toMatchObject({ state: 'pending', transfer_id: null });
    await expectLedgerInvariants(t.database.db);
  });
});

describe('numbers', () => {
  it('read the date and time on the platform’s clocks, as its day filters do', async () => {
    const { website } = await ok(t, settingsCalls.systemDetails, {}, admin);
    // Two zones 26 hours apart never share a date, so at least one of them differs from UTC's whatever the hour.
    try {
      for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
        await ok(t, settingsCalls.systemEdit, { website, time_zone: zone }, admin);
        const a = await applied(await userWith(), 10);
        expect(a.adjustment_no.slice(2, 10), zone).toBe(dayInZone(zone, t.clock.now().getTime()).replace(/-/g, ''));
      }
    } finally {
      await ok(t, settingsCalls.systemEdit, { website, time_zone: DEFAULT_TIME_ZONE }, admin);
    }
  });
});

describe('idempotency keys', () => {
  it('answer the first adjustment again for the same key and body, 40900 naming idempotency_key for another body', async () => {
    const u = await userWith();
    const k = key();
    const first = await applied(u, 700, { idempotency_key: k });
    expect(await applied(u, 700, { idempotency_key: k })).toEqual(first);
    expect(expectError(await apply(u, 701, { idempotency_key: k }), 40900)).toMatchObject({ field: 'idempotency_key' });
    expect(expectError(await apply(u, 700, { idempotency_key: k, reason: '另一个原因' }), 40900)).toMatchObject({ field: 'idempotency_key' });
    expect(await account(u)).toMatchObject({ balance: 700 });
    expect(await audits(first.adjustment_no)).toHaveLength(1);
    // Keys are the applicant's own: another staff's same key is another adjustment.
    const other = await createStaffWith(t, ['finance.adjust.apply']);
    expect((await applied(u, 700, { idempotency_key: k }, other.token)).adjustment_no).not.toBe(first.adjustment_no);
  });
});

describe('the thresholds (调账审批设置)', () => {
  it('are ¥ 1,000.00 and 10,000 beans until changed; a lowering applies at once, audited, and decides what waits', async () => {
    expect(await ok(t, adjustmentSettingsDetails, {}, admin)).toEqual({ ...ADJUSTMENT_THRESHOLD_DEFAULTS, proposal: null });
    const lowered = { ...ADJUSTMENT_THRESHOLD_DEFAULTS, approval_threshold: 0, bean_approval_threshold: 5 };
    expect(await ok(t, adjustmentSettingsEdit, lowered, admin)).toEqual({ ...lowered, proposal: null });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'finance.adjust.settings'), eq(auditLog.target, 'settings:finance_adjustment')));
    expect(entry?.detail).toEqual({ before: ADJUSTMENT_THRESHOLD_DEFAULTS, after: lowered });

    const u = await userWith();
    expect((await applied(u, 1)).state).toBe('pending');
    expect((await applied(u, 5, { currency: 'BEAN' })).state).toBe('posted');
    expect((await applied(u, 6, { currency: 'BEAN' })).state).toBe('pending');

    expect(expectError(await invoke(t, adjustmentSettingsEdit, { ...lowered, approval_threshold: -1 }, admin), 40000)).toMatchObject({ field: 'approval_threshold' });
    expect(expectError(await invokeUnchecked(t, adjustmentSettingsEdit, { ...lowered, bean_approval_threshold: 1.5 }, admin), 40000)).toMatchObject({ field: 'bean_approval_threshold' });
    expect(expectError(await invokeUnchecked(t, adjustmentSettingsEdit, { ...lowered, daily_user_limit: '100' }, admin), 40000)).toMatchObject({ field: 'daily_user_limit' });
    await settle({ ...ADJUSTMENT_THRESHOLD_DEFAULTS });
  });

  it('are raised only when a second person approves: not by the proposer, nor another account of theirs, once', async () => {
    const [proposer, sameProposer, other] = [
      await createStaffWith(t, ['finance.adjust.settings']),
      await createStaffWith(t, ['finance.adjust.settings']),
      await createStaffWith(t, ['finance.adjust.settings']),
    ];
    await linkAccounts([proposer.staffId, sameProposer.staffId], `settings-${process.pid}`);
    const raised = { ...ADJUSTMENT_THRESHOLD_DEFAULTS, approval_threshold: 100_000_000 };
    const proposed = await ok(t, adjustmentSettingsEdit, raised, proposer.token);
    expect(proposed).toMatchObject({ ...ADJUSTMENT_THRESHOLD_DEFAULTS, proposal: { values: raised, proposer_id: proposer.staffId, proposer_name: expect.any(String) } });
    const id = proposed.proposal!.id;
    // Until approved, adjustments follow the settings in force.
    expect((await applied(await userWith(), 100_001)).state).toBe('pending');

    for (const self of [proposer.token, sameProposer.token]) {
      const refused = await invoke(t, adjustmentSettingsApprove, { proposal_id: id }, self);
      expectError(refused, 40300);
      expect(refused.message).toBe('调高调账审批设置须由提议人以外的人员批准');
    }
    expectError(await invoke(t, adjustmentSettingsApprove, { proposal_id: 'another' }, other.token), 40900);
    expect(await ok(t, adjustmentSettingsApprove, { proposal_id: id }, other.token)).toEqual({ ...raised, proposal: null });
    expectError(await invoke(t, adjustmentSettingsApprove, { proposal_id: id }, other.token), 40900);
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.action, ['finance.adjust.settings.propose', 'finance.adjust.settings.approve']), inArray(auditLog.staffId, [proposer.staffId, other.staffId])))
      .orderBy(auditLog.id);
    expect(logged.map((e) => [e.action, e.staffId])).toEqual([
      ['finance.adjust.settings.propose', proposer.staffId],
      ['finance.adjust.settings.approve', other.staffId],
    ]);
    expect(logged[1]!.detail).toEqual({ before: ADJUSTMENT_THRESHOLD_DEFAULTS, after: raised, proposer_id: proposer.staffId });

    // Withdrawn by its proposer, or turned down by another: the settings stay.
    const second = await ok(t, adjustmentSettingsEdit, { ...raised, daily_staff_limit: 100_000_000 }, proposer.token);
    expect(await ok(t, adjustmentSettingsReject, { proposal_id: second.proposal!.id }, proposer.token)).toEqual({ ...raised, proposal: null });
    await settle({ ...ADJUSTMENT_THRESHOLD_DEFAULTS });
  });
});

/** The states adjustments of these amounts take, each to a new user with money, applied in turn by `token`. */
async function statesOf(token: string, amounts: number[], over: Partial<Apply> = {}) {
  const made = [];
  for (const amount of amounts) made.push((await applied(await userWith({ balance: 10_000 }), amount, over, token)).state);
  return made;
}

describe('the daily limits', () => {
  it('send what one person posts at once past the day’s limit to approval, over all their accounts', async () => {
    await settle({ ...ADJUSTMENT_THRESHOLD_DEFAULTS, daily_staff_limit: 1_000, bean_daily_staff_limit: 100 });
    const [clerk, sameClerk, colleague] = [
      await createStaffWith(t, ['finance.adjust.apply']),
      await createStaffWith(t, ['finance.adjust.apply']),
      await createStaffWith(t, ['finance.adjust.apply']),
    ];
    await linkAccounts([clerk.staffId, sameClerk.staffId], `clerk-${process.pid}`);
    expect(await statesOf(clerk.token, [400, 500])).toEqual(['posted', 'posted']);
    expect(await statesOf(sameClerk.token, [200, 100])).toEqual(['pending', 'posted']);
    expect(await statesOf(clerk.token, [1])).toEqual(['pending']);
    // Debits count too; beans have their own limit; another person has their own day.
    expect(await statesOf(colleague.token, [1_000, 1], { direction: 'debit' })).toEqual(['posted', 'pending']);
    expect(await statesOf(clerk.token, [100, 1], { currency: 'BEAN' })).toEqual(['posted', 'pending']);
    // What was posted yesterday in the platform's zone does not count today.
    await t.database.db
      .update(financeAdjustment)
      .set({ createdAt: sql`${financeAdjustment.createdAt} - interval '1 day'` })
      .where(inArray(financeAdjustment.applicantId, [clerk.staffId, sameClerk.staffId]));
    expect(await statesOf(clerk.token, [1_000])).toEqual(['posted']);
    await settle({ ...ADJUSTMENT_THRESHOLD_DEFAULTS });
  });

  it('send what one user gets at once past the day’s limit to approval, whoever applies', async () => {
    await settle({ ...ADJUSTMENT_THRESHOLD_DEFAULTS, daily_user_limit: 600 });
    const [a, b] = [await createStaffWith(t, ['finance.adjust.apply']), await createStaffWith(t, ['finance.adjust.apply'])];
    const u = await userWith();
    expect((await applied(u, 400, {}, a.token)).state).toBe('posted');
    expect((await applied(u, 300, {}, b.token)).state).toBe('pending');
    expect((await applied(u, 200, {}, b.token)).state).toBe('posted');
    expect((await applied(await userWith(), 600, {}, b.token)).state).toBe('posted');
    await settle({ ...ADJUSTMENT_THRESHOLD_DEFAULTS });
  });
});

describe('two people', () => {
  it('are compared as people: another account of the applicant may not approve or reject', async () => {
    const [applicant, sameApplicant] = [
      await createStaffWith(t, ['finance.adjust.apply']),
      await createStaffWith(t, ['finance.adjust.view', 'finance.adjust.approve']),
    ];
    await linkAccounts([applicant.staffId, sameApplicant.staffId], `applicant-${process.pid}`);
    const a = await applied(await userWith(), 150_000, {}, applicant.token);
    const refused = await invoke(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, sameApplicant.token);
    expectError(refused, 40300);
    expect(refused.message).toBe('调账须由申请人以外的人员审批');
    expectError(await invoke(t, adjustmentReject, { adjustment_no: a.adjustment_no, reason: '本人' }, sameApplicant.token), 40300);
    expect((await ok(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, checker)).state).toBe('posted');
  });

  it('tell the user’s balance in a refused debit only to staff who may read balances', async () => {
    const u = await userWith({ balance: 250_000 });
    const clerk = await createStaffWith(t, ['finance.adjust.apply']);
    const short = await apply(u, 250_001, { direction: 'debit' }, clerk.token);
    expect(expectError(short, 40900)).toMatchObject({ field: 'amount' });
    expect(short.message).toBe('用户可用余额不足调减 ¥ 2,500.01');
    expect(short.message).not.toContain('2,500.00');
    expect((await apply(u, 250_001, { direction: 'debit' }, admin)).message).toBe('用户可用余额 ¥ 2,500.00，不足调减 ¥ 2,500.01');
  });
});

describe('the audit log', () => {
  it('records the application and the decision with who, what and why', async () => {
    const u = await userWith();
    const [a, b] = [await applied(u, 150_000), await applied(u, 150_000)];
    await ok(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, checker);
    await ok(t, adjustmentReject, { adjustment_no: b.adjustment_no, reason: '重复申请' }, checker);
    expect((await audits(a.adjustment_no)).map((e) => [e.action, e.detail])).toEqual([
      ['finance.adjust.apply', { user_id: u, currency: 'CNY', direction: 'credit', amount: 150_000, reason: '补发活动奖励', state: 'pending' }],
      ['finance.adjust.approve', { transfer_id: expect.any(Number) }],
    ]);
    expect((await audits(b.adjustment_no)).map((e) => [e.action, e.detail])).toEqual([
      ['finance.adjust.apply', expect.objectContaining({ state: 'pending' })],
      ['finance.adjust.reject', { reason: '重复申请' }],
    ]);
    const small = await applied(u, 10);
    expect((await audits(small.adjustment_no)).map((e) => e.detail)).toEqual([expect.objectContaining({ state: 'posted' })]);
  });
});

describe('调账记录', () => {
  it('lists adjustments newest first, filtered, with the count and the sums per currency', async () => {
    const u = await userWith({ balance: 10_000, beans: 30_000 });
    const made = [
      await applied(u, 1_000),
      await applied(u, 400, { direction: 'debit' }),
      await applied(u, 300, { currency: 'BEAN' }),
      await applied(u, 200_000),
      await applied(u, 20_000, { currency: 'BEAN', direction: 'debit', reason: '回收误发金豆' }),
    ];
    const list = (filter: CallBody<typeof adjustmentList> = {}) => ok(t, adjustmentList, { user_id: u, ...filter }, admin);
    expect(await list()).toMatchObject({
      count: 5,
      sum_credit_cny: 1_000,
      sum_debit_cny: 400,
      sum_pending_cny: 200_000,
      sum_credit_bean: 300,
      sum_debit_bean: 0,
      sum_pending_bean: 20_000,
    });
    expect((await list()).data.map((a) => a.adjustment_no)).toEqual([4, 3, 2, 1, 0].map((i) => made[i]!.adjustment_no));
    expect((await list({ state: 'pending' })).count).toBe(2);
    expect((await list({ currency: 'BEAN' })).data.map((a) => a.amount)).toEqual([20_000, 300]);
    expect((await list({ direction: 'debit' })).count).toBe(2);
    expect((await list({ amount_min: 500, amount_max: 20_000 })).data.map((a) => a.amount)).toEqual([20_000, 1_000]);
    expect((await list({ limit: 2, page: 3 })).data.map((a) => a.amount)).toEqual([1_000]);
    expect((await ok(t, adjustmentList, { keyword: made[2]!.adjustment_no }, admin)).count).toBe(1);
    const [row] = (await list({ keyword: made[0]!.user_mobile.slice(0, 8) })).data;
    expect(row).toMatchObject({ user_name: expect.stringMatching(/^测试用户/), applicant_name: expect.any(String) });
    expect(expectError(await invoke(t, adjustmentList, { amount_min: 10, amount_max: 5 }, admin), 40000)).toMatchObject({ field: 'amount_max' });
  });
});

describe('operations and input', () => {
  it('refuses each call to a staff without its operation', async () => {
    const u = await userWith();
    const pending = await applied(u, 100_001);
    const viewer = (await createStaffWith(t, ['finance.adjust.view'])).token;
    expectError(await apply(u, 10, {}, viewer), 40300);
    expectError(await invoke(t, adjustmentApprove, { adjustment_no: pending.adjustment_no }, viewer), 40300);
    expectError(await invoke(t, adjustmentReject, { adjustment_no: pending.adjustment_no, reason: '无权' }, viewer), 40300);
    expectError(await invoke(t, adjustmentSettingsDetails, {}, viewer), 40300);
    expectError(await invoke(t, adjustmentSettingsEdit, { ...ADJUSTMENT_THRESHOLD_DEFAULTS }, viewer), 40300);
    const applicant = (await createStaffWith(t, ['finance.adjust.apply'])).token;
    expectError(await invoke(t, adjustmentList, {}, applicant), 40300);
    expectError(await invoke(t, adjustmentDetails, { adjustment_no: pending.adjustment_no }, applicant), 40300);
    expect((await ok(t, adjustmentDetails, { adjustment_no: pending.adjustment_no }, viewer)).adjustment.state).toBe('pending');
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const u = await userWith();
    const before = await snapshot();
    const refused = async (over: Record<string, unknown>) =>
      expectError(await invokeUnchecked(t, adjustmentApply, { user_id: u, currency: 'CNY', direction: 'credit', amount: 100, reason: '原因', idempotency_key: key(), ...over }, admin), 40000).field;
    expect(await refused({ amount: 0 })).toBe('amount');
    expect(await refused({ amount: 1.5 })).toBe('amount');
    expect(await refused({ amount: 100_000_001 })).toBe('amount');
    expect(await refused({ currency: 'USD' })).toBe('currency');
    expect(await refused({ direction: 'sideways' })).toBe('direction');
    expect(await refused({ reason: '  ' })).toBe('reason');
    expect(await refused({ reason: '长'.repeat(201) })).toBe('reason');
    expect(await refused({ idempotency_key: 'short' })).toBe('idempotency_key');
    expect(await refused({ user_id: 2_000_000_000 })).toBe('user_id');
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

// PGlite has one connection: concurrent decisions there queue by construction and prove nothing.
describe('picking the user (user_lookup)', () => {
  it('finds a user by ID, by the start of the mobile, or by part of the name, with both balances, and never guesses', async () => {
    const unique = `${Date.now() % 100_000}`.padStart(5, '0');
    const picked = await insertUser(t, { name: `宋明${unique}`, mobile: `137${unique}123` });
    await openBalances(t, [{ userId: picked.id, balance: 12_345, beans: 67 }]);
    const shown = { id: picked.id, name: `宋明${unique}`, mobile: `137${unique}123`, cash_available: 12_345, beans_available: 67 };
    const lookup = (keyword: string, token = admin) => invoke(t, financeCalls.userLookup, { keyword }, token);

    expect(expectOk(await lookup(`137${unique}1`))).toEqual([shown]);
    expect(expectOk(await lookup(`137${unique}123`))).toEqual([shown]);
    expect(expectOk(await lookup(`明${unique}`))).toEqual([shown]);
    expect(expectOk(await lookup(String(picked.id)))[0]).toEqual(shown);
    // Digits that are no one's ID nor the start of anyone's mobile find nobody.
    expect(expectOk(await lookup('99999999'))).toEqual([]);
  });

  it('is for staff who adjust or credit accounts', async () => {
    const clerk = await createStaffWith(t, ['finance.earnings.credit']);
    expect(expectOk(await invoke(t, financeCalls.userLookup, { keyword: '1' }, clerk.token)).length).toBeLessThanOrEqual(10);
    const reader = await createStaffWith(t, ['finance.adjust.view']);
    expectError(await invoke(t, financeCalls.userLookup, { keyword: '1' }, reader.token), 40300);
  });
});

describe('the demo’s adjustments', () => {
  it('are made by the real flow once: posted at once, approved and rejected by the finance clerk, one waiting', async () => {
    await generate(t, 60);
    const clerk = await createStaffWith(t, ['finance.adjust.approve']);
    await t.database.db.update(staff).set({ staffNum: 'fin01' }).where(eq(staff.id, clerk.staffId));
    await t.database.db.delete(financeAdjustment);
    const seed = () => seedAdjustments({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await seed();
    const rows = await t.database.db.select().from(financeAdjustment);
    expect(rows.map((r) => r.state).sort()).toEqual(['pending', 'posted', 'posted', 'posted', 'posted', 'rejected']);
    expect(rows.filter((r) => r.approverId === clerk.staffId).map((r) => r.state).sort()).toEqual(['posted', 'rejected']);
    await seed();
    expect(await t.database.db.select().from(financeAdjustment)).toHaveLength(rows.length);
    await t.database.db.update(staff).set({ staffNum: clerk.staffNum }).where(eq(staff.id, clerk.staffId));
    await expectLedgerInvariants(t.database.db);
  });
});

describe.skipIf(testEngine !== 'postgres')('racing on PostgreSQL', () => {
  it('posts once when 10 staff approve one adjustment at once', async () => {
    const u = await userWith();
    const a = await applied(u, 300_000);
    const approvers = await Promise.all(Array.from({ length: 10 }, () => createStaffWith(t, ['finance.adjust.approve'])));
    const answers = await Promise.all(approvers.map((s) => invoke(t, adjustmentApprove, { adjustment_no: a.adjustment_no }, s.token)));
    expect(answers.filter((x) => x.code === 20000)).toHaveLength(1);
    expect(answers.filter((x) => x.code !== 20000).every((x) => x.code === 40900)).toBe(true);
    expect(await account(u)).toMatchObject({ balance: 300_000 });
    expect((await ok(t, adjustmentDetails, { adjustment_no: a.adjustment_no }, admin)).entries).toHaveLength(2);
    await expectLedgerInvariants(t.database.db);
  });

  it('posts at once only as much as the day’s limit when 20 adjustments of the threshold arrive at once', async () => {
    const clerk = await createStaffWith(t, ['finance.adjust.apply']);
    const users = await Promise.all(Array.from({ length: 20 }, () => userWith()));
    const threshold = ADJUSTMENT_THRESHOLD_DEFAULTS.approval_threshold;
    const answers = await Promise.all(users.map((u) => apply(u, threshold, {}, clerk.token)));
    const states = answers.map((x) => (x.code === 20000 ? x.data.state : `error ${x.code}`));
    expect(states.filter((s) => s === 'posted')).toHaveLength(ADJUSTMENT_THRESHOLD_DEFAULTS.daily_staff_limit / threshold);
    expect(states.filter((s) => s === 'pending')).toHaveLength(20 - ADJUSTMENT_THRESHOLD_DEFAULTS.daily_staff_limit / threshold);
    // And one user adjusted by several people at once gets at most the user's limit unapproved.
    const u = await userWith();
    const clerks = await Promise.all(Array.from({ length: 4 }, () => createStaffWith(t, ['finance.adjust.apply'])));
    const each = await Promise.all(clerks.flatMap((c) => [apply(u, threshold, {}, c.token), apply(u, threshold, {}, c.token)]));
    expect(each.filter((x) => x.code === 20000 && x.data.state === 'posted')).toHaveLength(ADJUSTMENT_THRESHOLD_DEFAULTS.daily_user_limit / threshold);
    expect(await account(u)).toMatchObject({ balance: ADJUSTMENT_THRESHOLD_DEFAULTS.daily_user_limit });
    await expectLedgerInvariants(t.database.db);
  });

  it('makes one adjustment when 10 requests under one key arrive at once', async () => {
    const u = await userWith();
    const k = key();
    const answers = await Promise.all(Array.from({ length: 10 }, () => apply(u, 800, { idempotency_key: k })));
    expect(new Set(answers.map((x) => (x.code === 20000 ? x.data.adjustment_no : `error ${x.code}`))).size).toBe(1);
    expect(await account(u)).toMatchObject({ balance: 800 });
  });
});
