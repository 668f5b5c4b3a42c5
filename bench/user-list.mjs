/**
 * Benchmark of the user list at 1,000,000 users (issue 7): the real app's `POST /api/user/lists` with two filters
 * (type_user + an order-count band), 20 rows a page, signed in, against a bare Fastify + pg keyset route over the same
 * table (bench/baseline-server.mjs), measured in the same run with autocannon at 50 connections. See bench/README.md
 * for the figures and how to read them.
 *
 *   node bench/user-list.mjs [--seed] [--users 1000000] [--duration 10] [--rounds 3] [--warmup 3] [--connections 50] [--drop]
 *   node bench/user-list.mjs --engine pglite     # the app alone on PGlite with the demo's 3,000 users
 *   node bench/user-list.mjs --cpu-prof /tmp/prof  # and the app server's CPU profile, written when it stops
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/juqi_bench_users) is created and seeded with
 * `npm run db:seed -- --users N` when it does not exist yet or has fewer users, or when --seed is given; --drop drops it
 * at the end.
 *
 * Every scenario sends many different bodies in turn (10 filter pairs × their pages), so neither server answers one
 * repeated query: app and baseline get the same filters and pages, and answer the same rows (checked before measuring).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { alternating, cpuText, databaseNameOf, dropDatabase, ensureDatabase, figures, withApplicationName, withClient } from './lib/same-run.mjs';
import { serverNodeArgs } from '../apps/server/node-args.mjs';
import { freePort, startServer } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    seed: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    users: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    'log-level': { type: 'string', default: 'warn' },
    /** A folder for the app server's CPU profile (Node's --cpu-prof), written when it stops: where its time goes. */
    'cpu-prof': { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/juqi_bench_users';
const databaseName = databaseNameOf(databaseUrl);
const adminPassword = process.env.BENCH_ADMIN_PASSWORD ?? 'Bench-Pass-2026';
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const say = (line) => process.stdout.write(`${line}\n`);

/** Two filters: agents or ordinary users × an order-count band. */
const FILTERS = [1, 2].flatMap((typeUser) => [1, 2, 3, 4, 5].map((quantity) => ({ type_user: typeUser, quantity })));
const SCROLL_PAGES = 20;
const NUMBERED_PAGES = 50;
/** Deep pages start past the rows answered by page number (MAX_OFFSET_ROWS), where only the cursor reaches. */
const DEEP_ROWS = 10_000;
const DEEP_PAGES = 10;

// ——— the database ———

async function prepareDatabase() {
  const exists = await ensureDatabase(databaseUrl);
  const users = exists ? await withClient(databaseUrl, (c) => c.query('select count(*)::int as n from users').then((r) => r.rows[0].n, () => 0)) : 0;
  if (opts.seed || users < Number(opts.users)) {
    say(`Seeding ${opts.users} users into ${databaseName}…`);
    const started = Date.now();
    const seeded = spawnSync('npm', ['run', 'db:seed', '--', '--users', opts.users, '--no-demo'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seed failed');
    say(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

// ——— the servers ———

async function post(port, url, body, headers = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res.json();
}

// ——— the pages both servers are asked for ———

const baseFilterOf = (f) => ({ type_user: f.type_user, band: f.quantity });
const afterOf = (row) => [row.registered_at, row.id];
const idsOf = (answer) => answer.data.data.map((u) => u.id).join();
async function sameRows(what, answer, ...others) {
  for (const other of await Promise.all(others)) if (idsOf(other) !== idsOf(answer)) throw new Error(`${what}: the answers disagree`);
}

/**
 * Walks each filter by cursor and records, per page, the app's body and the baseline's body for the same rows
 * (the baseline's `after` is the previous page's last row). Checks that both servers answer the same rows, and that
 * page numbers and cursors agree.
 */
async function collectPages(auth, withBaseline) {
  const scroll = [];
  const numbered = [];
  const deep = [];
  const counts = [];
  for (const filter of FILTERS) {
    const base = baseFilterOf(filter);
    let cursor;
    let lastRow;
    let answer;
    for (let page = 1; page <= NUMBERED_PAGES; page++) {
      const appBody = { ...filter, limit: 20, ...(cursor ? { cursor } : {}) };
      const baseBody = { ...base, ...(lastRow ? { after: afterOf(lastRow) } : {}) };
      answer = await post(APP_PORT, '/api/user/lists', appBody, auth);
      if (answer.code !== 20000) throw new Error(`unexpected list answer: ${JSON.stringify(answer).slice(0, 300)}`);
      if (page === 1) counts.push({ filter, count: answer.data.count });
      if (page === 1 || page === SCROLL_PAGES) {
        const byNumber = post(APP_PORT, '/api/user/lists', { ...filter, limit: 20, page }, auth);
        await sameRows(`page ${page} of ${JSON.stringify(filter)}`, answer, byNumber, ...(withBaseline ? [post(BASE_PORT, '/list', baseBody)] : []));
      }
      if (page <= SCROLL_PAGES) scroll.push({ app: appBody, base: baseBody });
      numbered.push({ app: { ...filter, limit: 20, page }, base: baseBody });
      lastRow = answer.data.data.at(-1);
      cursor = answer.data.next_cursor;
      if (!cursor) break;
    }
    // Deep: jump 100 rows at a time to DEEP_ROWS, then record DEEP_PAGES pages of 20.
    if (answer.data.count < DEEP_ROWS + DEEP_PAGES * 20) continue;
    cursor = undefined;
    for (let read = 0; read < DEEP_ROWS; read += 100) {
      answer = await post(APP_PORT, '/api/user/lists', { ...filter, limit: 100, ...(cursor ? { cursor } : {}) }, auth);
      lastRow = answer.data.data.at(-1);
      cursor = answer.data.next_cursor;
    }
    for (let page = 0; page < DEEP_PAGES; page++) {
      const appBody = { ...filter, limit: 20, cursor };
      const baseBody = { ...base, after: afterOf(lastRow) };
      answer = await post(APP_PORT, '/api/user/lists', appBody, auth);
      if (page === 0 && withBaseline) await sameRows(`deep page of ${JSON.stringify(filter)}`, answer, post(BASE_PORT, '/list', baseBody));
      deep.push({ app: appBody, base: baseBody });
      lastRow = answer.data.data.at(-1);
      cursor = answer.data.next_cursor;
    }
  }
  return { scroll, numbered, deep, counts };
}

// ——— the run ———

const pglite = opts.engine === 'pglite';
const withName = (name) => withApplicationName(databaseUrl, name);
/** PGlite: the app alone on a fresh data folder with the demo's users; there is no PostgreSQL for a baseline to share. */
const dataDir = pglite ? fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-bench-users-')) : null;
if (!pglite) await prepareDatabase();
// Ports free at this moment: another run on a shared machine may hold any fixed one.
const [APP_PORT, BASE_PORT] = [await freePort(), await freePort()];
const app = startServer(
  'apps/server/src/main.ts',
  {
    ...(pglite ? { DATA_DIR: dataDir, SEED_DEMO: '1' } : { DATABASE_URL: withName('bench-app'), SEED_DEMO: '0' }),
    LOG_LEVEL: opts['log-level'],
    ADMIN_PASSWORD: adminPassword,
  },
  APP_PORT,
  opts['cpu-prof'] ? [...serverNodeArgs, '--cpu-prof', `--cpu-prof-dir=${path.resolve(opts['cpu-prof'])}`] : undefined,
);
// The baseline with Node's defaults.
const base = pglite ? null : startServer('bench/baseline-server.mjs', { DATABASE_URL: withName('bench-baseline') }, BASE_PORT, []);
const monitor = pglite ? null : new pg.Client({ connectionString: databaseUrl });
try {
  await monitor?.connect();
  await Promise.all([app.ready, base?.ready]);
  const login = await post(APP_PORT, '/api/login/login', { staff_num: 'admin', user_pwd: adminPassword, sign: `${Date.now()}:${randomBytes(9).toString('base64url')}` });
  if (login.code !== 20000) throw new Error(`sign-in failed: ${JSON.stringify(login)} (set BENCH_ADMIN_PASSWORD to the admin password of this database)`);
  const auth = { 'x-token': login.data.token };

  const loadBefore = os.loadavg();
  const started = Date.now();
  const pages = await collectPages(auth, Boolean(base));
  say(`Collected ${pages.scroll.length} + ${pages.numbered.length} + ${pages.deep.length} page bodies in ${((Date.now() - started) / 1000).toFixed(1)} s; the answers agree.`);
  say(`Filter sizes: ${pages.counts.map((c) => `type_user ${c.filter.type_user} + quantity ${c.filter.quantity}: ${c.count}`).join('; ')}`);

  const scenarios = [
    { name: `scroll: pages 1–${SCROLL_PAGES} by cursor`, bodies: pages.scroll },
    { name: `page numbers 1–${NUMBERED_PAGES} (app offset, baseline keyset)`, bodies: pages.numbered },
    { name: `deep: pages ${DEEP_ROWS / 20 + 1}–${DEEP_ROWS / 20 + DEEP_PAGES} by cursor`, bodies: pages.deep },
  ].filter((s) => s.bodies.length > 0);
  // Each scenario alternates app and baseline in slices (the first side swapping every round), so both meet the same
  // background load on a shared machine; each side's slices are then pooled.
  const results = [];
  const rounds = Number(opts.rounds);
  for (const s of scenarios) {
    const sides = [
      { port: APP_PORT, pid: app.child.pid, applicationName: 'bench-app', requests: s.bodies.map((b) => ({ path: '/api/user/lists', body: b.app })), headers: auth },
      ...(base ? [{ port: BASE_PORT, pid: base.child.pid, applicationName: 'bench-baseline', requests: s.bodies.map((b) => ({ path: '/list', body: b.base })) }] : []),
    ];
    const [a, b] = await alternating(sides, { rounds, seconds: duration, warmup: Number(opts.warmup), connections, monitor, databaseName });
    const ratio = b ? Math.round((a.rps / b.rps) * 100) / 100 : null;
    results.push({ scenario: s.name, bodies: s.bodies.length, app: a, baseline: b ?? null, ratio });
    say(`${s.name}: app ${a.rps} req/s p99 ${a.p99} ms (slices ${a.slices.join(', ')})${b ? ` | baseline ${b.rps} req/s p99 ${b.p99} ms (slices ${b.slices.join(', ')}) | ratio ${ratio}` : ''}`);
  }

  say('\n| scenario | bodies | app req/s | app p50 / p90 / p99 ms | baseline req/s | baseline p50 / p90 / p99 ms | app ÷ baseline | errors (timeouts) app / baseline |');
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    say(`| ${[r.scenario, r.bodies, ...figures(r.app), ...figures(r.baseline), r.ratio ?? '—', `${r.app.errors} (${r.app.timeouts}) / ${r.baseline ? `${r.baseline.errors} (${r.baseline.timeouts})` : '—'}`].join(' | ')} |`);
  }
  say(`\nCPU milliseconds per request (server process${pglite ? ', PGlite inside it' : ' + its PostgreSQL backends'}; autocannon apart):\n`);
  say('| scenario | app: node + database | baseline: node + database | autocannon app / baseline |');
  say('| --- | --- | --- | --- |');
  for (const r of results) {
    const b = r.baseline?.cpuPerRequest;
    say(`| ${r.scenario} | ${cpuText(r.app.cpuPerRequest)} | ${b ? cpuText(b) : '—'} | ${r.app.cpuPerRequest.loader.toFixed(3)} / ${b ? b.loader.toFixed(3) : '—'} |`);
  }
  const out = path.join(root, 'bench', 'results');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `user-list-${opts.engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  // The load average before and after: the machine's other work, which the figures depend on.
  const host = { cpus: os.cpus().length, node: process.version, loadavg: { before: loadBefore, after: os.loadavg() } };
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), engine: opts.engine, host, connections, sliceSeconds: duration, rounds, counts: pages.counts, results }, null, 2));
  say(`\nLoad average (1, 5, 15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${host.loadavg.after.map((l) => l.toFixed(1)).join(', ')}`);
  say(`Saved ${path.relative(root, file)}`);
} finally {
  await monitor?.end().catch(() => {});
  const children = [app.child, base?.child].filter(Boolean);
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (opts.drop && !pglite) {
    await dropDatabase(databaseUrl);
    say(`Dropped ${databaseName}.`);
  }
}
