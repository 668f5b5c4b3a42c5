/**
 * API throughput on both engines (issue 5): a bare Fastify route in the app's process as the baseline, one handler with
 * and without the access guard (the cost of the session + permission check), the profile call and the user list.
 * See bench/README.md for the figures and how to read them.
 *
 *   node bench/api.mjs [--engine both|pglite|postgres] [--duration 2] [--warmup 2] [--rounds 8] [--connections 10]
 *
 * PGlite runs in a fresh temporary folder; PostgreSQL in a fresh database at BENCH_API_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/juqi_bench_api, dropped and created at every run). Demo data (3,000 users).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchStaff, callOk, cpuSeconds, freePort, freshDatabase, median, root, say, startServer } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
  },
});
const ADMIN_PASSWORD = 'Bench-Pass-2026';
const postgresUrl = process.env.BENCH_API_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/juqi_bench_api';
const engines = opts.engine === 'both' ? ['pglite', 'postgres'] : [opts.engine];

function scenarios(token) {
  const auth = { 'x-token': token };
  return [
    { name: 'bare Fastify route (baseline)', path: '/bench/bare' },
    { name: 'one-row handler, public', path: '/api/bench/staff-open' },
    { name: 'one-row handler, behind the guard', path: '/api/bench/staff-guarded', headers: auth },
    { name: 'GET /api/staff/info (profile)', path: '/api/staff/info', headers: auth },
    { name: 'POST /api/user/lists (page 1, 20 rows)', path: '/api/user/lists', method: 'POST', body: { limit: 20 }, headers: auth },
  ];
}

/** The port of the server being measured, picked free for each engine. */
let PORT;

async function measure(s, duration, pid) {
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({
    url: `http://127.0.0.1:${PORT}${s.path}`,
    method: s.method ?? 'GET',
    connections: Number(opts.connections),
    duration,
    headers: { ...(s.body ? { 'content-type': 'application/json' } : {}), ...s.headers },
    body: s.body ? JSON.stringify(s.body) : undefined,
  });
  const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuMs, failures: r.errors + r.timeouts + r.non2xx };
}

async function benchEngine(engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-bench-api-'));
  if (engine === 'postgres') await freshDatabase(postgresUrl);
  PORT = await freePort();
  const server = startServer('bench/api-server.mjs', {
    DATA_DIR: dataDir,
    DATABASE_URL: engine === 'postgres' ? postgresUrl : '',
    ADMIN_PASSWORD,
  }, PORT);
  try {
    await server.ready;
    const token = await benchStaff((url, body, t) => callOk(PORT, url, body, t), ADMIN_PASSWORD);
    const list = scenarios(token);
    for (const s of list) {
      // Each answers 20000 before it is measured, so a refusal is never benchmarked as a fast success.
      const data = await callOk(PORT, `${s.method === 'POST' ? '' : 'GET '}${s.path}`, s.body, token);
      if (s.path === '/api/user/lists' && data.data.length !== 20) throw new Error('the user list answered fewer than 20 rows');
      await measure(s, Number(opts.warmup), server.child.pid); // warm-up: JIT, caches, pool connections
    }
    // Rounds interleave the scenarios, so a burst of load from elsewhere on the machine hits all of them alike; the
    // two twins run back to back, in turn first, and are compared round by round.
    const runs = new Map(list.map((s) => [s.name, []]));
    const [open, guarded] = [list[1], list[2]];
    for (let round = 0; round < Number(opts.rounds); round++) {
      const order = round % 2 ? [list[0], guarded, open, ...list.slice(3)] : list;
      for (const s of order) runs.get(s.name).push(await measure(s, Number(opts.duration), server.child.pid));
    }
    const pairs = runs.get(open.name).map((o, i) => ({ o, g: runs.get(guarded.name)[i] }));
    const guard = {
      rpsRatio: median(pairs.map(({ o, g }) => g.rps / o.rps)),
      cpuRatio: median(pairs.map(({ o, g }) => g.cpuMs / o.cpuMs)),
    };
    const rows = list.map((s) => {
      const r = runs.get(s.name);
      return {
        scenario: s.name,
        rps: Math.round(median(r.map((x) => x.rps))),
        p50: median(r.map((x) => x.p50)),
        p99: median(r.map((x) => x.p99)),
        cpuMs: median(r.map((x) => x.cpuMs)),
        failures: r.reduce((n, x) => n + x.failures, 0),
        rounds: r.map((x) => Math.round(x.rps)),
      };
    });
    return { rows, guard };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const results = {};
for (const engine of engines) {
  say(`\n${engine}: measuring (${opts.rounds} rounds × ${opts.duration} s per scenario, ${opts.connections} connections)…`);
  const { rows, guard } = await benchEngine(engine);
  results[engine] = { rows, guard };
  const base = rows[0].rps;
  say('\n| scenario | req/s (median) | p50 ms | p99 ms | ÷ baseline | server CPU ms / request | rounds, req/s | failed |');
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    say(`| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / base).toFixed(2)} | ${r.cpuMs.toFixed(3)} | ${r.rounds.join(', ')} | ${r.failures} |`);
  }
  say(
    `\nThe guard (session + permission check) on the one-row handler, median of the rounds' ratios: ` +
      `${pct(1 - guard.rpsRatio)} fewer req/s, ${pct(guard.cpuRatio - 1)} more server CPU per request (target: at most 10 % slower).`,
  );
}
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), host: { cpus: os.cpus().length, node: process.version, load: os.loadavg() }, opts, results }, null, 2));
say(`\nSaved ${path.relative(root, file)}`);
