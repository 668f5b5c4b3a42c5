import {
  agencyActivitySettings,
  agencyBasicSettings,
  agencyLevel,
  agencyListCalls,
  businessPackage,
  businessResource,
  fieldFormCalls,
  fieldLookupCalls,
  ledgerBookCalls,
  manualCreditCalls,
  merchantAppCalls,
  merchantCalls,
  orderAppCalls,
  orderCalls,
  withdrawalAppCalls,
  type OrderDetails,
  type OrderPayBy,
} from '@juqi/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agency, agencyBusiness, auditLog, orders, users } from '../src/lib/db/schema';
import { findAccount } from '../src/lib/ledger/ledger';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { expectError, expectOk, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants } from './helpers/ledger';
import { insertUser, moneyOfUsers, openBalances } from './helpers/users';

/**
 * 订单中心 (docs/marketplace.md › Orders, Money): an order placed for an agency's customer, paid from the customer's
 * cash, served, completed or cancelled or refunded; the agency's commission held till the window closes, released by
 * the sweep, voided or clawed back by a refund; every move refused from a wrong state; the books equal after each.
 */
let t: TestApp;
let admin: string;
let video: number;
/** ¥ 1,000.00, 30 days, 10 units. */
let basic: number;
/** ¥ 99.99, 30 days, no quota. */
let small: number;
let offSale: number;
let otherBusinessPackage: number;
const DAY = 86_400_000;
const PRICE = 100_000;

interface Agency {
  id: number;
  token: string;
}
interface Customer {
  id: number;
  userId: number;
  token: string;
}

/** A fresh app session: moving the clock by days ends the ones before (their idle limit). */
const tokenOf = (userId: number) => signInAppUser(t, userId);
/** Days later: the clock moved, the staff signed in again. */
async function later(ms: number): Promise<void> {
  t.clock.advance(ms);
  admin = await signInAsAdmin(t);
}
const settings = (values: Partial<typeof agencyBasicSettings.defaults>) => ok(t, agencyBasicSettings.calls.edit, { ...agencyBasicSettings.defaults, ...values }, admin);
let keys = 0;
const key = () => `order-test-${++keys}`;

/** An active agency, at level 2 unless told (白银代理: 15 % commission, 90 % discount), allowed to sell the video business. */
async function newAgency(name: string, level = 2): Promise<Agency> {
  const { id } = await insertUser(t, { name, typeUser: 1, level });
  await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
  // Allowed as an approved 业务申请 allows it (business-applications.test.ts walks that flow).
  await t.database.db.insert(agencyBusiness).values({ agencyId: id, businessId: video, enabled: true, approvedAt: new Date() });
  return { id, token: await signInAppUser(t, id) };
}

/** A user of type 2 signed up in the apps as the agency's customer, with `cash` fen to spend. */
async function newCustomer(of: Agency, name: string, cash = 0): Promise<Customer> {
  const { id: userId } = await insertUser(t, { name, typeUser: 2 });
  const token = await signInAppUser(t, userId);
  const { id } = expectOk(await invoke(t, merchantAppCalls.register, { agency_id: of.id, values: { company_name: name, contact_name: '联系人', mobile: '13800138000' } }, token))!;
  if (cash) await openBalances(t, [{ userId, balance: cash }]);
  return { id, userId, token };
}

const place = (a: Agency, c: Customer, packageId = basic, payBy: OrderPayBy = 'customer', extra: { idempotency_key?: string; external_no?: string } = {}, token = admin) =>
  invoke(t, orderCalls.orderAdd, { agency_id: a.id, merchant_id: c.id, package_id: packageId, pay_by: payBy, idempotency_key: extra.idempotency_key ?? key(), ...(extra.external_no ? { external_no: extra.external_no } : {}) }, token);
const placed = async (...args: Parameters<typeof place>) => expectOk(await place(...args))!;
const pay = async (orderNo: string, payerId: number) => invoke(t, orderAppCalls.pay, { order_no: orderNo }, await tokenOf(payerId));
const details = (orderNo: string) => ok(t, orderCalls.orderDetails, { order_no: orderNo }, admin);
const start = (orderNo: string, token = admin) => invoke(t, orderCalls.orderStart, { order_no: orderNo }, token);
const complete = (orderNo: string, token = admin) => invoke(t, orderCalls.orderComplete, { order_no: orderNo }, token);
const cancel = (orderNo: string, token = admin) => invoke(t, orderCalls.orderCancel, { order_no: orderNo, reason: '客户不要了' }, token);
const refund = (orderNo: string, amount: number, token = admin) => invoke(t, orderCalls.orderRefund, { order_no: orderNo, amount, reason: '服务未达标' }, token);
const sweep = () => t.app.jobs.runNow('order.sweep', {});

/** What the agency's cash holds: posted balance, pending credits (held commissions) and income. */
async function agencyCash(id: number) {
  const account = await findAccount(t.database.db, { kind: 'user_cash', ownerId: id });
  return { balance: account ? account.creditsPosted - account.debitsPosted : 0, held: account?.creditsPending ?? 0, income: account?.incomePosted ?? 0 };
}
const cashOf = async (userId: number) => (await moneyOfUsers(t)).get(userId)?.balance ?? 0;
const figures = async (userId: number) => {
  const [row] = await t.database.db.select({ orderCount: users.orderCount, lastOrderAt: users.lastOrderAt, totalSpent: users.totalSpentCents }).from(users).where(eq(users.id, userId));
  return row!;
};

/** An order placed and paid by its customer: answers its details. */
async function paidOrder(a: Agency, c: Customer, packageId = basic): Promise<OrderDetails> {
  const order = await placed(a, c, packageId);
  expectOk(await pay(order.order_no, c.userId));
  return details(order.order_no);
}
async function inService(a: Agency, c: Customer, packageId = basic): Promise<OrderDetails> {
  const order = await paidOrder(a, c, packageId);
  expectOk(await start(order.order_no));
  return details(order.order_no);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  await settings({ commission_hold_days: 7 });
  const add = async (name: string, enabled = true) => (await ok(t, businessResource.calls.add!, { name, summary: '', content: '', sort: 0, enabled, industry_id: null }, admin)).id;
  video = await add('短视频代运营（订单）');
  const other = await add('企业建站（订单）');
  const pkg = async (business_id: number, name: string, price: number, quota: number, enabled = true) =>
    (await ok(t, businessPackage.calls.add!, { business_id, name, price, duration_days: 30, quota, description: '', sort: 0, enabled }, admin)).id;
  basic = await pkg(video, '基础版', PRICE, 10);
  small = await pkg(video, '体验版', 9_999, 0);
  offSale = await pkg(video, '旧版', 50_000, 0, false);
  otherBusinessPackage = await pkg(other, '建站版', 200_000, 0);
});
afterAll(() => t?.close());

describe('客户注册', () => {
  it('a user of type 2 signs up as an agency’s customer; 企业名称 fills 客户名称; once only; an agency may not; a name held is 40900 on company_name', async () => {
    const a = await newAgency('订单代理注册');
    const c = await newCustomer(a, '订单客户注册甲');
    const row = await ok(t, merchantCalls.merchantDetails, { id: c.id }, admin);
    expect(row).toMatchObject({ customer_name: '订单客户注册甲', agency_id: a.id, source: 'register', extra: { contact_name: '联系人' } });
    const again = await invoke(t, merchantAppCalls.register, { agency_id: a.id, values: { company_name: '订单客户注册乙', contact_name: '联系人', mobile: '13800138000' } }, c.token);
    expectError(again, 40900);
    expectError(await invoke(t, merchantAppCalls.register, { agency_id: a.id, values: { company_name: '订单客户注册丙', contact_name: '联系人', mobile: '13800138000' } }, a.token), 40900);
    const { id: userId } = await insertUser(t, { typeUser: 2 });
    const taken = await invoke(t, merchantAppCalls.register, { agency_id: a.id, values: { company_name: '订单客户注册甲', contact_name: '联系人', mobile: '13800138000' } }, await signInAppUser(t, userId));
    expect(expectError(taken, 40900)).toMatchObject({ field: 'values.company_name' });
    expect(expectError(await invoke(t, merchantAppCalls.register, { agency_id: a.id, values: { contact_name: '联系人', mobile: '13800138000' } }, await signInAppUser(t, userId)), 40000)).toMatchObject({
      field: 'values.company_name',
    });
  });
});

describe('an order’s life', () => {
  it('placed, paid, started, delivered, completed: money through the ledger, the commission held then released by the sweep, the figures and history kept', async () => {
    const a = await newAgency('订单代理甲');
    const c = await newCustomer(a, '订单客户甲', 150_000);
    const order = await placed(a, c);
    expect(order).toMatchObject({ state: 'created', amount: PRICE, price: PRICE, commission_rate_bp: 1500, discount_bp: 10_000, pay_by: 'customer', payer_user_id: c.userId, source: 'staff', business_name: '短视频代运营（订单）', package_name: '基础版', customer_name: '订单客户甲', quota: 10 });
    expect(order.order_no).toMatch(/^OD\d{20}$/);

    const paid = expectOk(await pay(order.order_no, c.userId))!;
    expect(paid.state).toBe('paid');
    expect(await cashOf(c.userId)).toBe(50_000);
    // Paying again answers the order unchanged; nothing moves twice.
    expect(expectOk(await pay(order.order_no, c.userId))!.state).toBe('paid');
    expect(await cashOf(c.userId)).toBe(50_000);
    for (const id of [a.id, c.userId]) expect(await figures(id)).toMatchObject({ orderCount: 1, lastOrderAt: new Date(paid.paid_at!) });
    expect((await figures(c.userId)).totalSpent).toBe(PRICE);

    const started = expectOk(await start(order.order_no))!;
    expect(started.state).toBe('in_service');
    expect(Date.parse(started.service_end_at!) - Date.parse(started.started_at!)).toBeGreaterThan(30 * DAY);
    expect(Date.parse(started.service_end_at!) - Date.parse(started.started_at!)).toBeLessThanOrEqual(31 * DAY);
    expect(expectError(await invoke(t, orderCalls.orderDeliver, { order_no: order.order_no, n: 11 }, admin), 40000)).toMatchObject({ field: 'n' });
    expect(expectOk(await invoke(t, orderCalls.orderDeliver, { order_no: order.order_no, n: 4 }, admin))!).toMatchObject({ state: 'in_service', delivered: 4 });

    const completed = expectOk(await complete(order.order_no))!;
    expect(completed).toMatchObject({ state: 'completed', commission: 15_000 });
    expect(completed.commissions).toEqual([expect.objectContaining({ base: PRICE, rate_bp: 1500, amount: 15_000, state: 'held' })]);
    expect(Date.parse(completed.commissions[0]!.release_at) - Date.parse(completed.ended_at!)).toBe(7 * DAY);
    // Held: neither spendable nor income yet; 全部代理's details say so.
    expect(await agencyCash(a.id)).toEqual({ balance: 0, held: 15_000, income: 0 });
    expect(await ok(t, agencyListCalls.agencyDetails, { id: a.id }, admin)).toMatchObject({ balance_cents: 0, held_commission_cents: 15_000, total_income_cents: 0 });
    await expectLedgerInvariants(t.database.db);

    await sweep();
    expect(await agencyCash(a.id)).toEqual({ balance: 0, held: 15_000, income: 0 });
    await later(7 * DAY + 1000);
    await sweep();
    expect(await agencyCash(a.id)).toEqual({ balance: 15_000, held: 0, income: 15_000 });
    const released = await details(order.order_no);
    expect(released.commissions[0]).toMatchObject({ state: 'released' });
    expect(released.events.map((e) => [e.action, e.to_state, e.by])).toEqual([
      ['create', 'created', '超级管理员'],
      ['pay', 'paid', '订单客户甲'],
      ['start', 'in_service', '超级管理员'],
      ['deliver', 'in_service', '超级管理员'],
      ['complete', 'completed', '超级管理员'],
      ['release', 'completed', '系统'],
    ]);
    // Every posting it made: the payment, the hold, its posting.
    expect(released.postings.map((p) => [p.kind, p.account_kind, p.amount, p.pending])).toEqual([
      ['spend', 'user_cash', -PRICE, false],
      ['spend', 'revenue', PRICE, false],
      ['earning', 'commission_payable', -15_000, true],
      ['earning', 'user_cash', 15_000, true],
      ['earning', 'commission_payable', -15_000, false],
      ['earning', 'user_cash', 15_000, false],
    ]);
    // A sweep again moves nothing.
    await sweep();
    expect(await agencyCash(a.id)).toEqual({ balance: 15_000, held: 0, income: 15_000 });
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });

    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, `order:${order.order_no}`));
    expect(audit.map((e) => e.action).sort()).toEqual(['order.complete', 'order.create', 'order.deliver', 'order.start']);
  });

  it('delivering the quota completes the order; an order the agency pays costs its discounted price and earns nothing', async () => {
    const a = await newAgency('订单代理乙');
    await openBalances(t, [{ userId: a.id, balance: 100_000 }]);
    const c = await newCustomer(a, '订单客户乙');
    const own = await placed(a, c, small, 'agency');
    // ¥ 99.99 at 90 %: 8999.1 fen, half up to ¥ 89.99.
    expect(own).toMatchObject({ amount: 8_999, discount_bp: 9000, commission_rate_bp: 0, payer_user_id: a.id });
    expectError(await pay(own.order_no, c.userId), 40400);
    expectOk(await pay(own.order_no, a.id));
    expect(await agencyCash(a.id)).toMatchObject({ balance: 100_000 - 8_999 });
    expectOk(await start(own.order_no));
    expect(expectOk(await complete(own.order_no))).toMatchObject({ state: 'completed', commission: 0, commissions: [] });

    const quota = await placed(a, c, basic, 'agency');
    expectOk(await pay(quota.order_no, a.id));
    expectOk(await start(quota.order_no));
    expect(expectOk(await invoke(t, orderCalls.orderDeliver, { order_no: quota.order_no, n: 10 }, admin))).toMatchObject({ state: 'completed', delivered: 10 });
    expect((await figures(a.id)).orderCount).toBe(2);
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses every move from a wrong state (40900 naming state) and a payment short of cash (40900 naming amount), changing nothing', async () => {
    const a = await newAgency('订单代理丙');
    const c = await newCustomer(a, '订单客户丙', 50_000);
    const order = await placed(a, c);
    for (const answer of [await start(order.order_no), await complete(order.order_no), await refund(order.order_no, 100)]) expect(expectError(answer, 40900)).toMatchObject({ field: 'state' });
    expect(expectError(await pay(order.order_no, c.userId), 40900)).toMatchObject({ field: 'amount' });
    expect(await details(order.order_no)).toMatchObject({ state: 'created', paid_at: null });
    expect(await cashOf(c.userId)).toBe(50_000);
    expect((await figures(c.userId)).orderCount).toBe(0);

    const topped = await newCustomer(a, '订单客户丙二', PRICE);
    const paid = await paidOrder(a, topped);
    expect(expectError(await complete(paid.order_no), 40900)).toMatchObject({ field: 'state' });
    expectOk(await start(paid.order_no));
    expect(expectError(await cancel(paid.order_no), 40900)).toMatchObject({ field: 'state' });
    expect(expectError(await start(paid.order_no), 40900)).toMatchObject({ field: 'state' });
    expectOk(await complete(paid.order_no));
    expect(expectError(await complete(paid.order_no), 40900)).toMatchObject({ field: 'state' });
    expect(expectError(await invoke(t, orderCalls.orderDeliver, { order_no: paid.order_no, n: 1 }, admin), 40900)).toMatchObject({ field: 'state' });
    expectError(await invoke(t, orderCalls.orderDetails, { order_no: 'OD00000000000000000000' }, admin), 40400);
  });

  it('a cancellation before payment moves nothing; after it refunds the whole amount and takes the order out of the figures', async () => {
    const a = await newAgency('订单代理丁');
    const c = await newCustomer(a, '订单客户丁', PRICE);
    const unpaid = await placed(a, c);
    expect(expectOk(await cancel(unpaid.order_no))).toMatchObject({ state: 'cancelled', refunded: 0, postings: [] });

    const paid = await paidOrder(a, c);
    expect(await cashOf(c.userId)).toBe(0);
    expect(await figures(c.userId)).toMatchObject({ orderCount: 1, totalSpent: PRICE });
    const cancelled = expectOk(await cancel(paid.order_no))!;
    expect(cancelled).toMatchObject({ state: 'cancelled', refunded: PRICE });
    expect(cancelled.events.at(-1)).toMatchObject({ action: 'cancel', amount: PRICE, reason: '客户不要了' });
    expect(await cashOf(c.userId)).toBe(PRICE);
    for (const id of [a.id, c.userId]) expect(await figures(id)).toMatchObject({ orderCount: 0, lastOrderAt: null });
    expect((await figures(c.userId)).totalSpent).toBe(0);
    // The customer cancels its own in the apps; another's order is not found.
    const mine = await placed(a, c);
    const stranger = await newCustomer(await newAgency('订单代理丁二'), '订单客户丁二');
    expectError(await invoke(t, orderAppCalls.cancel, { order_no: mine.order_no }, stranger.token), 40400);
    expect(expectOk(await invoke(t, orderAppCalls.cancel, { order_no: mine.order_no }, c.token))).toMatchObject({ state: 'cancelled' });
    await expectLedgerInvariants(t.database.db);
  });
});

describe('refunds', () => {
  it('in service: at most the share of time and units left; the commission held on what was kept', async () => {
    const a = await newAgency('退款代理甲');
    const c = await newCustomer(a, '退款客户甲', PRICE);
    const order = await inService(a, c);
    expectOk(await invoke(t, orderCalls.orderDeliver, { order_no: order.order_no, n: 4 }, admin));
    // Units: 6 of 10 left; time: nearly all left. The smaller share: 60 %.
    const open = await details(order.order_no);
    expect(open.refundable).toBeLessThanOrEqual(60_000);
    expect(open.refundable).toBeGreaterThan(59_000);
    expect(expectError(await refund(order.order_no, 60_001), 40000)).toMatchObject({ field: 'amount' });
    const refunded = expectOk(await refund(order.order_no, 50_000))!;
    expect(refunded).toMatchObject({ state: 'refunded', refunded: 50_000, commission: 7_500 });
    expect(refunded.commissions).toEqual([expect.objectContaining({ base: 50_000, amount: 7_500, state: 'held' })]);
    expect(await cashOf(c.userId)).toBe(50_000);
    expect(await figures(c.userId)).toMatchObject({ orderCount: 1, totalSpent: 50_000 });
    expect(expectError(await refund(order.order_no, 1), 40900)).toMatchObject({ field: 'state' });
    await expectLedgerInvariants(t.database.db);
  });

  it('after completion inside the window: the held commission voided and held again on the rest, released when the first would have been', async () => {
    const a = await newAgency('退款代理乙');
    const c = await newCustomer(a, '退款客户乙', PRICE);
    const order = await inService(a, c);
    const completed = expectOk(await complete(order.order_no))!;
    await later(2 * DAY);
    const refunded = expectOk(await refund(order.order_no, 40_000))!;
    expect(refunded.commissions.map((x) => [x.base, x.amount, x.state, x.release_at])).toEqual([
      [PRICE, 15_000, 'voided', completed.commissions[0]!.release_at],
      [60_000, 9_000, 'held', completed.commissions[0]!.release_at],
    ]);
    expect(await agencyCash(a.id)).toEqual({ balance: 0, held: 9_000, income: 0 });
    await later(5 * DAY + 1000);
    await sweep();
    expect(await agencyCash(a.id)).toEqual({ balance: 9_000, held: 0, income: 9_000 });
    await expectLedgerInvariants(t.database.db);
  });

  it('after the window: the released commission clawed back down to the kept amount’s; what the agency cannot cover is due and taken from its next release', async () => {
    const a = await newAgency('退款代理丙');
    const c = await newCustomer(a, '退款客户丙', 3 * PRICE);
    const first = await inService(a, c);
    expectOk(await complete(first.order_no));
    await later(8 * DAY);
    await sweep();
    expect(await agencyCash(a.id)).toEqual({ balance: 15_000, held: 0, income: 15_000 });

    // Half refunded: the commission on the rest is 7,500, so 7,500 comes back.
    const halved = expectOk(await refund(first.order_no, 50_000))!;
    expect(halved.commissions[0]).toMatchObject({ state: 'released', clawed_back: 7_500, clawback_due: 0 });
    expect(halved.commission).toBe(7_500);
    expect(await agencyCash(a.id)).toEqual({ balance: 7_500, held: 0, income: 7_500 });

    // The agency spends what it has; a full refund of another released order then leaves 15,000 due.
    const second = await inService(a, c);
    expectOk(await complete(second.order_no));
    await later(8 * DAY);
    await sweep();
    expect(await agencyCash(a.id)).toMatchObject({ balance: 22_500 });
    const own = await placed(a, c, small, 'agency');
    expectOk(await pay(own.order_no, a.id));
    expect(await agencyCash(a.id)).toMatchObject({ balance: 22_500 - 8_999 });
    const full = expectOk(await refund(second.order_no, PRICE))!;
    expect(full.commissions[0]).toMatchObject({ clawed_back: 13_501, clawback_due: 1_499 });
    expect(await agencyCash(a.id)).toMatchObject({ balance: 0 });

    // The next release pays the due first.
    const third = await inService(a, c);
    expectOk(await complete(third.order_no));
    await later(8 * DAY);
    await sweep();
    expect((await details(second.order_no)).commissions[0]).toMatchObject({ clawed_back: 15_000, clawback_due: 0 });
    expect(await agencyCash(a.id)).toMatchObject({ balance: 15_000 - 1_499 });
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('the agency drawer’s 收益 lists its commissions with the money held, released, clawed back and due; its 退单 the cancellations and refunds', async () => {
    const a = await newAgency('收益代理戊');
    const c = await newCustomer(a, '收益客户戊', 3 * PRICE);
    const released = await inService(a, c);
    expectOk(await complete(released.order_no));
    await later(8 * DAY);
    await sweep();
    expectOk(await refund(released.order_no, 50_000));
    const held = await inService(a, c);
    expectOk(await complete(held.order_no));
    const unpaid = await placed(a, c);
    expectOk(await cancel(unpaid.order_no));
    const paid = await paidOrder(a, c);
    expectOk(await cancel(paid.order_no));

    const earnings = await ok(t, orderCalls.commissionList, { agency_id: a.id, page: 1, limit: 10 }, admin);
    expect(earnings).toMatchObject({ count: 2, held: 15_000, released: 15_000, clawed_back: 7_500, clawback_due: 0 });
    expect(earnings.data.map((r) => [r.order_no, r.state, r.amount, r.clawed_back])).toEqual([
      [held.order_no, 'held', 15_000, 0],
      [released.order_no, 'released', 15_000, 7_500],
    ]);
    expect(earnings.data[0]).toMatchObject({ business_name: held.business_name, customer_name: '收益客户戊', rate_bp: 1_500, base: PRICE });
    expect(await ok(t, orderCalls.commissionList, { agency_id: a.id, state: 'released', page: 1, limit: 10 }, admin)).toMatchObject({ count: 1, held: 0, released: 15_000 });

    const returns = await ok(t, orderCalls.returnList, { agency_id: a.id, page: 1, limit: 10 }, admin);
    expect(returns.data.map((r) => [r.order_no, r.action, r.amount, r.reason])).toEqual([
      [paid.order_no, 'cancel', PRICE, '客户不要了'],
      [unpaid.order_no, 'cancel', 0, '客户不要了'],
      [released.order_no, 'refund', 50_000, '服务未达标'],
    ]);
    expect(returns.sum_amount).toBe(PRICE + 50_000);
    const staffName = (await details(paid.order_no)).events.at(-1)!.by;
    expect(returns.data.every((r) => r.by === staffName && r.customer_name === '收益客户戊')).toBe(true);
    expect(await ok(t, orderCalls.returnList, { agency_id: a.id, action: 'refund', page: 1, limit: 10 }, admin)).toMatchObject({ count: 1, sum_amount: 50_000 });
    // Another agency's returns are not this one's.
    const b = await newAgency('收益代理己');
    expect(await ok(t, orderCalls.returnList, { agency_id: b.id, page: 1, limit: 10 }, admin)).toMatchObject({ count: 0, sum_amount: 0, data: [] });
  });

  it('用户收益记录 lists a claw-back as a negative line; an agency owing one pays it from its balance before it withdraws', async () => {
    const a = await newAgency('退款代理丁');
    const c = await newCustomer(a, '退款客户丁', PRICE);
    const order = await inService(a, c);
    expectOk(await complete(order.order_no));
    await later(8 * DAY);
    await sweep();
    // The agency spends most of its 15,000 on an order of its own; the full refund takes back the 6,001 left.
    expectOk(await pay((await placed(a, c, small, 'agency')).order_no, a.id));
    expect(expectOk(await refund(order.order_no, PRICE))!.commissions[0]).toMatchObject({ clawed_back: 6_001, clawback_due: 8_999 });
    const earnings = await ok(t, ledgerBookCalls.user_earnings.list, { user_id: a.id, page: 1, limit: 10 }, admin);
    expect(earnings.data.map((r) => [r.kind, r.amount])).toEqual([
      ['commission_clawback', -6_001],
      ['earning', 15_000],
    ]);
    expect(earnings).toMatchObject({ count: 2, sum_amount: 8_999 });
    expect(await ok(t, ledgerBookCalls.user_earnings.list, { user_id: a.id, kind: 'commission_clawback', page: 1, limit: 10 }, admin)).toMatchObject({ count: 1, sum_amount: -6_001 });

    // ¥ 100.00 credited by hand: 89.99 of it is owed, so at most ¥ 10.01 may be withdrawn, and asking more changes nothing.
    await ok(t, manualCreditCalls.earningCredit, { user_id: a.id, amount: 10_000, reason: '活动奖励', idempotency_key: key() }, admin);
    const token = await tokenOf(a.id);
    const withdraw = (amount: number) => invoke(t, withdrawalAppCalls.apply, { amount, payout_type: 2, account_name: '代理丁', account_no: 'agency@example.com', idempotency_key: key() }, token);
    const refused = await withdraw(1_002);
    expect(refused).toMatchObject({ code: 40900, data: { field: 'amount' } });
    expect(refused.message).toContain('最多可提现 ¥ 10.01');
    expect(await agencyCash(a.id)).toMatchObject({ balance: 10_000 });
    expect((await details(order.order_no)).commissions[0]).toMatchObject({ clawback_due: 8_999 });

    expectOk(await withdraw(1_001));
    expect((await details(order.order_no)).commissions[0]).toMatchObject({ clawed_back: 15_000, clawback_due: 0 });
    expect(await agencyCash(a.id)).toMatchObject({ balance: 1_001 });
    expect(await ok(t, ledgerBookCalls.user_earnings.list, { user_id: a.id, page: 1, limit: 10 }, admin)).toMatchObject({ count: 4, sum_amount: 10_000 });
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });
});

describe('placing', () => {
  it('refuses what may not be sold (40000 naming the field) and places once per key', async () => {
    const a = await newAgency('下单代理甲');
    const other = await newAgency('下单代理乙');
    const c = await newCustomer(a, '下单客户甲');
    const theirs = await newCustomer(other, '下单客户乙');
    expect(expectError(await place(a, c, otherBusinessPackage), 40000)).toMatchObject({ field: 'package_id' });
    expect(expectError(await place(a, c, offSale), 40000)).toMatchObject({ field: 'package_id' });
    expect(expectError(await place(a, theirs), 40000)).toMatchObject({ field: 'merchant_id' });
    await t.database.db.update(agency).set({ status: 'suspended' }).where(eq(agency.userId, other.id));
    expect(expectError(await place(other, theirs), 40000)).toMatchObject({ field: 'agency_id' });

    const once = await placed(a, c, basic, 'customer', { idempotency_key: 'order-test-same', external_no: 'EXT-1' });
    expect((await placed(a, c, basic, 'customer', { idempotency_key: 'order-test-same', external_no: 'EXT-1' })).order_no).toBe(once.order_no);
    expect(expectError(await place(a, c, small, 'customer', { idempotency_key: 'order-test-same' }), 40900)).toMatchObject({ field: 'idempotency_key' });
    expect(expectError(await place(a, c, small, 'customer', { external_no: 'EXT-1' }), 40900)).toMatchObject({ field: 'external_no' });
    expect((await ok(t, orderCalls.orderList, { agency_id: a.id, limit: 20 }, admin)).count).toBe(1);
  });

  it('in the apps: an agency places for its customer, a customer for itself; each lists and opens only its own', async () => {
    const a = await newAgency('应用下单代理');
    const c = await newCustomer(a, '应用下单客户', PRICE);
    const bySeller = expectOk(await invoke(t, orderAppCalls.create, { merchant_id: c.id, package_id: small, pay_by: 'customer', idempotency_key: key() }, a.token))!;
    expect(bySeller).toMatchObject({ source: 'app', agency_id: a.id, merchant_id: c.id, state: 'created' });
    expectError(await invoke(t, orderAppCalls.create, { package_id: small, pay_by: 'agency', idempotency_key: key() }, c.token), 40000);
    const byCustomer = expectOk(await invoke(t, orderAppCalls.create, { package_id: basic, pay_by: 'customer', idempotency_key: key() }, c.token))!;
    expect(byCustomer).toMatchObject({ agency_id: a.id, merchant_id: c.id });
    expect((await ok(t, orderAppCalls.list, { page: 1, limit: 20 }, c.token)).data.map((o) => o.order_no)).toEqual([byCustomer.order_no, bySeller.order_no]);
    expect((await ok(t, orderAppCalls.list, { page: 1, limit: 20 }, a.token)).count).toBe(2);
    expect((await ok(t, orderAppCalls.details, { order_no: byCustomer.order_no }, c.token)).events.map((e) => e.action)).toEqual(['create']);
    const stranger = await newCustomer(a, '应用下单旁人');
    expectError(await invoke(t, orderAppCalls.details, { order_no: byCustomer.order_no }, stranger.token), 40400);
    expect((await ok(t, orderAppCalls.list, { page: 1, limit: 20 }, stranger.token)).count).toBe(0);
  });
});

describe('the sweep', () => {
  it('cancels orders unpaid past 基础设置’s time to pay and completes orders past their service’s end', async () => {
    await settings({ commission_hold_days: 7, order_pay_minutes: 30 });
    const a = await newAgency('清理代理');
    const c = await newCustomer(a, '清理客户', PRICE);
    const unpaid = await placed(a, c, small);
    const serving = await inService(a, c);
    await later(31 * 60_000);
    await sweep();
    expect(await details(unpaid.order_no)).toMatchObject({ state: 'cancelled' });
    expect((await details(unpaid.order_no)).events.at(-1)).toMatchObject({ action: 'cancel', reason: '超时未付款', by: '系统' });
    expect((await details(serving.order_no)).state).toBe('in_service');
    await later(31 * DAY);
    await sweep();
    expect(await details(serving.order_no)).toMatchObject({ state: 'completed', commission: 15_000 });
    await settings({ commission_hold_days: 7 });
  });
});

const computeFigures = () => t.app.jobs.runNow('agency.figures', {});
const activity = (values: Partial<typeof agencyActivitySettings.defaults>) => ok(t, agencyActivitySettings.calls.edit, { ...agencyActivitySettings.defaults, ...values }, admin);
const agencyRow = async (id: number) => (await ok(t, agencyListCalls.agencyDetails, { id }, admin))!;

describe('开始服务 and 业务开通表', () => {
  it('keeps the form’s values on the order, each checked by its field: a missing required one is 40000 naming it, and nothing moves', async () => {
    const form = fieldFormCalls.business_set;
    const options = await ok(t, orderCalls.orderOptions, undefined, admin);
    expect(options.set_form.map((d) => d.key)).toEqual(['service_account', 'service_contact', 'service_note']);
    const added = await ok(t, form.definitionAdd, { key: 'douyin_id', type: 'text', label: { 'zh-CN': '抖音号', 'en-US': 'Douyin ID' }, required: true }, admin);
    try {
      const a = await newAgency('开通代理');
      const c = await newCustomer(a, '开通客户', PRICE);
      const order = await paidOrder(a, c);
      const starter = await signInWith(t, ['order.view', 'order.start']);
      const refused = await invoke(t, orderCalls.orderStart, { order_no: order.order_no, values: { service_account: '星火官方号' } }, starter);
      expect(expectError(refused, 40000)).toMatchObject({ field: 'values.douyin_id' });
      expect((await details(order.order_no)).state).toBe('paid');
      const started = expectOk(await invoke(t, orderCalls.orderStart, { order_no: order.order_no, values: { service_account: ' 星火官方号 ', douyin_id: 'xinghuo2026', service_contact: '13800138000' } }, starter))!;
      expect(started).toMatchObject({ state: 'in_service', set_values: { service_account: '星火官方号', douyin_id: 'xinghuo2026', service_contact: '13800138000' } });
      // Who may start an order reads the form's fields with the order centre's options, to fill them in.
      expect((await ok(t, orderCalls.orderOptions, undefined, starter)).set_form.map((d) => d.key)).toContain('douyin_id');
    } finally {
      await ok(t, form.definitionDel, { id: added.id }, admin);
    }
  });
});

describe('合同 pickers', () => {
  it('pick orders by number or customer, newest first, named by number and hinted by customer, package and state', async () => {
    const a = await newAgency('合同代理');
    const c = await newCustomer(a, '合同客户星辰', PRICE);
    const older = await placed(a, c);
    const newer = await paidOrder(a, c, small);
    const byCustomer = await ok(t, fieldLookupCalls.lookup, { type: 'contract', keyword: '合同客户星辰' }, admin);
    expect(byCustomer).toEqual({
      available: true,
      items: [
        { id: newer.id, name: newer.order_no, hint: `合同客户星辰 · ${newer.business_name} · ${newer.package_name} · 已付款` },
        { id: older.id, name: older.order_no, hint: `合同客户星辰 · ${older.business_name} · ${older.package_name} · 待付款` },
      ],
    });
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'contract', keyword: older.order_no.slice(-8) }, admin)).items.map((i) => i.id)).toEqual([older.id]);
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'contract', ids: [older.id, 999_999] }, admin)).items.map((i) => i.name)).toEqual([older.order_no]);
  });
});

describe('the nightly figures (agency.figures)', () => {

  it('keep each agency’s sales of the level window and its activity score and band; raise it to the level its sales reach, never lower', async () => {
    const a = await newAgency('考核代理', 0);
    const c = await newCustomer(a, '考核客户', 3 * PRICE);
    expectOk(await complete((await inService(a, c)).order_no));
    expectOk(await refund((await inService(a, c)).order_no, 40_000));
    expectOk(await cancel((await paidOrder(a, c)).order_no));
    await placed(a, c);
    // Kept: 100,000 + 60,000; the cancelled and the unpaid orders count for nothing.
    await activity({ points_per_sign_in_day: 0, points_per_paid_order: 5, points_per_new_customer: 3, active_from: 15, normal_from: 10 });
    const levels = (await ok(t, agencyLevel.calls.list, { limit: 100 }, admin)).data as { id: number; level: number }[];
    const bronze = levels.find((l) => l.level === 1)!;
    await ok(t, agencyLevel.calls.edit!, { id: bronze.id, threshold: 150_000 }, admin);
    try {
      expect((await agencyRow(a.id)).figures_at).toBeNull();
      await computeFigures();
      // Two orders paid and kept (5 each) and one new customer (3): 13, 一般.
      expect(await agencyRow(a.id)).toMatchObject({ sales_fen: 160_000, activity_score: 13, activity_band: 'normal', level: 1 });
      const computedAt = Date.parse((await agencyRow(a.id)).figures_at!);
      expect(t.clock.now().getTime() - computedAt).toBeLessThan(60_000);
      const history = await ok(t, agencyListCalls.agencyHistory, { id: a.id }, admin);
      expect(history.at(-1)).toMatchObject({ action: 'level_promote', from: 0, to: 1, reason: '考核期销售额达到升级门槛', staff_name: null });
      expect((await ok(t, agencyListCalls.agencyList, { activity_band: 'normal', keyword: '考核代理', limit: 10 }, admin)).count).toBe(1);
      expect((await ok(t, agencyListCalls.agencyList, { activity_band: 'active', keyword: '考核代理', limit: 10 }, admin)).count).toBe(0);

      // Again: nothing more raised. A level set by hand above what the sales reach stays.
      await activity({ points_per_sign_in_day: 0, points_per_paid_order: 6, points_per_new_customer: 3, active_from: 15, normal_from: 10 });
      await ok(t, agencyListCalls.levelSet, { id: a.id, level: 3, reason: '战略合作' }, admin);
      await computeFigures();
      expect(await agencyRow(a.id)).toMatchObject({ activity_score: 15, activity_band: 'active', level: 3 });
      expect((await ok(t, agencyListCalls.agencyHistory, { id: a.id }, admin)).filter((e) => e.action === 'level_promote')).toHaveLength(1);

      // Sign-in days count once a day, in the window: a day later and signed in again, one more day.
      await activity({ points_per_sign_in_day: 7, points_per_paid_order: 0, points_per_new_customer: 0 });
      await computeFigures();
      const before = (await agencyRow(a.id)).activity_score;
      expect(before).toBeGreaterThanOrEqual(7);
      expect(before % 7).toBe(0);
      await later(DAY);
      await tokenOf(a.id);
      await tokenOf(a.id);
      await computeFigures();
      expect((await agencyRow(a.id)).activity_score).toBe(before + 7);

      // Past the activity window the orders and customer no longer score; the sales stay in the level window.
      await activity({ points_per_sign_in_day: 0 });
      await later(31 * DAY);
      await computeFigures();
      expect(await agencyRow(a.id)).toMatchObject({ sales_fen: 160_000, activity_score: 0, activity_band: 'dormant' });
    } finally {
      await ok(t, agencyLevel.calls.edit!, { id: bronze.id, threshold: 1_000_000 }, admin);
      await activity({});
    }
  });
});

describe('订单中心', () => {
  it('lists by keyset with filters, counts and sums the filter; staff without an operation are refused its move', async () => {
    const a = await newAgency('中心代理');
    const c = await newCustomer(a, '中心客户', 2 * PRICE);
    const paid = await paidOrder(a, c);
    const created = await placed(a, c, small, 'customer', { external_no: 'CENTRE-9' });
    const page = await ok(t, orderCalls.orderList, { agency_id: a.id, limit: 1 }, admin);
    expect(page).toMatchObject({ count: 2, data: [expect.objectContaining({ order_no: created.order_no })] });
    const next = await ok(t, orderCalls.orderList, { agency_id: a.id, limit: 1, cursor: page.next_cursor! }, admin);
    expect(next.data.map((o) => o.order_no)).toEqual([paid.order_no]);
    expect((await ok(t, orderCalls.orderList, { keyword: 'centre-9', limit: 20 }, admin)).data.map((o) => o.order_no)).toEqual([created.order_no]);
    expect((await ok(t, orderCalls.orderList, { agency_id: a.id, state: 'paid', limit: 20 }, admin)).data.map((o) => o.order_no)).toEqual([paid.order_no]);
    expect((await ok(t, orderCalls.orderList, { agency_id: a.id, amount_min: 10_000, limit: 20 }, admin)).data.map((o) => o.order_no)).toEqual([paid.order_no]);
    expect(await ok(t, orderCalls.orderTotals, { agency_id: a.id }, admin)).toEqual({ count: 2, amount: PRICE + 9_999, refunded: 0, commission: 0 });
    // Kept per filter: a move here shows at once; a write this server did not make (another instance's) within 30 s.
    expectOk(await cancel(paid.order_no));
    expect(await ok(t, orderCalls.orderTotals, { agency_id: a.id }, admin)).toMatchObject({ count: 2, refunded: PRICE });
    await t.database.db.update(orders).set({ refunded: 1 }).where(eq(orders.orderNo, created.order_no));
    expect(await ok(t, orderCalls.orderTotals, { agency_id: a.id }, admin)).toMatchObject({ refunded: PRICE });
    t.clock.advance(30_001);
    await ok(t, orderCalls.orderTotals, { agency_id: a.id }, admin);
    await expect.poll(async () => (await ok(t, orderCalls.orderTotals, { agency_id: a.id }, admin)).refunded).toBe(PRICE + 1);
    await t.database.db.update(orders).set({ refunded: 0 }).where(eq(orders.orderNo, created.order_no));
    expect(expectError(await invoke(t, orderCalls.orderList, { amount_min: 5, amount_max: 1 }, admin), 40000)).toMatchObject({ field: 'amount_max' });

    const viewer = await signInWith(t, ['order.view']);
    expectOk(await invoke(t, orderCalls.orderDetails, { order_no: paid.order_no }, viewer));
    expectError(await start(paid.order_no, viewer), 40300);
    expectError(await place(a, c, small, 'customer', {}, viewer), 40300);
    expectError(await invoke(t, orderCalls.orderList, { limit: 20 }, await signInWith(t, ['merchant.view'])), 40300);
    // A customer with orders is not deleted: they are the record of what was sold.
    expectError(await invoke(t, merchantCalls.merchantDel, { id: c.id }, admin), 40900);
  });
});

describe.runIf(testEngine === 'postgres')('races on PostgreSQL', () => {
  it('two refunds of one order at once: one is made, the other told the state moved; money moves once', async () => {
    const a = await newAgency('竞争代理甲');
    const c = await newCustomer(a, '竞争客户甲', PRICE);
    const order = await inService(a, c);
    const answers = await Promise.all([refund(order.order_no, 10_000), refund(order.order_no, 20_000)]);
    expect(answers.map((x) => x.code).sort()).toEqual([20000, 40900]);
    const after = await details(order.order_no);
    expect(after.commissions).toHaveLength(1);
    expect(await cashOf(c.userId)).toBe(after.refunded);
    await expectLedgerInvariants(t.database.db);
  });

  it('a completion and a refund at once: whichever comes second sees the first; the commission follows what was kept', async () => {
    const a = await newAgency('竞争代理丙');
    const c = await newCustomer(a, '竞争客户丙', PRICE);
    const order = await inService(a, c);
    await Promise.all([complete(order.order_no), refund(order.order_no, 10_000)]);
    const after = await details(order.order_no);
    expect(after).toMatchObject({ state: 'refunded', refunded: 10_000, commission: 13_500 });
    expect(after.commissions.filter((x) => x.state !== 'voided')).toEqual([expect.objectContaining({ base: 90_000, amount: 13_500 })]);
    expect(await agencyCash(a.id)).toMatchObject({ held: 13_500 });
    await expectLedgerInvariants(t.database.db);
  });

  it('two cancellations of one paid order at once refund it once; two payments of one order pay it once', async () => {
    const a = await newAgency('竞争代理乙');
    const c = await newCustomer(a, '竞争客户乙', 2 * PRICE);
    const paid = await paidOrder(a, c);
    const answers = await Promise.all([cancel(paid.order_no), cancel(paid.order_no)]);
    expect(answers.map((x) => x.code).sort()).toEqual([20000, 40900]);
    expect(await cashOf(c.userId)).toBe(2 * PRICE);
    const order = await placed(a, c);
    const token = await tokenOf(c.userId);
    const payments = await Promise.all([invoke(t, orderAppCalls.pay, { order_no: order.order_no }, token), invoke(t, orderAppCalls.pay, { order_no: order.order_no }, token)]);
    expect(payments.map((x) => x.code)).toEqual([20000, 20000]);
    expect(await cashOf(c.userId)).toBe(PRICE);
    expect((await figures(c.userId)).orderCount).toBe(1);
    await expectLedgerInvariants(t.database.db);
  });
});
