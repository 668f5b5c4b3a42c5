/**
 * What the API benchmark and the durability check share: starting a server process, waiting for it, and calling the
 * API on 127.0.0.1 as a client would.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { serverNodeArgs } from '../../apps/server/node-args.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const say = (line = '') => process.stdout.write(`${line}\n`);
/** The operation the guarded benchmark route asks for; the benchmark's staff holds a role with exactly this one. */
export const BENCH_OPERATION = 'user.list';

/** A port nothing listens on right now: other runs on a shared machine may hold any fixed one. */
export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts `node <nodeArgs> <script>` from the repository root with the given environment (the server's Node options
 * unless told otherwise); `ready` settles once the process itself says it is running on that port and `/healthz`
 * answers (an answer alone could come from another process holding the port), or rejects with the process's output if
 * it exits first.
 */
export function startServer(script, env, port, nodeArgs = serverNodeArgs) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = (async () => {
    for (let i = 0; i < 1800; i++) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${script} exited:\n${output}`);
      if (output.includes(`is running on http://127.0.0.1:${port}`)) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
        } catch {
          /* not answering yet */
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${script} did not start:\n${output}`);
  })();
  return { child, ready, exited, output: () => output };
}

/** Calls the API: `GET /path` with a query object, anything else as a JSON POST. Answers the envelope. */
export async function call(port, url, body, token) {
  const headers = token ? { 'x-token': token } : {};
  const get = url.startsWith('GET ');
  const target = new URL(get ? url.slice(4) : url, `http://127.0.0.1:${port}`);
  if (get) for (const [k, v] of Object.entries(body ?? {})) target.searchParams.set(k, String(v));
  const res = await fetch(target, get ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  return res.json();
}

/** Calls the API and expects 20000; answers `data`. */
export async function callOk(port, url, body, token) {
  const answer = await call(port, url, body, token);
  if (answer.code !== 20000) throw new Error(`${url} answered ${answer.code} ${answer.message}`);
  return answer.data;
}

/** A fresh replay-guard sign, as the web client makes one. */
const sign = () => `${Date.now()}:${randomBytes(9).toString('base64url')}`;

export async function signIn(port, staffNum, password) {
  const data = await callOk(port, '/api/login/login', { staff_num: staffNum, user_pwd: password, sign: sign() });
  return data.token;
}

/**
 * Signs in a staff member whose one role grants exactly the operation the guarded twin asks for (and its menu), as most
 * staff are, and answers the token. `api(url, body, token)` makes one call and answers its data (over HTTP or inject).
 */
export async function benchStaff(api, adminPassword) {
  const admin = (await api('/api/login/login', { staff_num: 'admin', user_pwd: adminPassword, sign: sign() })).token;
  const { tree } = await api('/api/power/powerparticulars', {}, admin);
  const all = (nodes) => nodes.flatMap((n) => [n, ...all(n.children)]);
  const ids = all(tree).filter((n) => (n.kind === 'operation' && n.code === BENCH_OPERATION) || n.path === '/user/list').map((n) => n.id);
  const role = await api('/api/power/role_add', { name: 'bench' }, admin);
  await api('/api/power/role_grant', { id: role.id, power_ids: ids }, admin);
  await api('/api/staff/staff_add', { staff_num: 'bench', name: '压测员', password: adminPassword, role_ids: [role.id] }, admin);
  return (await api('/api/login/login', { staff_num: 'bench', user_pwd: adminPassword, sign: sign() })).token;
}

/** Drops and creates a PostgreSQL database, so a run starts from nothing. */
export async function freshDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux). Divided by the requests served in between,
 * it gives the server's CPU cost per request, which other load on the machine barely moves, unlike req/s.
 */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times; 100 on every common build. */
const CLOCK_TICKS = 100;

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
