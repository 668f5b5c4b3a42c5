/**
 * Orders per second through the order engine's pay → start → complete (`OrderService` and `OrderMoney` on the
 * ledger, apps/server/src/modules/order) against a bare baseline measured in the same run: the same rows written with
 * plain SQL, one transaction a move. On PGlite (a temporary data folder) and, with `--pg`, on PostgreSQL, each on a
 * scratch database created for it and dropped after. See bench/README.md.
 *
 *   node bench/order-ledger.mjs [--orders 300] [--warmup 60] [--rounds 4] [--customers 100] [--agencies 20]
 *                               [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The URL only names the server and a database to connect to for `create database`; its own tables are never touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, say } from './lib/server.mjs';
import { onScratchDatabase, runWorker } from './lib/workers.mjs';

const { values: opts } = parseArgs({
  options: {
    orders: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '4' },
    customers: { type: 'string', default: '100' },
    agencies: { type: 'string', default: '20' },
    pg: { type: 'string' },
  },
});
const common = { orders: Number(opts.orders), warmup: Number(opts.warmup), rounds: Number(opts.rounds), customers: Number(opts.customers), agencies: Number(opts.agencies) };

const loadBefore = os.loadavg();
say(`Orders through pay → start → complete: ${common.orders} a side after ${common.warmup} of warm-up, ${common.rounds} rounds`);
const results = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-order-ledger-'));
try {
  results.push(await runWorker('bench/lib/order-moves.mjs', { ...common, engine: 'pglite', dataDir }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (opts.pg) results.push(await onScratchDatabase(opts.pg, `juqi_bench_order_ledger_${process.pid}`, (url) => runWorker('bench/lib/order-moves.mjs', { ...common, engine: 'postgres', url })));

const broken = results.flatMap((r) => r.broken.map((line) => `${r.engine}: ${line}`));
for (const line of broken) say(`BROKEN ${line}`);
const cpu = (f, engine) => (engine === 'postgres' ? `${f.nodeCpuMs.toFixed(2)} + ${f.databaseCpuMs.toFixed(2)}` : f.nodeCpuMs.toFixed(2));
say('\n| database | engine orders/s | engine p50 / p99 ms | bare orders/s | bare p50 / p99 ms | engine ÷ bare | CPU ms an order, engine / bare |');
say('| --- | --- | --- | --- | --- | --- | --- |');
for (const { engine, engineFigures: e, bareFigures: b } of results) {
  say(`| ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${e.perSecond} | ${e.p50} / ${e.p99} | ${b.perSecond} | ${b.p50} / ${b.p99} | **${(e.perSecond / b.perSecond).toFixed(2)}** | ${cpu(e, engine)} / ${cpu(b, engine)} |`);
}
for (const { engine, engineFigures: e, bareFigures: b } of results) {
  if (engine === 'postgres') say(`\nStatements sent to PostgreSQL an order (pay, start and complete, transaction control included): engine ${e.statementsPerOrder}, bare ${b.statementsPerOrder}.`);
}
say('\nCPU: this process (PGlite runs in it); on PostgreSQL, node + the database\'s backends. Slices (orders/s):');
for (const r of results) say(`  ${r.engine}: engine ${r.engineFigures.slices.join(', ')}; bare ${r.bareFigures.slices.join(', ')}`);

const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `order-ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
// The load average before and after: the machine's other work, which the figures depend on.
const host = { cpus: os.cpus().length, node: process.version, loadavg: { before: loadBefore, after: os.loadavg() } };
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), host, options: common, results }, null, 2));
say(`\nLoad average (1, 5, 15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${host.loadavg.after.map((l) => l.toFixed(1)).join(', ')}`);
say(`Saved ${path.relative(root, file)}`);
process.exit(broken.length ? 1 : 0);
