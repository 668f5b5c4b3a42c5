/**
 * Benchmark of the staff list at 100,000 staff (issue 18): the real app's `POST /staff/findPage?pageNo&pageSize=20`
 * with two filters (a department with its sub-departments, and a status or two), signed in, against a bare Fastify + pg
 * route running the same statements over the same table (bench/baseline-server.mjs), measured in the same run with
 * autocannon. See bench/README.md for the figures and how to read them.
 *
 *   node bench/staff-find-page.mjs [--staff 100000] [--duration 10] [--rounds 3] [--warmup 3] [--connections 50] [--drop]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/juqi_bench_staff) is created when it does not exist,
 * migrated and seeded with the demo (`npm run db:seed`: its department tree, companies and 300 staff) when it has no
 * departments, and filled up to --staff staff by one SQL statement; --drop drops it at the end.
 *
 * Every request takes the next of the pairs' pages (department × status pairs, pages 0–9 each), so neither server answers
 * one repeated query; both get the same URLs and bodies, and answer the same rows (checked before measuring).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { alternating, cpuText, databaseNameOf, dropDatabase, ensureDatabase, figures, withApplicationName, withClient } from './lib/same-run.mjs';
import { call, freePort, root, say, signIn, startServer } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: {
    staff: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    drop: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/juqi_bench_staff';
const databaseName = databaseNameOf(databaseUrl);
const adminPassword = process.env.BENCH_ADMIN_PASSWORD ?? 'Bench-Pass-2026';
const staffWanted = Number(opts.staff);
const connections = Number(opts.connections);
const duration = Number(opts.duration);
const rounds = Number(opts.rounds);

/** Departments of the demo tree, by name: two with sub-departments (6 and 3 of the 16), one team, one leaf. */
const DEPARTMENTS = ['技术中心', '销售中心', '研发部', '财务部'];
const STATUSES = ['regular', 'probation', ['probation', 'regular']];
const PAGES = 10;
const PAGE_SIZE = 20;
/** Pages of each pair whose answers are compared between the servers before measuring. */
const CHECKED_PAGES = [0, 4, 9];

// ——— the database ———

/**
 * Staff numbered from the table's count + 1 to $1, spread over the demo's departments and companies: names from
 * 20 surnames × 16 given names with their pinyin, statuses regular 45 %, probation 20 %, resigned 15 %, candidate and
 * resigning 10 % each, identity cards unique and valid (GB 11643 check character), report days for all but candidates.
 */
const FILL = `
with
  names as (select '{王,李,张,刘,陈,杨,黄,赵,吴,周,徐,孙,马,朱,胡,郭,何,林,罗,高}'::text[] as han,
                   '{wang,li,zhang,liu,chen,yang,huang,zhao,wu,zhou,xu,sun,ma,zhu,hu,guo,he,lin,luo,gao}'::text[] as pinyin,
                   '{伟,芳,娜,敏,静,丽,强,磊,军,洋,勇,艳,杰,涛,明,超}'::text[] as given_han,
                   '{wei,fang,na,min,jing,li,qiang,lei,jun,yang,yong,yan,jie,tao,ming,chao}'::text[] as given_pinyin),
  tree as (select array_agg(id order by id) as ids from department),
  companies as (select array_agg(id order by id) as ids from personnel_company),
  numbered as (
    select i, 1 + (i * 7) % 20 as s, 1 + (i * 11) % 16 as g,
      case when i % 20 < 9 then 'regular' when i % 20 < 13 then 'probation' when i % 20 < 15 then 'candidate'
           when i % 20 < 17 then 'resigning' else 'resigned' end as status,
      -- A region the demo's cards do not use, so the two never collide.
      '440106' || to_char(date '1970-01-01' + (i % 12000), 'YYYYMMDD') || lpad((i / 12000)::text, 3, '0') as card_body
    from generate_series(((select count(*) from personnel_staff) + 1)::int, $1::int) as i
  )
insert into personnel_staff (name, name_pinyin, name_initials, name_letter, gender, id_card, mobile, company_id,
  department_id, post, status, report_time, probation_end, leaving_date, created_at, updated_at)
select n.han[s] || n.given_han[g], n.pinyin[s] || ' ' || n.given_pinyin[g], left(n.pinyin[s], 1) || left(n.given_pinyin[g], 1),
  upper(left(n.pinyin[s], 1)), case when i % 2 = 0 then 'male' else 'female' end,
  card_body || substr('10X98765432', (select sum(substr(card_body, k, 1)::int * (2 ^ (18 - k))::int % 11) from generate_series(1, 17) k)::int % 11 + 1, 1),
  '139' || lpad(i::text, 8, '0'), c.ids[1 + i % array_length(c.ids, 1)], t.ids[1 + (i * 7919) % array_length(t.ids, 1)],
  '工程师', status,
  case when status <> 'candidate' then date '2015-01-01' + (i % 4000) end,
  case when status <> 'candidate' then date '2015-04-01' + (i % 4000) end,
  case when status in ('resigning', 'resigned') then date '2026-01-01' + (i % 300) end,
  timestamptz '2020-01-01' + i * interval '20 minutes', timestamptz '2020-01-01' + i * interval '20 minutes'
from numbered, names n, tree t, companies c`;

async function prepareDatabase() {
  await ensureDatabase(databaseUrl);
  const departments = await withClient(databaseUrl, (c) => c.query('select count(*)::int as n from department').then((r) => r.rows[0].n, () => 0));
  if (departments === 0) {
    say(`Migrating ${databaseName} and seeding the demo…`);
    const seeded = spawnSync('npm', ['run', 'db:seed'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seed failed');
  }
  await withClient(databaseUrl, async (c) => {
    const staff = (await c.query('select count(*)::int as n from personnel_staff')).rows[0].n;
    if (staff >= staffWanted) return;
    const started = Date.now();
    const { rowCount } = await c.query(FILL, [staffWanted]);
    await c.query('analyze personnel_staff');
    say(`Added ${rowCount} staff (${staffWanted} in all) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

// ——— the run ———

await prepareDatabase();
const [appPort, basePort] = [await freePort(), await freePort()];
const app = startServer(
  'apps/server/src/main.ts',
  { DATABASE_URL: withApplicationName(databaseUrl, 'bench-app'), SEED_DEMO: '0', ADMIN_PASSWORD: adminPassword, LOG_LEVEL: opts['log-level'] },
  appPort,
);
// The baseline with Node's defaults, as bench/user-list.mjs starts it.
const base = startServer('bench/baseline-server.mjs', { DATABASE_URL: withApplicationName(databaseUrl, 'bench-baseline') }, basePort, []);
const monitor = new pg.Client({ connectionString: databaseUrl });
try {
  await monitor.connect();
  await Promise.all([app.ready, base.ready]);
  const token = await signIn(appPort, 'admin', adminPassword);

  const departmentIds = new Map((await monitor.query('select id, name from department where name = any($1)', [DEPARTMENTS])).rows.map((r) => [r.name, r.id]));
  const pairs = DEPARTMENTS.flatMap((name) => STATUSES.map((status) => ({ name, filter: { department: departmentIds.get(name), status } })));
  const requests = pairs.flatMap(({ filter }) => Array.from({ length: PAGES }, (_, page) => ({ path: `/staff/findPage?pageNo=${page}&pageSize=${PAGE_SIZE}`, body: filter })));

  const loadBefore = os.loadavg();
  const counts = [];
  for (const { name, filter } of pairs) {
    for (const page of CHECKED_PAGES) {
      const url = `/staff/findPage?pageNo=${page}&pageSize=${PAGE_SIZE}`;
      const [ours, bare] = await Promise.all([call(appPort, url, filter, token), call(basePort, url, filter)]);
      if (ours.code !== 20000) throw new Error(`unexpected findPage answer: ${JSON.stringify(ours).slice(0, 300)}`);
      if (ours.data.data.length !== PAGE_SIZE) throw new Error(`${name} × ${filter.status}: page ${page} is not full`);
      if (JSON.stringify(ours.data) !== JSON.stringify(bare.data)) throw new Error(`${name} × ${filter.status}, page ${page}: the answers disagree`);
      if (page === 0) counts.push({ department: name, status: filter.status, count: ours.data.count });
    }
  }
  say(`${pairs.length} department × status pairs, pages 0–${PAGES - 1}: ${requests.length} requests; the answers agree (pages ${CHECKED_PAGES.join(', ')} of each, rows and count).`);
  say(`Pair sizes: ${counts.map((c) => `${c.department} × ${c.status}: ${c.count}`).join('; ')}`);

  const sides = [
    { port: appPort, pid: app.child.pid, applicationName: 'bench-app', requests, headers: { 'x-token': token } },
    { port: basePort, pid: base.child.pid, applicationName: 'bench-baseline', requests },
  ];
  const [ours, bare] = await alternating(sides, { rounds, seconds: duration, warmup: Number(opts.warmup), connections, monitor, databaseName });
  const ratio = Math.round((ours.rps / bare.rps) * 100) / 100;
  say(`app ${ours.rps} req/s (slices ${ours.slices.join(', ')}) | baseline ${bare.rps} req/s (slices ${bare.slices.join(', ')})`);

  say('\n| requests | app req/s | app p50 / p90 / p99 ms | baseline req/s | baseline p50 / p90 / p99 ms | app ÷ baseline | errors (timeouts) app / baseline |');
  say('| --- | --- | --- | --- | --- | --- | --- |');
  say(`| ${[requests.length, ...figures(ours), ...figures(bare), ratio, `${ours.errors} (${ours.timeouts}) / ${bare.errors} (${bare.timeouts})`].join(' | ')} |`);
  say('\nCPU milliseconds per request (server process + its PostgreSQL backends; autocannon apart):\n');
  say(`app ${cpuText(ours.cpuPerRequest)}; baseline ${cpuText(bare.cpuPerRequest)}; autocannon ${ours.cpuPerRequest.loader.toFixed(3)} / ${bare.cpuPerRequest.loader.toFixed(3)}`);

  const out = path.join(root, 'bench', 'results');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `staff-find-page-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  // The load average before and after: the machine's other work, which the figures depend on.
  const host = { cpus: os.cpus().length, node: process.version, loadavg: { before: loadBefore, after: os.loadavg() } };
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), host, connections, sliceSeconds: duration, rounds, counts, app: ours, baseline: bare, ratio }, null, 2));
  say(`\nLoad average (1, 5, 15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${host.loadavg.after.map((l) => l.toFixed(1)).join(', ')}`);
  say(`Saved ${path.relative(root, file)}`);
} finally {
  await monitor.end().catch(() => {});
  for (const child of [app.child, base.child]) child.kill('SIGTERM');
  await Promise.all([app.exited, base.exited]);
  if (opts.drop) {
    await dropDatabase(databaseUrl);
    say(`Dropped ${databaseName}.`);
  }
}
