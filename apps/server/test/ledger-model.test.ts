import { test } from '@fast-check/vitest';
import { ACCOUNT_KINDS, financeCalls, type AccountKind, type Currency } from '@juqi/contract';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { Ledger, type AccountRef } from '../src/lib/ledger/ledger';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../src/lib/ledger/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants } from './helpers/ledger';
import { insertUser } from './helpers/users';

/**
 * The posting engine (lib/ledger) against an in-memory model: random sequences of what the finance flows do (top-ups
 * and their replays, spending, refunds, withdrawals applied, paid and rejected, adjustments, earnings, beans bought and
 * spent, reversals) over three fresh users per run, on books emptied for it. The model predicts every answer, refusals
 * included (余额不足, a hold resolved twice, a transfer reversed twice, a key reused for another request) and that they
 * change nothing; after every step the database is read with SQL: the trial balance is equal, no account that may not
 * go negative is, every account's sums are those of its entries, and every user's money is the model's. Each run ends
 * by checking every entry's balance_after and the users' statements as staff read them.
 *
 * FUZZ_RUNS sets the runs (40 by default, 15 on PostgreSQL); FUZZ_SEED replays a
 * failure fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS || (testEngine === 'postgres' ? 15 : 40));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const MAX_STEPS = 40;
const TIMEOUT_MS = Math.max(60_000, RUNS * 2_000);
const USERS = 3;

let t: TestApp;
let admin: string;
let ledger: Ledger;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  ledger = new Ledger(t.database.db, t.clock);
});
afterAll(() => t?.close());

const platform = (kind: AccountKind): AccountRef => ({ kind });
const cashOf = (userId: number): AccountRef => ({ kind: 'user_cash', ownerId: userId });
const beansOf = (userId: number): AccountRef => ({ kind: 'user_beans', ownerId: userId });

// ——— the model ———

interface UserState {
  id: number;
  /** Posted balance of the cash account, in fen. */
  balance: number;
  /** Held by open withdrawal holds. */
  frozen: number;
  income: number;
  beans: number;
  /** What refunds may still give back: spending not yet refunded (the flows' rule, not the engine's). */
  refundable: number;
  /** Entries on the cash and bean accounts: a refusal writes none, and neither does a rejected withdrawal. */
  cashEntries: number;
  beanEntries: number;
}

/** What a posted transfer did to its user; its reversal does the opposite. */
interface Effect {
  cash: number;
  beans: number;
  income: number;
  refundable: number;
}

interface KnownTransfer {
  id: number;
  label: string;
  user: number;
  /** Absent for what moved no money of its own and so cannot be reversed: a hold, a voiding, a reversal. */
  effect?: Effect;
  reversed: boolean;
}

interface Hold {
  id: number;
  user: number;
  amount: number;
  state: 'pending' | 'posted' | 'voided';
}

interface KeyedTopUp {
  key: string;
  user: number;
  amount: number;
  id: number;
}

interface Model {
  users: UserState[];
  transfers: KnownTransfer[];
  holds: Hold[];
  topUps: KeyedTopUp[];
}

const noEffect: Effect = { cash: 0, beans: 0, income: 0, refundable: 0 };
const available = (u: UserState) => u.balance - u.frozen;

/**
 * How much a debit takes: a fixed sum, or a share of what the account has (100 % is all of it; 101–103 % is 1–3 more
 * than it has), so the edge of an overdraft is met as often as either side of it.
 */
type Take = { fixed: number } | { percent: number };
const amountOf = (take: Take, has: number) =>
  'fixed' in take ? take.fixed : take.percent > 100 ? has + take.percent - 100 : Math.max(1, Math.floor((has * take.percent) / 100));
const describeTake = (take: Take) => ('fixed' in take ? `${take.fixed}` : `${take.percent}%`);

function remember(m: Model, id: number, label: string, user: number, effect?: Partial<Effect>): void {
  m.transfers.push({ id, label, user, effect: effect && { ...noEffect, ...effect }, reversed: false });
}

// ——— reading the database ———

async function rows<R>(query: SQL): Promise<R[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** Everything a refused command must leave as it was: every account row, every transfer's state, the entry count. */
async function ledgerState() {
  const [state] = await rows<Record<string, unknown>>(sql`select
    (select md5(coalesce(string_agg(a::text, ';' order by a.id), '')) from ledger_account a) as accounts,
    (select md5(coalesce(string_agg(concat_ws(',', t.id, t.state, t.resolved_at), ';' order by t.id), '')) from ledger_transfer t) as transfers,
    (select count(*)::int from ledger_entry) as entries`);
  return state;
}

type Refusal = 'amount' | 'conflict' | 'idempotency_key';

/** The command is refused with 40900 for the predicted reason, and the ledger is as it was. */
async function expectRefused(attempt: () => Promise<unknown>, why: Refusal): Promise<void> {
  const before = await ledgerState();
  await expect(attempt()).rejects.toMatchObject({ code: 40900, data: why === 'conflict' ? null : { field: why } });
  expect(await ledgerState()).toEqual(before);
}

/** The invariants every step must keep, read from the database, and the users' money as the model has it. */
async function checkLedger(m: Model): Promise<void> {
  await expectLedgerInvariants(t.database.db);

  const ids = sql.join(
    m.users.map((u) => sql`${u.id}`),
    sql`, `,
  );
  const accounts = await rows<{ owner_id: number; kind: AccountKind; balance: number; frozen: number; income: number; entries: number }>(sql`
    select a.owner_id, a.kind, (a.credits_posted - a.debits_posted)::float8 as balance, a.debits_pending::float8 as frozen,
      a.income_posted::float8 as income, (select count(*) from ledger_entry e where e.account_id = a.id)::int as entries
    from ledger_account a where a.kind in ('user_cash', 'user_beans') and a.owner_id in (${ids})`);
  const none = { balance: 0, frozen: 0, income: 0, entries: 0 };
  const seen = m.users.map((u) => {
    const cash = accounts.find((a) => a.owner_id === u.id && a.kind === 'user_cash') ?? none;
    const beans = accounts.find((a) => a.owner_id === u.id && a.kind === 'user_beans') ?? none;
    return { balance: cash.balance, frozen: cash.frozen, income: cash.income, beans: beans.balance, cashEntries: cash.entries, beanEntries: beans.entries, beansHeld: beans.frozen };
  });
  const predicted = m.users.map((u) => ({ balance: u.balance, frozen: u.frozen, income: u.income, beans: u.beans, cashEntries: u.cashEntries, beanEntries: u.beanEntries, beansHeld: 0 }));
  expect(seen, "users' money").toEqual(predicted);
}

/** At the end of a run: every entry's balance_after, the accounts' flags, and the users' statements as staff read them. */
async function checkHistory(m: Model): Promise<void> {
  await expectLedgerInvariants(t.database.db, { balancesAfter: true });

  const flags = await rows<{ kind: AccountKind; currency: Currency; may_go_negative: boolean }>(sql`select distinct kind, currency, may_go_negative from ledger_account`);
  for (const f of flags) expect(f, f.kind).toEqual({ kind: f.kind, currency: ACCOUNT_KINDS[f.kind].currency, may_go_negative: ACCOUNT_KINDS[f.kind].mayGoNegative });

  for (const u of m.users) {
    const cash = await ok(t, financeCalls.userStatement, { user_id: u.id, currency: 'CNY', limit: 1 }, admin);
    expect(cash.account).toEqual({ kind: 'user_cash', currency: 'CNY', balance: u.balance, frozen: u.frozen, available: available(u), income: u.income });
    expect(cash.count).toBe(u.cashEntries);
    const beans = await ok(t, financeCalls.userStatement, { user_id: u.id, currency: 'BEAN', limit: 1 }, admin);
    expect(beans.account).toMatchObject({ balance: u.beans, frozen: 0, available: u.beans });
    expect(beans.count).toBe(u.beanEntries);
  }
}

// ——— the commands ———

/** One thing a flow does, with the model's prediction inside `act`; the ledger's invariants are checked after each. */
class Step implements fc.AsyncCommand<Model, Ledger> {
  constructor(
    private readonly label: string,
    private readonly act: (m: Model, engine: Ledger) => Promise<void>,
    private readonly possible: (m: Readonly<Model>) => boolean = () => true,
  ) {}

  check(m: Readonly<Model>): boolean {
    return this.possible(m);
  }

  async run(m: Model, real: Ledger): Promise<void> {
    await this.act(m, real);
    await checkLedger(m);
  }

  toString(): string {
    return this.label;
  }
}

/** A payment callback credits the user; under its order's key, so a replay can be told apart. */
const topUp = (who: number, amount: number) =>
  new Step(`top-up ${amount} → u${who}`, async (m, engine) => {
    const u = m.users[who]!;
    const key = `model:${u.id}:top-up:${m.topUps.length}`;
    const r = await engine.post({ kind: 'top_up', legs: [{ debit: platform('payment_clearing'), credit: cashOf(u.id), amount }], idempotencyKey: key, userId: u.id });
    expect(r).toMatchObject({ state: 'posted', replayed: false });
    u.balance += amount;
    u.cashEntries += 1;
    m.topUps.push({ key, user: who, amount, id: r.id });
    remember(m, r.id, `top-up ${amount}`, who, { cash: amount });
  });

/** The same callback again answers the first transfer; another amount under its key is refused. */
const replayTopUp = (pick: number, sameRequest: boolean) =>
  new Step(
    `replay top-up #${pick}${sameRequest ? '' : ' with another amount'}`,
    async (m, engine) => {
      const first = m.topUps[pick % m.topUps.length]!;
      const u = m.users[first.user]!;
      const send = (amount: number) =>
        engine.post({ kind: 'top_up', legs: [{ debit: platform('payment_clearing'), credit: cashOf(u.id), amount }], idempotencyKey: first.key, userId: u.id });
      if (!sameRequest) return expectRefused(() => send(first.amount + 1), 'idempotency_key');
      const before = await ledgerState();
      expect(await send(first.amount)).toMatchObject({ id: first.id, replayed: true });
      expect(await ledgerState()).toEqual(before);
    },
    (m) => m.topUps.length > 0,
  );

const spend = (who: number, take: Take) =>
  new Step(`spend ${describeTake(take)} by u${who}`, async (m, engine) => {
    const u = m.users[who]!;
    const amount = amountOf(take, available(u));
    const send = () => engine.post({ kind: 'spend', legs: [{ debit: cashOf(u.id), credit: platform('revenue'), amount }], userId: u.id });
    if (amount > available(u)) return expectRefused(send, 'amount');
    const r = await send();
    u.balance -= amount;
    u.refundable += amount;
    u.cashEntries += 1;
    remember(m, r.id, `spend ${amount}`, who, { cash: -amount, refundable: amount });
  });

/** Gives back part of what one of the users who spent has not had back yet. */
const refund = (pick: number, percent: number) =>
  new Step(
    `refund ${percent}% to spender #${pick}`,
    async (m, engine) => {
      const spenders = m.users.filter((u) => u.refundable > 0);
      const u = spenders[pick % spenders.length]!;
      const amount = Math.max(1, Math.floor((u.refundable * percent) / 100));
      const r = await engine.post({ kind: 'refund', legs: [{ debit: platform('revenue'), credit: cashOf(u.id), amount }], userId: u.id });
      u.balance += amount;
      u.refundable -= amount;
      u.cashEntries += 1;
      remember(m, r.id, `refund ${amount}`, m.users.indexOf(u), { cash: amount, refundable: -amount });
    },
    (m) => m.users.some((u) => u.refundable > 0),
  );

const withdrawApply = (who: number, take: Take) =>
  new Step(`withdrawal of ${describeTake(take)} applied by u${who}`, async (m, engine) => {
    const u = m.users[who]!;
    const amount = amountOf(take, available(u));
    const send = () => engine.reserve({ kind: 'withdrawal', legs: [{ debit: cashOf(u.id), credit: platform('withdrawal_clearing'), amount }], userId: u.id });
    if (amount > available(u)) return expectRefused(send, 'amount');
    const r = await send();
    expect(r.state).toBe('pending');
    u.frozen += amount;
    u.cashEntries += 1;
    m.holds.push({ id: r.id, user: who, amount, state: 'pending' });
    remember(m, r.id, `withdrawal hold ${amount}`, who);
  });

/** Pays (posts) or rejects (voids) a hold; one already resolved either way is refused. */
const withdrawResolve = (pick: number, pay: boolean) =>
  new Step(
    `withdrawal #${pick} ${pay ? 'paid' : 'rejected'}`,
    async (m, engine) => {
      const hold = m.holds[pick % m.holds.length]!;
      const u = m.users[hold.user]!;
      const send = () => (pay ? engine.postPending(hold.id, { memo: '已打款' }) : engine.voidPending(hold.id, { memo: '驳回' }));
      if (hold.state !== 'pending') return expectRefused(send, 'conflict');
      const r = await send();
      expect(r.state).toBe(pay ? 'posted' : 'voided');
      hold.state = pay ? 'posted' : 'voided';
      u.frozen -= hold.amount;
      if (pay) {
        u.balance -= hold.amount;
        u.cashEntries += 1;
        remember(m, r.id, `withdrawal paid ${hold.amount}`, hold.user, { cash: -hold.amount });
      } else remember(m, r.id, `withdrawal voided ${hold.amount}`, hold.user);
    },
    (m) => m.holds.length > 0,
  );

/** Staff correct a balance either way; taking more than is available is refused. */
const adjust = (who: number, take: Take, up: boolean) =>
  new Step(`adjust u${who} ${up ? '+' : '−'}${describeTake(take)}`, async (m, engine) => {
    const u = m.users[who]!;
    const amount = amountOf(take, available(u));
    const [debit, credit] = up ? [platform('adjustments'), cashOf(u.id)] : [cashOf(u.id), platform('adjustments')];
    const send = () => engine.post({ kind: 'adjustment', legs: [{ debit, credit, amount }], userId: u.id, staffId: 1, memo: '调账' });
    if (!up && amount > available(u)) return expectRefused(send, 'amount');
    const r = await send();
    const signed = up ? amount : -amount;
    u.balance += signed;
    u.cashEntries += 1;
    remember(m, r.id, `adjustment ${signed}`, who, { cash: signed });
  });

const earning = (who: number, amount: number) =>
  new Step(`earning ${amount} → u${who}`, async (m, engine) => {
    const u = m.users[who]!;
    const r = await engine.post({ kind: 'earning', legs: [{ debit: platform('commission_payable'), credit: cashOf(u.id), amount }], userId: u.id });
    u.balance += amount;
    u.income += amount;
    u.cashEntries += 1;
    remember(m, r.id, `earning ${amount}`, who, { cash: amount, income: amount });
  });

const beanPurchase = (who: number, amount: number) =>
  new Step(`${amount} beans bought by u${who}`, async (m, engine) => {
    const u = m.users[who]!;
    const r = await engine.post({ kind: 'bean_purchase', legs: [{ debit: platform('bean_issuance'), credit: beansOf(u.id), amount }], userId: u.id });
    u.beans += amount;
    u.beanEntries += 1;
    remember(m, r.id, `beans bought ${amount}`, who, { beans: amount });
  });

const beanSpend = (who: number, take: Take) =>
  new Step(`${describeTake(take)} beans spent by u${who}`, async (m, engine) => {
    const u = m.users[who]!;
    const amount = amountOf(take, u.beans);
    const send = () => engine.post({ kind: 'bean_spend', legs: [{ debit: beansOf(u.id), credit: platform('bean_consumption'), amount }], userId: u.id });
    if (amount > u.beans) return expectRefused(send, 'amount');
    const r = await send();
    u.beans -= amount;
    u.beanEntries += 1;
    remember(m, r.id, `beans spent ${amount}`, who, { beans: -amount });
  });

/**
 * Reverses any transfer the run made. Refused: a hold, a voiding or a reversal (nothing of their own to move back), one
 * reversed already, and one whose money back the user no longer has (余额不足).
 */
const reverse = (pick: number) =>
  new Step(
    `reverse transfer #${pick}`,
    async (m, engine) => {
      const original = m.transfers[pick % m.transfers.length]!;
      const u = m.users[original.user]!;
      const send = () => engine.reverse(original.id, { memo: `冲正 ${original.label}`, staffId: 1 });
      const effect = original.effect;
      if (!effect || original.reversed) return expectRefused(send, 'conflict');
      if (effect.cash > available(u) || effect.beans > u.beans) return expectRefused(send, 'amount');
      const r = await send();
      expect(r).toMatchObject({ kind: 'reversal', state: 'posted' });
      original.reversed = true;
      u.balance -= effect.cash;
      u.beans -= effect.beans;
      u.income -= effect.income;
      u.refundable -= effect.refundable;
      if (effect.cash) u.cashEntries += 1;
      if (effect.beans) u.beanEntries += 1;
      remember(m, r.id, `reversal of ${original.label}`, original.user);
    },
    (m) => m.transfers.length > 0,
  );

const who = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.integer({ min: 1, max: 6_000 });
const take: fc.Arbitrary<Take> = fc.oneof(amount.map((fixed) => ({ fixed })), fc.integer({ min: 1, max: 103 }).map((percent) => ({ percent })));
const pick = fc.nat();

const command = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(who, fc.integer({ min: 1, max: 20_000 })).map(([w, a]) => topUp(w, a)) },
  { weight: 1, arbitrary: fc.tuple(pick, fc.boolean()).map(([p, same]) => replayTopUp(p, same)) },
  { weight: 3, arbitrary: fc.tuple(who, take).map(([w, a]) => spend(w, a)) },
  { weight: 2, arbitrary: fc.tuple(pick, fc.integer({ min: 1, max: 100 })).map(([p, percent]) => refund(p, percent)) },
  { weight: 3, arbitrary: fc.tuple(who, take).map(([w, a]) => withdrawApply(w, a)) },
  { weight: 3, arbitrary: fc.tuple(pick, fc.boolean()).map(([p, pay]) => withdrawResolve(p, pay)) },
  { weight: 2, arbitrary: fc.tuple(who, take, fc.boolean()).map(([w, a, up]) => adjust(w, a, up)) },
  { weight: 2, arbitrary: fc.tuple(who, amount).map(([w, a]) => earning(w, a)) },
  { weight: 3, arbitrary: pick.map((p) => reverse(p)) },
  { weight: 2, arbitrary: fc.tuple(who, fc.integer({ min: 1, max: 500 })).map(([w, a]) => beanPurchase(w, a)) },
  { weight: 2, arbitrary: fc.tuple(who, take).map(([w, a]) => beanSpend(w, a)) },
);

describe('the ledger against a model', () => {
  test.prop([fc.commands([command], { maxCommands: MAX_STEPS, size: 'max' })], { numRuns: RUNS, seed: SEED })(
    'every sequence of postings, holds, refusals and reversals keeps the books equal and each user’s money as predicted',
    async (commands) => {
      // Each run keeps its own books: a run that broke them must not fail the runs fast-check shrinks it to.
      for (const table of [ledgerEntry, ledgerTransfer, ledgerAccount]) await t.database.db.delete(table);
      const users: UserState[] = [];
      for (let i = 0; i < USERS; i++) users.push({ id: (await insertUser(t)).id, balance: 0, frozen: 0, income: 0, beans: 0, refundable: 0, cashEntries: 0, beanEntries: 0 });
      const model: Model = { users, transfers: [], holds: [], topUps: [] };
      await fc.asyncModelRun(() => ({ model, real: ledger }), commands);
      await checkHistory(model);
    },
    TIMEOUT_MS,
  );
});
