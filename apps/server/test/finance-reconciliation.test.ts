import {
  dayInZone,
  DEFAULT_TIME_ZONE,
  instantInZone,
  reconciliationCalls,
  topUpCalls,
  withdrawalAppCalls,
  withdrawalCalls,
  type ReconciliationDay,
  type ReconciliationMismatch,
} from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeTopUp, financeWithdrawal } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { createStaffWith, expectError, invoke, ok, signIn, signInAsAdmin } from './helpers/auth';
import { insertUser, openBalances } from './helpers/users';

// 每日对账 (docs/finance.md › Reconciliation): per day of the platform's zone, the provider's side of top-ups and
// payouts against the ledger's postings, and the records where they disagree.

const ZONE = DEFAULT_TIME_ZONE;
const DAY = 86_400_000;
let t: TestApp;
let admin: string;
/** Pays out what the admin approved: a second person. */
let payer: { staffNum: string; password: string; token: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { fakePayments: true } });
  admin = await signInAsAdmin(t);
  payer = await createStaffWith(t, ['finance.withdraw.pay']);
});
afterAll(() => t?.close());

let keys = 0;
const key = () => `rc-${process.pid}-${++keys}`;
const today = () => dayInZone(ZONE, t.clock.now().getTime());
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/**
 * Moves the clock to a day nothing has happened on, nor on the day before: `before` ms before the end of the second
 * day after today, in the platform's zone. Sessions idle out when the clock jumps, so the admin signs in again.
 */
async function freshDay(before = 12 * 3_600_000): Promise<string> {
  const end = instantInZone(dayAfter(dayAfter(dayAfter(today()))), ZONE).getTime();
  t.clock.advance(end - before - t.clock.now().getTime());
  admin = await signInAsAdmin(t);
  payer.token = await signIn(t, payer.staffNum, payer.password);
  return today();
}

async function appUser(balance = 0) {
  const user = await insertUser(t);
  if (balance) await openBalances(t, [{ userId: user.id, balance }]);
  return { id: user.id, token: await signInAppUser(t, user.id) };
}

/** A top-up by the real flow: the order, then the fake provider's checkout and signed notification. */
async function topUp(token: string, amount: number): Promise<string> {
  const { order } = await ok(t, topUpCalls.create, { amount, channel: 'alipay', idempotency_key: key() }, token);
  await ok(t, topUpCalls.fakePay, { order_no: order.order_no }, token);
  return order.order_no;
}

/** A withdrawal applied, approved and paid out. */
async function payout(token: string, amount: number): Promise<string> {
  const w = await ok(t, withdrawalAppCalls.apply, { amount, payout_type: 2, account_name: '张三', account_no: 'zhangsan@example.com', idempotency_key: key() }, token);
  await ok(t, withdrawalCalls.approve, { withdraw_no: w.withdraw_no }, admin);
  await ok(t, withdrawalCalls.pay, { withdraw_no: w.withdraw_no }, payer.token);
  return w.withdraw_no;
}

const reconcile = (first: string, last = first) => ok(t, reconciliationCalls.reconciliation, { days: [first, last] }, admin);
const dayOf = async (day: string): Promise<ReconciliationDay> => (await reconcile(day)).days[0]!;
const side = (count: number, sum: number) => ({ count, sum });
const agreeing = (count: number, sum: number) => ({ provider: side(count, sum), ledger: side(count, sum), difference: 0 });
const only = (answer: { mismatches: ReconciliationMismatch[] }, recordNo: string) => answer.mismatches.filter((m) => m.record_no === recordNo);
/** The field a refused range is named by. */
const refused = async (days: [string, string]) => expectError(await invoke(t, reconciliationCalls.reconciliation, { days }, admin), 40000).field;

describe('the days', () => {
  it('agree after real flows, each day by the platform’s clocks, across midnight; newest day first, with the totals', async () => {
    const first = await freshDay(3 * 60_000);
    const [a, b] = [await appUser(50_000), await appUser(20_000)];
    await topUp(a.token, 1_000);
    await topUp(b.token, 2_500);
    await payout(a.token, 3_000);
    // An order never paid and a withdrawal rejected move nothing on either side.
    await ok(t, topUpCalls.create, { amount: 9_900, channel: 'wechat', idempotency_key: key() }, a.token);
    const rejected = await ok(t, withdrawalAppCalls.apply, { amount: 700, payout_type: 1, account_name: '李四', account_no: '6222020200112341234', idempotency_key: key() }, b.token);
    await ok(t, withdrawalCalls.reject, { withdraw_no: rejected.withdraw_no, reason: '收款账户信息有误' }, admin);

    t.clock.advance(5 * 60_000);
    const second = today();
    expect(second).toBe(dayAfter(first));
    await topUp(a.token, 5_000);
    await payout(b.token, 1_200);
    await payout(b.token, 800);

    const answer = await reconcile(first, second);
    expect(answer.days).toEqual([
      { day: second, top_up: agreeing(1, 5_000), payout: agreeing(2, 2_000), mismatches: 0, balanced: true },
      { day: first, top_up: agreeing(2, 3_500), payout: agreeing(1, 3_000), mismatches: 0, balanced: true },
    ]);
    expect(answer.totals).toEqual({ top_up: agreeing(3, 8_500), payout: agreeing(3, 5_000) });
    expect(answer).toMatchObject({ mismatches: [], mismatch_count: 0 });
  });

  it('agree for a withdrawal imported with the opening balances (期初冻结), approved and paid like any other', async () => {
    const day = await freshDay();
    const user = await insertUser(t);
    await openBalances(t, [{ userId: user.id, balance: 9_000, frozen: 3_000, payoutType: 1, accountName: '期初甲', accountNo: '6222020000009999' }]);
    const [opening] = (await ok(t, withdrawalCalls.list, { user_id: user.id }, admin)).data;
    expect(opening!.withdraw_no).toMatch(/^WDO/);
    await ok(t, withdrawalCalls.approve, { withdraw_no: opening!.withdraw_no }, admin);
    await ok(t, withdrawalCalls.pay, { withdraw_no: opening!.withdraw_no }, payer.token);
    const answer = await reconcile(day);
    expect(answer.days[0]).toEqual({ day, top_up: agreeing(0, 0), payout: agreeing(1, 3_000), mismatches: 0, balanced: true });
    expect(answer.mismatches).toEqual([]);
  });

  it('lists every day of the range, quiet ones with zeros, up to 92 days', async () => {
    const day = await freshDay();
    const answer = await reconcile(day, dayAfter(dayAfter(day)));
    expect(answer.days.map((d) => d.day)).toEqual([dayAfter(dayAfter(day)), dayAfter(day), day]);
    expect(answer.days[0]).toEqual({ day: dayAfter(dayAfter(day)), top_up: agreeing(0, 0), payout: agreeing(0, 0), mismatches: 0, balanced: true });
    let last = day;
    for (let n = 1; n < 92; n++) last = dayAfter(last);
    expect((await reconcile(day, last)).days).toHaveLength(92);
  });
});

describe('mismatches', () => {
  it('lists an order marked paid with no posting, and its day is not 平', async () => {
    const day = await freshDay();
    const u = await appUser();
    await topUp(u.token, 3_000);
    const orderNo = `TU${Date.now()}000001`;
    await t.database.db.insert(financeTopUp).values({
      orderNo,
      userId: u.id,
      amount: 4_400,
      channel: 'wechat',
      provider: 'fake',
      state: 'paid',
      idempotencyKey: key(),
      fingerprint: 'written-by-hand',
      tradeNo: `T${orderNo}`,
      createdAt: t.clock.now(),
      paidAt: t.clock.now(),
    });
    const answer = await reconcile(day);
    expect(answer.days[0]).toMatchObject({
      top_up: { provider: side(2, 7_400), ledger: side(1, 3_000), difference: 4_400 },
      payout: agreeing(0, 0),
      mismatches: 1,
      balanced: false,
    });
    expect(answer.mismatches).toEqual([
      { kind: 'top_up_not_credited', area: 'top_up', record_no: orderNo, transfer_id: null, day, other_day: null, amount: 4_400, ledger_amount: null, note: '' },
    ]);
    expect(answer.mismatch_count).toBe(1);
  });

  it('lists an order carrying a refused notification, though the sums agree', async () => {
    const day = await freshDay();
    const u = await appUser();
    const orderNo = await topUp(u.token, 2_000);
    await t.database.db.update(financeTopUp).set({ mismatch: 'notified 1999 for 2000' }).where(eq(financeTopUp.orderNo, orderNo));
    const found = await dayOf(day);
    expect(found).toMatchObject({ top_up: agreeing(1, 2_000), mismatches: 1, balanced: false });
    expect(only(await reconcile(day), orderNo)).toEqual([
      { kind: 'notification_mismatch', area: 'top_up', record_no: orderNo, transfer_id: expect.any(Number), day, other_day: null, amount: 2_000, ledger_amount: null, note: 'notified 1999 for 2000' },
    ]);
  });

  it('lists a posting whose order is not paid, and one whose amount is not the order’s', async () => {
    const day = await freshDay();
    const u = await appUser();
    const [unpaid, other] = [await topUp(u.token, 1_500), await topUp(u.token, 2_500)];
    await t.database.db.update(financeTopUp).set({ state: 'pending', paidAt: null }).where(eq(financeTopUp.orderNo, unpaid));
    await t.database.db.update(financeTopUp).set({ amount: 2_600 }).where(eq(financeTopUp.orderNo, other));
    const answer = await reconcile(day);
    expect(answer.days[0]).toMatchObject({ top_up: { provider: side(1, 2_600), ledger: side(2, 4_000), difference: -1_400 }, mismatches: 2, balanced: false });
    expect(only(answer, unpaid)).toMatchObject([{ kind: 'transfer_order_not_paid', area: 'top_up', amount: 1_500, ledger_amount: 1_500, transfer_id: expect.any(Number) }]);
    expect(only(answer, other)).toMatchObject([{ kind: 'transfer_amount_differs', amount: 2_600, ledger_amount: 2_500 }]);
  });

  it('lists a payment credited on another day on both days, each naming the other', async () => {
    const day = await freshDay();
    const u = await appUser();
    const orderNo = await topUp(u.token, 1_800);
    // The provider says it was paid the day before the ledger posted it.
    const [row] = await t.database.db.select().from(financeTopUp).where(eq(financeTopUp.orderNo, orderNo));
    const paidBefore = new Date(row!.paidAt!.getTime() - DAY);
    await t.database.db.update(financeTopUp).set({ paidAt: paidBefore }).where(eq(financeTopUp.orderNo, orderNo));
    const before = dayInZone(ZONE, paidBefore.getTime());
    const answer = await reconcile(before, day);
    expect(answer.days.map((d) => [d.day, d.top_up.difference, d.balanced])).toEqual([
      [day, -1_800, false],
      [before, 1_800, false],
    ]);
    expect(only(answer, orderNo)).toMatchObject([
      { kind: 'top_up_other_day', day, other_day: before, amount: 1_800, ledger_amount: 1_800 },
      { kind: 'top_up_other_day', day: before, other_day: day, amount: 1_800, ledger_amount: 1_800 },
    ]);
  });

  it('lists a withdrawal marked paid with no settlement, and a settlement whose withdrawal is not paid', async () => {
    const day = await freshDay();
    const u = await appUser(10_000);
    const settledNo = await payout(u.token, 1_000);
    const heldOnly = await ok(t, withdrawalAppCalls.apply, { amount: 2_000, payout_type: 2, account_name: '张三', account_no: 'zhangsan@example.com', idempotency_key: key() }, u.token);
    await t.database.db.update(financeWithdrawal).set({ state: 'paid', paidAt: t.clock.now() }).where(eq(financeWithdrawal.withdrawNo, heldOnly.withdraw_no));
    await t.database.db.update(financeWithdrawal).set({ state: 'approved', paidAt: null }).where(eq(financeWithdrawal.withdrawNo, settledNo));
    const answer = await reconcile(day);
    expect(answer.days[0]).toMatchObject({ payout: { provider: side(1, 2_000), ledger: side(1, 1_000), difference: 1_000 }, mismatches: 2, balanced: false });
    expect(only(answer, heldOnly.withdraw_no)).toMatchObject([{ kind: 'payout_not_settled', area: 'payout', transfer_id: null, amount: 2_000, ledger_amount: null }]);
    expect(only(answer, settledNo)).toMatchObject([{ kind: 'settlement_not_paid', area: 'payout', transfer_id: expect.any(Number), amount: 1_000, ledger_amount: 1_000 }]);
  });

  it('lists a settlement of another amount than its withdrawal’s, and a payout settled on another day', async () => {
    const day = await freshDay();
    const u = await appUser(10_000);
    const [resized, late] = [await payout(u.token, 1_000), await payout(u.token, 2_000)];
    await t.database.db.update(financeWithdrawal).set({ amount: 1_100 }).where(eq(financeWithdrawal.withdrawNo, resized));
    const paidAt = new Date(t.clock.now().getTime() + DAY);
    await t.database.db.update(financeWithdrawal).set({ paidAt }).where(eq(financeWithdrawal.withdrawNo, late));
    const after = dayInZone(ZONE, paidAt.getTime());
    const answer = await reconcile(day, after);
    expect(answer.days.map((d) => [d.day, d.payout.provider, d.payout.ledger, d.balanced])).toEqual([
      [after, side(1, 2_000), side(0, 0), false],
      [day, side(1, 1_100), side(2, 3_000), false],
    ]);
    expect(only(answer, resized)).toMatchObject([{ kind: 'settlement_amount_differs', day, amount: 1_100, ledger_amount: 1_000 }]);
    expect(only(answer, late)).toMatchObject([
      { kind: 'payout_other_day', day: after, other_day: day, amount: 2_000, ledger_amount: 2_000 },
      { kind: 'payout_other_day', day, other_day: after, amount: 2_000, ledger_amount: 2_000 },
    ]);
  });
});

describe('the call', () => {
  it('refuses a range over 92 days or ending before it starts with 40000 naming days, and a day that is none naming it', async () => {
    const day = today();
    let last = day;
    for (let n = 1; n < 93; n++) last = dayAfter(last);
    expect(await refused([day, last])).toBe('days');
    expect(await refused([dayAfter(day), day])).toBe('days');
    expect(await refused([day, '2026-02-30'])).toBe('days.1');
  });

  it('answers at the calendar’s ends', async () => {
    for (const [first, last] of [['0001-01-01', '0001-01-02'], ['9999-12-30', '9999-12-31']] as const)
      expect((await reconcile(first, last)).days.map((d) => [d.day, d.balanced])).toEqual([[last, true], [first, true]]);
  });

  it('is for staff holding finance.ledger.view', async () => {
    const without = await createStaffWith(t, ['finance.withdraw.view']);
    expectError(await invoke(t, reconciliationCalls.reconciliation, { days: [today(), today()] }, without.token), 40300);
    const holder = await createStaffWith(t, ['finance.ledger.view']);
    expect((await ok(t, reconciliationCalls.reconciliation, { days: [today(), today()] }, holder.token)).days).toHaveLength(1);
  });
});
