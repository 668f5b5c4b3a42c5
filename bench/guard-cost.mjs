/**
 * The access guard's own cost, measured where other load on the machine cannot blur it: the whole app in this process
 * (on an in-memory PGlite, or a fresh PostgreSQL database at BENCH_API_DATABASE_URL), the two twins of lib/bench-routes.mjs (one handler, public and behind the guard) called through
 * `app.inject` one at a time, and the process's CPU time per request compared block by block.
 *
 *   node --import tsx bench/guard-cost.mjs [--engine pglite|postgres] [--blocks 20] [--per-block 500]
 *
 * With PostgreSQL the database's own work runs in its server processes, so the handler costs this process less and the
 * guard's share is larger.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/lib/db/client.ts';
import { runSeeds } from '../apps/server/src/seed/run.ts';
import { addBenchRoutes } from './lib/bench-routes.mjs';
import { benchStaff, freshDatabase, median, say } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    blocks: { type: 'string', default: '20' },
    'per-block': { type: 'string', default: '500' },
  },
});
const ADMIN_PASSWORD = 'Bench-Pass-2026';
const perBlock = Number(opts['per-block']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-guard-cost-'));
const logger = pino({ level: 'silent' });
const postgresUrl = process.env.BENCH_API_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/juqi_bench_api';
if (opts.engine === 'postgres') await freshDatabase(postgresUrl);
const database = opts.engine === 'postgres' ? await openPostgres(postgresUrl) : await openPglite();
await database.migrate();
await runSeeds({ db: database.db, log: logger, adminPassword: ADMIN_PASSWORD, demo: false });
const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir }), webRoot: '/nonexistent' }, database, logger });
addBenchRoutes(app);
await app.ready();

const api = async (url, body, token) => {
  const res = await app.inject({ method: 'POST', url, payload: body, headers: token ? { 'x-token': token } : {} });
  const answer = res.json();
  if (answer.code !== 20000) throw new Error(`${url} answered ${answer.code} ${answer.message}`);
  return answer.data;
};
const token = await benchStaff(api, ADMIN_PASSWORD);
const twins = [
  { name: 'public', url: '/api/bench/staff-open', headers: {} },
  { name: 'behind the guard', url: '/api/bench/staff-guarded', headers: { 'x-token': token } },
];

/** CPU microseconds per request over one block of sequential requests. */
async function block({ url, headers }) {
  const before = process.cpuUsage();
  for (let i = 0; i < perBlock; i++) {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode} ${res.body}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / perBlock;
}

for (const twin of twins) await block(twin); // warm-up
const samples = twins.map(() => []);
for (let b = 0; b < Number(opts.blocks); b++) {
  const order = b % 2 ? [1, 0] : [0, 1];
  for (const i of order) samples[i].push(await block(twins[i]));
}
const [open, guarded] = samples.map(median);
const ratios = samples[0].map((o, i) => samples[1][i] / o);
say(`${opts.engine}: one-row handler, public:           ${open.toFixed(0)} µs CPU per request (median of ${opts.blocks} blocks of ${perBlock})`);
say(`${opts.engine}: one-row handler, behind the guard: ${guarded.toFixed(0)} µs CPU per request`);
say(`${opts.engine}: the guard: ${(guarded - open).toFixed(0)} µs per request, ${((median(ratios) - 1) * 100).toFixed(1)} % (median of the blocks' ratios)`);

// The session check alone (token → principal, from the 5 s cache almost every time), without Fastify around it.
const calls = 100_000;
const resolveStarted = process.cpuUsage();
for (let i = 0; i < calls; i++) await app.access.resolveSession(token);
const resolveUsed = process.cpuUsage(resolveStarted);
say(`${opts.engine}: resolving the session alone: ${((resolveUsed.user + resolveUsed.system) / calls).toFixed(1)} µs per request`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
