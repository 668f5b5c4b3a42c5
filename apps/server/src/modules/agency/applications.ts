import { agencyApplicationCalls, agencyBasicSettings } from '@juqi/contract';
import { and, asc, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { generalCity, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { checkedFormValues } from '../../lib/form-values';
import { lazyService, type ApprovalKindHandler } from '../../lib/http/types';
import { readSettingsDocument } from '../../lib/settings/document';
import { agency } from './table';

/** `type_user` of an agency and of an ordinary user (USER_TYPES). */
export const AGENT = 1;
const ORDINARY = 2;
/** `authentication_state` of a verified user. */
const VERIFIED = 2;
/** The entry level every new agency starts at. */
const ENTRY_LEVEL = 0;

/** What a 代理申请 request carries: the agency's city and 代理申请表's values, as checked at filing. */
interface ApplicationPayload {
  city_code: string;
  values: Record<string, unknown>;
}

/** An enabled city of 城市设置 by its code (40000 naming city_code otherwise). */
async function cityOf(code: string, tx: Executor) {
  const [city] = await tx.select({ name: generalCity.name }).from(generalCity).where(and(eq(generalCity.code, code), eq(generalCity.enabled, true)));
  if (!city) throw AppError.invalid('city_code', { 'zh-CN': '不是已启用的城市', 'en-US': 'not an enabled city' });
  return city;
}

/**
 * 代理申请 (docs/marketplace.md › Applications): a user of type 2 applies in the apps, or staff file for them; the
 * request walks the flow 基础设置 chooses through the approval engine (kind `agency_apply`, subject the user), and its
 * last approval makes the user an agency in the same transaction.
 */
export function registerAgencyApplications(app: FastifyInstance): void {
  const db = app.database.db;
  const approvals = lazyService(app.access, 'approvals', 'approval');
  const fields = lazyService(app.access, 'fields', 'field');

  const agencyApply: ApprovalKindHandler = {
    async check(subjectId, payload, tx) {
      const { city_code: cityCode, values } = payload as unknown as ApplicationPayload;
      const [user] = await tx.select({ name: users.name, typeUser: users.typeUser, verified: users.authenticationState }).from(users).where(eq(users.id, subjectId));
      if (!user) throw AppError.invalid('user_id', { 'zh-CN': `用户 ${subjectId} 不存在`, 'en-US': `no user ${subjectId}` });
      if (user.typeUser === AGENT) throw AppError.conflict({ 'zh-CN': '该用户已是代理', 'en-US': 'This user is an agency already' });
      const { require_verified: mustBeVerified } = await readSettingsDocument(tx, agencyBasicSettings);
      if (mustBeVerified && user.verified !== VERIFIED)
        throw AppError.conflict({ 'zh-CN': '申请代理须先完成实名认证', 'en-US': 'Complete real-name verification before applying' });
      const city = await cityOf(cityCode, tx);
      const who = [values.real_name, values.company_name].filter((part) => typeof part === 'string' && part !== '').join(' · ');
      return { subjectName: user.name || String(values.real_name ?? subjectId), departmentId: null, summary: [`城市 ${city.name}`, who].filter(Boolean).join(' · ') };
    },
    flowId: async (tx) => (await readSettingsDocument(tx ?? db, agencyBasicSettings)).apply_flow_id,
    async apply(request, tx) {
      const { city_code: cityCode, values } = request.payload as unknown as ApplicationPayload;
      // Still an ordinary user under the row's lock: one pending application per user, but staff may have changed the type.
      const [user] = await tx.select({ typeUser: users.typeUser }).from(users).where(eq(users.id, request.subjectId)).for('update');
      if (!user || user.typeUser !== ORDINARY) throw AppError.conflict({ 'zh-CN': '该用户已不是普通用户，不能成为代理', 'en-US': 'The user is no longer an ordinary user' });
      await cityOf(cityCode, tx);
      const region = await lazyService(app.access, 'regions', 'relevance').regionOfCity(cityCode, tx);
      const joinedAt = app.clock.now();
      await tx.update(users).set({ typeUser: AGENT, level: ENTRY_LEVEL }).where(eq(users.id, request.subjectId));
      const row = { cityCode, regionId: region?.id ?? null, applicationId: request.id, joinedAt, extra: values, status: 'active' as const };
      // A user who was an agency once (made ordinary by staff since) comes back with the new application's values.
      await tx
        .insert(agency)
        .values({ userId: request.subjectId, ...row })
        .onConflictDoUpdate({ target: agency.userId, set: { ...row, updatedAt: sql`now()` } });
    },
  };
  approvals.register('agency_apply', agencyApply);

  const submit = async (userId: number, body: ApplicationPayload, by: Parameters<typeof approvals.submit>[1]) =>
    ({ request_id: (await approvals.submit({ kind: 'agency_apply', subjectId: userId, payload: { city_code: body.city_code, values: await checkedFormValues(fields, 'agency_apply', body.values) } }, by)).id });

  route(app, agencyApplicationCalls.applicationOptions, async () => {
    const [form, cities] = await Promise.all([
      fields.definitions('agency_apply'),
      db
        .select({ code: generalCity.code, name: generalCity.name, province: generalCity.provinceName })
        .from(generalCity)
        .where(eq(generalCity.enabled, true))
        .orderBy(asc(generalCity.code)),
    ]);
    return { form, cities };
  });
  route(app, agencyApplicationCalls.applicationCandidates, async ({ body }) => {
    const rows = await db
      .select({ id: users.id, name: users.name, mobile: users.mobile, verified: users.authenticationState })
      .from(users)
      .where(
        and(
          eq(users.typeUser, ORDINARY),
          body.ids?.length ? inArray(users.id, body.ids) : body.keyword ? or(ilike(users.name, containing(body.keyword)), like(users.mobile, containing(body.keyword))) : undefined,
        ),
      )
      .orderBy(desc(users.id))
      .limit(20);
    return rows.map((row) => ({ id: row.id, name: row.name, mobile: row.mobile, verified: row.verified === VERIFIED }));
  });
  route(app, agencyApplicationCalls.applicationAdd, ({ body, principal, request }) => submit(body.user_id, body, { staffId: principal!.staffId, ip: request.ip }));
  route(app, agencyApplicationCalls.apply, ({ body, appUser, request }) => submit(appUser!.userId, body, { userId: appUser!.userId, ip: request.ip }));
  route(app, agencyApplicationCalls.applyStatus, async ({ appUser }) => {
    const userId = appUser!.userId;
    const [user] = await db.select({ typeUser: users.typeUser }).from(users).where(eq(users.id, userId));
    const newest = await approvals.newestAbout('agency_apply', userId);
    return {
      is_agency: user?.typeUser === AGENT,
      application: newest && {
        id: newest.id,
        state: newest.state,
        summary: newest.summary,
        comment: newest.comment,
        created_at: newest.createdAt.toISOString(),
        finished_at: newest.finishedAt?.toISOString() ?? null,
      },
    };
  });
  route(app, agencyApplicationCalls.applyWithdraw, async ({ body, appUser, request }) => {
    await approvals.withdrawAsApplicant({ id: body.id }, { userId: appUser!.userId, ip: request.ip });
    return null;
  });
}
