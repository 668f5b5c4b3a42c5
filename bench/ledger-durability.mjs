/**
 * The ledger under kill -9: a child process (bench/lib/ledger-poster.mjs, with the server's Node options) posts a
 * stream of transfers through the posting engine on a PGlite data folder, printing each acknowledged (committed)
 * transfer; at a random moment it is killed with SIGKILL, this process reopens the folder and checks that every
 * acknowledged transfer is there with its entries and that the ledger's invariants hold (ledger-workload.mjs); then
 * the next trial starts a new child on the same folder. With `--pg`, the same on a scratch PostgreSQL database, where
 * the kill hits the client. See bench/README.md.
 *
 *   node bench/ledger-durability.mjs [--trials 10] [--writers 2] [--users 100] [--seed N] [--pg postgres://…/test]
 *
 * The URL only names the server and a database to connect to for `create database`; its own tables are never touched.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serverNodeArgs } from '../apps/server/node-args.mjs';
import { brokenInvariants, seededRandom, transfersWithEntries } from './lib/ledger-workload.mjs';
import { withClient } from './lib/same-run.mjs';
import { median, root, say } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    trials: { type: 'string', default: '10' },
    writers: { type: 'string', default: '2' },
    users: { type: 'string', default: '100' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    pg: { type: 'string' },
  },
});
const trials = Number(opts.trials);
const random = seededRandom(opts.seed);
/** The kill comes this long after the child's first acknowledged transfer, once it is posting. */
const KILL_AFTER_MS = [0, 4_000];

/** Starts a child; `posting` settles at its first acknowledged transfer. Only complete lines count (a kill can cut the last one). */
function startPoster(options) {
  const child = spawn(process.execPath, [...serverNodeArgs, 'bench/lib/ledger-poster.mjs', JSON.stringify(options)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const posting = (async () => {
    while (!stdout.includes('\n')) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the poster ended (${child.exitCode ?? child.signalCode}):\n${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const lines = () => stdout.slice(0, stdout.lastIndexOf('\n') + 1).split('\n');
  return { child, posting, exited, lines, stderr: () => stderr };
}

/** What a transfer acknowledged by the child must look like in the ledger: `ack <id> <state> <hold or -> <entries>`. */
function parseAck(line) {
  const [, id, state, pendingId, ...entries] = line.split(' ');
  return { id: Number(id), state, pendingId: pendingId === '-' ? null : Number(pendingId), entries: entries.join(' ') };
}

/** Why an acknowledged transfer is not as acknowledged, or undefined when it is. */
function missing(ack, stored) {
  const row = stored.get(ack.id);
  if (!row) return 'missing';
  if (row.entries !== ack.entries) return `entries ${row.entries || '(none)'} instead of ${ack.entries || '(none)'}`;
  // A hold may have been posted or voided since; a posting or a voiding must have left its hold in its own state.
  if (ack.state !== 'pending' && row.state !== ack.state) return `state ${row.state} instead of ${ack.state}`;
  if (ack.pendingId !== null && (Number(row.pending_id) !== ack.pendingId || stored.get(ack.pendingId)?.state !== ack.state)) return `its hold ${ack.pendingId} is not ${ack.state}`;
  return undefined;
}

/**
 * Runs the trials on one database. `target.poster` are the child's options; `target.open()` opens the database in this
 * process after a kill (answers a client with `query` and `close`).
 */
async function runTrials(target) {
  const acknowledged = new Map();
  let known = new Set();
  const rows = [];
  for (let trial = 1; trial <= trials; trial++) {
    const poster = startPoster({ ...target.poster, writers: Number(opts.writers), users: Number(opts.users), seed: Math.floor(random() * 2 ** 31) });
    await poster.posting;
    const killAfter = Math.round(KILL_AFTER_MS[0] + random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
    await new Promise((r) => setTimeout(r, killAfter));
    poster.child.kill('SIGKILL');
    const { signal } = await poster.exited;
    if (signal !== 'SIGKILL') throw new Error(`the poster ended before the kill:\n${poster.stderr()}`);
    const acks = poster.lines().filter((l) => l.startsWith('ack ')).map(parseAck);
    for (const ack of acks) acknowledged.set(ack.id, ack);

    const opening = performance.now();
    const client = await target.open();
    const openMs = Math.round(performance.now() - opening);
    try {
      const stored = await transfersWithEntries(client);
      const lost = [...acknowledged.values()].map((ack) => [ack.id, missing(ack, stored)]).filter(([, why]) => why);
      const broken = await brokenInvariants(client);
      const unanswered = [...stored.keys()].filter((id) => !known.has(id) && !acknowledged.has(id));
      known = new Set(stored.keys());
      const row = { trial, killAfterMs: killAfter, acknowledged: acks.length, lost: lost.length, unanswered: unanswered.length, broken: broken.length, openMs };
      rows.push(row);
      say(`  trial ${trial}: killed ${killAfter} ms after the first acknowledgement, ${acks.length} acknowledged, ${row.lost} lost, ${row.unanswered} committed without an answer, ${row.broken} broken invariants, reopened in ${openMs} ms`);
      for (const [id, why] of lost.slice(0, 5)) say(`    transfer ${id}: ${why}`);
      for (const line of broken.slice(0, 5)) say(`    ${line}`);
    } finally {
      await client.close();
    }
  }
  return { name: target.name, rows, transfers: known.size };
}

/** The PostgreSQL client of a kill: waits until the killed child's backends are gone, so its transactions are settled. */
async function settledClient(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { query: (text, params) => client.query(text, params), close: () => client.end() };
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

say(`Ledger under kill -9: ${trials} trials a database, ${opts.writers} writers over ${opts.users} users (seed ${opts.seed})`);
const results = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-ledger-durability-'));
try {
  say('PGlite:');
  results.push(
    await runTrials({
      name: 'PGlite',
      poster: { engine: 'pglite', dataDir },
      open: () => PGlite.create({ dataDir }),
    }),
  );
} catch (err) {
  say(`Stopped: ${err.message}\nThe data folder is kept for inspection: ${dataDir}`);
  throw err;
}
fs.rmSync(dataDir, { recursive: true, force: true });

if (opts.pg) {
  const name = `juqi_bench_ledger_durability_${process.pid}`;
  const url = Object.assign(new URL(opts.pg), { pathname: `/${name}` }).toString();
  await withClient(opts.pg, (c) => c.query(`create database ${quoteIdent(name)}`));
  try {
    say('PostgreSQL:');
    results.push(await runTrials({ name: 'PostgreSQL', poster: { engine: 'postgres', url }, open: () => settledClient(url) }));
  } finally {
    await withClient(opts.pg, (c) => c.query(`drop database if exists ${quoteIdent(name)} with (force)`));
  }
}

const sum = (rows, key) => rows.reduce((n, r) => n + r[key], 0);
say('\n| database | trials | acknowledged transfers | lost or changed | committed without an answer | broken invariants | transfers in the ledger at the end | reopened after the kill, median / max ms |');
say('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { name, rows, transfers } of results) {
  const opened = rows.map((r) => r.openMs);
  say(
    `| ${name} | ${rows.length} | ${sum(rows, 'acknowledged')} | ${Math.max(...rows.map((r) => r.lost))} | ${sum(rows, 'unanswered')} | ${sum(rows, 'broken')} | ${transfers} | ${median(opened)} / ${Math.max(...opened)} |`,
  );
}
const failed = results.some(({ rows }) => rows.some((r) => r.lost || r.broken));
process.exit(failed ? 1 : 0);
