/**
 * Transfers per second through the ledger's posting engine (`Ledger.post`, apps/server/src/lib/ledger/ledger.ts)
 * against a bare baseline measured in the same run: the same rows written with plain SQL, one transaction a transfer.
 * On PGlite (a temporary data folder) with one writer, and with `--pg` on PostgreSQL with one writer and with
 * `--writers` concurrent ones, each on a scratch database created for it and dropped after. See bench/README.md.
 *
 *   node bench/ledger.mjs [--transfers 1000] [--writers 8] [--users 250] [--rounds 4] [--warmup 300] [--seed N]
 *                         [--pg postgres://postgres@127.0.0.1:5432/test]
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
    transfers: { type: 'string', default: '1000' },
    writers: { type: 'string', default: '8' },
    users: { type: 'string', default: '250' },
    rounds: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '300' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    pg: { type: 'string' },
  },
});
const common = { transfers: Number(opts.transfers), users: Number(opts.users), rounds: Number(opts.rounds), warmup: Number(opts.warmup), seed: Number(opts.seed) };

const loadBefore = os.loadavg();
say(`Ledger transfers: ${common.transfers} a side after ${common.warmup} of warm-up, ${common.users} users, ${common.rounds} rounds (seed ${opts.seed})`);
const results = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-ledger-'));
try {
  results.push(await runWorker('bench/lib/ledger-transfers.mjs', { ...common, engine: 'pglite', dataDir, writers: 1 }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (opts.pg) {
  for (const writers of new Set([1, Number(opts.writers)])) results.push(await onScratchDatabase(opts.pg, `juqi_bench_ledger_${process.pid}`, (url) => runWorker('bench/lib/ledger-transfers.mjs', { ...common, engine: 'postgres', url, writers })));
}

const broken = results.flatMap((r) => r.broken.map((line) => `${r.engine}, ${r.writers} writer(s): ${line}`));
for (const line of broken) say(`BROKEN ${line}`);
const cpu = (f, engine) => (engine === 'postgres' ? `${f.nodeCpuMs.toFixed(2)} + ${f.databaseCpuMs.toFixed(2)}` : f.nodeCpuMs.toFixed(2));
say('\n| database | writers | engine transfers/s | engine p50 / p99 ms | bare transfers/s | bare p50 / p99 ms | engine ÷ bare | CPU ms a transfer, engine / bare |');
say('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { engine, writers, engineFigures: e, bareFigures: b } of results) {
  const database = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  say(`| ${database} | ${writers} | ${e.perSecond} | ${e.p50} / ${e.p99} | ${b.perSecond} | ${b.p50} / ${b.p99} | **${(e.perSecond / b.perSecond).toFixed(2)}** | ${cpu(e, engine)} / ${cpu(b, engine)} |`);
}
const states = (f) => ['rowLock', 'walAndIo', 'running', 'waitingForNode'].map((key) => f.connections[key].toFixed(2)).join(' / ');
if (opts.pg) {
  say('\nThe writers\' PostgreSQL connections, on average (sampled every 20 ms): waiting for a row lock / for the WAL or I/O / running / idle in a transaction while node works:');
  for (const r of results.filter((x) => x.engine === 'postgres')) {
    say(`  ${r.writers} writer(s): engine ${states(r.engineFigures)}; bare ${states(r.bareFigures)}`);
  }
}
say('\nCPU: this process (PGlite runs in it); on PostgreSQL, node + the database\'s backends. Slices (transfers/s):');
for (const r of results) say(`  ${r.engine}, ${r.writers} writer(s): engine ${r.engineFigures.slices.join(', ')}; bare ${r.bareFigures.slices.join(', ')}`);

const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
// The load average before and after: the machine's other work, which the figures depend on.
const host = { cpus: os.cpus().length, node: process.version, loadavg: { before: loadBefore, after: os.loadavg() } };
fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), host, options: common, results }, null, 2));
say(`\nLoad average (1, 5, 15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${host.loadavg.after.map((l) => l.toFixed(1)).join(', ')}`);
say(`Saved ${path.relative(root, file)}`);
process.exit(broken.length ? 1 : 0);
