import { test } from '@fast-check/vitest';
import {
  agencyBasicSettings,
  agencyListCalls,
  businessPackage,
  businessResource,
  merchantAppCalls,
  orderAppCalls,
  orderCalls,
  refundableAmount,
  withdrawalAppCalls,
  WITHDRAWAL_MIN_FEN,
  type AnyCall,
  type OrderPayBy,
  type OrderState,
} from '@juqi/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { agencyBusiness, agencyLevel } from '../src/lib/db/schema';
import { Ledger } from '../src/lib/ledger/ledger';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { expectError, expectOk, invoke, ok, signInAsAdmin, type Answer } from './helpers/auth';
import { testEngine } from './helpers/database';
import { expectLedgerInvariants, rowsOf } from './helpers/ledger';
import { insertUser } from './helpers/users';

/**
 * The orders' money (docs/marketplace.md › Money) against an in-memory model, through the calls staff and app users
 * make: random sequences of placing (paid by the customer or by the agency at its discount), paying (short of cash,
 * again, by a stranger), starting, delivering, completing, cancelling, refunding by the refund rule (in service, in the
 * commission's window, after it), time passing with the sweep (unpaid orders cancelled, services ended, commissions
 * released), top-ups, and agencies withdrawing while they owe claw-backs. The model predicts every answer and every
 * refusal, which changes nothing; after every step the database is read: the trial balance is equal, and each person's
 * cash (balance, frozen, held commissions, income), order figures, each order and each of its commissions are the
 * model's. Each run ends with 全部代理's details and 收益 read as staff read them.
 *
 * FUZZ_RUNS sets the runs (10 by default, 5 on PostgreSQL); FUZZ_SEED replays a failure fast-check reported.
 */
const RUNS = Number(process.env.FUZZ_RUNS || (testEngine === 'postgres' ? 5 : 10));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const MAX_STEPS = 60;
const TIMEOUT_MS = Math.max(90_000, RUNS * 8_000);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOLD_DAYS = 3;
const PAY_MINUTES = 120;
/** Two agencies (levels 2 and 3) and three customers: the first two the first agency's. */
const AGENCY_LEVELS = [2, 3];
const CUSTOMERS_OF = [0, 0, 1];
/** What each customer and each agency has to spend at first, fen. */
const CUSTOMER_CASH = 600_000;
const AGENCY_CASH = 20_000;

interface PackageOnSale {
  id: number;
  price: number;
  durationDays: number;
  quota: number;
}

let t: TestApp;
let admin: string;
let ledger: Ledger;
let business: number;
let packages: PackageOnSale[];
let rates: Map<number, { rateBp: number; discountBp: number }>;
/** App tokens of this stretch of time: moving the clock by days ends sessions. */
const tokens = new Map<number, string>();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  ledger = new Ledger(t.database.db, t.clock);
  await ok(t, agencyBasicSettings.calls.edit, { ...agencyBasicSettings.defaults, commission_hold_days: HOLD_DAYS, order_pay_minutes: PAY_MINUTES }, admin);
  business = (await ok(t, businessResource.calls.add!, { name: '短视频代运营（模型）', summary: '', content: '', sort: 0, enabled: true, industry_id: null }, admin)).id;
  const add = async (name: string, price: number, durationDays: number, quota: number): Promise<PackageOnSale> => {
    const { id } = await ok(t, businessPackage.calls.add!, { business_id: business, name, price, duration_days: durationDays, quota, description: '', sort: 0, enabled: true }, admin);
    return { id, price, durationDays, quota };
  };
  packages = [await add('基础版', 100_000, 5, 10), await add('体验版', 9_999, 3, 0)];
  const levels = await t.database.db.select().from(agencyLevel);
  rates = new Map(levels.map((l) => [l.level, { rateBp: l.commissionRateBp, discountBp: l.discountBp }]));
});
afterAll(() => t?.close());

async function tokenOf(userId: number): Promise<string> {
  let token = tokens.get(userId);
  if (!token) tokens.set(userId, (token = await signInAppUser(t, userId)));
  return token;
}

// ——— the model ———

interface Person {
  id: number;
  /** Posted cash, fen. */
  balance: number;
  /** Held by withdrawals applied. */
  frozen: number;
  /** Commissions held: credited when released. */
  held: number;
  income: number;
  orderCount: number;
  spent: number;
}

interface Commission {
  /** In the order the commissions were written, as their ids are. */
  serial: number;
  amount: number;
  state: 'held' | 'released' | 'voided';
  /** Learnt from the database at the step that held it (the clock runs): `HOLD_DAYS` after a moment of that step. */
  releaseAt?: number;
  clawedBack: number;
  due: number;
}

interface Order {
  no: string;
  agency: number;
  customer: number;
  payer: number;
  amount: number;
  rateBp: number;
  durationDays: number;
  quota: number;
  state: OrderState;
  paid: boolean;
  refunded: number;
  delivered: number;
  /** The commission the order's row shows. */
  commission: number;
  createdAt: number;
  startedAt: string | null;
  serviceEndAt: string | null;
  commissions: Commission[];
}

interface Model {
  /** The agencies, then the customers' app accounts. */
  people: Person[];
  agencies: number[];
  customers: { person: number; merchantId: number; agency: number }[];
  orders: Order[];
  commissionsWritten: number;
}

const available = (p: Person) => p.balance - p.frozen;
const commissionOn = (base: number, rateBp: number) => Math.floor((base * rateBp) / 10_000);
const dues = (m: Model, agency: number) =>
  m.orders.filter((o) => o.agency === agency).reduce((sum, o) => sum + o.commissions.reduce((s, c) => s + c.due, 0), 0);

/** A commission held on what the order kept, released at `releaseAt` (`HOLD_DAYS` from now if not told); none when it comes to 0. */
function hold(m: Model, o: Order, base: number, releaseAt?: number): void {
  const amount = commissionOn(base, o.rateBp);
  o.commission = amount;
  if (amount === 0) return;
  o.commissions.push({ serial: ++m.commissionsWritten, amount, state: 'held', releaseAt, clawedBack: 0, due: 0 });
  m.people[o.agency]!.held += amount;
}

/** Takes up to `amount` back from the agency's available cash; answers what it took. */
function takeBack(agency: Person, amount: number): number {
  const taken = Math.min(amount, Math.max(0, available(agency)));
  agency.balance -= taken;
  agency.income -= taken;
  return taken;
}

/** What the agency owes from claw-backs, oldest commission first, as far as its cash covers; `except` owes nothing. */
function settleDues(m: Model, agency: number, except?: Commission): void {
  const owing = m.orders
    .filter((o) => o.agency === agency)
    .flatMap((o) => o.commissions)
    .filter((c) => c.due > 0 && c !== except);
  for (const c of owing.sort((a, b) => a.serial - b.serial)) {
    const taken = takeBack(m.people[agency]!, c.due);
    if (taken === 0) break;
    c.clawedBack += taken;
    c.due -= taken;
  }
}

function release(m: Model, o: Order, c: Commission): void {
  const agency = m.people[o.agency]!;
  c.state = 'released';
  agency.held -= c.amount;
  agency.balance += c.amount;
  agency.income += c.amount;
  o.commission = c.amount;
  settleDues(m, o.agency, c);
}

// ——— reading the database ———

/** Everything a refused command must leave as it was. */
async function snapshot() {
  const [state] = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select md5(coalesce(string_agg(a::text, ';' order by a.id), '')) from ledger_account a) as accounts,
      (select count(*)::int from ledger_entry) as entries,
      (select md5(coalesce(string_agg(o::text, ';' order by o.id), '')) from orders o) as orders,
      (select md5(coalesce(string_agg(c::text, ';' order by c.id), '')) from order_commission c) as commissions,
      (select md5(coalesce(string_agg(concat_ws(',', u.id, u.order_count, u.total_spent_cents, u.last_order_at), ';' order by u.id), '')) from users u) as figures,
      (select count(*)::int from finance_withdrawal) as withdrawals`,
  );
  return state;
}

type Refusal = { code: 40000 | 40900; field: string } | { code: 40400 };

/** The call is refused as predicted, and nothing changed. */
async function expectRefusal(attempt: () => Promise<Answer<AnyCall>>, why: Refusal): Promise<void> {
  const before = await snapshot();
  const details = expectError(await attempt(), why.code);
  if ('field' in why) expect(details.field).toBe(why.field);
  expect(await snapshot()).toEqual(before);
}

async function check(m: Model): Promise<void> {
  await expectLedgerInvariants(t.database.db);
  const ids = sql.join(
    m.people.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const seen = await rowsOf<Person>(
    t.database.db,
    sql`select u.id, coalesce(a.credits_posted - a.debits_posted, 0)::float8 as balance, coalesce(a.debits_pending, 0)::float8 as frozen,
      coalesce(a.credits_pending, 0)::float8 as held, coalesce(a.income_posted, 0)::float8 as income,
      u.order_count as "orderCount", u.total_spent_cents::float8 as spent
    from users u left join ledger_account a on a.owner_id = u.id and a.kind = 'user_cash'
    where u.id in (${ids}) order by u.id`,
  );
  expect(seen, 'people').toEqual([...m.people].sort((a, b) => a.id - b.id));
  if (m.orders.length === 0) return;

  const nos = sql.join(
    m.orders.map((o) => sql`${o.no}`),
    sql`, `,
  );
  const orderRows = await rowsOf<{ no: string; state: OrderState; refunded: number; delivered: number; commission: number; commissions: Commission[] }>(
    t.database.db,
    sql`select o.order_no as no, o.state, o.refunded, o.delivered, o.commission,
      coalesce((select json_agg(json_build_object('amount', c.amount, 'state', c.state, 'releaseAt', (extract(epoch from c.release_at) * 1000)::float8, 'clawedBack', c.clawed_back, 'due', c.clawback_due) order by c.id)
        from order_commission c where c.order_id = o.id), '[]') as commissions
    from orders o where o.order_no in (${nos})`,
  );
  const predicted = m.orders.map((o) => ({
    no: o.no,
    state: o.state,
    refunded: o.refunded,
    delivered: o.delivered,
    commission: o.commission,
    commissions: o.commissions.map(({ amount, state, releaseAt, clawedBack, due }) => ({ amount, state, releaseAt, clawedBack, due })),
  }));
  orderRows.sort((a, b) => a.no.localeCompare(b.no));
  predicted.sort((a, b) => a.no.localeCompare(b.no));
  // A commission held in this step: released HOLD_DAYS after a moment of it.
  for (const [i, o] of predicted.entries())
    for (const [j, c] of o.commissions.entries()) {
      if (c.releaseAt !== undefined) continue;
      const seenAt = orderRows[i]?.commissions[j]?.releaseAt ?? NaN;
      expect(seenAt - HOLD_DAYS * DAY, `${o.no}'s release`).toBeGreaterThanOrEqual(stepStartedAt);
      expect(seenAt - HOLD_DAYS * DAY, `${o.no}'s release`).toBeLessThanOrEqual(t.clock.now().getTime());
      c.releaseAt = seenAt;
      m.orders.find((x) => x.no === o.no)!.commissions[j]!.releaseAt = seenAt;
    }
  expect(orderRows, 'orders').toEqual(predicted);
}

/** At the end of a run: every entry's balance_after, and each agency as 全部代理's details and 收益 show it. */
async function checkAsStaffSee(m: Model): Promise<void> {
  await expectLedgerInvariants(t.database.db, { balancesAfter: true });
  for (const index of m.agencies) {
    const p = m.people[index]!;
    const details = await ok(t, agencyListCalls.agencyDetails, { id: p.id }, admin);
    expect(details).toMatchObject({ balance_cents: p.balance, held_commission_cents: p.held, total_income_cents: p.income });
    const commissions = m.orders.filter((o) => o.agency === index).flatMap((o) => o.commissions);
    const earned = await ok(t, orderCalls.commissionList, { agency_id: p.id, page: 1, limit: 100 }, admin);
    const sum = (state: Commission['state']) => commissions.filter((c) => c.state === state).reduce((s, c) => s + c.amount, 0);
    expect(earned).toMatchObject({
      count: commissions.length,
      held: sum('held'),
      released: sum('released'),
      clawed_back: commissions.reduce((s, c) => s + c.clawedBack, 0),
      clawback_due: commissions.reduce((s, c) => s + c.due, 0),
    });
  }
}

// ——— the commands ———

/** When the step being checked began, by the test clock. */
let stepStartedAt = 0;

class Step implements fc.AsyncCommand<Model, TestApp> {
  constructor(
    private readonly label: string,
    readonly act: (m: Model) => Promise<void>,
    private readonly possible: (m: Readonly<Model>) => boolean = () => true,
  ) {}

  check(m: Readonly<Model>): boolean {
    return this.possible(m);
  }

  async run(m: Model): Promise<void> {
    stepStartedAt = t.clock.now().getTime();
    await this.act(m);
    await check(m);
  }

  toString(): string {
    return this.label;
  }
}

const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;

/**
 * Which order a move is tried on: mostly one in a state it applies to (so sequences reach the late states), else any
 * order (so the refusals from every state are met too).
 */
interface Target {
  pick: number;
  any: boolean;
}
const target: fc.Arbitrary<Target> = fc.record({ pick: fc.nat(), any: fc.nat(6).map((n) => n === 0) });
function orderAt(m: Model, { pick, any }: Target, states: readonly OrderState[]): Order {
  const fitting = m.orders.filter((o) => states.includes(o.state));
  const pool = any || fitting.length === 0 ? m.orders : fitting;
  return pool[pick % pool.length]!;
}
const describeTarget = ({ pick, any }: Target) => `${any ? 'any' : 'a fitting'} order #${pick}`;
const wrongState = { code: 40900, field: 'state' } as const;
let keys = 0;

const place = (customer: number, pkg: number, payBy: OrderPayBy) =>
  new Step(`place ${pkg ? '体验版' : '基础版'} for c${customer}, paid by the ${payBy}`, async (m) => {
    const c = m.customers[customer]!;
    const agencyPerson = m.people[c.agency]!;
    const sold = packages[pkg]!;
    const level = rates.get(AGENCY_LEVELS[m.agencies.indexOf(c.agency)]!)!;
    const body = { agency_id: agencyPerson.id, merchant_id: c.merchantId, package_id: sold.id, pay_by: payBy, idempotency_key: `order-model-${++keys}` };
    const order = expectOk(await invoke(t, orderCalls.orderAdd, body, admin));
    const amount = payBy === 'customer' ? sold.price : Math.floor((sold.price * level.discountBp + 5_000) / 10_000);
    expect(order).toMatchObject({ state: 'created', amount, commission_rate_bp: payBy === 'customer' ? level.rateBp : 0 });
    m.orders.push({
      no: order.order_no,
      agency: c.agency,
      customer,
      payer: payBy === 'customer' ? c.person : c.agency,
      amount,
      rateBp: payBy === 'customer' ? level.rateBp : 0,
      durationDays: sold.durationDays,
      quota: sold.quota,
      state: 'created',
      paid: false,
      refunded: 0,
      delivered: 0,
      commission: 0,
      createdAt: t.clock.now().getTime(),
      startedAt: null,
      serviceEndAt: null,
      commissions: [],
    });
  });

/** 付款 by its payer (or by another customer: 40400); again once paid answers it unchanged. */
const pay = (pick: Target, stranger: boolean) =>
  new Step(
    `pay ${describeTarget(pick)}${stranger ? ' as a stranger' : ''}`,
    async (m) => {
      const o = orderAt(m, pick, ['created']);
      const payer = m.people[o.payer]!;
      const someoneElse = m.customers.map((c) => c.person).find((p) => p !== o.payer && p !== o.agency)!;
      const token = await tokenOf(m.people[stranger ? someoneElse : o.payer]!.id);
      const send = () => invoke(t, orderAppCalls.pay, { order_no: o.no }, token);
      if (stranger) return expectRefusal(send, { code: 40400 });
      if (o.state !== 'created') {
        if (!o.paid) return expectRefusal(send, wrongState);
        expect(expectOk(await send()).state).toBe(o.state);
        return;
      }
      if (o.amount > available(payer)) return expectRefusal(send, { code: 40900, field: 'amount' });
      expect(expectOk(await send()).state).toBe('paid');
      o.state = 'paid';
      o.paid = true;
      payer.balance -= o.amount;
      payer.spent += o.amount;
      m.people[o.agency]!.orderCount += 1;
      m.people[m.customers[o.customer]!.person]!.orderCount += 1;
    },
    hasOrders,
  );

const start = (pick: Target) =>
  new Step(
    `start ${describeTarget(pick)}`,
    async (m) => {
      const o = orderAt(m, pick, ['paid']);
      const send = () => invoke(t, orderCalls.orderStart, { order_no: o.no }, admin);
      if (o.state !== 'paid') return expectRefusal(send, wrongState);
      const started = expectOk(await send());
      expect(started.state).toBe('in_service');
      o.state = 'in_service';
      o.startedAt = started.started_at;
      o.serviceEndAt = started.service_end_at;
    },
    hasOrders,
  );

function complete(m: Model, o: Order): void {
  o.state = 'completed';
  hold(m, o, o.amount - o.refunded);
}

/** 交付 of `n` units: past the quota 40000 naming n; reaching it completes the order. */
const deliver = (pick: Target, n: number) =>
  new Step(
    `deliver ${n} on ${describeTarget(pick)}`,
    async (m) => {
      const o = orderAt(m, pick, ['in_service']);
      const send = () => invoke(t, orderCalls.orderDeliver, { order_no: o.no, n }, admin);
      if (o.state !== 'in_service') return expectRefusal(send, wrongState);
      if (o.quota > 0 && o.delivered + n > o.quota) return expectRefusal(send, { code: 40000, field: 'n' });
      expectOk(await send());
      o.delivered += n;
      if (o.quota > 0 && o.delivered === o.quota) complete(m, o);
    },
    hasOrders,
  );

const completeOrder = (pick: Target) =>
  new Step(
    `complete ${describeTarget(pick)}`,
    async (m) => {
      const o = orderAt(m, pick, ['in_service']);
      const send = () => invoke(t, orderCalls.orderComplete, { order_no: o.no }, admin);
      if (o.state !== 'in_service') return expectRefusal(send, wrongState);
      expect(expectOk(await send()).state).toBe('completed');
      complete(m, o);
    },
    hasOrders,
  );

function cancelPaid(m: Model, o: Order): void {
  const payer = m.people[o.payer]!;
  payer.balance += o.amount;
  payer.spent -= o.amount;
  m.people[o.agency]!.orderCount -= 1;
  m.people[m.customers[o.customer]!.person]!.orderCount -= 1;
  o.refunded = o.amount;
}

const cancel = (pick: Target) =>
  new Step(
    `cancel ${describeTarget(pick)}`,
    async (m) => {
      const o = orderAt(m, pick, ['created', 'paid']);
      const send = () => invoke(t, orderCalls.orderCancel, { order_no: o.no, reason: '客户不要了' }, admin);
      if (o.state !== 'created' && o.state !== 'paid') return expectRefusal(send, wrongState);
      expect(expectOk(await send()).state).toBe('cancelled');
      if (o.state === 'paid') cancelPaid(m, o);
      o.state = 'cancelled';
    },
    hasOrders,
  );

/**
 * 退款 of `percent` of what the refund rule allows now, or 1 fen more (40000 naming amount). In service, the commission
 * is held on what the order kept; after completion a held one is voided and held again on the rest (released when the
 * first would have been), a released one clawed back down to it, what the agency's cash cannot cover left due.
 */
const refund = (pick: Target, percent: number, over: boolean) =>
  new Step(
    `refund ${over ? 'past the most' : `${percent}%`} of ${describeTarget(pick)}`,
    async (m) => {
      const o = orderAt(m, pick, ['in_service', 'completed']);
      const now = t.clock.now().getTime();
      const most = refundableAmount({ state: o.state, amount: o.amount, duration_days: o.durationDays, quota: o.quota, delivered: o.delivered, started_at: o.startedAt, service_end_at: o.serviceEndAt, now });
      const amount = over || most === 0 ? most + 1 : Math.max(1, Math.floor((most * percent) / 100));
      const send = () => invoke(t, orderCalls.orderRefund, { order_no: o.no, amount, reason: '服务未达标' }, admin);
      if (o.state !== 'in_service' && o.state !== 'completed') return expectRefusal(send, wrongState);
      if (amount > most) return expectRefusal(send, { code: 40000, field: 'amount' });
      expect(expectOk(await send()).state).toBe('refunded');
      const payer = m.people[o.payer]!;
      payer.balance += amount;
      payer.spent -= amount;
      o.refunded = amount;
      const kept = o.amount - amount;
      if (o.state === 'in_service') hold(m, o, kept);
      else {
        const current = o.commissions.filter((c) => c.state !== 'voided').at(-1);
        if (current?.state === 'held') {
          current.state = 'voided';
          m.people[o.agency]!.held -= current.amount;
          hold(m, o, kept, current.releaseAt);
        } else if (current?.state === 'released') {
          o.commission = commissionOn(kept, o.rateBp);
          const owed = current.amount - o.commission;
          const taken = takeBack(m.people[o.agency]!, owed);
          current.clawedBack += taken;
          current.due = owed - taken;
        }
      }
      o.state = 'refunded';
    },
    hasOrders,
  );

/** Hours pass and the sweep runs: unpaid orders past the time to pay cancelled, services ended, commissions released. */
const pass = (hours: number) =>
  new Step(`${hours} h pass; the sweep`, async (m) => {
    t.clock.advance(hours * HOUR);
    tokens.clear();
    admin = await signInAsAdmin(t);
    const now = t.clock.now().getTime();
    const due = m.orders
      .flatMap((o) => o.commissions)
      .filter((c) => c.state === 'held' && c.releaseAt! <= now)
      .sort((a, b) => a.releaseAt! - b.releaseAt! || a.serial - b.serial);
    for (const o of m.orders) if (o.state === 'created' && o.createdAt <= now - PAY_MINUTES * 60_000) o.state = 'cancelled';
    for (const o of m.orders) if (o.state === 'in_service' && Date.parse(o.serviceEndAt!) <= now) complete(m, o);
    for (const c of due) release(m, m.orders.find((o) => o.commissions.includes(c))!, c);
    await t.app.jobs.runNow('order.sweep', {});
  });

/** A payment callback credits someone's cash (it settles no dues). */
const topUpCash = (userId: number, amount: number) =>
  ledger.post({ kind: 'top_up', legs: [{ debit: { kind: 'payment_clearing' }, credit: { kind: 'user_cash', ownerId: userId }, amount }], userId });

const topUp = (person: number, amount: number) =>
  new Step(`top-up ${amount} → p${person}`, async (m) => {
    const p = m.people[person]!;
    await topUpCash(p.id, amount);
    p.balance += amount;
  });

/**
 * An agency applies to withdraw `percent` of what it could (101–103 % is more than it could): what it owes from
 * claw-backs comes out first, refused (40900 naming amount) when the rest would not cover the amount.
 */
const withdraw = (agency: number, percent: number) =>
  new Step(`agency a${agency} withdraws ${percent}%`, async (m) => {
    const index = m.agencies[agency]!;
    const p = m.people[index]!;
    const owed = dues(m, index);
    const free = Math.max(0, available(p) - owed);
    const amount = Math.max(WITHDRAWAL_MIN_FEN, percent > 100 ? free + percent - 100 : Math.floor((free * percent) / 100));
    const body = { amount, payout_type: 2, account_name: '代理', account_no: 'agency@example.com', idempotency_key: `order-model-wd-${++keys}` };
    const send = async () => invoke(t, withdrawalAppCalls.apply, body, await tokenOf(p.id));
    if (amount > free) return expectRefusal(send, { code: 40900, field: 'amount' });
    expectOk(await send());
    settleDues(m, index);
    p.frozen += amount;
  });

/** The next move of an order on its way (paid, started, completed), so runs reach refunds after release. */
const progress = (pick: Target) =>
  new Step(
    `the next move of ${describeTarget(pick)}`,
    async (m) => {
      const o = orderAt(m, pick, ['created', 'paid', 'in_service']);
      const alike = { pick: m.orders.filter((other) => other.state === o.state).indexOf(o), any: false };
      if (o.state === 'created') await pay(alike, false).act(m);
      else if (o.state === 'paid') await start(alike).act(m);
      else if (o.state === 'in_service') await completeOrder(alike).act(m);
    },
    hasOrders,
  );

const command = fc.oneof(
  { weight: 5, arbitrary: target.map(progress) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: CUSTOMERS_OF.length - 1 }), fc.integer({ min: 0, max: 1 }), fc.constantFrom<OrderPayBy>('customer', 'customer', 'agency')).map(([c, p, by]) => place(c, p, by)) },
  { weight: 4, arbitrary: fc.tuple(target, fc.nat(9)).map(([p, n]) => pay(p, n === 0)) },
  { weight: 3, arbitrary: target.map(start) },
  { weight: 1, arbitrary: fc.tuple(target, fc.integer({ min: 1, max: 6 })).map(([p, n]) => deliver(p, n)) },
  { weight: 3, arbitrary: target.map(completeOrder) },
  { weight: 1, arbitrary: target.map(cancel) },
  { weight: 3, arbitrary: fc.tuple(target, fc.integer({ min: 1, max: 100 }), fc.nat(9)).map(([p, percent, n]) => refund(p, percent, n === 0)) },
  // Mostly an hour (an unpaid order lives two); sometimes days (services end, windows close).
  { weight: 3, arbitrary: fc.oneof({ weight: 2, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 20, max: 120 }) }).map(pass) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: AGENCY_LEVELS.length + CUSTOMERS_OF.length - 1 }), fc.integer({ min: 1_000, max: 120_000 })).map(([p, a]) => topUp(p, a)) },
  { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 0, max: AGENCY_LEVELS.length - 1 }), fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 103 }))).map(([a, percent]) => withdraw(a, percent)) },
);

/** Fresh agencies allowed to sell the business, and customers signed up with them with some cash and an order each. */
async function setUp(): Promise<Model> {
  const people: Person[] = [];
  const person = (id: number, balance = 0): number => people.push({ id, balance, frozen: 0, held: 0, income: 0, orderCount: 0, spent: 0 }) - 1;
  const agencies: number[] = [];
  for (const level of AGENCY_LEVELS) agencies.push(person((await insertUser(t, { typeUser: 1, level })).id, AGENCY_CASH));
  await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
  // Allowed as an approved 业务申请 allows it (business-applications.test.ts walks that flow).
  await t.database.db.insert(agencyBusiness).values(agencies.map((a) => ({ agencyId: people[a]!.id, businessId: business, enabled: true, approvedAt: t.clock.now() })));
  for (const a of agencies) await topUpCash(people[a]!.id, AGENCY_CASH);
  const customers: Model['customers'] = [];
  for (const [n, of] of CUSTOMERS_OF.entries()) {
    const { id } = await insertUser(t, { typeUser: 2 });
    const agency = agencies[of]!;
    const values = { company_name: `模型客户${keys}-${n}`, contact_name: '联系人', mobile: '13800138000' };
    const merchant = await ok(t, merchantAppCalls.register, { agency_id: people[agency]!.id, values }, await tokenOf(id));
    customers.push({ person: person(id, CUSTOMER_CASH), merchantId: merchant.id, agency });
    await topUpCash(id, CUSTOMER_CASH);
    keys += 1;
  }
  const m: Model = { people, agencies, customers, orders: [], commissionsWritten: 0 };
  // An order for each customer to start from, so no run begins with moves that have nothing to move.
  for (const n of CUSTOMERS_OF.keys()) await place(n, n % packages.length, 'customer').act(m);
  return m;
}

describe('orders’ money against a model', () => {
  test.prop([fc.commands([command], { maxCommands: MAX_STEPS, size: 'max' })], { numRuns: RUNS, seed: SEED })(
    'every sequence of orders, payments, services, cancellations, refunds, releases, top-ups and withdrawals keeps the books equal and everyone’s money as predicted',
    async (commands) => {
      const m = await setUp();
      await fc.asyncModelRun(() => ({ model: m, real: t }), commands);
      await checkAsStaffSee(m);
    },
    TIMEOUT_MS,
  );
});
