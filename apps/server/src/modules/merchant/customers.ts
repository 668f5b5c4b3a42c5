import { CUSTOMER_NAME_KEY, merchantAppCalls, merchantCalls, REGISTER_TO_CUSTOMER, type MerchantAgency, type MerchantFilter, type MerchantRow, type MerchantSource } from '@juqi/contract';
import { and, asc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import { historyOf } from '../../lib/crud/history';
import type { Executor } from '../../lib/db/client';
import type { CustomValuesHolder } from '../../lib/db/custom-fields';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../lib/db/errors';
import { containing } from '../../lib/db/like';
import { agency, agencyLevel, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { checkedFormValues } from '../../lib/form-values';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { RecordList } from '../../lib/records/record-list';
import { dayRangeConditions } from '../../lib/time-zone';
import { merchant } from './table';

const FORM = 'customer_info';
/** 客户名称 as the list shows and searches it. */
export const customerName = sql<string>`coalesce(${merchant.extra} ->> 'customer_name', '')`;

const listColumns = {
  id: merchant.id,
  customerName,
  agencyId: merchant.agencyId,
  agencyName: users.name,
  agencyMobile: users.mobile,
  userId: merchant.userId,
  source: merchant.source,
  extra: merchant.extra,
  createdAt: merchant.createdAt,
  updatedAt: merchant.updatedAt,
};
interface ListRow {
  id: number;
  customerName: string;
  agencyId: number;
  agencyName: string;
  agencyMobile: string;
  userId: number | null;
  source: MerchantSource;
  extra: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}
const toRow = (row: ListRow): MerchantRow => ({
  id: row.id,
  customer_name: row.customerName,
  agency_id: row.agencyId,
  agency_name: row.agencyName,
  agency_mobile: row.agencyMobile,
  user_id: row.userId,
  source: row.source,
  extra: row.extra,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** 客户信息管理: the customers joined to their agency's user, newest added first. */
const merchantList = (db: Executor) =>
  new RecordList<ListRow, MerchantRow, MerchantFilter, never>(db, {
    columns: listColumns,
    from: (tx, fields) => tx.select(fields).from(merchant).innerJoin(users, eq(users.id, merchant.agencyId)).$dynamic(),
    where: (filter, zone) =>
      and(
        filter.keyword ? ilike(customerName, containing(filter.keyword)) : undefined,
        filter.agency_id === undefined ? undefined : eq(merchant.agencyId, filter.agency_id),
        filter.source === undefined ? undefined : eq(merchant.source, filter.source),
        ...(filter.created ? dayRangeConditions(merchant.createdAt, filter.created, zone) : []),
      ),
    sums: {},
    newest: { at: merchant.createdAt, tie: merchant.id },
    toRecord: toRow,
    position: (r) => ({ at: new Date(r.created_at), tie: r.id }),
  });

/** Customers hold unique 客户信息设置 values (客户名称 first of them); one writer of them at a time. */
const UNIQUE_HOLDER: CustomValuesHolder = { table: merchant, id: merchant.id, extra: merchant.extra, lock: 'merchant:unique' };
const AUDIT_THING = 'merchant';
const target = (id: number) => `merchant.${AUDIT_THING}:${id}`;
const TAKEN = { 'zh-CN': '该客户已存在', 'en-US': 'This customer exists already' };

/** Agencies as the pickers offer them: name, mobile and level. */
const agencyChoices = (db: Executor) =>
  db
    .select({ id: agency.userId, name: users.name, mobile: users.mobile, levelName: sql<string>`coalesce(${agencyLevel.name}, '')` })
    .from(agency)
    .innerJoin(users, eq(users.id, agency.userId))
    .leftJoin(agencyLevel, eq(agencyLevel.level, users.level))
    .$dynamic();

/** An active agency by id, locked till the transaction ends (40000 naming agency_id otherwise: none, or suspended). */
async function activeAgency(tx: Executor, id: number): Promise<{ name: string }> {
  const [found] = await tx.select({ status: agency.status, name: users.name }).from(agency).innerJoin(users, eq(users.id, agency.userId)).where(eq(agency.userId, id)).for('share', { of: agency });
  if (!found) throw AppError.invalid('agency_id', { 'zh-CN': `没有代理 ${id}`, 'en-US': `no agency ${id}` });
  if (found.status !== 'active') throw AppError.invalid('agency_id', { 'zh-CN': '该代理已暂停，不能接收客户', 'en-US': 'a suspended agency takes no customers' });
  return found;
}

/** A write whose 客户名称 another took meanwhile (the unique index settles a race past the lock): 40900 as the check's. */
async function settled<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err) && violatedConstraint(err) === 'merchant_customer_name_key') throw AppError.conflict(TAKEN, `values.${CUSTOMER_NAME_KEY}`);
    throw err;
  }
}

/** A marketplace user who is not an agency (`type_user` 2): who may sign up as a customer. */
const CUSTOMER_USER = 2;
const REGISTER_FORM = 'customer_register';
const holds = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
/** 客户信息设置's keys filled at sign-up, back to the 客户注册设置 keys the app sent. */
const REGISTERED_AS = Object.fromEntries(Object.entries(REGISTER_TO_CUSTOMER).map(([from, to]) => [`values.${to}`, `values.${from}`]));

/** A sign-up's particulars checked as 客户信息设置's: a refusal names the field the app sent, not the one it filled. */
async function asRegistered<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const field = err.data && typeof err.data.field === 'string' ? err.data.field : undefined;
    if (err.refused.length) throw AppError.invalidFields(err.refused.map((r) => ({ ...r, field: REGISTERED_AS[r.field] ?? r.field })));
    if (field && REGISTERED_AS[field]) throw new AppError(err.code, err.text, { ...err.data, field: REGISTERED_AS[field] });
    throw err;
  }
}

/** A customer's agency and values (40400 for none); with `lock`, its row held till the transaction ends. */
async function existing(tx: Executor, id: number, lock = false) {
  const query = tx.select({ agencyId: merchant.agencyId, extra: merchant.extra }).from(merchant).where(eq(merchant.id, id));
  const [found] = await (lock ? query.for('update') : query);
  if (!found) throw AppError.notFound();
  return found;
}

/**
 * 客户信息管理 (docs/marketplace.md › Customers): the customers by keyset, one opened with 客户信息设置's fields, added to
 * an active agency, edited, deleted and moved to another agency with a reason, each audited and read back as history;
 * the `customer` and `merchant` lookups of the record-picking fields.
 */
export function registerCustomers(app: FastifyInstance): void {
  const db = app.database.db;
  const fields = lazyService(app.access, 'fields', 'field');
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const list = merchantList(db);

  const checkedValues = (values: Record<string, unknown>, exceptId: number | undefined, tx: Executor) =>
    checkedFormValues(fields, FORM, values, tx, { holder: UNIQUE_HOLDER, exceptId, taken: TAKEN });

  route(app, merchantCalls.merchantList, async ({ body: { cursor, limit, ...filter } }) => list.keyset(filter, await timeZone.current(), cursor, limit));
  route(app, merchantCalls.merchantAgencies, async ({ body }): Promise<MerchantAgency[]> => {
    const where = body.ids?.length
      ? inArray(agency.userId, body.ids)
      : and(eq(agency.status, 'active'), body.keyword ? or(ilike(users.name, containing(body.keyword)), like(users.mobile, containing(body.keyword))) : undefined);
    const rows = await agencyChoices(db).where(where).orderBy(asc(users.name), asc(agency.userId)).limit(20);
    return rows.map((row) => ({ id: row.id, name: row.name, mobile: row.mobile, level_name: row.levelName }));
  });
  route(app, merchantCalls.merchantFields, () => fields.definitions(FORM));
  route(app, merchantCalls.merchantDetails, async ({ body }) => {
    const row = await list.one(eq(merchant.id, body.id));
    if (!row) throw AppError.notFound();
    return toRow(row);
  });
  route(app, merchantCalls.merchantHistory, async ({ body }) => {
    await existing(db, body.id);
    return historyOf(app, 'merchant', AUDIT_THING, body.id, 'agency_id');
  });

  route(app, merchantCalls.merchantAdd, ({ body, principal, request }) =>
    settled(() =>
      db.transaction(async (tx) => {
        await activeAgency(tx, body.agency_id);
        const extra = await checkedValues(body.values, undefined, tx);
        const [row] = await tx.insert(merchant).values({ agencyId: body.agency_id, extra, source: 'staff', createdAt: app.clock.now() }).returning({ id: merchant.id });
        await recordAudit(tx, { staffId: principal!.staffId, action: `merchant.${AUDIT_THING}.add`, target: target(row!.id), detail: { after: { agency_id: body.agency_id, ...extra } }, ip: request.ip });
        return { id: row!.id };
      }),
    ),
  );
  route(app, merchantCalls.merchantEdit, ({ body, principal, request }) =>
    settled(() =>
      db.transaction(async (tx) => {
        const before = await existing(tx, body.id, true);
        const extra = await checkedValues(body.values, body.id, tx);
        await tx.update(merchant).set({ extra, updatedAt: sql`now()` }).where(eq(merchant.id, body.id));
        await recordAudit(tx, { staffId: principal!.staffId, action: `merchant.${AUDIT_THING}.edit`, target: target(body.id), detail: { before: before.extra, after: extra }, ip: request.ip });
        return null;
      }),
    ),
  );
  route(app, merchantCalls.merchantDel, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const before = await existing(tx, body.id, true);
      await tx
        .delete(merchant)
        .where(eq(merchant.id, body.id))
        .catch((err: unknown) => {
          // Its orders reference it: they are the platform's records of what was sold, kept whole.
          if (isForeignKeyViolation(err)) throw AppError.conflict({ 'zh-CN': '该客户已有订单，不能删除', 'en-US': 'The customer has orders and cannot be deleted' });
          throw err;
        });
      await recordAudit(tx, { staffId: principal!.staffId, action: `merchant.${AUDIT_THING}.delete`, target: target(body.id), detail: { before: { agency_id: before.agencyId, ...before.extra } }, ip: request.ip });
      return null;
    }),
  );
  route(app, merchantCalls.merchantTransfer, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const before = await existing(tx, body.id, true);
      if (before.agencyId === body.agency_id) throw AppError.conflict({ 'zh-CN': '客户已属于该代理', 'en-US': 'The customer is this agency’s already' }, 'agency_id');
      const to = await activeAgency(tx, body.agency_id);
      await tx.update(merchant).set({ agencyId: body.agency_id, updatedAt: sql`now()` }).where(eq(merchant.id, body.id));
      await recordAudit(tx, {
        staffId: principal!.staffId,
        action: `merchant.${AUDIT_THING}.transfer`,
        target: target(body.id),
        detail: { subject: to.name, before: { agency_id: before.agencyId }, after: { agency_id: body.agency_id }, reason: body.reason },
        ip: request.ip,
      });
      return null;
    }),
  );

  route(app, merchantAppCalls.register, ({ body, appUser }) =>
    asRegistered(() =>
      settled(() =>
        db.transaction(async (tx) => {
          const userId = appUser!.userId;
          const [user] = await tx.select({ typeUser: users.typeUser }).from(users).where(eq(users.id, userId)).for('update');
          if (user?.typeUser !== CUSTOMER_USER) throw AppError.conflict({ 'zh-CN': '代理账号不能注册为客户', 'en-US': 'An agency’s account cannot sign up as a customer' });
          const [already] = await tx.select({ id: merchant.id }).from(merchant).where(eq(merchant.userId, userId));
          if (already) throw AppError.conflict({ 'zh-CN': '您已注册为客户', 'en-US': 'You are a customer already' });
          await activeAgency(tx, body.agency_id);
          const registered = await checkedFormValues(fields, REGISTER_FORM, body.values, tx);
          const particulars = Object.fromEntries(Object.entries(REGISTER_TO_CUSTOMER).flatMap(([from, to]) => (holds(registered[from]) ? [[to, registered[from]]] : [])));
          const extra = await checkedValues(particulars, undefined, tx);
          const [row] = await tx
            .insert(merchant)
            .values({ agencyId: body.agency_id, userId, extra, registerExtra: registered, source: 'register', createdAt: app.clock.now() })
            .returning({ id: merchant.id });
          return { id: row!.id };
        }),
      ),
    ),
  );

  // Record-picking fields of type customer and merchant_select pick customers by 客户名称, hinted by their agency.
  const customers = {
    async search(keyword: string | undefined, limit: number) {
      const rows = await db
        .select({ id: merchant.id, name: customerName, agency: users.name })
        .from(merchant)
        .innerJoin(users, eq(users.id, merchant.agencyId))
        .where(keyword ? ilike(customerName, containing(keyword)) : undefined)
        .orderBy(asc(customerName), asc(merchant.id))
        .limit(limit);
      return rows.map((row) => ({ id: row.id, name: row.name, hint: row.agency }));
    },
    async named(ids: readonly number[], tx: Executor = db) {
      return ids.length ? tx.select({ id: merchant.id, name: customerName }).from(merchant).where(inArray(merchant.id, [...ids])) : [];
    },
  };
  app.access.lookups.provide('customer', customers);
  app.access.lookups.provide('merchant', customers);
}
