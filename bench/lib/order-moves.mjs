/**
 * The worker of bench/order-ledger.mjs, run with the server's Node options (apps/server/node-args.mjs) so the order
 * module's TypeScript loads. On one fresh database it takes orders placed up front through pay → start → complete
 * twice, through the order engine (`OrderService` with `OrderMoney` on the ledger) and as bare SQL writing the same
 * rows, in alternating slices; checks both sides ended alike and the ledger whole, and prints its figures as one JSON
 * line on stdout.
 *
 *   node <server node args> bench/lib/order-moves.mjs '{"engine":"pglite","dataDir":…,"orders":300,…}'
 */
import { agencyBasicSettings } from '@juqi/contract';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { openPglite, openPostgres } from '../../apps/server/src/lib/db/client.ts';
import { Ledger } from '../../apps/server/src/lib/ledger/ledger.ts';
import { readSettingsDocument } from '../../apps/server/src/lib/settings/document.ts';
import { SettingsStore } from '../../apps/server/src/lib/settings/store.ts';
import { seedAgencies } from '../../apps/server/src/modules/agency/seed.ts';
import { OrderMoney } from '../../apps/server/src/modules/order/money.ts';
import { OrderService, serviceEnd } from '../../apps/server/src/modules/order/service.ts';
import { brokenInvariants } from './ledger-workload.mjs';
import { cpuSeconds } from './server.mjs';
import { bareTransaction } from './workers.mjs';

const { engine, url, dataDir, orders, warmup, rounds, customers, agencies } = JSON.parse(process.argv[2]);
const progress = (line) => process.stderr.write(`  ${line}\n`);
const DAY_MS = 86_400_000;
/** ¥ 2,980.00, 30 days, 8 units: the demo's 短视频代运营 基础版. */
const PRICE = 298_000;
/** Who makes the staff's moves (start, complete): recorded on the history and audit entries. */
const STAFF = { staffId: 1, ip: '127.0.0.1' };

const database = engine === 'postgres' ? await openPostgres(url, 1) : await openPglite({ dataDir });
await database.migrate();
const { db, client } = database;
const rows = async (text, params) => (await client.query(text, params)).rows;

// ——— the marketplace, made up front: neither side measures it ———
// Two sides of `agencies` agencies (level 2: 15 % commission) and `customers` customers, each customer with an app
// account and cash; side s's agency a is user s·A + a, its customer c user 2A + s·C + c (a twin on the other side).

await rows(
  `insert into users (name, mobile, invite_code, type_user, level, registered_at)
   select 'bench' || g, '170' || lpad(g::text, 8, '0'), 'B' || g, case when g <= $1::int then 1 else 2 end, case when g <= $1::int then 2 else 0 end, now()
   from generate_series(1, $1::int + $2::int) g`,
  [2 * agencies, 2 * customers],
);
await seedAgencies({ db, log: pino({ level: 'silent' }), demo: false });
const [{ id: businessId }] = await rows(`insert into business (name) values ('压测短视频') returning id`);
const [{ id: packageId }] = await rows(`insert into business_package (business_id, name, price, duration_days, quota) values ($1, '基础版', $2, 30, 8) returning id`, [businessId, PRICE]);
await rows(`insert into agency_business (agency_id, business_id, enabled, approved_at) select user_id, $1, true, now() from agency`, [businessId]);
const agencyOf = (side, customer) => side * agencies + (customer % agencies) + 1;
const customerUser = (side, customer) => 2 * agencies + side * customers + customer + 1;
await rows(
  `insert into merchant (agency_id, extra, user_id, source, created_at)
   select s * $2::int + c % $2::int + 1, jsonb_build_object('customer_name', '压测客户' || s || '-' || c), 2 * $2::int + s * $1::int + c + 1, 'staff', now()
   from generate_series(0, 1) s, generate_series(0, $1::int - 1) c`,
  [customers, agencies],
);
// Enough cash for every order a customer pays; the platform's two accounts and the agencies' cash opened too.
await rows(`insert into ledger_opening_import (user_id, balance) select g, $3::bigint from generate_series(2 * $1::int + 1, 2 * $1::int + 2 * $2::int) g`, [agencies, customers, PRICE * (orders + warmup)]);
await rows('select ledger_open_balances(now())');
await rows(
  `insert into ledger_account (kind, owner_id, currency, may_go_negative)
   select 'user_cash', g, 'CNY', false from generate_series(1, 2 * $1::int) g
   union all values ('revenue', 0, 'CNY', true), ('commission_payable', 0, 'CNY', true)
   on conflict do nothing`,
  [agencies],
);
const accountIds = new Map((await rows('select id::text, kind, owner_id from ledger_account')).map((r) => [`${r.kind}:${r.owner_id}`, Number(r.id)]));

const zone = (await new SettingsStore(db).get('system')).time_zone;
const { commission_hold_days: holdDays } = await readSettingsDocument(db, agencyBasicSettings);
const service = new OrderService(db, systemClock, new OrderMoney(new Ledger(db, systemClock), systemClock), async () => zone);

/** The orders each side takes through its moves, placed through the engine up front so both start from the same rows. */
async function placeOrders(side) {
  const merchants = new Map((await rows('select id, user_id from merchant')).map((m) => [m.user_id, m.id]));
  const placed = [];
  for (let n = 0; n < warmup + orders; n++) {
    const customer = n % customers;
    const agencyId = agencyOf(side, customer);
    const orderNo = await service.place(
      { agencyId, merchantId: merchants.get(customerUser(side, customer)), packageId, payBy: 'customer', source: 'staff', idempotencyKey: `bench:${side}:${n}`, fingerprint: `bench:${side}:${n}` },
      STAFF,
    );
    placed.push(orderNo);
  }
  const byNo = new Map((await rows('select id, order_no, agency_id, payer_user_id, amount, commission_rate_bp, duration_days from orders where order_no = any($1)', [placed])).map((o) => [o.order_no, o]));
  return placed.map((orderNo) => byNo.get(orderNo));
}
progress(`${engine}: placing ${2 * (warmup + orders)} orders`);
const placedOrders = { engine: await placeOrders(0), bare: await placeOrders(1) };

// ——— the two sides ———

/** The order engine: each move in its own transaction, with its row lock, state checks, lookups, postings and entries. */
const engineSide = {
  name: 'engine',
  async move(order) {
    await service.pay(order.order_no, order.payer_user_id);
    await service.start(order.order_no, STAFF);
    await service.complete(order.order_no, STAFF);
  },
};

/** One transaction on the driver itself, no ORM (`workers.mjs`): `work` gets `query(text, params)` answering the rows. */
const bareRows = (work) => bareTransaction(database, (query) => work(async (text, params) => (await query(text, params)).rows));

const TRANSFER = `insert into ledger_transfer (kind, state, idempotency_key, memo, reference, staff_id, user_id, created_at)
  values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) returning id`;
const EVENT = `insert into order_event (order_id, action, from_state, to_state, amount, staff_id, user_id, transfer_ids, at)
  values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`;
const AUDIT = `insert into audit_log (staff_id, action, target, detail, ip, created_at) values ($1, $2, $3, $4::jsonb, $5, $6)`;
const ENTRIES = `insert into ledger_entry (transfer_id, account_id, amount, pending, balance_after, created_at)
  values ($1, $2, $3, $4, $5, $8), ($1, $6, $7, $4, $9, $8)`;

/** An account's sum moved by an amount, answering its posted balance after. */
const addTo = (column) => `update ledger_account set ${column} = ${column} + $2 where id = $1 returning credits_posted - debits_posted as balance`;

/** Two legs' account updates, debit then credit: `sums` names the columns moved (posted or pending). */
async function moveAccounts(query, debit, credit, amount, sums) {
  const [debited] = await query(addTo(sums[0]), [debit, amount]);
  const [credited] = await query(addTo(sums[1]), [credit, amount]);
  return [debited.balance, credited.balance];
}

/**
 * The floor: the rows the moves write — the order's state and times, its history entries, the staff's audit entries,
 * the ledger's transfers, entries and account sums, the users' order figures and the held commission — as plain SQL,
 * one transaction a move, ids and amounts known: no row locks taken first, no state or balance checks, no idempotency
 * or account lookups, no settings read, no ORM.
 */
const bareSide = {
  name: 'bare',
  async move(order) {
    const reference = JSON.stringify({ order_no: order.order_no });
    const commission = Math.floor((order.amount * order.commission_rate_bp) / 10_000);
    const payer = accountIds.get(`user_cash:${order.payer_user_id}`);
    await bareRows(async (query) => {
      const now = new Date();
      const [transfer] = await query(TRANSFER, ['spend', 'posted', `order:pay:${order.order_no}`, `订单付款 ${order.order_no}`, reference, null, order.payer_user_id, now]);
      const [debited, credited] = await moveAccounts(query, payer, accountIds.get('revenue:0'), order.amount, ['debits_posted', 'credits_posted']);
      await query(ENTRIES, [transfer.id, payer, -order.amount, false, debited, accountIds.get('revenue:0'), order.amount, now, credited]);
      const counted = 'order_count = order_count + 1, last_order_at = greatest(last_order_at, $2)';
      await query(`update users set ${counted} where id = $1`, [order.agency_id, now]);
      await query(`update users set ${counted}, total_spent_cents = total_spent_cents + $3 where id = $1`, [order.payer_user_id, now, order.amount]);
      await query(`update orders set state = 'paid', paid_at = $2 where id = $1`, [order.id, now]);
      await query(EVENT, [order.id, 'pay', 'created', 'paid', order.amount, null, order.payer_user_id, JSON.stringify([transfer.id]), now]);
    });
    await bareRows(async (query) => {
      const now = new Date();
      await query(`update orders set state = 'in_service', started_at = $2, service_end_at = $3 where id = $1`, [order.id, now, serviceEnd(now, order.duration_days, zone)]);
      await query(EVENT, [order.id, 'start', 'paid', 'in_service', null, STAFF.staffId, null, '[]', now]);
      await query(AUDIT, [STAFF.staffId, 'order.start', `order:${order.order_no}`, JSON.stringify({ from: 'paid', to: 'in_service' }), STAFF.ip, now]);
    });
    await bareRows(async (query) => {
      const now = new Date();
      const [transfer] = await query(TRANSFER, ['earning', 'pending', `order:commission:${order.order_no}`, `订单佣金 ${order.order_no}`, reference, STAFF.staffId, order.agency_id, now]);
      const [payable, agency] = [accountIds.get('commission_payable:0'), accountIds.get(`user_cash:${order.agency_id}`)];
      const [debited, credited] = await moveAccounts(query, payable, agency, commission, ['debits_pending', 'credits_pending']);
      await query(ENTRIES, [transfer.id, payable, -commission, true, debited, agency, commission, now, credited]);
      await query(
        `insert into order_commission (order_id, agency_id, base, rate_bp, amount, state, hold_transfer_id, release_at, created_at)
         values ($1, $2, $3, $4, $5, 'held', $6, $7, $8)`,
        [order.id, order.agency_id, order.amount, order.commission_rate_bp, commission, transfer.id, new Date(now.getTime() + holdDays * DAY_MS), now],
      );
      await query(`update orders set state = 'completed', ended_at = $2, commission = $3 where id = $1`, [order.id, now, commission]);
      await query(EVENT, [order.id, 'complete', 'in_service', 'completed', commission, STAFF.staffId, null, JSON.stringify([transfer.id]), now]);
      await query(AUDIT, [STAFF.staffId, 'order.complete', `order:${order.order_no}`, JSON.stringify({ from: 'in_service', to: 'completed', amount: commission }), STAFF.ip, now]);
    });
  },
};

// ——— CPU: this process (with PGlite, the database runs in it too) and, on PostgreSQL, this database's backends ———

const monitor = engine === 'postgres' ? new pg.Client({ connectionString: url }) : undefined;
await monitor?.connect();

/** Statements sent to PostgreSQL by either side (every query of a `pg` client but the monitor's), transaction control included. */
let statements = 0;
if (monitor) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(...args) {
    if (this !== monitor) statements++;
    return query.apply(this, args);
  };
}

async function backendCpuMs() {
  if (!monitor) return new Map();
  const used = new Map();
  for (const { pid } of (await monitor.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows) {
    try {
      used.set(pid, cpuSeconds(pid) * 1000);
    } catch {
      /* the backend ended meanwhile */
    }
  }
  return used;
}

/** Takes a slice of orders through their moves, one after the other; answers its figures. */
async function runSlice(side, slice) {
  const latencies = [];
  const backendsBefore = await backendCpuMs();
  const cpuBefore = process.cpuUsage();
  const statementsBefore = statements;
  const started = performance.now();
  for (const order of slice) {
    const sent = performance.now();
    await side.move(order);
    latencies.push(performance.now() - sent);
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseMs = [...(await backendCpuMs())].reduce((sum, [pid, after]) => sum + after - (backendsBefore.get(pid) ?? 0), 0);
  return { orders: slice.length, ms, latencies, nodeMs: (cpu.user + cpu.system) / 1000, databaseMs, statements: statements - statementsBefore };
}

/** One side's slices together: orders ÷ time, latency percentiles over every order, CPU an order. */
function pooled(slices) {
  const sum = (of) => slices.reduce((n, s) => n + of(s), 0);
  const count = sum((s) => s.orders);
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  const perOrder = (key) => Math.round((sum((s) => s[key]) / count) * 1000) / 1000;
  return {
    orders: count,
    perSecond: Math.round((count / sum((s) => s.ms)) * 10_000) / 10,
    slices: slices.map((s) => Math.round((s.orders / s.ms) * 10_000) / 10),
    p50: at(0.5),
    p99: at(0.99),
    nodeCpuMs: perOrder('nodeMs'),
    databaseCpuMs: perOrder('databaseMs'),
    statementsPerOrder: monitor ? perOrder('statements') : null,
  };
}

const sides = [engineSide, bareSide];
progress(`${engine}: warm-up of ${warmup} orders a side`);
for (const side of sides) await runSlice(side, placedOrders[side.name].slice(0, warmup));
const sliceSize = Math.ceil(orders / rounds);
const slices = { engine: [], bare: [] };
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 === 0 ? sides : sides.toReversed()) {
    const figures = await runSlice(side, placedOrders[side.name].slice(warmup + round * sliceSize, warmup + (round + 1) * sliceSize));
    slices[side.name].push(figures);
    progress(`round ${round + 1}: ${side.name} ${Math.round((figures.orders / figures.ms) * 10_000) / 10} orders/s`);
  }
}

// Both sides took the same orders: each customer, agency and order must have ended as its twin on the other side did.
const twins = await rows(
  `select u.id, u.order_count, u.total_spent_cents::text as spent,
     coalesce((select (a.credits_posted - a.debits_posted)::text || '/' || a.credits_pending::text || '/' || (select count(*) from ledger_entry e where e.account_id = a.id)
       from ledger_account a where a.kind = 'user_cash' and a.owner_id = u.id), '') as cash
   from users u order by u.id`,
);
const figuresOf = new Map(twins.map((u) => [u.id, JSON.stringify([u.order_count, u.spent, u.cash])]));
/** The engine side's users: agencies 1…A and customers 2A+1…2A+C; their twins are A and C further on. */
const engineUsers = twins.filter((u) => u.id <= agencies || (u.id > 2 * agencies && u.id <= 2 * agencies + customers));
const differ = engineUsers.filter((u) => figuresOf.get(u.id) !== figuresOf.get(u.id + (u.id <= agencies ? agencies : customers)));
const perOrder = await rows(
  `select case when o.agency_id <= $1 then 'engine' else 'bare' end as side, o.state, count(*)::int as orders,
     sum((select count(*) from order_event e where e.order_id = o.id))::int as events,
     sum((select count(*) from order_commission c where c.order_id = o.id and c.state = 'held'))::int as commissions,
     sum((select count(*) from ledger_transfer t where t.reference ->> 'order_no' = o.order_no))::int as transfers,
     sum((select count(*) from audit_log l where l.target = 'order:' || o.order_no))::int as audits
   from orders o group by 1, 2 order by 1, 2`,
  [agencies],
);
const broken = await brokenInvariants(client);
if (engineUsers.length !== agencies + customers) broken.push(`${engineUsers.length} users on the engine side, not ${agencies + customers}`);
if (differ.length) broken.push(`${differ.length} users' order figures or cash differ between the engine and the bare side`);
const shapes = perOrder.map(({ side, ...rest }) => ({ side, shape: JSON.stringify(rest) }));
if (shapes.length !== 2 || shapes[0].shape !== shapes[1].shape || !shapes[0].shape.includes('"completed"'))
  broken.push(`the two sides' orders differ: ${JSON.stringify(perOrder)}`);

await monitor?.end();
await database.close();
process.stdout.write(`${JSON.stringify({ engine, engineFigures: pooled(slices.engine), bareFigures: pooled(slices.bare), rowsPerOrder: perOrder, broken })}\n`);
