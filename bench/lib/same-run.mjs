/**
 * What the list benchmarks share (user-list.mjs, staff-find-page.mjs): their PostgreSQL database, autocannon over many
 * request bodies, app and baseline measured in alternating slices of the same run, the CPU each side used per request,
 * and the tables they print.
 */
import pg from 'pg';
import autocannon from 'autocannon';
import { cpuSeconds } from './server.mjs';

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;
const maintenanceUrl = (url) => Object.assign(new URL(url), { pathname: '/postgres' }).toString();
export const databaseNameOf = (url) => new URL(url).pathname.slice(1);
/** The database URL with an application_name, which tells each server's PostgreSQL backends apart. */
export const withApplicationName = (url, name) => Object.assign(new URL(url), { search: `application_name=${name}` }).toString();

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database when it does not exist; answers whether it did. */
export function ensureDatabase(url) {
  return withClient(maintenanceUrl(url), async (c) => {
    const found = (await c.query('select 1 from pg_database where datname = $1', [databaseNameOf(url)])).rowCount > 0;
    if (!found) await c.query(`create database ${quoteIdent(databaseNameOf(url))}`);
    return found;
  });
}

export function dropDatabase(url) {
  return withClient(maintenanceUrl(url), (c) => c.query(`drop database if exists ${quoteIdent(databaseNameOf(url))}`));
}

// ——— CPU time, which the machine's other work does not inflate ———

/** CPU milliseconds a process has used (user + system), or 0 when it is gone. */
function cpuMs(pid) {
  try {
    return cpuSeconds(pid) * 1000;
  } catch {
    return 0;
  }
}

/** CPU used by a server's process and by its PostgreSQL backends (none without a monitor: PGlite) during `run`. */
async function measuringCpu(monitor, databaseName, pid, applicationName, run) {
  const serving = async () => {
    if (!monitor) return [];
    const { rows } = await monitor.query('select pid, application_name as name from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
    return rows.filter((b) => b.name === applicationName);
  };
  const pgBefore = new Map((await serving()).map((b) => [b.pid, cpuMs(b.pid)]));
  const nodeBefore = cpuMs(pid);
  const loaderBefore = process.cpuUsage();
  const outcome = await run();
  const loader = process.cpuUsage(loaderBefore);
  const node = cpuMs(pid) - nodeBefore;
  // Backends born during the run count from zero; one that ended during it is missed (pools keep them under load).
  const database = (await serving()).reduce((sum, b) => sum + cpuMs(b.pid) - (pgBefore.get(b.pid) ?? 0), 0);
  return { ...outcome, cpu: { node, database, loader: (loader.user + loader.system) / 1000 } };
}

// ——— load ———

/**
 * autocannon POSTing a list of requests (`{ path, body }`), each request taking the next one. Resolves to the run's
 * figures and every response time, so slices of one side can be pooled into exact percentiles.
 */
export function load({ port, requests, headers = {}, seconds, connections }) {
  let next = 0;
  const encoded = requests.map((r) => ({ path: r.path, body: JSON.stringify(r.body) }));
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        setupRequest: (req) => ({ ...req, ...encoded[next++ % encoded.length] }),
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  return instance.then((result) => ({ result, times }));
}

/** Pooled figures of several slices of one side. */
function pooled(slices) {
  const times = slices.flatMap((s) => s.times).sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  const seconds = slices.reduce((sum, s) => sum + s.result.duration, 0);
  return {
    rps: Math.round(slices.reduce((sum, s) => sum + s.result.requests.total, 0) / seconds),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
    slices: slices.map((s) => Math.round(s.result.requests.average)),
    // autocannon's errors include its timeouts (10 s without an answer); non-2xx answers are added to them.
    errors: slices.reduce((sum, s) => sum + s.result.errors + s.result.non2xx, 0),
    timeouts: slices.reduce((sum, s) => sum + s.result.timeouts, 0),
    requests: times.length,
    // CPU milliseconds per request: the server process, its PostgreSQL backends, and autocannon.
    cpuPerRequest: Object.fromEntries(
      ['node', 'database', 'loader'].map((k) => [k, Math.round((slices.reduce((sum, s) => sum + s.cpu[k], 0) / times.length) * 1000) / 1000]),
    ),
  };
}

/**
 * Measures each side (`{ port, pid, applicationName, requests, headers }`) in `rounds` slices of `seconds`, after a
 * warm-up of each, alternating the sides and swapping which goes first every round, so all meet the same background
 * load on a shared machine. Answers each side's pooled figures, in the order given.
 */
export async function alternating(sides, { rounds, seconds, warmup, connections, monitor, databaseName }) {
  const slices = sides.map(() => []);
  if (warmup > 0) for (const side of sides) await load({ ...side, seconds: warmup, connections });
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, i) => i);
    for (const i of round % 2 === 0 ? order : order.toReversed()) {
      const side = sides[i];
      slices[i].push(await measuringCpu(monitor, databaseName, side.pid, side.applicationName, () => load({ ...side, seconds, connections })));
    }
  }
  return slices.map(pooled);
}

// ——— printing ———

/** req/s and "p50 / p90 / p99" of pooled figures, or dashes when there are none. */
export const figures = (f) => (f ? [f.rps, `${f.p50} / ${f.p90} / ${f.p99}`] : ['—', '—']);
/** CPU milliseconds a request, "node + database = total". */
export const cpuText = (c) => `${c.node.toFixed(3)} + ${c.database.toFixed(3)} = ${(c.node + c.database).toFixed(3)}`;
