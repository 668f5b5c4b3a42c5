import { productCalls, type ProductCustomer, type ProductFilter, type ProductRow } from '@juqi/contract';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import type { CustomValuesHolder } from '../../lib/db/custom-fields';
import { containing } from '../../lib/db/like';
import { users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { checkedFormValues } from '../../lib/form-values';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { RecordList } from '../../lib/records/record-list';
import { dayRangeConditions } from '../../lib/time-zone';
import { customerName } from './customers';
import { merchant, merchantProduct } from './table';

const FORM = 'product_info';
/** 产品名称 as the list shows and searches it. */
const productName = sql<string>`coalesce(${merchantProduct.extra} ->> 'product_name', '')`;

const listColumns = {
  id: merchantProduct.id,
  productName,
  merchantId: merchantProduct.merchantId,
  customerName,
  agencyId: merchant.agencyId,
  agencyName: users.name,
  extra: merchantProduct.extra,
  createdAt: merchantProduct.createdAt,
  updatedAt: merchantProduct.updatedAt,
};
interface ListRow {
  id: number;
  productName: string;
  merchantId: number;
  customerName: string;
  agencyId: number;
  agencyName: string;
  extra: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}
const toRow = (row: ListRow): ProductRow => ({
  id: row.id,
  product_name: row.productName,
  merchant_id: row.merchantId,
  customer_name: row.customerName,
  agency_id: row.agencyId,
  agency_name: row.agencyName,
  extra: row.extra,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** 产品信息管理: the products joined to their customer and its agency's user, newest added first. */
const productList = (db: Executor) =>
  new RecordList<ListRow, ProductRow, ProductFilter, never>(db, {
    columns: listColumns,
    from: (tx, fields) =>
      tx.select(fields).from(merchantProduct).innerJoin(merchant, eq(merchant.id, merchantProduct.merchantId)).innerJoin(users, eq(users.id, merchant.agencyId)).$dynamic(),
    where: (filter, zone) =>
      and(
        filter.keyword ? ilike(productName, containing(filter.keyword)) : undefined,
        filter.merchant_id === undefined ? undefined : eq(merchantProduct.merchantId, filter.merchant_id),
        filter.agency_id === undefined ? undefined : eq(merchant.agencyId, filter.agency_id),
        ...(filter.created ? dayRangeConditions(merchantProduct.createdAt, filter.created, zone) : []),
      ),
    sums: {},
    newest: { at: merchantProduct.createdAt, tie: merchantProduct.id },
    toRecord: toRow,
    position: (r) => ({ at: new Date(r.created_at), tie: r.id }),
  });

/** Products hold unique 产品信息设置 values where staff make a field unique; one writer of them at a time. */
const UNIQUE_HOLDER: CustomValuesHolder = { table: merchantProduct, id: merchantProduct.id, extra: merchantProduct.extra, lock: 'merchant_product:unique' };
const TAKEN = { 'zh-CN': '该值已被其他产品使用', 'en-US': 'Another product already has this value' };
const target = (id: number) => `merchant.product:${id}`;

/** A product's customer and values (40400 for none); with `lock`, its row held till the transaction ends. */
async function existing(tx: Executor, id: number, lock = false) {
  const query = tx.select({ merchantId: merchantProduct.merchantId, extra: merchantProduct.extra }).from(merchantProduct).where(eq(merchantProduct.id, id));
  const [found] = await (lock ? query.for('update') : query);
  if (!found) throw AppError.notFound();
  return found;
}

/**
 * 产品信息管理 (docs/marketplace.md › Customers): the products by keyset, added to a customer, edited and deleted, each
 * audited, with 产品信息设置's fields for whoever may view them.
 */
export function registerProducts(app: FastifyInstance): void {
  const db = app.database.db;
  const fields = lazyService(app.access, 'fields', 'field');
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const list = productList(db);
  const checkedValues = (values: Record<string, unknown>, exceptId: number | undefined, tx: Executor) =>
    checkedFormValues(fields, FORM, values, tx, { holder: UNIQUE_HOLDER, exceptId, taken: TAKEN });

  route(app, productCalls.productList, async ({ body: { cursor, limit, ...filter } }) => list.keyset(filter, await timeZone.current(), cursor, limit));
  route(app, productCalls.productFields, () => fields.definitions(FORM));
  route(app, productCalls.productCustomers, async ({ body }): Promise<ProductCustomer[]> => {
    const rows = await db
      .select({ id: merchant.id, customerName, agencyName: users.name })
      .from(merchant)
      .innerJoin(users, eq(users.id, merchant.agencyId))
      .where(body.ids?.length ? inArray(merchant.id, body.ids) : body.keyword ? ilike(customerName, containing(body.keyword)) : undefined)
      .orderBy(asc(customerName), asc(merchant.id))
      .limit(20);
    return rows.map((row) => ({ id: row.id, customer_name: row.customerName, agency_name: row.agencyName }));
  });
  route(app, productCalls.productDetails, async ({ body }) => {
    const row = await list.one(eq(merchantProduct.id, body.id));
    if (!row) throw AppError.notFound();
    return toRow(row);
  });

  route(app, productCalls.productAdd, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const [owner] = await tx.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, body.merchant_id)).for('share');
      if (!owner) throw AppError.invalid('merchant_id', { 'zh-CN': `没有客户 ${body.merchant_id}`, 'en-US': `no customer ${body.merchant_id}` });
      const extra = await checkedValues(body.values, undefined, tx);
      const [row] = await tx.insert(merchantProduct).values({ merchantId: body.merchant_id, extra, createdAt: app.clock.now() }).returning({ id: merchantProduct.id });
      await recordAudit(tx, { staffId: principal!.staffId, action: 'merchant.product.add', target: target(row!.id), detail: { after: { merchant_id: body.merchant_id, ...extra } }, ip: request.ip });
      return { id: row!.id };
    }),
  );
  route(app, productCalls.productEdit, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const before = await existing(tx, body.id, true);
      const extra = await checkedValues(body.values, body.id, tx);
      await tx.update(merchantProduct).set({ extra, updatedAt: sql`now()` }).where(eq(merchantProduct.id, body.id));
      await recordAudit(tx, { staffId: principal!.staffId, action: 'merchant.product.edit', target: target(body.id), detail: { before: before.extra, after: extra }, ip: request.ip });
      return null;
    }),
  );
  route(app, productCalls.productDel, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const before = await existing(tx, body.id, true);
      await tx.delete(merchantProduct).where(eq(merchantProduct.id, body.id));
      await recordAudit(tx, { staffId: principal!.staffId, action: 'merchant.product.delete', target: target(body.id), detail: { before: { merchant_id: before.merchantId, ...before.extra } }, ip: request.ip });
      return null;
    }),
  );
}
