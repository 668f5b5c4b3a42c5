import { ACTIVITY_BAND_NAMES, AGENCY_STATUS_NAMES, agencyListCalls, codeName, type ActivityBand, type AgencyDetails, type AgencyFilter, type AgencyRow, type AgencyStatus } from '@juqi/contract';
import { and, asc, eq, exists, ilike, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import { historyOf } from '../../lib/crud/history';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { agencyLevel, generalCity, ledgerAccount, relevanceRegion, userPost, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import type { ExportColumn } from '../../lib/export/workbook';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { RecordList, sendRecords, type RecordWorkbook } from '../../lib/records/record-list';
import { dayRangeConditions, exportedTime } from '../../lib/time-zone';
import { AGENT } from './applications';
import { agency } from './table';

/** A figure of one of the agency's ledger accounts (lib/ledger), read by key for each row a page returns. */
const ledgerFigure = (kind: 'user_cash' | 'user_beans', figure: string) =>
  sql<number>`coalesce((select (${sql.raw(figure)})::float8 from ${ledgerAccount} where ${ledgerAccount.kind} = ${kind} and ${ledgerAccount.ownerId} = ${agency.userId}), 0)`;

const listColumns = {
  id: agency.userId,
  name: users.name,
  mobile: users.mobile,
  headImgUrl: users.headImgUrl,
  level: users.level,
  levelName: sql<string>`coalesce(${agencyLevel.name}, '')`,
  status: agency.status,
  cityCode: agency.cityCode,
  province: sql<string>`coalesce(${generalCity.provinceName}, '')`,
  city: sql<string>`coalesce(${generalCity.name}, '')`,
  regionId: agency.regionId,
  region: sql<string>`coalesce(${relevanceRegion.name}, '')`,
  agencyPwId: users.agencyPwId,
  agencyPwName: sql<string>`coalesce(${userPost.name}, '')`,
  balance: ledgerFigure('user_cash', 'credits_posted - debits_posted'),
  income: ledgerFigure('user_cash', 'income_posted'),
  salesFen: agency.salesFen,
  activityScore: agency.activityScore,
  activityBand: agency.activityBand,
  figuresAt: agency.figuresAt,
  joinedAt: agency.joinedAt,
  applicationId: agency.applicationId,
};
interface ListRow {
  id: number;
  name: string;
  mobile: string;
  headImgUrl: string;
  level: number;
  levelName: string;
  status: AgencyStatus;
  cityCode: string | null;
  province: string;
  city: string;
  regionId: number | null;
  region: string;
  agencyPwId: number | null;
  agencyPwName: string;
  balance: number;
  income: number;
  salesFen: number;
  activityScore: number;
  activityBand: ActivityBand;
  figuresAt: Date | null;
  joinedAt: Date;
  applicationId: number | null;
}

const toAgencyRow = (row: ListRow): AgencyRow => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  head_img_url: row.headImgUrl,
  level: row.level,
  level_name: row.levelName,
  status: row.status,
  city_code: row.cityCode,
  province: row.province,
  city: row.city,
  region_id: row.regionId,
  region: row.region,
  agency_pw_id: row.agencyPwId,
  agency_pw_name: row.agencyPwName,
  balance_cents: row.balance,
  total_income_cents: row.income,
  sales_fen: row.salesFen,
  activity_score: row.activityScore,
  activity_band: row.activityBand,
  figures_at: row.figuresAt?.toISOString() ?? null,
  joined_at: row.joinedAt.toISOString(),
  application_id: row.applicationId,
});

/** 全部代理: the agencies joined to their users, level, city, region and post, newest joined first. */
export const agencyRecordList = (db: Executor) =>
  new RecordList<ListRow, AgencyRow, AgencyFilter, never>(db, {
    columns: listColumns,
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(agency)
        .innerJoin(users, eq(users.id, agency.userId))
        .leftJoin(agencyLevel, eq(agencyLevel.level, users.level))
        .leftJoin(generalCity, eq(generalCity.code, agency.cityCode))
        .leftJoin(relevanceRegion, eq(relevanceRegion.id, agency.regionId))
        .leftJoin(userPost, eq(userPost.id, users.agencyPwId))
        .$dynamic(),
    where: (filter, zone) =>
      and(
        filter.keyword ? or(ilike(users.name, containing(filter.keyword)), like(users.mobile, containing(filter.keyword))) : undefined,
        filter.level === undefined ? undefined : eq(users.level, filter.level),
        filter.region_id === undefined ? undefined : eq(agency.regionId, filter.region_id),
        filter.city_code === undefined ? undefined : eq(agency.cityCode, filter.city_code),
        filter.status === undefined ? undefined : eq(agency.status, filter.status),
        filter.activity_band === undefined ? undefined : eq(agency.activityBand, filter.activity_band),
        filter.agency_pw_id === undefined ? undefined : eq(users.agencyPwId, filter.agency_pw_id),
        ...(filter.joined ? dayRangeConditions(agency.joinedAt, filter.joined, zone) : []),
      ),
    sums: {},
    newest: { at: agency.joinedAt, tie: agency.userId },
    toRecord: toAgencyRow,
    position: (r) => ({ at: new Date(r.joined_at), tie: r.id }),
  });

const money = (fen: number) => fen / 100;
const agencyWorkbook: RecordWorkbook<AgencyRow> = {
  fileName: { 'zh-CN': '全部代理', 'en-US': 'Agencies' },
  sheetName: { 'zh-CN': '代理', 'en-US': 'Agencies' },
  columns: [
    { header: { 'zh-CN': '代理ID', 'en-US': 'Agency ID' }, width: 10, value: (r) => r.id },
    { header: { 'zh-CN': '代理', 'en-US': 'Agency' }, width: 14, value: (r) => r.name },
    { header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (r) => r.mobile },
    { header: { 'zh-CN': '代理等级', 'en-US': 'Level' }, width: 12, value: (r) => r.level_name },
    { header: { 'zh-CN': '状态', 'en-US': 'Status' }, width: 8, value: (r, { locale }) => codeName(AGENCY_STATUS_NAMES, r.status, locale) },
    { header: { 'zh-CN': '省份', 'en-US': 'Province' }, width: 10, value: (r) => r.province },
    { header: { 'zh-CN': '城市', 'en-US': 'City' }, width: 10, value: (r) => r.city },
    { header: { 'zh-CN': '大区', 'en-US': 'Region' }, width: 10, value: (r) => r.region },
    { header: { 'zh-CN': '代理职务', 'en-US': 'Post' }, width: 12, value: (r) => r.agency_pw_name },
    { header: { 'zh-CN': '可提现余额(元)', 'en-US': 'Available (CNY)' }, width: 14, money: true, value: (r) => money(r.balance_cents) },
    { header: { 'zh-CN': '累计收益(元)', 'en-US': 'Earned (CNY)' }, width: 14, money: true, value: (r) => money(r.total_income_cents) },
    { header: { 'zh-CN': '考核期销售额(元)', 'en-US': 'Sales in window (CNY)' }, width: 16, money: true, value: (r) => money(r.sales_fen) },
    { header: { 'zh-CN': '活跃度', 'en-US': 'Activity' }, width: 8, value: (r) => r.activity_score },
    { header: { 'zh-CN': '活跃程度', 'en-US': 'Activity band' }, width: 10, value: (r, { locale }) => codeName(ACTIVITY_BAND_NAMES, r.activity_band, locale) },
    { header: { 'zh-CN': '成为代理时间', 'en-US': 'Joined at' }, width: 20, value: (r, { zone }) => exportedTime(r.joined_at, zone) },
  ] satisfies ExportColumn<AgencyRow>[],
};

/** The `audit_log` target and action prefix of an agency's changes: its history reads them back (lib/crud/history). */
const AUDIT_THING = 'agency';
/** An agency's audit entries' target: this and its id. */
export const AGENCY_AUDIT_TARGET = `agency.${AUDIT_THING}:`;
export const agencyAuditTarget = (id: number) => `${AGENCY_AUDIT_TARGET}${id}`;
export const agencyAuditAction = (verb: string) => `agency.${AUDIT_THING}.${verb}`;

/**
 * 全部代理 (docs/marketplace.md › Agencies): the list, an agency's details and history, the export, and the two changes
 * staff make here — suspending or resuming an agency and setting its level by hand — each under the agency's row lock,
 * audited with its reason.
 */
export function registerAgencyList(app: FastifyInstance): void {
  const db = app.database.db;
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const fields = lazyService(app.access, 'fields', 'field');
  const list = agencyRecordList(db);

  route(app, agencyListCalls.agencyList, async ({ body: { cursor, limit, ...filter } }) => list.keyset(filter, await timeZone.current(), cursor, limit));
  route(app, agencyListCalls.agencyExport, async ({ body, reply }) => {
    await sendRecords(reply, list, body, agencyWorkbook);
    return null;
  });
  route(app, agencyListCalls.agencyDetails, async ({ body }) => details(body.id));
  route(app, agencyListCalls.agencyOptions, async () => {
    const [levels, regions, cities, posts] = await Promise.all([
      db.select({ level: agencyLevel.level, name: agencyLevel.name }).from(agencyLevel).orderBy(asc(agencyLevel.level)),
      db.select({ id: relevanceRegion.id, name: relevanceRegion.name }).from(relevanceRegion).orderBy(asc(relevanceRegion.sort), asc(relevanceRegion.id)),
      db
        .select({ code: generalCity.code, name: generalCity.name, province: generalCity.provinceName })
        .from(generalCity)
        .where(exists(db.select({ one: sql`1` }).from(agency).where(eq(agency.cityCode, generalCity.code))))
        .orderBy(asc(generalCity.code)),
      db
        .select({ id: userPost.id, name: userPost.name })
        .from(userPost)
        .where(exists(db.select({ one: sql`1` }).from(users).where(and(eq(users.agencyPwId, userPost.id), eq(users.typeUser, AGENT)))))
        .orderBy(asc(userPost.sort), asc(userPost.id)),
    ]);
    return { levels, regions, cities, posts };
  });
  route(app, agencyListCalls.agencyHistory, async ({ body }) => {
    await agencyOf(db, body.id, false);
    return historyOf(app, 'agency', AUDIT_THING, body.id, 'level');
  });

  async function details(id: number): Promise<AgencyDetails> {
    const row = await list.one(eq(agency.userId, id));
    if (!row) throw AppError.notFound();
    const [[more], form] = await Promise.all([
      db
        .select({
          frozen: ledgerFigure('user_cash', 'debits_pending'),
          held: ledgerFigure('user_cash', 'credits_pending'),
          beans: ledgerFigure('user_beans', 'credits_posted - debits_posted'),
          realName: users.realName,
          authenticationState: users.authenticationState,
          registeredAt: users.registeredAt,
          lastLoginAt: users.lastLoginAt,
          locked: users.locked,
          extra: agency.extra,
        })
        .from(agency)
        .innerJoin(users, eq(users.id, agency.userId))
        .where(eq(agency.userId, id)),
      fields.definitions('agency_apply'),
    ]);
    return {
      ...toAgencyRow(row),
      frozen_cents: more!.frozen,
      held_commission_cents: more!.held,
      bean_balance: more!.beans,
      real_name: more!.realName,
      authentication_state: more!.authenticationState,
      registered_at: more!.registeredAt.toISOString(),
      last_login_at: more!.lastLoginAt?.toISOString() ?? null,
      locked: more!.locked,
      extra: more!.extra,
      form,
    };
  }

  /** Moves an agency from one status to the other under its row lock; its present status otherwise is 40900. */
  const setStatus = (from: AgencyStatus, to: AgencyStatus, action: 'suspend' | 'resume') =>
    route(app, action === 'suspend' ? agencyListCalls.agencySuspend : agencyListCalls.agencyResume, ({ body, principal, request }) =>
      db.transaction(async (tx) => {
        const found = await agencyOf(tx, body.id, true);
        if (found.status !== from)
          throw AppError.conflict(
            to === 'suspended' ? { 'zh-CN': '该代理已暂停', 'en-US': 'The agency is suspended already' } : { 'zh-CN': '该代理未暂停', 'en-US': 'The agency is not suspended' },
            'status',
          );
        await tx.update(agency).set({ status: to, updatedAt: sql`now()` }).where(eq(agency.userId, body.id));
        await recordAudit(tx, {
          staffId: principal!.staffId,
          action: agencyAuditAction(action),
          target: agencyAuditTarget(body.id),
          detail: { before: { status: from }, after: { status: to }, ...(body.reason && { reason: body.reason }) },
          ip: request.ip,
        });
        return null;
      }),
    );
  setStatus('active', 'suspended', 'suspend');
  setStatus('suspended', 'active', 'resume');

  route(app, agencyListCalls.levelSet, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const found = await agencyOf(tx, body.id, true);
      const [level] = await tx.select({ name: agencyLevel.name }).from(agencyLevel).where(eq(agencyLevel.level, body.level));
      if (!level) throw AppError.invalid('level', { 'zh-CN': `没有等级 ${body.level}`, 'en-US': `no level ${body.level}` });
      if (found.level === body.level) throw AppError.conflict({ 'zh-CN': `该代理已是${level.name}`, 'en-US': `The agency holds ${level.name} already` }, 'level');
      await tx.update(users).set({ level: body.level }).where(eq(users.id, body.id));
      await recordAudit(tx, {
        staffId: principal!.staffId,
        action: agencyAuditAction('level_set'),
        target: agencyAuditTarget(body.id),
        detail: { before: { level: found.level }, after: { level: body.level }, reason: body.reason },
        ip: request.ip,
      });
      return null;
    }),
  );
}

/**
 * The agency's status and its user's level (40400 for a user who is no agency); with `lock`, both rows locked until the
 * transaction ends, so two staff changing one agency at once change it one after the other.
 */
async function agencyOf(tx: Executor, id: number, lock: boolean): Promise<{ status: AgencyStatus; level: number }> {
  const query = tx.select({ status: agency.status, level: users.level }).from(agency).innerJoin(users, eq(users.id, agency.userId)).where(eq(agency.userId, id));
  const [found] = await (lock ? query.for('update') : query);
  if (!found) throw AppError.notFound();
  return found;
}
