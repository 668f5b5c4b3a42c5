import fs from 'node:fs';
import path from 'node:path';
import { financeCalls } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/lib/db/client';
import { Ledger, type AccountRef } from '../src/lib/ledger/ledger';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin } from './helpers/auth';
import { insertUser, moneyOfUsers, openBalances } from './helpers/users';

// The posting engine (docs/finance.md › Ledger) on a real database, and the finance calls that read it.

let t: TestApp;
let admin: string;
let ledger: Ledger;

const user = (ownerId: number, kind: 'user_cash' | 'user_beans' = 'user_cash'): AccountRef => ({ kind, ownerId });
const clearing: AccountRef = { kind: 'payment_clearing' };
const revenue: AccountRef = { kind: 'revenue' };
const withdrawals: AccountRef = { kind: 'withdrawal_clearing' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  ledger = new Ledger(t.database.db, t.clock);
});
afterAll(() => t?.close());

const topUp = (userId: number, amount: number, idempotencyKey?: string) =>
  ledger.post({ kind: 'top_up', legs: [{ debit: clearing, credit: user(userId), amount }], idempotencyKey });

const statement = (userId: number, currency: 'CNY' | 'BEAN' = 'CNY') => ok(t, financeCalls.userStatement, { user_id: userId, currency, limit: 200 }, admin);

const trialBalance = () => ok(t, financeCalls.trialBalance, {}, admin);

async function expectBalanced() {
  const tb = await trialBalance();
  for (const c of tb.currencies) {
    expect(c.balanced, c.currency).toBe(true);
    expect(c.debits).toBe(c.credits);
    expect(c.kinds.reduce((n, k) => n + k.balance, 0)).toBe(0);
  }
}

describe('posting', () => {
  it('moves money between accounts, keeps each entry with the balance after it, and the trial balance equal', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 10_000);
    await ledger.post({ kind: 'spend', legs: [{ debit: user(u.id), credit: revenue, amount: 2_500 }] });
    const s = await statement(u.id);
    expect(s.account).toMatchObject({ balance: 7_500, frozen: 0, available: 7_500, income: 0 });
    expect(s.data.map((e) => [e.transfer_kind, e.amount, e.balance_after])).toEqual([
      ['spend', -2_500, 7_500],
      ['top_up', 10_000, 10_000],
    ]);
    await expectBalanced();
  });

  it('refuses an overdraft with 余额不足 naming amount, and changes nothing', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 100);
    const failed = ledger.post({ kind: 'spend', legs: [{ debit: user(u.id), credit: revenue, amount: 101 }] });
    await expect(failed).rejects.toMatchObject({ code: 40900, data: { field: 'amount' } });
    expect((await statement(u.id)).account.balance).toBe(100);
    expect((await statement(u.id)).count).toBe(1);
  });

  it('refuses amounts that are not positive whole numbers, and legs mixing currencies', async () => {
    const u = await insertUser(t);
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 1])
      await expect(topUp(u.id, amount)).rejects.toMatchObject({ code: 40000, data: { field: 'amount' } });
    await expect(ledger.post({ kind: 'top_up', legs: [{ debit: clearing, credit: user(u.id, 'user_beans'), amount: 1 }] })).rejects.toThrow(/mixes currencies/);
    expect((await statement(u.id)).count).toBe(0);
  });

  it('posts several legs of both currencies as one transfer: a bean purchase with bonus beans', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 5_000);
    await ledger.post({
      kind: 'bean_purchase',
      legs: [
        { debit: user(u.id), credit: revenue, amount: 3_000 },
        { debit: { kind: 'bean_issuance' }, credit: user(u.id, 'user_beans'), amount: 300 },
        { debit: { kind: 'promotions' }, credit: user(u.id, 'user_beans'), amount: 30 },
      ],
    });
    expect((await statement(u.id)).account.balance).toBe(2_000);
    const beans = await statement(u.id, 'BEAN');
    expect(beans.account.balance).toBe(330);
    expect(beans.data.map((e) => e.balance_after)).toEqual([330, 300]);
    await expectBalanced();
  });

  it('counts income kinds into 累计收益, and takes them back when reversed', async () => {
    const u = await insertUser(t);
    const earning = await ledger.post({ kind: 'earning', legs: [{ debit: { kind: 'commission_payable' }, credit: user(u.id), amount: 800 }] });
    await topUp(u.id, 200);
    expect((await statement(u.id)).account).toMatchObject({ balance: 1_000, income: 800 });
    await ledger.reverse(earning.id, { memo: '佣金计算有误' });
    expect((await statement(u.id)).account).toMatchObject({ balance: 200, income: 0 });
    await expect(ledger.reverse(earning.id)).rejects.toMatchObject({ code: 40900 });
    await expectBalanced();
  });

  it('refuses to reverse money already spent', async () => {
    const u = await insertUser(t);
    const top = await topUp(u.id, 500);
    await ledger.post({ kind: 'spend', legs: [{ debit: user(u.id), credit: revenue, amount: 400 }] });
    await expect(ledger.reverse(top.id)).rejects.toMatchObject({ code: 40900, data: { field: 'amount' } });
    expect((await statement(u.id)).account.balance).toBe(100);
  });
});

describe('inside a caller’s transaction', () => {
  it('leaves nothing of a refused transfer when the caller catches the refusal and commits: its key stays free', async () => {
    const u = await insertUser(t);
    const spend = { kind: 'spend' as const, legs: [{ debit: user(u.id), credit: revenue, amount: 500 }], idempotencyKey: `test:${u.id}:spend` };
    await t.database.db.transaction(async (tx) => {
      await expect(ledger.post(spend, tx)).rejects.toMatchObject({ code: 40900, data: { field: 'amount' } });
    });
    await topUp(u.id, 1_000);
    expect(await ledger.post(spend)).toMatchObject({ replayed: false });
    expect((await statement(u.id)).account.balance).toBe(500);
  });
});

describe('two-phase withdrawals', () => {
  it('holds the amount on apply, moves it when paid, and the hold shows as settled', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 1_000);
    const hold = await ledger.reserve({ kind: 'withdrawal', legs: [{ debit: user(u.id), credit: withdrawals, amount: 600 }] });
    expect((await statement(u.id)).account).toMatchObject({ balance: 1_000, frozen: 600, available: 400 });
    // What is held cannot be spent.
    await expect(ledger.post({ kind: 'spend', legs: [{ debit: user(u.id), credit: revenue, amount: 401 }] })).rejects.toMatchObject({ code: 40900 });
    await ledger.postPending(hold.id, { memo: '已打款' });
    const s = await statement(u.id);
    expect(s.account).toMatchObject({ balance: 400, frozen: 0, available: 400 });
    expect(s.data.map((e) => [e.transfer_kind, e.amount, e.pending, e.transfer_state])).toEqual([
      ['withdrawal', -600, false, 'posted'],
      ['withdrawal', -600, true, 'posted'],
      ['top_up', 1_000, false, 'posted'],
    ]);
    await expect(ledger.postPending(hold.id)).rejects.toMatchObject({ code: 40900 });
    await expect(ledger.voidPending(hold.id)).rejects.toMatchObject({ code: 40900 });
    await expectBalanced();
  });

  it('releases the hold when rejected, moving nothing', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 1_000);
    const hold = await ledger.reserve({ kind: 'withdrawal', legs: [{ debit: user(u.id), credit: withdrawals, amount: 1_000 }] });
    await expect(ledger.reserve({ kind: 'withdrawal', legs: [{ debit: user(u.id), credit: withdrawals, amount: 1 }] })).rejects.toMatchObject({ code: 40900 });
    await ledger.voidPending(hold.id, { memo: '账户信息有误' });
    const s = await statement(u.id);
    expect(s.account).toMatchObject({ balance: 1_000, frozen: 0, available: 1_000 });
    expect(s.data[0]).toMatchObject({ pending: true, transfer_state: 'voided' });
    await expect(ledger.reverse(hold.id)).rejects.toMatchObject({ code: 40900 });
    await expectBalanced();
  });
});

describe('idempotency keys', () => {
  it('answers the first transfer again for the same key and request, and 40900 for another request under it', async () => {
    const u = await insertUser(t);
    const first = await topUp(u.id, 300, `test:${u.id}:a`);
    const again = await topUp(u.id, 300, `test:${u.id}:a`);
    expect(again).toMatchObject({ id: first.id, replayed: true });
    await expect(topUp(u.id, 301, `test:${u.id}:a`)).rejects.toMatchObject({ code: 40900, data: { field: 'idempotency_key' } });
    expect((await statement(u.id)).account.balance).toBe(300);
  });
});

describe('opening balances and the users list', () => {
  it('imports figures as opening transfers: balance, frozen as a hold, income, beans; the user list shows them', async () => {
    const u = await insertUser(t);
    await openBalances(t, [{ userId: u.id, balance: 9_000, frozen: 2_000, income: 12_000, beans: 77 }]);
    expect((await moneyOfUsers(t)).get(u.id)).toEqual({ balance: 9_000, frozen: 2_000, income: 12_000, beans: 77 });
    const s = await statement(u.id);
    expect(s.account).toMatchObject({ balance: 9_000, frozen: 2_000, available: 7_000, income: 12_000 });
    expect(s.data.map((e) => [e.memo, e.amount, e.balance_after, e.pending])).toEqual([
      ['期初冻结', -2_000, 9_000, true],
      ['期初余额', -3_000, 9_000, false],
      ['期初收益', 12_000, 12_000, false],
    ]);
    await expectBalanced();
  });

  it('a user without accounts has zeros and no entries', async () => {
    const u = await insertUser(t);
    expect(await statement(u.id, 'BEAN')).toEqual({ account: { kind: 'user_beans', currency: 'BEAN', balance: 0, frozen: 0, available: 0, income: 0 }, count: 0, data: [] });
  });
});

describe('the account kinds', () => {
  it('no longer include agency_cash: the migration removing it stops while such an account exists, and runs once none does', async () => {
    const removal = sql.raw(fs.readFileSync(path.join(migrationsFolder, '0048_remove_agency_cash.sql'), 'utf8'));
    const u = await insertUser(t);
    await t.database.db.execute(sql`insert into ledger_account (kind, currency, owner_id, may_go_negative) values ('agency_cash', 'CNY', ${u.id}, false)`);
    await expect(t.database.db.execute(removal)).rejects.toThrow(/agency_cash/);
    await t.database.db.execute(sql`delete from ledger_account where kind = 'agency_cash'`);
    await t.database.db.execute(removal);
  });
});
