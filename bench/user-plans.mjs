/**
 * The query plans of the user list (issue 7): for each filter combination the list page offers, the SQL the server
 * generates (apps/server/src/modules/user: filter.ts → repository.ts) is run under EXPLAIN ANALYZE on the bench
 * database — the first page (20 rows + 1, newest first), page 50 by number (offset 980), a deep page by keyset cursor
 * (2,000 rows in), and the filter's count.
 * Prints one line per combination: times, rows read (rows the scans visited, matching or not), and the indexes used.
 * Times vary with the machine's load; rows read do not.
 *
 *   node --import tsx bench/user-plans.mjs [--plans]      # --plans also prints every plan in full
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/juqi_bench_users) must already be seeded
 * (node bench/user-list.mjs seeds it).
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DEFAULT_TIME_ZONE } from '@juqi/contract';
import { userConditions } from '../apps/server/src/modules/user/filter.ts';
import { UserRepository, userCursorOf } from '../apps/server/src/modules/user/repository.ts';
import * as schema from '../apps/server/src/lib/db/schema.ts';

const { values: opts } = parseArgs({ options: { plans: { type: 'boolean', default: false } } });
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/juqi_bench_users';
const say = (line) => process.stdout.write(`${line}\n`);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let captured;
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => (captured = { query, params }) } });
const repo = new UserRepository(db);

/** The SQL a repository call sends, and its rows. */
async function capture(run) {
  captured = undefined;
  const rows = await run();
  return { ...captured, rows };
}

async function explain({ query, params }) {
  const { rows } = await pool.query(`explain (analyze, buffers, format json) ${query}`, params);
  const [plan] = rows[0]['QUERY PLAN'];
  const nodes = [];
  const walk = (node) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const scans = nodes.filter((n) => /Scan/.test(n['Node Type'])).map((n) => `${n['Node Type'].replace(' Scan', '')}${n['Index Name'] ? ` ${n['Index Name']}` : ` ${n['Relation Name'] ?? ''}`}`);
  const read = nodes.filter((n) => /Scan/.test(n['Node Type'])).reduce((sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1), 0);
  return { ms: plan['Execution Time'], scans, read, seq: nodes.some((n) => n['Node Type'] === 'Seq Scan'), plan };
}

const month = (m) => {
  const last = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate();
  return [`${m}-01`, `${m}-${String(last).padStart(2, '0')}`];
};
const now = new Date();
const monthsAgo = (n) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
const { rows: postRows } = await pool.query('select id, name from user_post order by sort, id');
const servicePost = postRows[1].id;
const agencyPost = postRows.find((p) => p.name === '城市合伙人').id;

/** [label, filter, sort, order]: single filters, then the pairs staff are likely to combine. */
const cases = [
  ['no filter', {}],
  ['type_user 1 (agents, 15 %)', { type_user: 1 }],
  ['type_user 2', { type_user: 2 }],
  ['system_id 2', { system_id: 2 }],
  ['withdraw_state 1 (5 %)', { withdraw_state: 1 }],
  ['withdraw_type 1', { withdraw_type: 1 }],
  ['quantity 1 (1–49)', { quantity: 1 }],
  ['quantity 4 (300–499, 5 %)', { quantity: 4 }],
  ['level 5 (1 %)', { level: 5 }],
  ['pw_id', { pw_id: servicePost }],
  ['agency_pw_id', { agency_pw_id: agencyPost }],
  ['authentication_state 1 (4 %)', { authentication_state: 1 }],
  ['authentication_state 2', { authentication_state: 2 }],
  ['locked (0.5 %)', { locked: true }],
  ['time_quantum: last month', { time_quantum: month(monthsAgo(1)) }],
  ['time_quantum: a month 2 years ago', { time_quantum: month(monthsAgo(24)) }],
  ['issue_time_quantum: last month', { issue_time_quantum: month(monthsAgo(1)) }],
  ['issue_time_quantum: a month 2 years ago', { issue_time_quantum: month(monthsAgo(24)) }],
  ['keyword: surname 王', { keyword: '王' }],
  ['keyword: full name 王伟', { keyword: '王伟' }],
  ['keyword: mobile prefix 138', { keyword: '138' }],
  ['keyword: mobile prefix 1386', { keyword: '1386' }],
  ['keyword: mobile 11 digits', { keyword: '13866732849' }],
  ['type_user 1 + quantity 3', { type_user: 1, quantity: 3 }],
  ['type_user 1 + quantity 4', { type_user: 1, quantity: 4 }],
  ['type_user 1 + quantity 5', { type_user: 1, quantity: 5 }],
  ['type_user 1 + level 5', { type_user: 1, level: 5 }],
  ['type_user 1 + agency_pw_id', { type_user: 1, agency_pw_id: agencyPost }],
  ['type_user 2 + agency_pw_id (rare)', { type_user: 2, agency_pw_id: agencyPost }],
  ['type_user 1 + pw_id', { type_user: 1, pw_id: servicePost }],
  ['type_user 1 + withdraw_state 1', { type_user: 1, withdraw_state: 1 }],
  ['type_user 1 + system_id 2', { type_user: 1, system_id: 2 }],
  ['type_user 1 + authentication_state 1', { type_user: 1, authentication_state: 1 }],
  ['type_user 1 + locked', { type_user: 1, locked: true }],
  ['type_user 1 + time_quantum last month', { type_user: 1, time_quantum: month(monthsAgo(1)) }],
  ['type_user 1 + issue_time_quantum last month', { type_user: 1, issue_time_quantum: month(monthsAgo(1)) }],
  ['type_user 1 + issue_time_quantum 2 years ago', { type_user: 1, issue_time_quantum: month(monthsAgo(24)) }],
  ['withdraw_state 1 + withdraw_type 2', { withdraw_state: 1, withdraw_type: 2 }],
  ['withdraw_state 3 + system_id 2', { withdraw_state: 3, system_id: 2 }],
  ['quantity 5 + level 5', { quantity: 5, level: 5 }],
  ['level 4 + pw_id', { level: 4, pw_id: servicePost }],
  ['quantity 4 + time_quantum last month', { quantity: 4, time_quantum: month(monthsAgo(1)) }],
  ['quantity 3 + issue_time_quantum last month', { quantity: 3, issue_time_quantum: month(monthsAgo(1)) }],
  ['locked + withdraw_state 1', { locked: true, withdraw_state: 1 }],
  ['authentication_state 1 + withdraw_state 3', { authentication_state: 1, withdraw_state: 3 }],
  ['keyword 王 + type_user 1', { keyword: '王', type_user: 1 }],
  ['type_user 1, by order count desc', { type_user: 1 }, 'order_count', 'desc'],
  ['quantity 2, by order count asc', { quantity: 2 }, 'order_count', 'asc'],
  ['type_user 1 + quantity 3, by id', { type_user: 1, quantity: 3 }, 'id', 'desc'],
];

const SLOW_MS = 20;
say('| filter | page 1: ms, rows read | page 50: ms, rows read | deep page ms | count ms | count | plan of page 1 |');
say('| --- | --- | --- | --- | --- | --- | --- |');
for (const [label, filter, sort = 'registered_at', order = 'desc'] of cases) {
  // As the service builds them: the page's conditions know its sort, the count's do not.
  const conditions = userConditions(filter, DEFAULT_TIME_ZONE, sort);
  const first = await capture(() => repo.pageUsers(conditions, sort, order, { offset: 0, take: 21 }));
  const numbered = await capture(() => repo.pageUsers(conditions, sort, order, { offset: 980, take: 21 }));
  // Deep page: walk 100 pages by cursor (2,000 rows in), then measure the next one.
  let rows = first.rows;
  for (let i = 0; i < 100 && rows.length > 20; i++) {
    rows = await repo.pageUsers(conditions, sort, order, { offset: 0, take: 21, cursor: userCursorOf(rows[19], sort, order) });
  }
  const deep = rows.length > 20 ? await capture(() => repo.pageUsers(conditions, sort, order, { offset: 0, take: 21, cursor: userCursorOf(rows[19], sort, order) })) : null;
  const counted = await capture(() => repo.countUsers(userConditions(filter, DEFAULT_TIME_ZONE)));
  const p1 = await explain(first);
  const p50 = await explain(numbered);
  const pd = deep ? await explain(deep) : null;
  const pc = await explain(counted);
  
  const hasPage50 = counted.rows > 980;
  const flag = Math.max(p1.ms, hasPage50 ? p50.ms : 0, pd?.ms ?? 0) > SLOW_MS ? ' **slow**' : '';
  say(
    `| ${label}${flag} | ${p1.ms.toFixed(1)}, ${p1.read} | ${hasPage50 ? `${p50.ms.toFixed(1)}, ${p50.read}` : '—'} | ${pd ? pd.ms.toFixed(1) : '—'} | ${pc.ms.toFixed(0)} | ${counted.rows} | ${[...new Set(p1.scans)].join(', ')}${p1.seq ? ' (seq scan)' : ''} |`,
  );
  if (opts.plans) say(`\n${label}\n${first.query}\n${JSON.stringify(first.params)}\n${JSON.stringify(p1.plan, null, 1)}\n`);
}
await pool.end();
