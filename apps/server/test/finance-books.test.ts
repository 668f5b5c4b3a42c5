import { beanAppCalls, financeCalls, LEDGER_BOOK_CODES, ledgerBookCalls, manualCreditCalls, topUpCalls, type CallBody, type LedgerBook } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/audit/table';
import { Ledger } from '../src/lib/ledger/ledger';
import { financeFunctionCharge, financePackage } from '../src/modules/finance/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants, rowsOf } from './helpers/ledger';
import { generate, insertUser, openBalances } from './helpers/users';
import pino from 'pino';
import { seedBookActivity } from '../src/modules/finance/demo-seed';

// The ledger's books (docs/finance.md › Books): 用户收益记录, 用户消费记录 and the three bean books, read from the
// ledger's entries; the flows that fill them — app users' package purchases and bean spending, earnings credited by
// staff — and the books' operations.

let t: TestApp;
let admin: string;
let pkg: { id: number };
let bonusless: { id: number };

beforeAll(async () => {
  t = await buildTestApp({ config: { fakePayments: true } });
  admin = await signInAsAdmin(t);
  const db = t.database.db;
  [pkg] = await db.insert(financePackage).values({ name: 'books-月卡', price: 3_000, beans: 300, bonusBeans: 30 }).returning();
  [bonusless] = await db.insert(financePackage).values({ name: 'books-体验', price: 500, beans: 50 }).returning();
  await db.insert(financePackage).values({ name: 'books-下架', price: 100, beans: 10, enabled: false });
  await db.insert(financeFunctionCharge).values([
    { code: 'books.title', name: '智能标题', priceBeans: 20 },
    { code: 'books.free', name: '免费功能', priceBeans: 0 },
    { code: 'books.off', name: '停用功能', priceBeans: 5, enabled: false },
  ]);
});
afterAll(() => t?.close());

let keys = 0;
const key = () => `book-${process.pid}-${++keys}`;

async function appUserWith(balance: number, name?: string) {
  const user = await insertUser(t, name ? { name } : {});
  if (balance) await openBalances(t, [{ userId: user.id, balance }]);
  return { id: user.id, token: await signInAppUser(t, user.id) };
}

const buy = (token: string, packageId: number, idempotency_key = key()) => invoke(t, beanAppCalls.packageBuy, { package_id: packageId, idempotency_key }, token);
const spend = (token: string, feature_code: string, quantity = 1, idempotency_key = key()) => invoke(t, beanAppCalls.beanSpend, { feature_code, quantity, idempotency_key }, token);
const book = (name: LedgerBook, filter: CallBody<typeof ledgerBookCalls.user_earnings.list> = {}, token = admin) => ok(t, ledgerBookCalls[name].list, filter, token);
const account = async (userId: number, currency: 'CNY' | 'BEAN' = 'CNY') => (await ok(t, financeCalls.userStatement, { user_id: userId, currency }, admin)).account;

describe('buying a package', () => {
  it('pays its price from the balance and credits its beans and bonus: one posting in 用户消费记录, two in 金豆充值记录', async () => {
    const u = await appUserWith(10_000, '套餐买家');
    const bought = await buy(u.token, pkg.id);
    if (bought.code !== 20000) expect.fail(bought.message);
    expect(bought.data).toMatchObject({ paid: 3_000, beans: 330, cash_available: 7_000, bean_balance: 330 });
    expect(await account(u.id)).toMatchObject({ balance: 7_000, available: 7_000 });
    expect(await account(u.id, 'BEAN')).toMatchObject({ balance: 330 });

    const expense = await book('user_expense', { user_id: u.id });
    expect(expense).toMatchObject({ count: 1, sum_amount: 3_000 });
    expect(expense.data[0]).toMatchObject({ kind: 'bean_purchase', user_name: '套餐买家', amount: 3_000, balance_after: 7_000, memo: '购买套餐 books-月卡', staff_name: '', reversed: false });
    const beans = await book('bean_recharge', { user_id: u.id });
    expect(beans).toMatchObject({ count: 2, sum_amount: 330 });
    expect(beans.data.map((r) => [r.kind, r.amount, r.balance_after])).toEqual([
      ['bean_bonus', 30, 330],
      ['bean_purchase', 300, 300],
    ]);
    const details = await ok(t, ledgerBookCalls.user_expense.details, { entry_id: expense.data[0]!.entry_id }, admin);
    expect(details.reference).toMatchObject({ package_id: pkg.id, package_name: 'books-月卡' });
    expect(details.entries.map((e) => [e.account_kind, e.amount])).toEqual([
      ['user_cash', -3_000],
      ['revenue', 3_000],
      ['bean_issuance', -300],
      ['user_beans', 300],
    ]);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('answers a replay with the first purchase and refuses another package under its key; refuses 余额不足 and packages not on sale', async () => {
    const u = await appUserWith(3_600);
    const k = key();
    const first = await buy(u.token, pkg.id, k);
    const again = await buy(u.token, pkg.id, k);
    expect(again.code).toBe(20000);
    expect(again.code === 20000 && first.code === 20000 && again.data.transfer_id).toBe(first.code === 20000 && first.data.transfer_id);
    expect(expectError(await buy(u.token, bonusless.id, k), 40900)).toMatchObject({ field: 'idempotency_key' });
    expect(expectError(await buy(u.token, pkg.id), 40900)).toMatchObject({ field: 'amount' });
    const [off] = await t.database.db.select().from(financePackage).where(eq(financePackage.name, 'books-下架'));
    expectError(await buy(u.token, off!.id), 40400);
    expect(await account(u.id)).toMatchObject({ balance: 600 });
    expect((await book('user_expense', { user_id: u.id })).count).toBe(1);

    // Taken off sale since: a retry of the purchase still answers it, and moves nothing.
    await t.database.db.update(financePackage).set({ enabled: false }).where(eq(financePackage.id, pkg.id));
    const retried = await buy(u.token, pkg.id, k);
    await t.database.db.update(financePackage).set({ enabled: true }).where(eq(financePackage.id, pkg.id));
    expect(retried).toMatchObject({ code: 20000, data: { transfer_id: first.code === 20000 ? first.data.transfer_id : -1, paid: 3_000, beans: 330, cash_available: 600 } });
    expect(await account(u.id)).toMatchObject({ balance: 600 });
  });

  it('keeps the keys of its bonus apart from clients’ keys: a purchase under `X:bonus` after one under `X` is a purchase of its own', async () => {
    const u = await appUserWith(6_000);
    const k = key();
    const first = await buy(u.token, pkg.id, k);
    const second = await buy(u.token, pkg.id, `${k}:bonus`);
    expect(second).toMatchObject({ code: 20000, data: { paid: 3_000, beans: 330, cash_available: 0 } });
    expect(second.code === 20000 && first.code === 20000 && second.data.transfer_id !== first.data.transfer_id).toBe(true);
    expect(await account(u.id)).toMatchObject({ balance: 0 });
    expect((await book('bean_recharge', { user_id: u.id, kind: 'bean_bonus' })).data.map((r) => r.amount)).toEqual([30, 30]);
  });
});

describe('spending beans', () => {
  it('charges quantity × the price in force; a free feature moves nothing; too few beans, or no charge in force, is refused', async () => {
    const u = await appUserWith(10_000);
    await buy(u.token, bonusless.id);
    const spent = await spend(u.token, 'books.title', 2);
    if (spent.code !== 20000) expect.fail(spent.message);
    expect(spent.data).toMatchObject({ paid: 0, beans: -40, bean_balance: 10 });
    expect(await spend(u.token, 'books.free', 3)).toMatchObject({ code: 20000, data: { transfer_id: null, beans: 0, bean_balance: 10 } });
    expect(expectError(await spend(u.token, 'books.title'), 40900)).toMatchObject({ field: 'amount' });
    expectError(await spend(u.token, 'books.off'), 40400);
    expectError(await spend(u.token, 'books.none'), 40400);
    const expense = await book('bean_expense', { user_id: u.id });
    expect(expense).toMatchObject({ count: 1, sum_amount: 40 });
    expect(expense.data[0]).toMatchObject({ kind: 'bean_spend', amount: 40, balance_after: 10, memo: '智能标题 ×2' });
    await buy(u.token, bonusless.id);
    const k = key();
    const once = await spend(u.token, 'books.title', 1, k);
    expect(await spend(u.token, 'books.title', 1, k)).toEqual(once);
    expect(await account(u.id, 'BEAN')).toMatchObject({ balance: 40 });
  });
});

describe('earnings', () => {
  it('credits a user’s earnings by hand with the reason, counted in 累计收益, audited once however often the key is replayed', async () => {
    const u = await appUserWith(0, '收益用户');
    const k = key();
    const credit = { user_id: u.id, amount: 1_250, reason: '推广奖励', idempotency_key: k };
    const record = await ok(t, manualCreditCalls.earningCredit, credit, admin);
    expect(record).toMatchObject({ kind: 'earning', user_id: u.id, user_name: '收益用户', amount: 1_250, balance_after: 1_250, memo: '手动入账：推广奖励', staff_name: expect.any(String) });
    expect(await ok(t, manualCreditCalls.earningCredit, credit, admin)).toEqual(record);
    expect(expectError(await invoke(t, manualCreditCalls.earningCredit, { ...credit, amount: 1_000 }, admin), 40900)).toMatchObject({ field: 'idempotency_key' });
    expect(await account(u.id)).toMatchObject({ balance: 1_250, income: 1_250 });
    const earnings = await book('user_earnings', { user_id: u.id });
    expect(earnings).toMatchObject({ count: 1, sum_amount: 1_250, data: [record] });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'finance.earnings.credit'), eq(auditLog.target, `user:${u.id}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ amount: 1_250, reason: '推广奖励' });

    const beans = await ok(t, manualCreditCalls.beanEarningCredit, { user_id: u.id, amount: 88, reason: '活动', idempotency_key: key() }, admin);
    expect(beans).toMatchObject({ kind: 'bean_earning', amount: 88 });
    expect((await book('bean_earnings', { user_id: u.id })).data).toEqual([beans]);
    expect((await book('user_earnings', { user_id: u.id })).count).toBe(1);
    await expectLedgerInvariants(t.database.db);
  });

  it('refuses an unknown user and bad input naming the field, writing nothing', async () => {
    expect(expectError(await invoke(t, manualCreditCalls.earningCredit, { user_id: 99_999_999, amount: 100, reason: 'x', idempotency_key: key() }, admin), 40000)).toMatchObject({ field: 'user_id' });
    const u = await appUserWith(0);
    expect(expectError(await invoke(t, manualCreditCalls.earningCredit, { user_id: u.id, amount: 0, reason: 'x', idempotency_key: key() }, admin), 40000)).toMatchObject({ field: 'amount' });
    expect(expectError(await invoke(t, manualCreditCalls.earningCredit, { user_id: u.id, amount: 100, reason: ' ', idempotency_key: key() }, admin), 40000)).toMatchObject({ field: 'reason' });
    expect((await book('user_earnings', { user_id: u.id })).count).toBe(0);
  });
});

describe('the books', () => {
  it('list only their own entries: top-up bonus beans in 金豆充值记录, a reversal marked, filters by kind, amount, keyword and days', async () => {
    const u = await appUserWith(20_000, '账本用户');
    const order = await ok(t, topUpCalls.create, { amount: 5_000, channel: 'alipay', idempotency_key: key() }, u.token);
    await ok(t, topUpCalls.fakePay, { order_no: order.order.order_no }, u.token);
    await buy(u.token, pkg.id);
    await buy(u.token, bonusless.id);
    const recharge = await book('bean_recharge', { user_id: u.id });
    expect(recharge.data.map((r) => r.kind).sort()).toEqual(['bean_bonus', 'bean_purchase', 'bean_purchase', ...(order.order.bonus_beans ? ['top_up'] : [])].sort());
    expect((await book('bean_recharge', { user_id: u.id, kind: 'bean_bonus' })).data.map((r) => r.amount)).toEqual([30]);
    expect((await book('user_expense', { user_id: u.id, amount_min: 1_000 })).data.map((r) => r.amount)).toEqual([3_000]);
    expect((await book('user_expense', { keyword: '账本用户' })).count).toBe(2);
    const expense = await book('user_expense', { user_id: u.id });
    expect((await book('user_expense', { keyword: String(expense.data[0]!.transfer_id) })).data).toEqual([expense.data[0]]);
    // A line is also found by its own number.
    expect((await book('user_expense', { user_id: u.id, keyword: String(expense.data[1]!.entry_id) })).data).toEqual([expense.data[1]]);
    expect((await book('user_expense', { user_id: u.id, time: ['2000-01-01', '2000-01-02'] })).count).toBe(0);
    // Top-ups are 用户充值记录's, not a book's: the cash books do not list them.
    expect((await book('user_earnings', { user_id: u.id })).count).toBe(0);

    await new Ledger(t.database.db, t.clock).reverse(expense.data[0]!.transfer_id, { memo: '退款' });
    expect((await book('user_expense', { user_id: u.id })).data[0]).toMatchObject({ transfer_id: expense.data[0]!.transfer_id, reversed: true });
    expectError(await invoke(t, ledgerBookCalls.user_earnings.details, { entry_id: expense.data[0]!.entry_id }, admin), 40400);
    await expectLedgerInvariants(t.database.db);
  });

  it('export the whole filtered set, cash in yuan and beans whole', async () => {
    const u = await appUserWith(10_000);
    await buy(u.token, pkg.id);
    const file = async (name: LedgerBook) => {
      const res = await t.app.inject({ method: 'POST', url: ledgerBookCalls[name].export.path, payload: { user_id: u.id }, headers: { 'x-token': admin } });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    };
    const expense = await file('user_expense');
    expect(expense[0]).toContain('金额(元)');
    expect(expense[0]!.slice(0, 2)).toEqual(['流水号', '转账号']);
    expect(expense.slice(1).map((r) => [r[5], r[6], r[7]])).toEqual([['金豆充值', 30, 70]]);
    const beans = await file('bean_recharge');
    expect(beans.slice(1).map((r) => [r[5], r[6]])).toEqual([
      ['赠送金豆', 30],
      ['金豆充值', 300],
    ]);
  });

  it('each need their own operations: view, export, credit', async () => {
    const viewer = await signInWith(t, ['finance.earnings.view']);
    expect((await invoke(t, ledgerBookCalls.user_earnings.list, {}, viewer)).code).toBe(20000);
    expectError(await invoke(t, ledgerBookCalls.bean_earnings.list, {}, viewer), 40300);
    expectError(await invoke(t, ledgerBookCalls.user_earnings.export, {}, viewer), 40300);
    const u = await appUserWith(0);
    expectError(await invoke(t, manualCreditCalls.earningCredit, { user_id: u.id, amount: 100, reason: '无权', idempotency_key: key() }, viewer), 40300);
    const creditor = await signInWith(t, ['finance.bean_earnings.credit']);
    expectError(await invoke(t, manualCreditCalls.earningCredit, { user_id: u.id, amount: 100, reason: '无权', idempotency_key: key() }, creditor), 40300);
    expect((await invoke(t, manualCreditCalls.beanEarningCredit, { user_id: u.id, amount: 5, reason: '有权', idempotency_key: key() }, creditor)).code).toBe(20000);
    expect(await account(u.id)).toMatchObject({ balance: 0 });
  });
});

const counts = async () => Object.fromEntries(await Promise.all(LEDGER_BOOK_CODES.map(async (name) => [name, (await book(name)).count] as const)));

describe('the demo’s books', () => {
  it('are filled by the real flows once: earnings, package purchases, bean earnings and spending', async () => {
    await generate(t, 40);
    const seed = () => seedBookActivity({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await seed();
    const first = await counts();
    for (const name of ['user_earnings', 'user_expense', 'bean_recharge', 'bean_earnings', 'bean_expense'] as const) expect(first[name], name).toBeGreaterThan(0);
    await seed();
    expect(await counts()).toEqual(first);
    await expectLedgerInvariants(t.database.db);
  });
});

// PGlite has one connection: concurrent requests there queue by construction and prove nothing.
describe.skipIf(testEngine !== 'postgres')('racing on PostgreSQL', () => {
  it('20 purchases at once against a balance for 3 succeed 3 times; 20 spends under one key spend once', async () => {
    const u = await appUserWith(10_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(u.token, pkg.id)));
    expect(answers.filter((a) => a.code === 20000)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 40900)).toHaveLength(17);
    const k = key();
    const spends = await Promise.all(Array.from({ length: 20 }, () => spend(u.token, 'books.title', 1, k)));
    expect(spends.every((a) => a.code === 20000)).toBe(true);
    expect(await account(u.id, 'BEAN')).toMatchObject({ balance: 990 - 20 });
    const [spent] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_transfer where kind = 'bean_spend' and user_id = ${u.id}`);
    expect(spent!.n).toBe(1);
    await expectLedgerInvariants(t.database.db);
  });
});
