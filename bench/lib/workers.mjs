/**
 * What the engine-against-bare benchmarks share (bench/ledger.mjs, bench/order-ledger.mjs): a worker process run on
 * one database, a scratch PostgreSQL database for it, and the bare side's transactions on the driver itself.
 */
import { spawn } from 'node:child_process';
import { serverNodeArgs } from '../../apps/server/node-args.mjs';
import { withClient } from './same-run.mjs';
import { root } from './server.mjs';

/** Runs `script` with the server's Node options and `options` as its argument; answers the JSON of its last line. */
export function runWorker(script, options) {
  const child = spawn(process.execPath, [...serverNodeArgs, script, JSON.stringify(options)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1))) : reject(new Error(`the worker exited with ${code}:\n${output}`)))),
  );
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** A scratch database `name` next to the one `url` names, for one measurement: created, handed to `work`, dropped. */
export async function onScratchDatabase(url, name, work) {
  await withClient(url, (c) => c.query(`create database ${quoteIdent(name)}`));
  try {
    return await work(Object.assign(new URL(url), { pathname: `/${name}` }).toString());
  } finally {
    await withClient(url, (c) => c.query(`drop database if exists ${quoteIdent(name)} with (force)`));
  }
}

/** One transaction on the driver itself, no ORM (the app's `Database`): `work` gets `query(text, params)` answering the result. */
export async function bareTransaction(database, work) {
  const { client } = database;
  if (database.engine === 'pglite') return client.transaction((tx) => work((text, params) => tx.query(text, params)));
  const connection = await client.connect();
  try {
    await connection.query('begin');
    await work((text, params) => connection.query(text, params));
    await connection.query('commit');
  } catch (err) {
    await connection.query('rollback');
    throw err;
  } finally {
    connection.release();
  }
}
