import { financeCalls, financeSettingsCalls, rechargePreset, topUpCalls, topUpRecordCalls, type CallBody, type FakePayNotification } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeTopUp } from '../src/lib/db/schema';
import { FakePaymentProvider } from '../src/modules/finance/payments';
import { seedTopUps } from '../src/modules/finance/demo-seed';
import pino from 'pino';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { expectError, invoke, ok, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { generate, insertUser } from './helpers/users';

// Top-ups through the fake payment provider (docs/finance.md › Top-ups): an app user's order, the provider's signed
// notification, one credit through the ledger however often and in whatever order notifications arrive.

const SECRET = 'test-fake-pay-secret-2026';
const provider = new FakePaymentProvider(SECRET);
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { fakePayments: true, fakePaySecret: SECRET } });
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

let keys = 0;
const key = () => `key-${process.pid}-${++keys}`;

async function appUser() {
  const user = await insertUser(t);
  return { id: user.id, token: await signInAppUser(t, user.id) };
}

const order = (token: string, amount: number, idempotency_key = key(), channel: 'wechat' | 'alipay' = 'wechat') =>
  invoke(t, topUpCalls.create, { amount, channel, idempotency_key }, token);

const paid = (orderNo: string, amount: number, tradeNo = `T${orderNo}`, status: 'SUCCESS' | 'CLOSED' = 'SUCCESS'): FakePayNotification =>
  provider.notification({ order_no: orderNo, trade_no: tradeNo, amount, status, paid_at: '2026-11-26T02:00:00.000Z' });

const balance = async (userId: number) => (await ok(t, financeCalls.userStatement, { user_id: userId }, admin)).account.balance;
const orderRow = async (orderNo: string) => (await t.database.db.select().from(financeTopUp).where(eq(financeTopUp.orderNo, orderNo)))[0]!;

describe('a top-up order', () => {
  it('is made pending with where to pay; the same key and body answer it again, another body under the key is 40900', async () => {
    const u = await appUser();
    const k = key();
    const first = await order(u.token, 5_000, k);
    if (first.code !== 20000) expect.fail(first.message);
    expect(first.data.order).toMatchObject({ user_id: u.id, amount: 5_000, channel: 'wechat', state: 'pending', provider: 'fake', trade_no: null, transfer_id: null });
    expect(first.data.order.order_no).toMatch(/^TU\d{20}$/);
    expect(first.data.pay_url).toContain(first.data.order.order_no);
    const again = await order(u.token, 5_000, k);
    expect(again.code === 20000 && again.data.order.order_no).toBe(first.data.order.order_no);
    expect(expectError(await order(u.token, 6_000, k), 40900)).toMatchObject({ field: 'idempotency_key' });
    // Nothing is credited before the payment is notified.
    expect(await balance(u.id)).toBe(0);
  });

  it('is the user’s own: another user asking for it gets 40400, a staff token 50008', async () => {
    const [a, b] = [await appUser(), await appUser()];
    const made = await order(a.token, 100);
    if (made.code !== 20000) expect.fail(made.message);
    expectError(await invoke(t, topUpCalls.status, { order_no: made.data.order.order_no }, b.token), 40400);
    expectError(await invoke(t, topUpCalls.status, { order_no: made.data.order.order_no }, admin), 50008);
    expectError(await order(admin, 100), 50008);
  });

  it('refuses amounts that are not whole fen within the limit, naming amount', async () => {
    const u = await appUser();
    for (const amount of [0, -1, 12.5, 5_000_001]) expect(expectError(await order(u.token, amount), 40000)).toMatchObject({ field: 'amount' });
  });
});

describe('the recharge settings', () => {
  it('bound the amount (40000 naming amount) and give an enabled preset’s bonus beans, credited with the payment', async () => {
    await ok(t, financeSettingsCalls.rechargeLimitsEdit, { min_amount: 1_000, max_amount: 100_000 }, admin);
    await ok(t, rechargePreset.calls.add!, { amount: 5_000, bonus_beans: 60, sort: 1, enabled: true }, admin);
    const u = await appUser();
    expect(expectError(await order(u.token, 999), 40000)).toMatchObject({ field: 'amount' });
    expect(expectError(await order(u.token, 100_001), 40000)).toMatchObject({ field: 'amount' });
    const made = await order(u.token, 5_000);
    if (made.code !== 20000) expect.fail(made.message);
    expect(made.data.order.bonus_beans).toBe(60);
    const other = await order(u.token, 5_100);
    expect(other.code === 20000 && other.data.order.bonus_beans).toBe(0);
    await ok(t, topUpCalls.fakePay, { order_no: made.data.order.order_no }, u.token);
    expect((await ok(t, financeCalls.userStatement, { user_id: u.id, currency: 'BEAN' }, admin)).account.balance).toBe(60);
    await ok(t, financeSettingsCalls.rechargeLimitsEdit, { min_amount: 100, max_amount: 5_000_000 }, admin);
  });
});

describe('paying through the fake provider', () => {
  it('credits the user once the provider notifies: the order is paid, the statement and the trial balance show it', async () => {
    const u = await appUser();
    const made = await order(u.token, 12_345);
    if (made.code !== 20000) expect.fail(made.message);
    const orderNo = made.data.order.order_no;
    expect(await ok(t, topUpCalls.fakePay, { order_no: orderNo }, u.token)).toEqual({ state: 'paid' });
    const status = await ok(t, topUpCalls.status, { order_no: orderNo }, u.token);
    expect(status).toMatchObject({ state: 'paid', trade_no: expect.stringMatching(/^FAKE/), transfer_id: expect.any(Number), paid_at: expect.any(String) });
    const statement = await ok(t, financeCalls.userStatement, { user_id: u.id }, admin);
    expect(statement.account.balance).toBe(12_345);
    expect(statement.data[0]).toMatchObject({ transfer_kind: 'top_up', amount: 12_345, transfer_id: status.transfer_id, memo: expect.stringContaining('微信支付') });
    const tb = await ok(t, financeCalls.trialBalance, {}, admin);
    expect(tb.currencies.every((c) => c.balanced)).toBe(true);
  });

  it('changes nothing on a replayed notification, and answers it as paid', async () => {
    const u = await appUser();
    const made = await order(u.token, 800);
    if (made.code !== 20000) expect.fail(made.message);
    const notice = paid(made.data.order.order_no, 800);
    expect(await ok(t, topUpCalls.notifyFake, notice)).toEqual({ state: 'paid' });
    expect(await ok(t, topUpCalls.notifyFake, notice)).toEqual({ state: 'paid' });
    expect(await ok(t, topUpCalls.notifyFake, paid(made.data.order.order_no, 800))).toEqual({ state: 'paid' });
    expect(await balance(u.id)).toBe(800);
    expect((await orderRow(made.data.order.order_no)).notifyCount).toBe(3);
  });

  it('refuses a notification not signed by the provider with 40300, changing nothing', async () => {
    const u = await appUser();
    const made = await order(u.token, 700);
    if (made.code !== 20000) expect.fail(made.message);
    const forged = { ...paid(made.data.order.order_no, 700), sign: new FakePaymentProvider('another-secret-of-16+').notification({ order_no: made.data.order.order_no, trade_no: 'X', amount: 700, status: 'SUCCESS', paid_at: '2026-11-26T02:00:00.000Z' }).sign };
    expectError(await invoke(t, topUpCalls.notifyFake, forged), 40300);
    const altered = { ...paid(made.data.order.order_no, 700), amount: 70_000 };
    expectError(await invoke(t, topUpCalls.notifyFake, altered), 40300);
    expect(await orderRow(made.data.order.order_no)).toMatchObject({ state: 'pending', notifyCount: 0 });
    expect(await balance(u.id)).toBe(0);
  });

  it('keeps a notification of another amount, or of a second payment, for reconciliation and credits nothing for it', async () => {
    const u = await appUser();
    const made = await order(u.token, 1_000);
    if (made.code !== 20000) expect.fail(made.message);
    const orderNo = made.data.order.order_no;
    expect(expectError(await invoke(t, topUpCalls.notifyFake, paid(orderNo, 999)), 40900)).toMatchObject({ field: 'amount' });
    expect(await orderRow(orderNo)).toMatchObject({ state: 'pending', mismatch: 'notified 999 for 1000' });
    await ok(t, topUpCalls.notifyFake, paid(orderNo, 1_000, 'TRADE-1'));
    expectError(await invoke(t, topUpCalls.notifyFake, paid(orderNo, 1_000, 'TRADE-2')), 40900);
    expect((await orderRow(orderNo)).mismatch).toBe('notified 999 for 1000; second payment TRADE-2');
    expect(await balance(u.id)).toBe(1_000);
  });

  it('is safe out of order: a close after payment keeps it paid; a payment after a close still credits', async () => {
    const u = await appUser();
    const first = await order(u.token, 300);
    const second = await order(u.token, 400);
    if (first.code !== 20000 || second.code !== 20000) expect.fail('orders not made');
    await ok(t, topUpCalls.notifyFake, paid(first.data.order.order_no, 300));
    expect(await ok(t, topUpCalls.notifyFake, paid(first.data.order.order_no, 300, undefined, 'CLOSED'))).toEqual({ state: 'paid' });
    expect(await ok(t, topUpCalls.notifyFake, paid(second.data.order.order_no, 400, undefined, 'CLOSED'))).toEqual({ state: 'closed' });
    expect(await ok(t, topUpCalls.notifyFake, paid(second.data.order.order_no, 400))).toEqual({ state: 'paid' });
    expect(await balance(u.id)).toBe(700);
  });

  it('answers 40400 for a notification or a checkout of an order that does not exist', async () => {
    expectError(await invoke(t, topUpCalls.notifyFake, paid('TU00000000000000000000', 100)), 40400);
    expectError(await invoke(t, topUpCalls.fakePay, { order_no: 'TU00000000000000000000' }, (await appUser()).token), 40400);
  });
});

describe('the fake provider’s checkout', () => {
  it('pays only the signed-in owner’s own order, taken as JSON only', async () => {
    const [owner, stranger] = [await appUser(), await appUser()];
    const made = await order(owner.token, 2_040);
    if (made.code !== 20000) expect.fail(made.message);
    const orderNo = made.data.order.order_no;
    expect(made.data.pay_url).toBe(`/api_user/finance/fake_pay?order_no=${orderNo}`);
    // Signed out, with another user's token, with a staff token: nothing is paid.
    expect((await invoke(t, topUpCalls.fakePay, { order_no: orderNo })).code).toBe(50008);
    expectError(await invoke(t, topUpCalls.fakePay, { order_no: orderNo }, stranger.token), 40400);
    expect((await invoke(t, topUpCalls.fakePay, { order_no: orderNo }, admin)).code).toBe(50008);
    // A form post, as another site's page would send it, is refused before anything is read.
    const form = await t.app.inject({
      method: 'POST',
      url: topUpCalls.fakePay.path,
      headers: { 'x-token': owner.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order_no=${orderNo}`,
    });
    expect([form.statusCode, form.json().code]).toEqual([415, 41500]);
    expect((await orderRow(orderNo)).state).toBe('pending');
    expect(await balance(owner.id)).toBe(0);
    expect(await ok(t, topUpCalls.fakePay, { order_no: orderNo }, owner.token)).toEqual({ state: 'paid' });
    expect(await balance(owner.id)).toBe(2_040);
  });
});

describe('without FAKE_PAYMENTS', () => {
  it('has no fake provider: orders are refused, its checkout and notifications answer 40400, nothing is written', async () => {
    const off = await buildTestApp();
    try {
      const user = await insertUser(off);
      const token = await signInAppUser(off, user.id);
      const refused = await invoke(off, topUpCalls.create, { amount: 5_000, channel: 'wechat', idempotency_key: key() }, token);
      expectError(refused, 40900);
      expect(refused.message).toBe('尚未接入支付渠道，暂不能充值');
      expect(await off.database.db.select().from(financeTopUp)).toEqual([]);
      expectError(await invoke(off, topUpCalls.fakePay, { order_no: 'TU00000000000000000000' }, token), 40400);
      expectError(await invoke(off, topUpCalls.notifyFake, provider.notification({ order_no: 'TU1', trade_no: 'T1', amount: 100, status: 'SUCCESS', paid_at: '2026-11-26T02:00:00.000Z' })), 40400);
    } finally {
      await off.close();
    }
  });
});

describe('用户充值记录', () => {
  it('lists orders newest first with the filtered set’s count and sums; each filter narrows it', async () => {
    const user = await insertUser(t, { name: '充值记录甲', mobile: '17012340001' });
    const token = await signInAppUser(t, user.id);
    const made: string[] = [];
    for (const [amount, channel] of [[1_000, 'wechat'], [2_000, 'alipay'], [30_000, 'wechat']] as const) {
      const answer = await order(token, amount, key(), channel);
      if (answer.code !== 20000) expect.fail(answer.message);
      made.push(answer.data.order.order_no);
    }
    await ok(t, topUpCalls.fakePay, { order_no: made[0]! }, token);
    await ok(t, topUpCalls.fakePay, { order_no: made[2]! }, token);
    const list = (filter: CallBody<typeof topUpRecordCalls.list> = {}) => ok(t, topUpRecordCalls.list, { user_id: user.id, ...filter }, admin);

    const all = await list();
    expect(all).toMatchObject({ count: 3, sum_amount: 33_000, sum_paid: 31_000 });
    expect(all.data.map((r) => r.order_no)).toEqual([made[2], made[1], made[0]]);
    expect(all.data[0]).toMatchObject({ user_name: '充值记录甲', user_mobile: '17012340001', state: 'paid', mismatch: '', notify_count: 1 });
    expect((await list({ state: 'pending' })).data.map((r) => r.order_no)).toEqual([made[1]]);
    expect((await list({ channel: 'wechat' })).count).toBe(2);
    expect((await list({ amount_min: 1_500, amount_max: 30_000 })).data.map((r) => r.amount)).toEqual([30_000, 2_000]);
    expect((await ok(t, topUpRecordCalls.list, { keyword: '1701234' }, admin)).count).toBe(3);
    expect((await ok(t, topUpRecordCalls.list, { keyword: made[1]! }, admin)).data.map((r) => r.order_no)).toEqual([made[1]]);
    expect((await list({ time: ['2000-01-01', '2000-01-02'] })).count).toBe(0);
    expect(expectError(await invoke(t, topUpRecordCalls.list, { amount_min: 5, amount_max: 4 }, admin), 40000)).toMatchObject({ field: 'amount_max' });

    const details = await ok(t, topUpRecordCalls.details, { order_no: made[2]! }, admin);
    expect(details.entries).toEqual([
      { account_kind: 'payment_clearing', owner_id: 0, currency: 'CNY', amount: -30_000, pending: false, balance_after: expect.any(Number) },
      { account_kind: 'user_cash', owner_id: user.id, currency: 'CNY', amount: 30_000, pending: false, balance_after: 31_000 },
    ]);
    expect((await ok(t, topUpRecordCalls.details, { order_no: made[1]! }, admin)).entries).toEqual([]);

    const res = await t.app.inject({ method: 'POST', url: topUpRecordCalls.export.path, payload: { user_id: user.id }, headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]!.slice(0, 5)).toEqual(['订单号', '用户ID', '用户', '手机号', '金额(元)']);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[7]])).toEqual([
      [made[2], 300, '已支付'],
      [made[1], 20, '待支付'],
      [made[0], 10, '已支付'],
    ]);
  });
});

describe('the demo’s top-ups', () => {
  it('are made by the real flow once: paid ones credited through the ledger, some pending or closed; a second seed adds none', async () => {
    await generate(t, 60);
    const seed = () => seedTopUps({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await t.database.db.delete(financeTopUp);
    await seed();
    const orders = await t.database.db.select().from(financeTopUp);
    expect(orders.length).toBeGreaterThan(40);
    expect(new Set(orders.map((o) => o.state))).toEqual(new Set(['paid', 'pending', 'closed']));
    for (const row of orders.filter((o) => o.state === 'paid')) expect(row.transferId).not.toBeNull();
    await seed();
    expect(await t.database.db.select().from(financeTopUp)).toHaveLength(orders.length);
    expect((await ok(t, financeCalls.trialBalance, {}, admin)).currencies.every((c) => c.balanced)).toBe(true);
  });
});

// PGlite has one connection: concurrent replays there queue by construction and prove nothing.
describe.skipIf(testEngine !== 'postgres')('replays racing on PostgreSQL', () => {
  it('credits once when 50 copies of one notification arrive at once', async () => {
    const u = await appUser();
    const made = await order(u.token, 2_500);
    if (made.code !== 20000) expect.fail(made.message);
    const notice = paid(made.data.order.order_no, 2_500);
    const answers = await Promise.all(Array.from({ length: 50 }, () => invoke(t, topUpCalls.notifyFake, notice)));
    expect(answers.map((a) => a.code)).toEqual(Array(50).fill(20000));
    expect(await balance(u.id)).toBe(2_500);
    expect((await orderRow(made.data.order.order_no)).notifyCount).toBe(50);
  });

  it('makes one order when 30 requests under one key arrive at once', async () => {
    const u = await appUser();
    const k = key();
    const answers = await Promise.all(Array.from({ length: 30 }, () => order(u.token, 100, k)));
    const numbers = new Set(answers.map((a) => (a.code === 20000 ? a.data.order.order_no : `error ${a.code}`)));
    expect([...numbers]).toHaveLength(1);
    expect([...numbers][0]).toMatch(/^TU/);
  });
});
