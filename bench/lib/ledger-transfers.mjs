/**
 * The worker of bench/ledger.mjs, run with the server's Node options (apps/server/node-args.mjs) so the ledger's
 * TypeScript loads. On one fresh database it posts the same list of transfers twice, through the posting engine
 * (`Ledger.post`) and as bare SQL, in alternating slices, checks the ledger afterwards, and prints its figures as one
 * JSON line on stdout.
 *
 *   node <server node args> bench/lib/ledger-transfers.mjs '{"engine":"pglite","dataDir":…,"writers":1,…}'
 */
import pg from 'pg';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { openPglite, openPostgres } from '../../apps/server/src/lib/db/client.ts';
import { Ledger } from '../../apps/server/src/lib/ledger/ledger.ts';
import { brokenInvariants, transferList } from './ledger-workload.mjs';
import { cpuSeconds } from './server.mjs';
import { bareTransaction } from './workers.mjs';

const { engine, url, dataDir, writers, transfers, warmup, users, rounds, seed } = JSON.parse(process.argv[2]);
const progress = (line) => process.stderr.write(`  ${line}\n`);

const database = engine === 'postgres' ? await openPostgres(url, writers) : await openPglite({ dataDir });
await database.migrate();
const client = database.client;

// Every account is opened up front, so neither side measures opening them: users 1..U post through the engine,
// U+1..2U through bare SQL, and both sides share the platform's two accounts.
await client.query(
  `insert into ledger_account (kind, owner_id, currency, may_go_negative)
   select 'user_cash', g, 'CNY', false from generate_series(1, $1::int) g
   union all values ('payment_clearing', 0, 'CNY', true), ('revenue', 0, 'CNY', true)
   on conflict do nothing`,
  [2 * users],
);
const accountIds = new Map((await client.query('select id::text, kind, owner_id from ledger_account')).rows.map((r) => [`${r.kind}:${r.owner_id}`, Number(r.id)]));

const ledger = new Ledger(database.db, systemClock);
const clearing = { kind: 'payment_clearing' };
const revenue = { kind: 'revenue' };

/** The posting engine: one `post` a transfer, in its own transaction, with its locks, lookups and checks. */
const engineSide = {
  name: 'engine',
  post(t) {
    const cash = { kind: 'user_cash', ownerId: t.user };
    const leg = t.kind === 'top_up' ? { debit: clearing, credit: cash, amount: t.amount } : { debit: cash, credit: revenue, amount: t.amount };
    return ledger.post({ kind: t.kind, legs: [leg], idempotencyKey: t.key });
  },
};

/**
 * The floor: the same rows — the transfer, the two account updates, the two entries with the balance after each —
 * written with plain SQL, account ids known, without the engine's idempotency lookup, account lookup, `for update`
 * locks (the updates still lock their rows), overdraft check or ORM.
 */
const bareSide = {
  name: 'bare',
  post(t) {
    const cash = accountIds.get(`user_cash:${t.user + users}`);
    const [debit, credit] = t.kind === 'top_up' ? [accountIds.get('payment_clearing:0'), cash] : [cash, accountIds.get('revenue:0')];
    return bareTransaction(database, async (query) => {
      const [transfer] = (await query(`insert into ledger_transfer (kind, state, idempotency_key) values ($1, 'posted', $2) returning id`, [t.kind, `bare:${t.key}`])).rows;
      const [debited] = (await query('update ledger_account set debits_posted = debits_posted + $2 where id = $1 returning credits_posted - debits_posted as balance', [debit, t.amount])).rows;
      const [credited] = (await query('update ledger_account set credits_posted = credits_posted + $2 where id = $1 returning credits_posted - debits_posted as balance', [credit, t.amount])).rows;
      await query('insert into ledger_entry (transfer_id, account_id, amount, balance_after) values ($1, $2, $3, $4), ($1, $5, $6, $7)', [
        transfer.id,
        debit,
        -t.amount,
        debited.balance,
        credit,
        t.amount,
        credited.balance,
      ]);
    });
  },
};

// ——— CPU: this process (with PGlite, the database runs in it too) and, on PostgreSQL, this database's backends ———

const monitor = engine === 'postgres' ? new pg.Client({ connectionString: url }) : undefined;
await monitor?.connect();

async function backendCpuMs() {
  if (!monitor) return new Map();
  const { rows } = await monitor.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  const used = new Map();
  for (const { pid } of rows) {
    try {
      used.set(pid, cpuSeconds(pid) * 1000);
    } catch {
      /* the backend ended meanwhile */
    }
  }
  return used;
}

/** What a connection of this database is doing, as pg_stat_activity shows it. */
const SAMPLE = `select count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int as "rowLock",
    count(*) filter (where state = 'active' and wait_event_type in ('IO', 'LWLock'))::int as "walAndIo",
    count(*) filter (where state = 'active' and wait_event_type is null)::int as running,
    count(*) filter (where state = 'idle in transaction')::int as "waitingForNode"
  from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
const SAMPLE_EVERY_MS = 20;

/**
 * Until `done()`, samples what the writers' connections are doing: waiting for a row lock (the platform's accounts),
 * for the WAL or other I/O, running, or idle in a transaction while node works. Answers the sums and the count.
 */
async function sampleConnections(done) {
  const sums = { rowLock: 0, walAndIo: 0, running: 0, waitingForNode: 0 };
  let samples = 0;
  if (!monitor) return { sums, samples };
  while (!done()) {
    const [row] = (await monitor.query(SAMPLE)).rows;
    for (const key of Object.keys(sums)) sums[key] += row[key];
    samples++;
    await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
  }
  return { sums, samples };
}

/** Posts a slice with `writers` writers, each taking the transfers of its own users in order; answers its figures. */
async function runSlice(side, slice) {
  const lanes = Array.from({ length: writers }, () => []);
  for (const t of slice) lanes[t.user % writers].push(t);
  const latencies = [];
  const backendsBefore = await backendCpuMs();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let finished = false;
  const sampling = sampleConnections(() => finished);
  await Promise.all(
    lanes.map(async (lane) => {
      for (const t of lane) {
        const sent = performance.now();
        await side.post(t);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const ms = performance.now() - started;
  finished = true;
  const connections = await sampling;
  const cpu = process.cpuUsage(cpuBefore);
  // A backend born during the slice counts from zero (the pool opens its connections during the warm-up).
  const databaseMs = [...(await backendCpuMs())].reduce((sum, [pid, after]) => sum + after - (backendsBefore.get(pid) ?? 0), 0);
  return { transfers: slice.length, ms, latencies, nodeMs: (cpu.user + cpu.system) / 1000, databaseMs, connections };
}

/** One side's slices together: transfers ÷ time, latency percentiles over every transfer, CPU a transfer. */
function pooled(slices) {
  const sum = (of) => slices.reduce((n, s) => n + of(s), 0);
  const count = sum((s) => s.transfers);
  const ms = sum((s) => s.ms);
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  const perTransfer = (key) => Math.round((sum((s) => s[key]) / count) * 1000) / 1000;
  const samples = Math.max(1, sum((s) => s.connections.samples));
  return {
    transfers: count,
    seconds: Math.round(ms) / 1000,
    perSecond: Math.round((count / ms) * 1000),
    slices: slices.map((s) => Math.round((s.transfers / s.ms) * 1000)),
    p50: at(0.5),
    p99: at(0.99),
    nodeCpuMs: perTransfer('nodeMs'),
    databaseCpuMs: perTransfer('databaseMs'),
    // How many of the writers' connections were, on average, in each state (PostgreSQL only).
    connections: Object.fromEntries(Object.keys(slices[0].connections.sums).map((key) => [key, Math.round((sum((s) => s.connections.sums[key]) / samples) * 100) / 100])),
  };
}

const list = transferList({ count: warmup + transfers, users, seed });
const sides = [engineSide, bareSide];
progress(`${engine}, ${writers} writer(s): warm-up of ${warmup} transfers a side`);
for (const side of sides) await runSlice(side, list.slice(0, warmup));
const measured = list.slice(warmup);
const sliceSize = Math.ceil(measured.length / rounds);
const slices = { engine: [], bare: [] };
for (let round = 0; round < rounds; round++) {
  const slice = measured.slice(round * sliceSize, (round + 1) * sliceSize);
  for (const side of round % 2 === 0 ? sides : sides.toReversed()) {
    const figures = await runSlice(side, slice);
    slices[side.name].push(figures);
    progress(`round ${round + 1}: ${side.name} ${Math.round((figures.transfers / figures.ms) * 1000)} transfers/s`);
  }
}

// Both sides posted the same list: every user of one must end with the balance of its twin of the other.
const { rows: balances } = await client.query(
  `select owner_id, (credits_posted - debits_posted)::text as balance, (select count(*) from ledger_entry e where e.account_id = a.id)::int as entries
   from ledger_account a where kind = 'user_cash' order by owner_id`,
);
const byOwner = new Map(balances.map((b) => [b.owner_id, b]));
const twinsDiffer = balances.filter((b) => b.owner_id <= users && JSON.stringify([b.balance, b.entries]) !== JSON.stringify([byOwner.get(b.owner_id + users)?.balance, byOwner.get(b.owner_id + users)?.entries]));
const entries = balances.reduce((n, b) => n + b.entries, 0);
const broken = await brokenInvariants(client);
if (twinsDiffer.length) broken.push(`${twinsDiffer.length} users' balances or entry counts differ between the engine and the bare side`);
if (entries !== 2 * list.length) broken.push(`${entries} user entries for ${2 * list.length} transfers`);

await monitor?.end();
await database.close();
process.stdout.write(`${JSON.stringify({ engine, writers, engineFigures: pooled(slices.engine), bareFigures: pooled(slices.bare), broken })}\n`);
