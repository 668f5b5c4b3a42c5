import { agencyActivitySettings, agencyBasicSettings } from '@juqi/contract';
import { isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { agencyLevel, auditLog, merchant, orders, userLoginLog, users } from '../../lib/db/schema';
import { readSettingsDocument } from '../../lib/settings/document';
import { AGENCY_AUDIT_TARGET, agencyAuditAction } from './agencies';
import { agency } from './table';

/** The nightly figures' queue and schedule: 00:30 in the platform's zone, after the day's sign-ins and orders. */
export const AGENCY_FIGURES_JOB = 'agency.figures';
export const AGENCY_FIGURES_CRON = '30 0 * * *';

const DAY = 86_400_000;

/** The agency's orders paid since `since` and not cancelled: what it sold and kept (less refunds). */
const keptOrders = (since: Date) => sql`${orders.agencyId} = ${agency.userId} and ${orders.paidAt} >= ${since.toISOString()}::timestamptz and ${orders.state} <> 'cancelled'`;

/** Some agency has no figures yet: none was ever computed for it. */
export async function figuresNeverComputed(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: agency.userId }).from(agency).where(isNull(agency.figuresAt)).limit(1);
  return row !== undefined;
}
/** Why the nightly run raised a level, as the agency's history shows it. */
const PROMOTION_REASON = '考核期销售额达到升级门槛';

/**
 * The nightly figures (docs/marketplace.md › The nightly figures), each step one set-based statement, idempotent:
 * every agency's kept sales over 基础设置's level window and its 代理活跃度 score and band over that window; then every
 * agency raised to the highest enabled level its sales reach (never lowered), each raise audited as the agency's
 * history. Answers how many agencies were scored and raised.
 */
export async function computeAgencyFigures(db: Executor, clock: Clock, zone: string): Promise<{ scored: number; promoted: number }> {
  const [basic, activity] = await Promise.all([readSettingsDocument(db, agencyBasicSettings), readSettingsDocument(db, agencyActivitySettings)]);
  const now = clock.now();
  const salesSince = new Date(now.getTime() - basic.level_window_days * DAY);
  const activeSince = new Date(now.getTime() - activity.window_days * DAY);
  const signInDays = sql`(select count(distinct (${userLoginLog.loginAt} at time zone ${zone})::date) from ${userLoginLog}
    where ${userLoginLog.userId} = ${agency.userId} and ${userLoginLog.result} = 'success' and ${userLoginLog.loginAt} >= ${activeSince.toISOString()}::timestamptz)`;
  const paidOrders = sql`(select count(*) from ${orders} where ${keptOrders(activeSince)})`;
  const newCustomers = sql`(select count(*) from ${merchant} where ${merchant.agencyId} = ${agency.userId} and ${merchant.createdAt} >= ${activeSince.toISOString()}::timestamptz)`;
  const score = sql`(${activity.points_per_sign_in_day} * ${signInDays} + ${activity.points_per_paid_order} * ${paidOrders} + ${activity.points_per_new_customer} * ${newCustomers})::int`;
  const scored = await db
    .update(agency)
    .set({
      salesFen: sql`(select coalesce(sum(${orders.amount} - ${orders.refunded}), 0) from ${orders} where ${keptOrders(salesSince)})`,
      activityScore: score,
      activityBand: sql`case when ${score} >= ${activity.active_from} then 'active' when ${score} >= ${activity.normal_from} then 'normal' else 'dormant' end`,
      figuresAt: now,
    })
    .returning({ id: agency.userId });

  const promoted = await db.execute(sql`
    with reached as (
      select ${agency.userId} as id, ${users.level} as from_level,
        (select max(${agencyLevel.level}) from ${agencyLevel} where ${agencyLevel.enabled} and ${agencyLevel.threshold} <= ${agency.salesFen}) as to_level
      from ${agency} join ${users} on ${users.id} = ${agency.userId}
    ), raised as (
      update ${users} set level = reached.to_level from reached where ${users.id} = reached.id and reached.to_level > reached.from_level
      returning ${users.id} as id, reached.from_level, reached.to_level
    )
    insert into ${auditLog} (action, target, detail, created_at)
    select ${agencyAuditAction('level_promote')}, ${AGENCY_AUDIT_TARGET} || raised.id,
      jsonb_build_object('before', jsonb_build_object('level', raised.from_level), 'after', jsonb_build_object('level', raised.to_level), 'reason', ${PROMOTION_REASON}::text),
      ${now.toISOString()}::timestamptz
    from raised
    returning 1`);
  return { scored: scored.length, promoted: (promoted as unknown as { rows: unknown[] }).rows.length };
}
