/**
 * Benchmark of 订单中心 at 1,000,000 orders: the real app's `POST /api/order/order_list` with two filters (state +
 * business, agency + state), 20 rows a page, signed in, scrolling by cursor, against a bare Fastify + pg keyset route
 * over the same table (bench/baseline-server.mjs `/orders/list`), measured in the same run with autocannon. See
 * bench/README.md for the figures and how to read them.
 *
 *   node bench/order-centre.mjs [--seed] [--orders 1000000] [--duration 10] [--rounds 3] [--warmup 3] [--connections 50] [--drop]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/juqi_bench_orders) is created and seeded with the demo
 * and `npm run db:seed -- --orders N` when it does not exist yet or has fewer orders, or when --seed is given; --drop
 * drops it at the end.
 *
 * Every scenario sends many different bodies in turn (20 filters × their pages), so neither server answers one repeated
 * query: app and baseline get the same filters and pages, and answer the same rows (checked before measuring).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { alternating, cpuText, databaseNameOf, dropDatabase, ensureDatabase, figures, withApplicationName, withClient } from './lib/same-run.mjs';
import { callOk, freePort, root, say, signIn, startServer } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    seed: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    orders: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/juqi_bench_orders';
const databaseName = databaseNameOf(databaseUrl);
const adminPassword = process.env.BENCH_ADMIN_PASSWORD ?? 'Bench-Pass-2026';
const PAGES = 20;
const LIST = '/api/order/order_list';

// ——— the database ———

async function prepareDatabase() {
  const exists = await ensureDatabase(databaseUrl);
  const orders = exists ? await withClient(databaseUrl, (c) => c.query('select count(*)::int as n from orders').then((r) => r.rows[0].n, () => 0)) : 0;
  if (!opts.seed && orders >= Number(opts.orders)) return null;
  say(`Seeding the demo and ${opts.orders} orders into ${databaseName}…`);
  const started = Date.now();
  const seeded = spawnSync('npm', ['run', 'db:seed', '--', '--orders', opts.orders], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed failed');
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  say(`Seeded in ${seconds} s`);
  return seconds;
}

/**
 * The two-filter lists: the two states with most orders × every business sold (the index `(business_id, state,
 * created_at, id)`), and the five agencies that sold most × the same two states (the index `(agency_id, created_at,
 * id)`, the state read off its rows).
 */
async function chooseFilters(client) {
  const states = (await client.query(`select state from orders group by state order by count(*) desc limit 2`)).rows.map((r) => r.state);
  const businesses = (await client.query('select distinct business_id as id from orders order by 1')).rows.map((r) => r.id);
  const agencies = (await client.query('select agency_id as id from orders group by agency_id order by count(*) desc, agency_id limit 5')).rows.map((r) => r.id);
  return [...states.flatMap((state) => businesses.map((business) => ({ state, business_id: business }))), ...agencies.flatMap((agency) => states.map((state) => ({ agency_id: agency, state })))];
}

/** The agencies' figures are computed once at the app's first start, a pass over every order: measured after it. */
async function figuresComputed(client) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await client.query('select count(*)::int as n from agency where figures_at is null');
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the agencies’ figures were not computed within 5 minutes');
}

// ——— the pages both servers are asked for ———

const idsOf = (rows) => rows.map((r) => String(r.id)).join();

/**
 * Scrolls each filter by cursor through the app and records, per page, the app's body and the baseline's body for the
 * same rows (the baseline's `after` is the previous page's last row), checking that both servers answer the same rows
 * and the same count on every page.
 */
async function collectPages(filters, token) {
  const pages = [];
  const counts = [];
  for (const filter of filters) {
    let cursor;
    let after;
    for (let page = 1; page <= PAGES; page++) {
      const appBody = { ...filter, limit: 20, ...(cursor ? { cursor } : {}) };
      const baseBody = { ...filter, ...(after ? { after } : {}) };
      const [answer, bare] = await Promise.all([callOk(APP_PORT, LIST, appBody, token), callOk(BASE_PORT, '/orders/list', baseBody)]);
      if (idsOf(answer.data) !== idsOf(bare.data) || answer.count !== bare.count) throw new Error(`page ${page} of ${JSON.stringify(filter)}: the answers disagree`);
      if (page === 1) counts.push({ filter, count: answer.count });
      pages.push({ page, app: appBody, base: baseBody });
      const last = answer.data.at(-1);
      after = last && [last.created_at, last.id];
      cursor = answer.next_cursor;
      if (!cursor) break;
    }
  }
  return { pages, counts };
}

// ——— the run ———

const seedSeconds = await prepareDatabase();
// Ports free at this moment: another run on a shared machine may hold any fixed one.
const [APP_PORT, BASE_PORT] = [await freePort(), await freePort()];
const app = startServer('apps/server/src/main.ts', { DATABASE_URL: withApplicationName(databaseUrl, 'bench-app'), SEED_DEMO: '0', ADMIN_PASSWORD: adminPassword }, APP_PORT);
const base = startServer('bench/baseline-server.mjs', { DATABASE_URL: withApplicationName(databaseUrl, 'bench-baseline') }, BASE_PORT, []);
const monitor = new pg.Client({ connectionString: databaseUrl });
try {
  await monitor.connect();
  await Promise.all([app.ready, base.ready]);
  await figuresComputed(monitor);
  const token = await signIn(APP_PORT, 'admin', adminPassword);

  const loadBefore = os.loadavg();
  const started = Date.now();
  const filters = await chooseFilters(monitor);
  const { pages, counts } = await collectPages(filters, token);
  say(`Collected ${pages.length} page bodies of ${filters.length} filters in ${((Date.now() - started) / 1000).toFixed(1)} s; the answers agree.`);
  say(`Filter sizes: ${counts.map((c) => `${JSON.stringify(c.filter)}: ${c.count}`).join('; ')}`);

  const scenarios = [
    { name: `scroll: pages 1–${PAGES} by cursor`, bodies: pages },
    // The first page of each filter counts it; the pages after carry the count in their cursor.
    { name: `scroll: pages 2–${PAGES} by cursor (no count)`, bodies: pages.filter((p) => p.page > 1) },
  ];
  const results = [];
  const rounds = Number(opts.rounds);
  const connections = Number(opts.connections);
  for (const s of scenarios) {
    const sides = [
      { port: APP_PORT, pid: app.child.pid, applicationName: 'bench-app', requests: s.bodies.map((b) => ({ path: LIST, body: b.app })), headers: { 'x-token': token } },
      { port: BASE_PORT, pid: base.child.pid, applicationName: 'bench-baseline', requests: s.bodies.map((b) => ({ path: '/orders/list', body: b.base })) },
    ];
    const [a, b] = await alternating(sides, { rounds, seconds: Number(opts.duration), warmup: Number(opts.warmup), connections, monitor, databaseName });
    const ratio = Math.round((a.rps / b.rps) * 100) / 100;
    results.push({ scenario: s.name, bodies: s.bodies.length, app: a, baseline: b, ratio });
    say(`${s.name}: app ${a.rps} req/s p99 ${a.p99} ms (slices ${a.slices.join(', ')}) | baseline ${b.rps} req/s p99 ${b.p99} ms (slices ${b.slices.join(', ')}) | ratio ${ratio}`);
  }

  say('\n| scenario | bodies | app req/s | app p50 / p90 / p99 ms | baseline req/s | baseline p50 / p90 / p99 ms | app ÷ baseline | errors (timeouts) app / baseline |');
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    say(`| ${[r.scenario, r.bodies, ...figures(r.app), ...figures(r.baseline), `**${r.ratio}**`, `${r.app.errors} (${r.app.timeouts}) / ${r.baseline.errors} (${r.baseline.timeouts})`].join(' | ')} |`);
  }
  say('\nCPU milliseconds per request (server process + its PostgreSQL backends; autocannon apart):\n');
  say('| scenario | app: node + database | baseline: node + database | autocannon app / baseline |');
  say('| --- | --- | --- | --- |');
  for (const r of results) {
    say(`| ${r.scenario} | ${cpuText(r.app.cpuPerRequest)} | ${cpuText(r.baseline.cpuPerRequest)} | ${r.app.cpuPerRequest.loader.toFixed(3)} / ${r.baseline.cpuPerRequest.loader.toFixed(3)} |`);
  }
  const out = path.join(root, 'bench', 'results');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `order-centre-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  // The load average before and after: the machine's other work, which the figures depend on.
  const host = { cpus: os.cpus().length, node: process.version, loadavg: { before: loadBefore, after: os.loadavg() } };
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), host, seedSeconds, connections, sliceSeconds: Number(opts.duration), rounds, counts, results }, null, 2));
  say(`\nLoad average (1, 5, 15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${host.loadavg.after.map((l) => l.toFixed(1)).join(', ')}`);
  say(`Saved ${path.relative(root, file)}`);
} finally {
  await monitor.end().catch(() => {});
  for (const server of [app, base]) server.child.kill('SIGTERM');
  await Promise.all([app.exited, base.exited]);
  if (opts.drop) {
    await dropDatabase(databaseUrl);
    say(`Dropped ${databaseName}.`);
  }
}
