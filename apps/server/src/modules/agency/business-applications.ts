import { agencyBasicSettings, businessApplyCalls, type AgencyBusinessRow, type BusinessApplyFilter, type BusinessApplyRow } from '@juqi/contract';
import { and, asc, desc, eq, exists, ilike, like, notExists, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { agencyLevel, approvalRequest, business, businessPackage, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { checkedFormValues } from '../../lib/form-values';
import { lazyService, type ApprovalKindHandler } from '../../lib/http/types';
import { RecordList } from '../../lib/records/record-list';
import { readSettingsDocument } from '../../lib/settings/document';
import { dayRangeConditions } from '../../lib/time-zone';
import { agencyAuditAction, agencyAuditTarget } from './agencies';
import { AGENT } from './applications';
import { agency, agencyBusiness } from './table';

const KIND = 'business_apply';
/** What a 业务申请 request carries: 业务申请表's values, as checked at filing. */
interface BusinessApplyPayload {
  values: Record<string, unknown>;
}

const listColumns = {
  id: approvalRequest.id,
  agencyId: agencyBusiness.agencyId,
  agencyName: users.name,
  agencyMobile: users.mobile,
  levelName: sql<string>`coalesce(${agencyLevel.name}, '')`,
  businessId: agencyBusiness.businessId,
  businessName: business.name,
  state: approvalRequest.state,
  selling: agencyBusiness.enabled,
  flowName: approvalRequest.flowName,
  createdAt: approvalRequest.createdAt,
  finishedAt: approvalRequest.finishedAt,
};
interface ListRow {
  id: number;
  agencyId: number;
  agencyName: string;
  agencyMobile: string;
  levelName: string;
  businessId: number;
  businessName: string;
  state: string;
  selling: boolean;
  flowName: string;
  createdAt: Date;
  finishedAt: Date | null;
}

const toRow = (row: ListRow): BusinessApplyRow => ({
  id: row.id,
  agency_id: row.agencyId,
  agency_name: row.agencyName,
  agency_mobile: row.agencyMobile,
  agency_level_name: row.levelName,
  business_id: row.businessId,
  business_name: row.businessName,
  state: row.state as BusinessApplyRow['state'],
  selling: row.selling,
  flow_name: row.flowName,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** 业务申请: the business applications with their agency and business, newest filed first. */
const businessApplyList = (db: Executor) =>
  new RecordList<ListRow, BusinessApplyRow, BusinessApplyFilter, never>(db, {
    columns: listColumns,
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(approvalRequest)
        .innerJoin(agencyBusiness, and(eq(approvalRequest.kind, KIND), eq(agencyBusiness.id, approvalRequest.subjectId)))
        .innerJoin(users, eq(users.id, agencyBusiness.agencyId))
        .innerJoin(business, eq(business.id, agencyBusiness.businessId))
        .leftJoin(agencyLevel, eq(agencyLevel.level, users.level))
        .$dynamic(),
    where: (filter, zone) =>
      and(
        filter.keyword ? or(ilike(users.name, containing(filter.keyword)), like(users.mobile, containing(filter.keyword))) : undefined,
        filter.business_id === undefined ? undefined : eq(agencyBusiness.businessId, filter.business_id),
        filter.state === undefined ? undefined : eq(approvalRequest.state, filter.state),
        ...(filter.created ? dayRangeConditions(approvalRequest.createdAt, filter.created, zone) : []),
      ),
    sums: {},
    newest: { at: approvalRequest.createdAt, tie: approvalRequest.id },
    toRecord: toRow,
    position: (r) => ({ at: new Date(r.created_at), tie: r.id }),
  });

/** The pair, its agency and business as a filing or an approval checks them; with `lock` the pair's row is held. */
async function pairOf(id: number, tx: Executor, lock = false) {
  const query = tx
    .select({
      agencyId: agencyBusiness.agencyId,
      enabled: agencyBusiness.enabled,
      agencyName: users.name,
      typeUser: users.typeUser,
      status: agency.status,
      businessName: business.name,
      businessEnabled: business.enabled,
    })
    .from(agencyBusiness)
    .innerJoin(agency, eq(agency.userId, agencyBusiness.agencyId))
    .innerJoin(users, eq(users.id, agencyBusiness.agencyId))
    .innerJoin(business, eq(business.id, agencyBusiness.businessId))
    .where(eq(agencyBusiness.id, id));
  const [pair] = await (lock ? query.for('update', { of: agencyBusiness }) : query);
  if (!pair) throw AppError.notFound();
  return pair;
}

/** What filing and the last approval both require: an active agency, a business on sale it does not sell yet. */
function refuseUnless(pair: Awaited<ReturnType<typeof pairOf>>): void {
  if (pair.typeUser !== AGENT) throw AppError.conflict({ 'zh-CN': '该用户已不是代理', 'en-US': 'The user is no longer an agency' });
  if (pair.status !== 'active') throw AppError.conflict({ 'zh-CN': '代理已暂停，不能申请业务', 'en-US': 'A suspended agency cannot apply for a business' }, 'status');
  if (!pair.businessEnabled) throw AppError.invalid('business_id', { 'zh-CN': `业务“${pair.businessName}”已下架`, 'en-US': `${pair.businessName} is off sale` });
  if (pair.enabled) throw AppError.conflict({ 'zh-CN': `已可销售业务“${pair.businessName}”`, 'en-US': `The agency sells ${pair.businessName} already` }, 'business_id');
}

/**
 * 业务申请 (docs/marketplace.md › 业务申请): an active agency asks in the apps to sell a business, filling 业务申请表; the
 * request walks the flow 基础设置 chooses (kind `business_apply`, subject the agency's record of the business), and its
 * last approval lets the agency sell it. Staff list the applications, see each agency's businesses, and revoke one.
 */
export function registerBusinessApplications(app: FastifyInstance): void {
  const db = app.database.db;
  const approvals = lazyService(app.access, 'approvals', 'approval');
  const fields = lazyService(app.access, 'fields', 'field');
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const list = businessApplyList(db);

  const businessApply: ApprovalKindHandler = {
    async check(subjectId, _payload, tx) {
      const pair = await pairOf(subjectId, tx);
      refuseUnless(pair);
      return { subjectName: pair.agencyName, departmentId: null, summary: `业务 ${pair.businessName}` };
    },
    flowId: async (tx) => (await readSettingsDocument(tx ?? db, agencyBasicSettings)).business_apply_flow_id,
    async apply(request, tx) {
      // Checked again under the pair's lock: the agency may have been suspended or the business taken off sale meanwhile.
      refuseUnless(await pairOf(request.subjectId, tx, true));
      const { values } = request.payload as unknown as BusinessApplyPayload;
      await tx
        .update(agencyBusiness)
        .set({ enabled: true, approvedAt: app.clock.now(), requestId: request.id, extra: values, updatedAt: sql`now()` })
        .where(eq(agencyBusiness.id, request.subjectId));
    },
    async applicantOf(subjectId, tx) {
      const [pair] = await tx.select({ agencyId: agencyBusiness.agencyId }).from(agencyBusiness).where(eq(agencyBusiness.id, subjectId));
      return pair?.agencyId ?? null;
    },
  };
  approvals.register(KIND, businessApply);

  route(app, businessApplyCalls.businessApply, async ({ body, appUser, request }) => {
    const userId = appUser!.userId;
    const [own] = await db.select({ userId: agency.userId }).from(agency).innerJoin(users, eq(users.id, agency.userId)).where(and(eq(agency.userId, userId), eq(users.typeUser, AGENT)));
    if (!own) throw AppError.forbidden({ 'zh-CN': '只有代理可以申请业务', 'en-US': 'Only agencies apply for businesses' });
    const [found] = await db.select({ id: business.id }).from(business).where(eq(business.id, body.business_id));
    if (!found) throw AppError.invalid('business_id', { 'zh-CN': `没有业务 ${body.business_id}`, 'en-US': `no business ${body.business_id}` });
    const values = await checkedFormValues(fields, 'business_apply', body.values);
    // The pair's record is the applications' subject: made at the first filing, found at every later one.
    await db.insert(agencyBusiness).values({ agencyId: userId, businessId: body.business_id }).onConflictDoNothing();
    const [pair] = await db.select({ id: agencyBusiness.id }).from(agencyBusiness).where(and(eq(agencyBusiness.agencyId, userId), eq(agencyBusiness.businessId, body.business_id)));
    try {
      const { id } = await approvals.submit({ kind: KIND, subjectId: pair!.id, payload: { values } }, { userId, ip: request.ip });
      return { request_id: id };
    } catch (err) {
      // A refused first filing leaves nothing behind: the record goes again while no request is about it.
      await db
        .delete(agencyBusiness)
        .where(
          and(
            eq(agencyBusiness.id, pair!.id),
            sql`${agencyBusiness.approvedAt} is null`,
            notExists(db.select({ one: sql`1` }).from(approvalRequest).where(and(eq(approvalRequest.kind, KIND), eq(approvalRequest.subjectId, pair!.id)))),
          ),
        );
      throw err;
    }
  });

  route(app, businessApplyCalls.businessApplyMine, async ({ appUser }) => {
    const rows = await db
      .select({
        id: approvalRequest.id,
        businessId: agencyBusiness.businessId,
        businessName: business.name,
        state: approvalRequest.state,
        selling: agencyBusiness.enabled,
        createdAt: approvalRequest.createdAt,
        finishedAt: approvalRequest.finishedAt,
      })
      .from(approvalRequest)
      .innerJoin(agencyBusiness, and(eq(approvalRequest.kind, KIND), eq(agencyBusiness.id, approvalRequest.subjectId)))
      .innerJoin(business, eq(business.id, agencyBusiness.businessId))
      .where(eq(agencyBusiness.agencyId, appUser!.userId))
      .orderBy(desc(approvalRequest.id));
    const comments = await approvals.rejectionComments(rows.filter((row) => row.state === 'rejected').map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      business_id: row.businessId,
      business_name: row.businessName,
      state: row.state as BusinessApplyRow['state'],
      comment: comments.get(row.id) ?? '',
      selling: row.selling,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    }));
  });

  route(app, businessApplyCalls.businessApplyWithdraw, async ({ body, appUser, request }) => {
    // Only this kind's requests: another kind's id is no business application of the caller's.
    const [found] = await db.select({ kind: approvalRequest.kind }).from(approvalRequest).where(eq(approvalRequest.id, body.id));
    if (found?.kind !== KIND) throw AppError.notFound();
    await approvals.withdrawAsApplicant({ id: body.id }, { userId: appUser!.userId, ip: request.ip });
    return null;
  });

  route(app, businessApplyCalls.businessApplyList, async ({ body: { page, limit, ...filter } }) => list.page(filter, await timeZone.current(), page, limit));

  route(app, businessApplyCalls.businessApplyOptions, async () => ({
    businesses: await db
      .select({ id: business.id, name: business.name })
      .from(business)
      .where(exists(db.select({ one: sql`1` }).from(agencyBusiness).where(eq(agencyBusiness.businessId, business.id))))
      .orderBy(asc(business.sort), asc(business.id)),
  }));

  route(app, businessApplyCalls.businessApplyDetails, async ({ body }) => {
    const [row, [filed], form, comments] = await Promise.all([
      list.one(eq(approvalRequest.id, body.id)),
      db.select({ payload: approvalRequest.payload }).from(approvalRequest).where(and(eq(approvalRequest.id, body.id), eq(approvalRequest.kind, KIND))),
      fields.definitions('business_apply'),
      approvals.rejectionComments([body.id]),
    ]);
    if (!row || !filed) throw AppError.notFound();
    return { ...toRow(row), values: (filed.payload as unknown as BusinessApplyPayload).values, form, comment: comments.get(body.id) ?? '' };
  });

  route(app, businessApplyCalls.agencyBusinesses, async ({ body }): Promise<AgencyBusinessRow[]> => {
    const onSale = and(eq(businessPackage.businessId, business.id), eq(businessPackage.enabled, true));
    const rows = await db
      .select({
        businessId: business.id,
        businessName: business.name,
        businessEnabled: business.enabled,
        selling: agencyBusiness.enabled,
        packagesOnSale: sql<number>`(select count(*)::int from ${businessPackage} where ${onSale})`,
        priceFrom: sql<number | null>`(select min(${businessPackage.price}) from ${businessPackage} where ${onSale})`,
        priceTo: sql<number | null>`(select max(${businessPackage.price}) from ${businessPackage} where ${onSale})`,
        approvedAt: agencyBusiness.approvedAt,
        requestId: agencyBusiness.requestId,
      })
      .from(agencyBusiness)
      .innerJoin(business, eq(business.id, agencyBusiness.businessId))
      // Pairs never approved are only applications: 业务申请 shows them.
      .where(and(eq(agencyBusiness.agencyId, body.agency_id), sql`${agencyBusiness.approvedAt} is not null`))
      .orderBy(asc(business.sort), asc(business.id));
    return rows.map((row) => ({
      business_id: row.businessId,
      business_name: row.businessName,
      business_enabled: row.businessEnabled,
      selling: row.selling,
      packages_on_sale: row.packagesOnSale,
      price_from: row.priceFrom,
      price_to: row.priceTo,
      approved_at: row.approvedAt?.toISOString() ?? null,
      request_id: row.requestId,
    }));
  });

  route(app, businessApplyCalls.agencyBusinessRevoke, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const [pair] = await tx
        .select({ id: agencyBusiness.id, enabled: agencyBusiness.enabled, businessName: business.name })
        .from(agencyBusiness)
        .innerJoin(business, eq(business.id, agencyBusiness.businessId))
        .where(and(eq(agencyBusiness.agencyId, body.agency_id), eq(agencyBusiness.businessId, body.business_id)))
        .for('update', { of: agencyBusiness });
      if (!pair?.enabled) throw AppError.conflict({ 'zh-CN': '该代理未在销售此业务', 'en-US': 'The agency does not sell this business' }, 'business_id');
      await tx.update(agencyBusiness).set({ enabled: false, updatedAt: sql`now()` }).where(eq(agencyBusiness.id, pair.id));
      await recordAudit(tx, {
        staffId: principal!.staffId,
        // Audited as the agency's change: the revocation reads back in its history.
        action: agencyAuditAction('business_revoke'),
        target: agencyAuditTarget(body.agency_id),
        detail: { subject: pair.businessName, business_id: body.business_id, before: { selling: true }, after: { selling: false }, reason: body.reason },
        ip: request.ip,
      });
      return null;
    }),
  );
}
