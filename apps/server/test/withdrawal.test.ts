import { financeCalls, withdrawalAppCalls, withdrawalCalls, type CallBody } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { createStaffWith, expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants } from './helpers/ledger';
import { generate, insertUser, moneyOfUsers, openBalances } from './helpers/users';
import { Ledger } from '../src/lib/ledger/ledger';
import { ledgerTransfer } from '../src/lib/ledger/table';
import { auditLog, financeWithdrawal, staff, users } from '../src/lib/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { seedWithdrawals } from '../src/modules/finance/demo-seed';
import pino from 'pino';

// Withdrawals (docs/finance.md › Withdrawals): an app user's application holds the amount; staff approve and another
// person pays it out (the hold posted), or staff reject it (voided), each under its own operation code, each decided
// once, each step kept with its staff and time and written to the operation log.

let t: TestApp;
let admin: string;
/** Pays out what the admin approved: a second person. */
let payer: { token: string; staffId: number };

beforeAll(async () => {
  t = await buildTestApp({ config: { fakePayments: true } });
  admin = await signInAsAdmin(t);
  payer = await createStaffWith(t, ['finance.withdraw.view', 'finance.withdraw.pay']);
});
afterAll(() => t?.close());

let keys = 0;
const key = () => `wd-${process.pid}-${++keys}`;

async function appUserWith(balance: number, name?: string) {
  const user = await insertUser(t, name ? { name } : {});
  if (balance) await openBalances(t, [{ userId: user.id, balance }]);
  return { id: user.id, token: await signInAppUser(t, user.id) };
}

type Apply = CallBody<typeof withdrawalAppCalls.apply>;
const apply = (token: string, amount: number, over: Partial<Apply> = {}) =>
  invoke(t, withdrawalAppCalls.apply, { amount, payout_type: 2, account_name: '张三', account_no: 'zhangsan@example.com', idempotency_key: key(), ...over }, token);

async function applied(token: string, amount: number, over: Partial<Apply> = {}) {
  const answer = await apply(token, amount, over);
  if (answer.code !== 20000) expect.fail(`${answer.code} ${answer.message}`);
  return answer.data;
}

const account = async (userId: number) => (await ok(t, financeCalls.userStatement, { user_id: userId }, admin)).account;

describe('applying', () => {
  it('holds the amount at once: the balance stays, it is frozen and no longer available; the account is masked', async () => {
    const u = await appUserWith(10_000);
    const w = await applied(u.token, 3_000);
    expect(w).toMatchObject({ user_id: u.id, amount: 3_000, payout_type: 2, account_name: '张三', account_no: '****************.com', state: 'applied', reject_reason: '', payout_ref: null });
    expect(w.withdraw_no).toMatch(/^WD\d{20}$/);
    expect(await account(u.id)).toMatchObject({ balance: 10_000, frozen: 3_000, available: 7_000 });
    expect(await ok(t, withdrawalAppCalls.status, { withdraw_no: w.withdraw_no }, u.token)).toEqual(w);
  });

  it('refuses more than is available with 余额不足 naming amount, writing nothing', async () => {
    const u = await appUserWith(1_000);
    await applied(u.token, 800);
    expect(expectError(await apply(u.token, 201), 40900)).toMatchObject({ field: 'amount' });
    expect((await ok(t, withdrawalCalls.list, { user_id: u.id }, admin)).count).toBe(1);
  });

  it('answers the first application again for the same key and body, 40900 for another body under it', async () => {
    const u = await appUserWith(5_000);
    const k = key();
    const first = await applied(u.token, 1_000, { idempotency_key: k });
    expect(await applied(u.token, 1_000, { idempotency_key: k })).toEqual(first);
    expect(expectError(await apply(u.token, 1_500, { idempotency_key: k }), 40900)).toMatchObject({ field: 'idempotency_key' });
    expect(await account(u.id)).toMatchObject({ frozen: 1_000 });
  });

  it('is the user’s own, and refuses bad input naming the field', async () => {
    const [a, b] = [await appUserWith(1_000), await appUserWith(0)];
    const w = await applied(a.token, 500);
    expectError(await invoke(t, withdrawalAppCalls.status, { withdraw_no: w.withdraw_no }, b.token), 40400);
    expect(expectError(await apply(a.token, 99), 40000)).toMatchObject({ field: 'amount' });
    expect(expectError(await apply(a.token, 500, { payout_type: 4 }), 40000)).toMatchObject({ field: 'payout_type' });
    expect(expectError(await apply(a.token, 500, { account_no: '12' }), 40000)).toMatchObject({ field: 'account_no' });
  });
});

describe('reviewing', () => {
  it('approve then pay: the hold is posted, the money leaves the balance, the books stay equal', async () => {
    const u = await appUserWith(10_000);
    const w = await applied(u.token, 4_000);
    expect(await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, admin)).toMatchObject({ state: 'approved', approved_at: expect.any(String), paid_at: null });
    const paid = await ok(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token);
    expect(paid).toMatchObject({ state: 'paid', payout_ref: expect.stringMatching(/^FAKEPAY/), paid_at: expect.any(String) });
    expect(await account(u.id)).toMatchObject({ balance: 6_000, frozen: 0, available: 6_000 });
    const details = await ok(t, withdrawalCalls.details, { withdraw_no: w.withdraw_no }, admin);
    expect(details.withdrawal).toMatchObject({ account_no: 'zhangsan@example.com', approver_name: '超级管理员', payer_name: expect.stringMatching(/^测试员工/), rejecter_name: '' });
    expect(details.entries.map((e) => [e.account_kind, e.amount, e.pending, e.transfer_state])).toEqual([
      ['user_cash', -4_000, true, 'posted'],
      ['withdrawal_clearing', 4_000, true, 'posted'],
      ['user_cash', -4_000, false, 'posted'],
      ['withdrawal_clearing', 4_000, false, 'posted'],
    ]);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('reject with a reason, from applied or approved: the hold is voided and the amount available again', async () => {
    const u = await appUserWith(5_000);
    const [first, second] = [await applied(u.token, 1_000), await applied(u.token, 2_000)];
    await ok(t, withdrawalCalls.approve, { withdraw_no: second.withdraw_no }, admin);
    expect(await ok(t, withdrawalCalls.reject, { withdraw_no: first.withdraw_no, reason: '收款账户信息有误' }, admin)).toMatchObject({ state: 'rejected', reject_reason: '收款账户信息有误' });
    await ok(t, withdrawalCalls.reject, { withdraw_no: second.withdraw_no, reason: '风控拦截' }, admin);
    expect(await account(u.id)).toMatchObject({ balance: 5_000, frozen: 0, available: 5_000 });
    expect(expectError(await invoke(t, withdrawalCalls.reject, { withdraw_no: second.withdraw_no, reason: '' }, admin), 40000)).toMatchObject({ field: 'reason' });
  });

  it('refuses a step out of order with 40900 and changes nothing: pay before approval, approve twice, pay or reject once paid', async () => {
    const u = await appUserWith(3_000);
    const w = await applied(u.token, 1_000);
    expectError(await invoke(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token), 40900);
    await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, admin);
    expectError(await invoke(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, admin), 40900);
    await ok(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token);
    expectError(await invoke(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token), 40900);
    expectError(await invoke(t, withdrawalCalls.reject, { withdraw_no: w.withdraw_no, reason: '晚了' }, admin), 40900);
    expect(await account(u.id)).toMatchObject({ balance: 2_000, frozen: 0 });
    expectError(await invoke(t, withdrawalCalls.approve, { withdraw_no: 'WD0' }, admin), 40400);
  });

  it('keeps a withdrawal approved when the payout provider refuses it, to pay again or reject', async () => {
    const u = await appUserWith(3_000);
    const w = await applied(u.token, 1_000, { payout_type: 1, account_no: 'FAIL6222020000001' });
    await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, admin);
    const refused = await invoke(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token);
    expectError(refused, 40900);
    expect(refused.message).toContain('收款账户不存在');
    expect((await ok(t, withdrawalCalls.details, { withdraw_no: w.withdraw_no }, admin)).withdrawal.state).toBe('approved');
    expect(await account(u.id)).toMatchObject({ balance: 3_000, frozen: 1_000 });
    await ok(t, withdrawalCalls.reject, { withdraw_no: w.withdraw_no, reason: '收款账户不存在' }, admin);
  });

  it('is paid out by a person other than its approver: the approver and another account of theirs are refused, nothing moves', async () => {
    const u = await appUserWith(5_000);
    const w = await applied(u.token, 2_000);
    const [approver, sameApprover] = [
      await createStaffWith(t, ['finance.withdraw.approve', 'finance.withdraw.pay']),
      await createStaffWith(t, ['finance.withdraw.pay']),
    ];
    await t.database.db.update(staff).set({ personKey: `approver-${process.pid}` }).where(inArray(staff.id, [approver.staffId, sameApprover.staffId]));
    await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, approver.token);
    for (const self of [approver.token, sameApprover.token]) {
      const refused = await invoke(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, self);
      expectError(refused, 40300);
      expect(refused.message).toBe('提现须由审核人以外的员工打款');
    }
    expect(await account(u.id)).toMatchObject({ balance: 5_000, frozen: 2_000 });
    expect(await ok(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token)).toMatchObject({ state: 'paid' });
  });

  it('keeps each step’s staff and time, and writes each step and each read of a whole account to the operation log', async () => {
    const u = await appUserWith(9_000);
    const [paidOne, rejectedOne] = [await applied(u.token, 1_000), await applied(u.token, 2_000)];
    await ok(t, withdrawalCalls.approve, { withdraw_no: paidOne.withdraw_no }, admin);
    t.clock.advance(60_000);
    await ok(t, withdrawalCalls.pay, { withdraw_no: paidOne.withdraw_no }, payer.token);
    await ok(t, withdrawalCalls.approve, { withdraw_no: rejectedOne.withdraw_no }, admin);
    await ok(t, withdrawalCalls.reject, { withdraw_no: rejectedOne.withdraw_no, reason: '账户冻结' }, admin);

    const paid = (await ok(t, withdrawalCalls.details, { withdraw_no: paidOne.withdraw_no }, admin)).withdrawal;
    expect(paid).toMatchObject({ approver_name: '超级管理员', payer_name: expect.stringMatching(/^测试员工/), approved_at: expect.any(String), paid_at: expect.any(String), rejected_at: null });
    expect(Date.parse(paid.paid_at!) - Date.parse(paid.approved_at!)).toBeGreaterThanOrEqual(60_000);
    const rejected = (await ok(t, withdrawalCalls.details, { withdraw_no: rejectedOne.withdraw_no }, payer.token)).withdrawal;
    expect(rejected).toMatchObject({ approver_name: '超级管理员', rejecter_name: '超级管理员', payer_name: '', approved_at: expect.any(String), rejected_at: expect.any(String) });

    const logOf = async (no: string) =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.target, `finance.withdrawal:${no}`)).orderBy(auditLog.id)).map((e) => [e.action, e.staffId, e.detail]);
    const adminId = (await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.staffNum, 'admin')))[0]!.id;
    expect(await logOf(paidOne.withdraw_no)).toEqual([
      ['finance.withdraw.approve', adminId, { user_id: u.id, amount: 1_000, from: 'applied', to: 'approved' }],
      ['finance.withdraw.pay', payer.staffId, { user_id: u.id, amount: 1_000, from: 'approved', to: 'paid' }],
      ['finance.withdraw.account_view', adminId, { user_id: u.id }],
    ]);
    expect(await logOf(rejectedOne.withdraw_no)).toEqual([
      ['finance.withdraw.approve', adminId, expect.objectContaining({ to: 'approved' })],
      ['finance.withdraw.reject', adminId, { user_id: u.id, amount: 2_000, from: 'approved', to: 'rejected', reason: '账户冻结' }],
      ['finance.withdraw.account_view', payer.staffId, { user_id: u.id }],
    ]);
    // The list masks accounts and reads no whole one: nothing more is logged.
    await ok(t, withdrawalCalls.list, { user_id: u.id }, admin);
    expect(await logOf(paidOne.withdraw_no)).toHaveLength(3);
  });

  it('gives each step its own operation: a staff who may approve may not pay or reject', async () => {
    const u = await appUserWith(2_000);
    const w = await applied(u.token, 1_000);
    const approver = await signInWith(t, ['finance.withdraw.view', 'finance.withdraw.approve']);
    await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, approver);
    expectError(await invoke(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, approver), 40300);
    expectError(await invoke(t, withdrawalCalls.reject, { withdraw_no: w.withdraw_no, reason: '无权' }, approver), 40300);
    expect((await ok(t, withdrawalCalls.details, { withdraw_no: w.withdraw_no }, admin)).withdrawal.state).toBe('approved');
  });
});

describe('the user’s 提现状态', () => {
  it('follows the latest application: 提现中 while applied or approved, 提现失败 when rejected, 已提现 once paid', async () => {
    const u = await appUserWith(10_000);
    const state = async () => (await t.database.db.select({ s: users.withdrawState }).from(users).where(eq(users.id, u.id)))[0]!.s;
    const first = await applied(u.token, 1_000);
    expect(await state()).toBe(1);
    await ok(t, withdrawalCalls.reject, { withdraw_no: first.withdraw_no, reason: '账户有误' }, admin);
    expect(await state()).toBe(3);
    const second = await applied(u.token, 2_000);
    expect(await state()).toBe(1);
    await ok(t, withdrawalCalls.approve, { withdraw_no: second.withdraw_no }, admin);
    expect(await state()).toBe(1);
    await ok(t, withdrawalCalls.pay, { withdraw_no: second.withdraw_no }, payer.token);
    expect(await state()).toBe(2);
  });
});

describe('withdrawals in progress imported with the opening balances (期初冻结)', () => {
  it('are applications of their own, each paid or rejected alone, to the imported payout account', async () => {
    const [a, b] = [await insertUser(t, { name: '期初甲' }), await insertUser(t, { name: '期初乙' })];
    await openBalances(t, [
      { userId: a.id, balance: 9_000, frozen: 3_000, payoutType: 1, accountName: '期初甲', accountNo: '6222020000009999' },
      { userId: b.id, balance: 5_000, frozen: 1_000, accountName: '期初乙', accountNo: 'b@example.com' },
    ]);
    const opening = async (userId: number) => (await ok(t, withdrawalCalls.list, { user_id: userId }, admin)).data;
    const [wa] = await opening(a.id);
    expect(wa).toMatchObject({ amount: 3_000, state: 'applied', payout_type: 1, account_name: '期初甲', account_no: '************9999' });
    expect(wa!.withdraw_no).toMatch(/^WDO\d{24}$/);
    const [wb] = await opening(b.id);
    expect(wb).toMatchObject({ amount: 1_000, payout_type: 2 });
    const state = async (id: number) => (await t.database.db.select({ s: users.withdrawState }).from(users).where(eq(users.id, id)))[0]!.s;
    expect([await state(a.id), await state(b.id)]).toEqual([1, 1]);

    await ok(t, withdrawalCalls.approve, { withdraw_no: wa!.withdraw_no }, admin);
    await ok(t, withdrawalCalls.pay, { withdraw_no: wa!.withdraw_no }, payer.token);
    await ok(t, withdrawalCalls.reject, { withdraw_no: wb!.withdraw_no, reason: '期初冻结核对后解冻' }, admin);
    expect(await account(a.id)).toMatchObject({ balance: 6_000, frozen: 0, available: 6_000 });
    expect(await account(b.id)).toMatchObject({ balance: 5_000, frozen: 0, available: 5_000 });
    expect([await state(a.id), await state(b.id)]).toEqual([2, 3]);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('an earlier import’s one hold for every user is split into a hold and an application per user, the sums unchanged', async () => {
    const [a, b] = [await insertUser(t), await insertUser(t)];
    await openBalances(t, [
      { userId: a.id, balance: 4_000 },
      { userId: b.id, balance: 6_000 },
    ]);
    // What the first import made: one pending transfer holding every user's frozen amount.
    const compound = await new Ledger(t.database.db, t.clock).reserve({
      kind: 'withdrawal',
      legs: [
        { debit: { kind: 'user_cash', ownerId: a.id }, credit: { kind: 'withdrawal_clearing' }, amount: 1_500 },
        { debit: { kind: 'user_cash', ownerId: b.id }, credit: { kind: 'withdrawal_clearing' }, amount: 2_500 },
      ],
      memo: '期初冻结',
    });
    const before = await moneyOfUsers(t);
    await t.database.db.execute(sql`select ledger_split_opening_holds()`);
    expect(await moneyOfUsers(t)).toEqual(before);
    const [wa] = (await ok(t, withdrawalCalls.list, { user_id: a.id }, admin)).data;
    expect(wa).toMatchObject({ amount: 1_500, state: 'applied' });
    await ok(t, withdrawalCalls.reject, { withdraw_no: wa!.withdraw_no, reason: '拆分后驳回' }, admin);
    expect(await account(a.id)).toMatchObject({ frozen: 0, available: 4_000 });
    expect(await account(b.id)).toMatchObject({ frozen: 2_500, available: 3_500 });
    const [split] = await t.database.db.select().from(ledgerTransfer).where(eq(ledgerTransfer.id, compound.id));
    expect(split!.state).toBe('voided');
    await expectLedgerInvariants(t.database.db);
  });
});

describe('代理提现记录', () => {
  it('lists withdrawals newest first with the count and sums, filtered; exports them with accounts masked', async () => {
    const u = await appUserWith(50_000, '提现记录甲');
    const made = [await applied(u.token, 1_000), await applied(u.token, 2_000, { payout_type: 1, account_no: '6222020000001234' }), await applied(u.token, 3_000)];
    await ok(t, withdrawalCalls.approve, { withdraw_no: made[0]!.withdraw_no }, admin);
    await ok(t, withdrawalCalls.pay, { withdraw_no: made[0]!.withdraw_no }, payer.token);
    const list = (filter: CallBody<typeof withdrawalCalls.list> = {}) => ok(t, withdrawalCalls.list, { user_id: u.id, ...filter }, admin);
    expect(await list()).toMatchObject({ count: 3, sum_amount: 6_000, sum_paid: 1_000 });
    expect((await list()).data.map((w) => w.withdraw_no)).toEqual([made[2]!.withdraw_no, made[1]!.withdraw_no, made[0]!.withdraw_no]);
    expect((await list()).data[1]).toMatchObject({ user_name: '提现记录甲', account_no: '************1234' });
    expect((await list({ state: 'applied' })).count).toBe(2);
    expect((await list({ payout_type: 1 })).data.map((w) => w.amount)).toEqual([2_000]);
    expect((await list({ amount_min: 1_500 })).count).toBe(2);
    expect((await ok(t, withdrawalCalls.list, { keyword: made[1]!.withdraw_no }, admin)).count).toBe(1);

    const res = await t.app.inject({ method: 'POST', url: withdrawalCalls.export.path, payload: { user_id: u.id }, headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows.slice(1).map((r) => [r[0], r[4], r[7], r[8]])).toEqual([
      [made[2]!.withdraw_no, 30, '****************.com', '待审核'],
      [made[1]!.withdraw_no, 20, '************1234', '待审核'],
      [made[0]!.withdraw_no, 10, '****************.com', '已打款'],
    ]);
  });
});

describe('without FAKE_PAYMENTS', () => {
  it('has no payout provider: a withdrawal is approved or rejected, never paid (40900), and stays approved', async () => {
    const off = await buildTestApp();
    try {
      const user = await insertUser(off);
      await openBalances(off, [{ userId: user.id, balance: 5_000 }]);
      const token = await signInAppUser(off, user.id);
      const w = await ok(off, withdrawalAppCalls.apply, { amount: 1_000, payout_type: 2, account_name: '张三', account_no: 'zhangsan@example.com', idempotency_key: key() }, token);
      const offAdmin = await signInAsAdmin(off);
      await ok(off, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, offAdmin);
      const refused = await invoke(off, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, (await createStaffWith(off, ['finance.withdraw.pay'])).token);
      expectError(refused, 40900);
      expect(refused.message).toBe('尚未接入打款渠道，暂不能打款');
      expect((await ok(off, withdrawalCalls.details, { withdraw_no: w.withdraw_no }, offAdmin)).withdrawal.state).toBe('approved');
    } finally {
      await off.close();
    }
  });
});

describe('the demo’s withdrawals', () => {
  it('are made by the real flow once, in every state, approved by the super-admin and paid by the finance clerk; the books stay equal', async () => {
    await generate(t, 80);
    const clerk = await createStaffWith(t, ['finance.withdraw.pay']);
    await t.database.db.update(staff).set({ staffNum: 'fin01' }).where(eq(staff.id, clerk.staffId));
    await t.database.db.delete(financeWithdrawal);
    const seed = () => seedWithdrawals({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await seed();
    const rows = await t.database.db.select().from(financeWithdrawal);
    expect(rows.length).toBeGreaterThan(8);
    expect(new Set(rows.map((w) => w.state))).toEqual(new Set(['applied', 'approved', 'paid', 'rejected']));
    expect(new Set(rows.filter((w) => w.state === 'paid').map((w) => w.paidBy))).toEqual(new Set([clerk.staffId]));
    await seed();
    expect(await t.database.db.select().from(financeWithdrawal)).toHaveLength(rows.length);
    await t.database.db.update(staff).set({ staffNum: clerk.staffNum }).where(eq(staff.id, clerk.staffId));
    await expectLedgerInvariants(t.database.db);
  });
});

// PGlite has one connection: concurrent decisions there queue by construction and prove nothing.
describe.skipIf(testEngine !== 'postgres')('racing on PostgreSQL', () => {
  it('decides once when 20 staff pay and reject one withdrawal at once', async () => {
    const u = await appUserWith(5_000);
    const w = await applied(u.token, 2_000);
    await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, admin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? invoke(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token) : invoke(t, withdrawalCalls.reject, { withdraw_no: w.withdraw_no, reason: '并发' }, admin),
      ),
    );
    expect(answers.filter((a) => a.code === 20000)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 20000).every((a) => a.code === 40900)).toBe(true);
    const { frozen, balance } = await account(u.id);
    expect(frozen).toBe(0);
    expect([3_000, 5_000]).toContain(balance);
    await expectLedgerInvariants(t.database.db);
  });

  it('makes one application and one hold when 20 requests under one key arrive at once', async () => {
    const u = await appUserWith(5_000);
    const k = key();
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(u.token, 1_000, { idempotency_key: k })));
    const numbers = new Set(answers.map((a) => (a.code === 20000 ? a.data.withdraw_no : `error ${a.code}`)));
    expect([...numbers]).toHaveLength(1);
    expect(await account(u.id)).toMatchObject({ frozen: 1_000 });
  });
});
