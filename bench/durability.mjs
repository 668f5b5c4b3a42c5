/**
 * Durability under crashes (issue 5): the real server (apps/server/src/main.ts, as `npm start` runs it) on a fresh PGlite
 * data folder takes a stream of writes, is killed with SIGKILL at a random moment, and is started again on the same
 * folder; every write the API acknowledged (20000 with an id) must still be there, and the lock file the killed
 * process left behind must not stop the restart. See bench/README.md for the results.
 *
 *   node bench/durability.mjs [--trials 20] [--writers 4] [--seed N]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, callOk, freePort, say, signIn, startServer } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    writers: { type: 'string', default: '4' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});
const ADMIN_PASSWORD = 'Durable-Pass-2026';
const trials = Number(opts.trials);

/** A small seeded generator (mulberry32), so a run's kill moments can be replayed with --seed. */
let state = Number(opts.seed) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let x = state;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-durability-'));
const lockFile = path.join(dataDir, 'server.lock');
const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD, SEED_DEMO: '0' };
/** The running server's port: a free one at every start, as another run on the machine may take any port meanwhile. */
let port;
const start = async () => {
  port = await freePort();
  return startServer('apps/server/src/main.ts', env, port);
};

/** Every acknowledged write: upgrade-log entry id → its version number. */
const acknowledged = new Map();
/** Entries there without an acknowledgement: seeded ones, and writes in flight at a kill that committed anyway. */
const unacknowledged = new Set();
let sequence = 0;

/** Writes until told to stop or the server is gone; only answers with code 20000 count as acknowledged. */
async function writer(token, stop) {
  while (!stop.done) {
    sequence += 1;
    const version = `9.${sequence}.0`;
    try {
      const answer = await call(port, '/api/help/upgrade_log_add', { name: `durability ${sequence}`, version_number: version, up_time: '2026-01-01', content: `<p>write ${sequence}</p>` }, token);
      if (answer.code !== 20000) throw new Error(`write answered ${answer.code} ${answer.message}`);
      acknowledged.set(answer.data.id, version);
    } catch (err) {
      if (err instanceof TypeError) return; // the connection died with the server
      throw err;
    }
  }
}

/** Every entry of the upgrade log, read back page by page through the API. */
async function storedEntries(token) {
  const stored = new Map();
  for (let page = 1; ; page++) {
    const { data, count } = await callOk(port, '/api/help/upgrade_log', { page, limit: 200 }, token);
    for (const e of data) stored.set(e.id, e.version_number);
    if (!data.length || stored.size >= count) return stored;
  }
}

say(`Durability: ${trials} kill -9 trials on ${dataDir} (seed ${opts.seed}, ${opts.writers} writers)`);
let server = await start();
await server.ready;
let token = await signIn(port, 'admin', ADMIN_PASSWORD);
for (const id of (await storedEntries(token)).keys()) unacknowledged.add(id);
const rows = [];
let lostTotal = 0;
try {
  for (let trial = 1; trial <= trials; trial++) {
    const before = acknowledged.size;
    const stop = { done: false };
    const writers = Array.from({ length: Number(opts.writers) }, () => writer(token, stop));
    const killAfter = Math.round(500 + random() * 5500);
    await new Promise((r) => setTimeout(r, killAfter));
    const killedPid = server.child.pid;
    server.child.kill('SIGKILL');
    await server.exited;
    stop.done = true;
    await Promise.all(writers);
    const lockLeft = fs.existsSync(lockFile) && JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid === killedPid;

    const restartStarted = Date.now();
    server = await start();
    await server.ready;
    const restartMs = Date.now() - restartStarted;
    const lockTaken = JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid === server.child.pid;
    // The session is an acknowledged write too: the old token must still work.
    const info = await call(port, 'GET /api/staff/info', {}, token);
    if (info.code !== 20000) {
      say(`  trial ${trial}: the admin session was lost (${info.code} ${info.message}); server output:\n${server.output()}`);
      token = await signIn(port, 'admin', ADMIN_PASSWORD);
    }
    const stored = await storedEntries(token);
    const lost = [...acknowledged].filter(([id, version]) => stored.get(id) !== version);
    lostTotal += lost.length;
    const kept = [...stored.keys()].filter((id) => !acknowledged.has(id) && !unacknowledged.has(id));
    const row = { trial, killAfterMs: killAfter, writes: acknowledged.size - before, unacknowledgedKept: kept.length, lost: lost.length, lockLeft, lockTaken, restartMs };
    rows.push(row);
    say(`  trial ${trial}: killed after ${killAfter} ms, ${row.writes} acknowledged writes, ${row.lost} lost, lock left ${lockLeft}, taken over ${lockTaken}, restart ${restartMs} ms`);
    for (const id of kept) unacknowledged.add(id);
  }
} catch (err) {
  say(`Stopped: ${err.message}\nThe data folder is kept for inspection: ${dataDir}`);
  throw err;
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
}
fs.rmSync(dataDir, { recursive: true, force: true });

const sum = (key) => rows.reduce((n, r) => n + Number(r[key]), 0);
const restarts = rows.map((r) => r.restartMs).sort((a, b) => a - b);
say(`\n| trials | acknowledged writes | lost | committed without an answer | lock left by the killed server | restarted past it | restart ms (median / max) |`);
say('| --- | --- | --- | --- | --- | --- | --- |');
say(`| ${rows.length} | ${sum('writes')} | ${lostTotal} | ${sum('unacknowledgedKept')} | ${sum('lockLeft')} / ${rows.length} | ${sum('lockTaken')} / ${rows.length} | ${restarts[restarts.length >> 1]} / ${restarts.at(-1)} |`);
process.exit(lostTotal === 0 && sum('lockTaken') === rows.length ? 0 : 1);
