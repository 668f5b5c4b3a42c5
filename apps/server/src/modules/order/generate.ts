import { agencyBasicSettings } from '@juqi/contract';
import { count, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Executor } from '../../lib/db/client';
import { readSettingsDocument } from '../../lib/settings/document';
import { SettingsStore } from '../../lib/settings/store';
import { orders } from './table';

/**
 * Orders in bulk for the order centre's benchmark (`db:seed -- --orders N`, docs/marketplace.md › Demo data and bench),
 * made by the database itself: one INSERT … SELECT over generate_series per chunk, nothing sent row by row.
 *
 * Each order is sold by an active agency to one of its customers, of a package on sale of a business the agency may
 * sell (agency_business), copying the package (names, price, duration, quota) and pricing it as placing does: the
 * customer pays the price and the agency earns its level's rate, or the agency pays at its level's discount (a customer
 * without an app account is always paid for by its agency). Orders are spread over the last year, more of them lately,
 * and walked to a state their times agree with: mostly completed, the recent ones paid or in service, some cancelled
 * (before or after payment) or refunded (in service, or after completion), the last day's still awaiting payment.
 * Nothing the sweep would move is left behind: an unpaid order is younger than 基础设置's time to pay, one in service
 * ends in the future.
 *
 * They are list data: no history entries, no commission rows, no ledger postings, and the users' order figures stay as
 * they were. `commission` and `refunded` are what the moves would have written, so the order centre's totals read as
 * they would.
 */

const CHUNK = 50_000;
/** From this many orders on, the load is followed by `vacuum analyze` rather than `analyze`. */
const BULK_THRESHOLD = 100_000;
/** Rounds of generation at most: a round only falls short by the rare order number already taken. */
const ROUNDS = 5;

/** The customers orders may be sold to (of an active agency with something to sell), numbered 1…n, with their agency's region and level's rates. */
const SELLERS = `
  select m.id as merchant_id, m.agency_id, m.user_id, a.region_id,
    coalesce(l.commission_rate_bp, 0) as rate_bp, coalesce(l.discount_bp, 10000) as discount_bp,
    row_number() over (order by m.agency_id, m.id) as n
  from merchant m
  join agency a on a.user_id = m.agency_id and a.status = 'active'
  join users u on u.id = m.agency_id
  left join agency_level l on l.level = u.level
  where exists (select 1 from offers o where o.agency_id = m.agency_id)`;

/** What each agency may sell: the enabled packages of the enabled businesses it is approved for, cheapest first. */
const OFFERS = `
  select ab.agency_id, p.id as package_id, p.business_id, b.name as business_name, p.name as package_name,
    p.price, p.duration_days, p.quota,
    row_number() over (partition by ab.agency_id order by p.price, p.id) as k,
    count(*) over (partition by ab.agency_id) as offered
  from agency_business ab
  join business b on b.id = ab.business_id and b.enabled
  join business_package p on p.business_id = b.id and p.enabled
  where ab.enabled`;

interface Frame {
  /** The platform's time zone: order numbers and service ends are in it. */
  zone: string;
  /** 基础设置's time to pay. */
  payMinutes: number;
  /** Customers orders may be sold to. */
  sellers: number;
}

/**
 * The orders `first`…`last` (from 0) of `total`, their place in the year, as one statement. Each step a CTE read by the
 * next: the draws; the sale (customer, package, payer, amount); when each step would happen; the state those times
 * reach by now; what it leaves on the row.
 */
function ordersInsert(first: number, last: number, total: number, frame: Frame) {
  const zone = sql`${frame.zone}::text`;
  const payMinutes = sql.raw(String(frame.payMinutes));
  // Orders are paid within six hours, and always within the time to pay; an order of nothing as it is placed.
  const payWindow = sql.raw(String(Math.max(0, Math.min(360, frame.payMinutes - 1))));
  const paid = sql`created_at + (case when amount = 0 then 0 else 1 + power(r_pay, 3) * ${payWindow} end) * interval '1 minute'`;
  return sql`
with offers as (${sql.raw(OFFERS)}),
sellers as (${sql.raw(SELLERS)}),
-- Drawn once per order (a materialized step): the steps below read each draw several times.
draws as materialized (
  select nextval(pg_get_serial_sequence('orders', 'id')) as id,
    -- Some customers buy far more than others.
    1 + floor(power(random(), 1.5) * ${sql.raw(String(frame.sellers))})::int as seller,
    random() as r_package, random() as r_pay_by, random() as r_source, random() as r_pay, random() as r_start,
    random() as r_fate, random() as r_when, random() as r_early, random() as r_deliver, random() as r_refund,
    -- Over the last year, more of them lately, in id order as a live table fills.
    date_trunc('milliseconds', now() - interval '365 days' + power((g + random()) / ${sql.raw(String(total))}, 0.8) * interval '365 days') as created_at
  from generate_series(${sql.raw(String(first))}, ${sql.raw(String(last))}) as g
),
sale as (
  select d.*, c.merchant_id, c.agency_id, c.region_id, o.business_id, o.package_id, o.business_name, o.package_name,
    o.price, o.duration_days, o.quota, pay.pay_by,
    case when pay.pay_by = 'customer' then o.price else ((o.price::bigint * c.discount_bp + 5000) / 10000)::int end as amount,
    case when pay.pay_by = 'customer' then 10000 else c.discount_bp end as discount_bp,
    case when pay.pay_by = 'customer' then c.rate_bp else 0 end as commission_rate_bp,
    case when pay.pay_by = 'customer' then c.user_id else c.agency_id end as payer_user_id,
    case when d.r_source < 0.55 then 'app' when d.r_source < 0.92 then 'staff' else 'import' end as source
  from draws d
  join sellers c on c.n = d.seller
  join offers o on o.agency_id = c.agency_id and o.k = 1 + floor(power(d.r_package, 1.4) * o.offered)
  cross join lateral (select case when c.user_id is not null and d.r_pay_by < 0.8 then 'customer' else 'agency' end as pay_by) pay
),
paying as (
  select *, ${paid} as paid, ${paid} + power(r_start, 2) * interval '3 days' as started,
    case when amount = 0 then 'normal' when r_fate < 0.04 then 'unpaid' when r_fate < 0.07 then 'paid_cancel'
      when r_fate < 0.10 then 'service_refund' when r_fate < 0.12 then 'late_refund' else 'normal' end as fate,
    quota > 0 and r_early < 0.4 as early,
    0.1 + 0.8 * r_when as refund_share
  from sale
),
serving as (
  select *, ((started at time zone ${zone})::date + (duration_days + 1))::timestamp at time zone ${zone} as service_end
  from paying
),
steps as (
  select *,
    -- Completed by the last unit delivered, or by the sweep once the service ended.
    case when early then started + (0.15 + 0.8 * r_deliver) * (service_end - started) else service_end end as done,
    started + refund_share * (service_end - started) as service_refund_at,
    case
      when fate = 'paid_cancel' then paid + r_when * (started - paid)
      -- Unpaid: cancelled by the customer within the time to pay, or by the sweep at its end.
      when r_when < 0.5 then created_at + r_when * 2 * ${payMinutes} * interval '1 minute'
      else created_at + ${payMinutes} * interval '1 minute'
    end as cancelled_at
  from serving
),
reached as (
  select *,
    case
      when fate = 'unpaid' then (case when cancelled_at <= now() then 'cancelled' else 'created' end)
      when paid > now() then 'created'
      when fate = 'paid_cancel' and cancelled_at <= now() then 'cancelled'
      when started > now() then 'paid'
      when fate = 'service_refund' then (case when service_refund_at <= now() then 'refunded' else 'in_service' end)
      when done > now() then 'in_service'
      when fate = 'late_refund' and done + r_when * interval '30 days' <= now() then 'refunded'
      else 'completed'
    end as state
  from steps
),
settled as (
  select *,
    case
      when state = 'cancelled' and fate = 'paid_cancel' then amount
      -- In service: at most what is left of the time (the units delivered are kept below the time used).
      when state = 'refunded' and fate = 'service_refund' then greatest(1, floor(amount * (1 - refund_share) * (0.3 + 0.7 * r_refund)))::int
      when state = 'refunded' then greatest(1, floor(amount * (0.2 + 0.8 * r_refund)))::int
      else 0
    end as refunded
  from reached
)
insert into orders (id, order_no, external_no, agency_id, merchant_id, region_id, business_id, package_id, business_name,
  package_name, price, duration_days, quota, pay_by, amount, discount_bp, commission_rate_bp, payer_user_id, state, source,
  delivered, refunded, commission, created_at, paid_at, started_at, service_end_at, ended_at)
select id,
  -- The module's format: the local time to the second, then 6 digits; a bijection of the id, so orders of one second differ.
  'OD' || to_char(created_at at time zone ${zone}, 'YYYYMMDDHH24MISS') || lpad(((id * 7919 + 104729) % 1000000)::text, 6, '0'),
  case when source = 'import' then 'EXT-' || id end,
  agency_id, merchant_id, region_id, business_id, package_id, business_name, package_name, price, duration_days, quota,
  pay_by, amount, discount_bp, commission_rate_bp, payer_user_id, state, source,
  case
    when quota = 0 then 0
    when state = 'in_service' then floor(quota * extract(epoch from now() - started) / extract(epoch from service_end - started) * r_deliver)
    when state = 'refunded' and fate = 'service_refund' then floor(quota * refund_share * r_deliver)
    when state in ('completed', 'refunded') then (case when early then quota else floor(quota * (0.5 + 0.49 * r_deliver)) end)
    else 0
  end,
  refunded,
  case when state in ('completed', 'refunded') then (amount - refunded)::bigint * commission_rate_bp / 10000 else 0 end,
  created_at,
  case when state <> 'created' and fate <> 'unpaid' then paid end,
  case when state in ('in_service', 'completed', 'refunded') then started end,
  case when state in ('in_service', 'completed', 'refunded') then service_end end,
  case
    when state = 'completed' or (state = 'refunded' and fate = 'late_refund') then done
    when state = 'refunded' then service_refund_at
    when state = 'cancelled' then cancelled_at
  end
from settled
on conflict (order_no) do nothing`;
}

/** How many customers orders may be sold to: none without an active agency approved for a business on sale. */
async function sellerCount(db: Executor): Promise<number> {
  const result = (await db.execute(sql.raw(`with offers as (${OFFERS}), sellers as (${SELLERS}) select count(*)::int as n from sellers`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

const orderCount = async (db: Executor) => (await db.select({ n: count() }).from(orders))[0]?.n ?? 0;

/**
 * Grows the orders to at least `wanted` (the demo's included), chunk by chunk, each one statement (and so its own
 * transaction); answers how many were added. Without customers to sell to it refuses: the demo makes them (`db:seed` without `--no-demo`).
 */
export async function generateOrders(db: Executor, wanted: number, log?: Logger): Promise<number> {
  const before = await orderCount(db);
  if (wanted <= before) return 0;
  const sellers = await sellerCount(db);
  if (sellers === 0)
    throw new Error('--orders needs customers of active agencies approved for a business on sale to sell to: seed the demo first (db:seed without --no-demo)');
  const frame: Frame = {
    zone: (await new SettingsStore(db).get('system')).time_zone,
    payMinutes: (await readSettingsDocument(db, agencyBasicSettings)).order_pay_minutes,
    sellers,
  };
  const started = Date.now();
  let have = before;
  for (let round = 0; round < ROUNDS && have < wanted; round++) {
    const total = wanted - have;
    for (let from = 0; from < total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK) - 1;
      await db.execute(ordersInsert(from, to, total, frame));
      log?.info({ orders: to + 1, of: total, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'generated orders');
    }
    have = await orderCount(db);
  }
  // After a bulk load, vacuum too: it sets the visibility map and hint bits once, instead of the first readers doing it.
  await db.execute(sql.raw(`${have - before >= BULK_THRESHOLD ? 'vacuum analyze' : 'analyze'} orders`));
  return have - before;
}
