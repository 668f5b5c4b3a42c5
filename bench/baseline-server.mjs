/**
 * The same-run baseline of the list benchmarks: bare Fastify + pg routes answering the same pages of the same tables,
 * with nothing else — no auth, no validation, no serialisation schema, no ORM.
 *
 * `POST /list` (bench/user-list.mjs): the user list's keyset page. A filter's count is read the first time it is asked
 * for and kept for good (the app keeps it too, and recounts it every 30 s in the background). The filter is written as
 * the app writes it (the order_band column), so both read the same index.
 *
 * `POST /staff/findPage?pageNo&pageSize` (bench/staff-find-page.mjs): the staff list's page by offset, newest first,
 * filtered by department (its sub-departments' ids read first, by path) and status, and its count, counted every time as the app
 * does — the app's URL and body, so both servers take the same requests.
 *
 * `POST /orders/list` (bench/order-centre.mjs): 订单中心's keyset page, newest placed first, with the agency's name and
 * mobile and the customer's name as the app lists them, filtered by equality on the order's columns. A filter's count
 * is read the first time it is asked for and kept for good, as `/list` keeps the users'.
 */
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 18081);
const pool = new pg.Pool({ connectionString: url, max: 10 });

// The money is the ledger's, as the app reads it: the user's cash and beans accounts, by key, for each row of the page.
const ledgerFigure = (figure, kind, name) =>
  `coalesce((select (${figure})::float8 from ledger_account a where a.kind = '${kind}' and a.owner_id = users.id), 0) as ${name}`;
const columns = `id, name, mobile, head_img_url, gender, type_user, system_id, level, pw_id, agency_pw_id, authentication_state,
  authentication_type, real_name, withdraw_state, withdraw_type, order_count, last_order_at, total_spent_cents,
  ${ledgerFigure('credits_posted - debits_posted', 'user_cash', 'balance_cents')},
  ${ledgerFigure('debits_pending', 'user_cash', 'frozen_cents')},
  ${ledgerFigure('income_posted', 'user_cash', 'total_income_cents')},
  ${ledgerFigure('credits_posted - debits_posted', 'user_beans', 'bean_balance')},
  city_code, industry_id,
  coalesce((select c.province_name from general_city c where c.code = users.city_code), '') as province,
  coalesce((select c.name from general_city c where c.code = users.city_code), '') as city,
  coalesce((select i.name from general_industry i where i.id = users.industry_id), '') as industry,
  company, inviter_id, invite_code, register_channel,
  registered_at, last_login_at, last_login_ip, locked, lock_reason, locked_at, remark`;

const counts = new Map();
const app = Fastify({ logger: false });
app.post('/list', async (request) => {
  const { type_user: typeUser, band, after } = request.body;
  const key = `${typeUser}:${band}`;
  if (!counts.has(key)) {
    const { rows } = await pool.query('select count(*)::int as n from users where type_user = $1 and order_band = $2', [typeUser, band]);
    counts.set(key, rows[0].n);
  }
  const params = [typeUser, band];
  let keyset = '';
  if (after) {
    params.push(after[0], after[1]);
    keyset = 'and (registered_at, id) < ($3::timestamptz, $4::int)';
  }
  const { rows } = await pool.query(
    `select ${columns} from users where type_user = $1 and order_band = $2 ${keyset}
     order by registered_at desc, id desc limit 21`,
    params,
  );
  const more = rows.length > 20;
  const data = rows.slice(0, 20);
  const last = data[data.length - 1];
  return { code: 20000, message: '成功', data: { count: counts.get(key), data, next_cursor: more ? [last.registered_at, last.id] : null } };
});

const staffColumns = `s.id, s.name, s.gender,
  case when length(s.id_card) = 18 then left(s.id_card, 6) || '********' || right(s.id_card, 4) else repeat('*', length(s.id_card)) end as id_card,
  s.mobile, s.company_id, c.name as company_name, s.department_id, d.name as department_name, s.post, s.status,
  s.report_time::text as report_time, s.probation_end::text as probation_end, s.created_at`;
// The department's subtree is read first, as the app does, so the page query holds the ids themselves.
const staffWhere = `s.deleted_at is null and s.department_id = any($1::int[]) and s.status = any($2::text[])`;
const subtreeOf = async (department) =>
  (await pool.query(`select sub.id from department sub where sub.path like (select p.path from department p where p.id = $1) || '%'`, [department])).rows.map((row) => row.id);
app.post('/staff/findPage', async (request) => {
  const { department, status } = request.body;
  const pageSize = Number(request.query.pageSize ?? 20);
  const offset = Number(request.query.pageNo ?? 0) * pageSize;
  const statuses = Array.isArray(status) ? status : [status];
  const departments = await subtreeOf(department);
  // One after the other, as the app reads them.
  const total = await pool.query(`select count(*)::int as n from personnel_staff s where ${staffWhere}`, [departments, statuses]);
  const page = await pool.query(
    `select ${staffColumns} from personnel_staff s
     left join personnel_company c on c.id = s.company_id left join department d on d.id = s.department_id
     where ${staffWhere} order by s.id desc limit $3 offset $4`,
    [departments, statuses, pageSize, offset],
  );
  return { code: 20000, message: '成功', data: { count: total.rows[0].n, data: page.rows } };
});

/** The filters 订单中心 narrows by equality, and their columns. */
const ORDER_FILTERS = { state: 'state', business_id: 'business_id', package_id: 'package_id', agency_id: 'agency_id', merchant_id: 'merchant_id', region_id: 'region_id', pay_by: 'pay_by', source: 'source' };
const orderCounts = new Map();
app.post('/orders/list', async (request) => {
  const { after, ...filter } = request.body;
  const params = [];
  const where = Object.entries(filter).map(([key, value]) => {
    params.push(value);
    return `o.${ORDER_FILTERS[key]} = $${params.length}`;
  });
  const key = JSON.stringify(filter);
  if (!orderCounts.has(key)) {
    const { rows } = await pool.query(`select count(*)::int as n from orders o where ${where.join(' and ') || 'true'}`, params);
    orderCounts.set(key, rows[0].n);
  }
  if (after) {
    params.push(after[0], after[1]);
    where.push(`(o.created_at, o.id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
  }
  const { rows } = await pool.query(
    `select o.*, u.name as agency_name, u.mobile as agency_mobile, coalesce(m.extra ->> 'customer_name', '') as customer_name
     from orders o join users u on u.id = o.agency_id join merchant m on m.id = o.merchant_id
     where ${where.join(' and ') || 'true'} order by o.created_at desc, o.id desc limit 21`,
    params,
  );
  const more = rows.length > 20;
  const data = rows.slice(0, 20);
  const last = data[data.length - 1];
  return { code: 20000, message: '成功', data: { count: orderCounts.get(key), data, next_cursor: more ? [last.created_at, last.id] : null } };
});

app.get('/healthz', () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`baseline is running on http://127.0.0.1:${port}\n`);
