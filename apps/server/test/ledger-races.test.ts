import { financeCalls } from '@juqi/contract';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/lib/db/client';
import { Ledger, type AccountRef, type TransferResult } from '../src/lib/ledger/ledger';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants } from './helpers/ledger';
import { insertUser } from './helpers/users';

// The posting engine (lib/ledger) under real concurrency: many transactions at once on one balance, one hold, one
// idempotency key, one pair of accounts, one account not opened yet. Each case fires its requests together through a
// pool of its own, wide enough that they meet at the database's locks, then checks who won and that the books are
// still equal.

const cash = (userId: number): AccountRef => ({ kind: 'user_cash', ownerId: userId });
const beans = (userId: number): AccountRef => ({ kind: 'user_beans', ownerId: userId });
const clearing: AccountRef = { kind: 'payment_clearing' };
const withdrawals: AccountRef = { kind: 'withdrawal_clearing' };
const sum = (amounts: number[]) => amounts.reduce((n, x) => n + x, 0);

interface Refusal {
  code?: unknown;
  data?: unknown;
  message?: string;
  /** The driver's error under a failed query (a deadlock is 40P01). */
  cause?: { code?: string; message?: string };
}

/** Starts every attempt at once and waits for all of them, won or refused. */
async function race<T>(attempts: (() => Promise<T>)[]) {
  const settled = await Promise.allSettled(attempts.map((attempt) => attempt()));
  return {
    won: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    refused: settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Refusal] : [])),
  };
}

/** A refusal by its code and reason, the database's own when a query failed. */
const describeRefusal = (r: Refusal) => (r.cause ? `${r.cause.code} ${r.cause.message}` : `${String(r.code)} ${r.message}`);

// PostgreSQL only: PGlite is one connection serving one transaction at a time, so nothing there ever runs at once and a
// race it passes proves nothing.
describe.skipIf(testEngine !== 'postgres')('the ledger under concurrent requests', () => {
  /** Connections in the racing pool: far more than the test file's own five, fewer than the server allows. */
  const RACERS = 24;

  let t: TestApp;
  let admin: string;
  let racing: Database;
  let ledger: Ledger;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAsAdmin(t);
    racing = await openPostgres((t.database.client as pg.Pool).options.connectionString!, RACERS);
    ledger = new Ledger(racing.db, t.clock);
    // Every connection opened before the first race, so the requests are not staggered by connecting one by one.
    await Promise.all(Array.from({ length: RACERS }, () => racing.db.execute(sql`select pg_sleep(0.05)`)));
  });
  afterAll(async () => {
    await racing?.close();
    await t?.close();
  });

  const topUp = (userId: number, amount: number, idempotencyKey?: string) =>
    ledger.post({ kind: 'top_up', legs: [{ debit: clearing, credit: cash(userId), amount }], idempotencyKey, userId });

  const between = (from: number, to: number, amount: number) => () =>
    ledger.post({ kind: 'adjustment', legs: [{ debit: cash(from), credit: cash(to), amount }], memo: '转账' });

  const statement = (userId: number) => ok(t, financeCalls.userStatement, { user_id: userId, limit: 1 }, admin);

  async function rows<R>(query: SQL): Promise<R[]> {
    return ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  }

  it('of 100 withdrawals applied at once against one balance, as many as it covers are held and the rest refused as 余额不足', async () => {
    const u = await insertUser(t);
    const [balance, amount] = [10_000, 300];
    await topUp(u.id, balance);
    const { won, refused } = await race(
      Array.from({ length: 100 }, () => () => ledger.reserve({ kind: 'withdrawal', legs: [{ debit: cash(u.id), credit: withdrawals, amount }], userId: u.id })),
    );
    expect(won.length).toBe(Math.floor(balance / amount));
    for (const r of refused) expect(r).toMatchObject({ code: 40900, data: { field: 'amount' } });
    const { account } = await statement(u.id);
    expect(account).toMatchObject({ balance, frozen: won.length * amount, available: balance - won.length * amount });
    expect(account.available).toBeGreaterThanOrEqual(0);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('a payment callback replayed 50 times at once credits the user once, and every answer names the same transfer', async () => {
    const u = await insertUser(t);
    const key = `topup:race-${u.id}`;
    const { won, refused } = await race(Array.from({ length: 50 }, () => () => topUp(u.id, 500, key)));
    expect(refused).toEqual([]);
    expect(new Set(won.map((r) => r.id)).size).toBe(1);
    expect(won.filter((r) => !r.replayed)).toHaveLength(1);
    const s = await statement(u.id);
    expect(s.account.balance).toBe(500);
    expect(s.count).toBe(1);
    expect(await rows(sql`select id from ledger_transfer where idempotency_key = ${key}`)).toHaveLength(1);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('a withdrawal paid 50 times at once is paid once; the others are told it is settled already', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 1_000);
    const hold = await ledger.reserve({ kind: 'withdrawal', legs: [{ debit: cash(u.id), credit: withdrawals, amount: 400 }], userId: u.id });
    const { won, refused } = await race(Array.from({ length: 50 }, () => () => ledger.postPending(hold.id, { memo: '已打款' })));
    expect(won).toHaveLength(1);
    for (const r of refused) expect(r).toMatchObject({ code: 40900, data: null });
    expect((await statement(u.id)).account).toMatchObject({ balance: 600, frozen: 0, available: 600 });
    expect(await rows(sql`select id from ledger_transfer where pending_id = ${hold.id}`)).toHaveLength(1);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('a withdrawal paid and rejected at once by different staff is settled one way only', async () => {
    const u = await insertUser(t);
    await topUp(u.id, 1_000);
    const hold = await ledger.reserve({ kind: 'withdrawal', legs: [{ debit: cash(u.id), credit: withdrawals, amount: 400 }], userId: u.id });
    const { won, refused } = await race(
      Array.from({ length: 40 }, (_, i) => () => (i % 2 ? ledger.voidPending(hold.id, { memo: '驳回' }) : ledger.postPending(hold.id, { memo: '已打款' }))),
    );
    expect(won).toHaveLength(1);
    for (const r of refused) expect(r).toMatchObject({ code: 40900, data: null });
    const paid = won[0]!.state === 'posted';
    expect((await statement(u.id)).account).toMatchObject({ balance: paid ? 600 : 1_000, frozen: 0 });
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('a transfer reversed 30 times at once is reversed once', async () => {
    const u = await insertUser(t);
    const top = await topUp(u.id, 700);
    const { won, refused } = await race(Array.from({ length: 30 }, () => () => ledger.reverse(top.id, { memo: '重复到账' })));
    expect(won).toHaveLength(1);
    for (const r of refused) expect(r).toMatchObject({ code: 40900, data: null });
    expect((await statement(u.id)).account.balance).toBe(0);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('transfers both ways between two users at once all go through, without deadlock, and the balances add up', async () => {
    const [a, b] = [await insertUser(t), await insertUser(t)];
    const opening = 100_000;
    await topUp(a.id, opening);
    await topUp(b.id, opening);
    const aToB = Array.from({ length: 60 }, (_, i) => 100 + i);
    const bToA = Array.from({ length: 60 }, (_, i) => 200 + i);
    // Interleaved, so both directions are in flight together from the first request on.
    const attempts = aToB.flatMap((amount, i) => [between(a.id, b.id, amount), between(b.id, a.id, bToA[i]!)]);
    const { won, refused } = await race<TransferResult>(attempts);
    expect(refused.map(describeRefusal)).toEqual([]);
    expect(won).toHaveLength(attempts.length);
    expect((await statement(a.id)).account.balance).toBe(opening - sum(aToB) + sum(bToA));
    expect((await statement(b.id)).account.balance).toBe(opening + sum(aToB) - sum(bToA));
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });

  it('a brand-new user credited many times at once gets one account of each currency holding every amount', async () => {
    const u = await insertUser(t);
    const credits = Array.from({ length: 30 }, (_, i) => i + 1);
    const { won, refused } = await race<TransferResult>(
      credits.map((amount, i) =>
        i % 2
          ? () => topUp(u.id, amount)
          : () => ledger.post({ kind: 'bean_purchase', legs: [{ debit: { kind: 'bean_issuance' }, credit: beans(u.id), amount }], userId: u.id }),
      ),
    );
    expect(refused.map(describeRefusal)).toEqual([]);
    expect(won).toHaveLength(credits.length);
    const accounts = await rows<{ kind: string; balance: number }>(
      sql`select kind, (credits_posted - debits_posted)::float8 as balance from ledger_account where owner_id = ${u.id} order by kind`,
    );
    expect(accounts).toEqual([
      { kind: 'user_beans', balance: sum(credits.filter((_, i) => i % 2 === 0)) },
      { kind: 'user_cash', balance: sum(credits.filter((_, i) => i % 2 === 1)) },
    ]);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  });
});
