import { codeName, ORDER_PAY_BY_NAMES, ORDER_SOURCE_NAMES, ORDER_STATE_NAMES, refundableAmount, type LookupItem, type OrderCommission, type OrderDetails, type OrderEvent, type OrderFilter, type OrderRow } from '@juqi/contract';
import { and, asc, desc, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { agency, agencyBusiness, agencyLevel, business, businessPackage, merchant, relevanceRegion, staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import type { ExportColumn } from '../../lib/export/workbook';
import { transferEntries } from '../../lib/ledger/ledger';
import type { LookupSource } from '../../lib/lookups';
import { NamedStatements, valueBlindFilters } from '../../lib/db/named-statements';
import { RecordList, type RecordWorkbook } from '../../lib/records/record-list';
import { dayRangeConditions, exportedTime } from '../../lib/time-zone';
import { orderCommission, orderEvent, orders, type OrderCommissionRecord } from './table';

/** A customer's 客户名称, as every order list shows it. */
export const customerName = sql<string>`coalesce(${merchant.extra} ->> 'customer_name', '')`;
const seller = alias(users, 'seller');

const listColumns = {
  order: orders,
  agencyName: seller.name,
  agencyMobile: seller.mobile,
  customerName,
};
interface ListRow {
  order: typeof orders.$inferSelect;
  agencyName: string;
  agencyMobile: string;
  customerName: string;
}
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A commission as the order's drawer and the agency's 收益 show it. */
export const commissionOf = (c: OrderCommissionRecord): OrderCommission => ({
  agency_id: c.agencyId,
  base: c.base,
  rate_bp: c.rateBp,
  amount: c.amount,
  state: c.state,
  release_at: c.releaseAt.toISOString(),
  released_at: iso(c.releasedAt),
  clawed_back: c.clawedBack,
  clawback_due: c.clawbackDue,
});
const toRow = ({ order: o, agencyName, agencyMobile, customerName: name }: ListRow): OrderRow => ({
  id: o.id,
  order_no: o.orderNo,
  external_no: o.externalNo,
  remark: o.remark,
  agency_id: o.agencyId,
  agency_name: agencyName,
  agency_mobile: agencyMobile,
  merchant_id: o.merchantId,
  customer_name: name,
  region_id: o.regionId,
  business_id: o.businessId,
  business_name: o.businessName,
  package_id: o.packageId,
  package_name: o.packageName,
  price: o.price,
  duration_days: o.durationDays,
  quota: o.quota,
  delivered: o.delivered,
  pay_by: o.payBy,
  amount: o.amount,
  discount_bp: o.discountBp,
  commission_rate_bp: o.commissionRateBp,
  refunded: o.refunded,
  commission: o.commission,
  state: o.state,
  source: o.source,
  created_at: o.createdAt.toISOString(),
  paid_at: iso(o.paidAt),
  started_at: iso(o.startedAt),
  service_end_at: iso(o.serviceEndAt),
  ended_at: iso(o.endedAt),
});

/** The one order `where` finds, as the lists show it (40400 for none). */
export async function findOrderRow(db: Executor, where: SQL): Promise<OrderRow> {
  const row = await orderList(db).one(where);
  if (!row) throw AppError.notFound();
  return toRow(row);
}

/** What 订单中心's filter keeps, as SQL over `orders`. */
const equal = <V>(column: Parameters<typeof eq>[0], value: V | undefined) => (value === undefined ? undefined : eq(column, value));

function filtered(filter: OrderFilter, zone: string): SQL | undefined {
  return and(
    filter.keyword ? or(like(orders.orderNo, containing(filter.keyword)), ilike(orders.externalNo, containing(filter.keyword))) : undefined,
    equal(orders.state, filter.state),
    equal(orders.businessId, filter.business_id),
    equal(orders.packageId, filter.package_id),
    equal(orders.agencyId, filter.agency_id),
    equal(orders.merchantId, filter.merchant_id),
    equal(orders.regionId, filter.region_id),
    equal(orders.payBy, filter.pay_by),
    equal(orders.source, filter.source),
    ...(filter.created ? dayRangeConditions(orders.createdAt, filter.created, zone) : []),
    ...(filter.paid ? dayRangeConditions(orders.paidAt, filter.paid, zone) : []),
    filter.amount_min === undefined ? undefined : gte(orders.amount, filter.amount_min),
    filter.amount_max === undefined ? undefined : lte(orders.amount, filter.amount_max),
  );
}

/** 订单中心's page statements, named on PostgreSQL: parsed once per connection. */
const orderPages = new NamedStatements('order_page');

/**
 * The filters whose pages are read the same way whatever their value: each leads an index with the placing time
 * (table.ts), and the states' partial indexes serve the jobs, not the list. A keyword, a range, a package, a payer or
 * a source is planned for its values each time (lib/db/named-statements).
 */
const planBlind = valueBlindFilters<OrderFilter>(['state', 'business_id', 'agency_id', 'merchant_id', 'region_id']);

/**
 * 订单中心: the orders with their agency's user and their customer, newest placed first; counted by `count` where given
 * (the totals kept per filter) rather than over the joins.
 */
export const orderList = (db: Executor, count?: (filter: OrderFilter, zone: string) => Promise<number>) =>
  new RecordList<ListRow, OrderRow, OrderFilter, never>(db, {
    count,
    columns: listColumns,
    from: (tx, fields) => tx.select(fields).from(orders).innerJoin(seller, eq(seller.id, orders.agencyId)).innerJoin(merchant, eq(merchant.id, orders.merchantId)).$dynamic(),
    where: filtered,
    // The sums are `orderTotals`', over `orders` alone.
    sums: {},
    newest: { at: orders.createdAt, tie: orders.id },
    toRecord: toRow,
    statements: orderPages,
    planBlind,
    position: (r) => ({ at: new Date(r.created_at), tie: r.id }),
  });

/** The filtered set's count and sums: one aggregate over `orders` alone (the joins add nothing to it). */
export async function orderTotals(db: Executor, filter: OrderFilter, zone: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${orders.amount}), 0)::float8`,
      refunded: sql<number>`coalesce(sum(${orders.refunded}), 0)::float8`,
      commission: sql<number>`coalesce(sum(${orders.commission}), 0)::float8`,
    })
    .from(orders)
    .where(filtered(filter, zone));
  return row!;
}

const eventBy = sql<string>`coalesce(${staff.name}, ${users.name}, '系统')`;

/** One order as the drawer shows it: the row, what may be refunded now, its history, commissions and postings. */
export async function orderDetails(db: Executor, clock: Clock, where: SQL): Promise<OrderDetails> {
  const row = await orderList(db).one(where);
  if (!row) throw AppError.notFound();
  const o = row.order;
  const [{ events, transferIds: moved }, commissions] = await Promise.all([
    orderEvents(db, o.id),
    db.select().from(orderCommission).where(eq(orderCommission.orderId, o.id)).orderBy(asc(orderCommission.id)),
  ]);
  const transferIds = [...new Set([...moved, ...commissions.map((c) => c.holdTransferId)])];
  const postings = await transferEntries(db, transferIds);
  const order = toRow(row);
  return {
    ...order,
    payer_user_id: o.payerUserId,
    refundable: o.state === 'in_service' || o.state === 'completed' ? refundableAmount({ ...order, now: clock.now().getTime() }) : 0,
    set_values: o.setValues,
    events,
    commissions: commissions.map(commissionOf),
    postings: postings.map((p) => ({
      transfer_id: p.transfer_id,
      kind: p.transfer_kind,
      state: p.transfer_state,
      account_kind: p.account_kind,
      owner_id: p.owner_id,
      amount: p.amount,
      pending: p.pending,
      at: p.created_at.toISOString(),
    })),
  };
}

/** An order's history, oldest first, each with who made the move, and the ledger transfers the moves made. */
export async function orderEvents(db: Executor, orderId: number): Promise<{ events: OrderEvent[]; transferIds: number[] }> {
  const rows = await db
    .select({ event: orderEvent, by: eventBy })
    .from(orderEvent)
    .leftJoin(staff, eq(staff.id, orderEvent.staffId))
    .leftJoin(users, eq(users.id, orderEvent.userId))
    .where(eq(orderEvent.orderId, orderId))
    .orderBy(asc(orderEvent.id));
  return {
    events: rows.map(({ event: e, by }) => ({ id: e.id, action: e.action, from_state: e.fromState, to_state: e.toState, amount: e.amount, reason: e.reason, by, at: e.at.toISOString() })),
    transferIds: rows.flatMap(({ event }) => event.transferIds),
  };
}

/** Every business with its packages (in 业务设置's order) and every region: the filters' and 新增订单's options. */
export async function orderOptions(db: Executor) {
  const [businesses, packages, regions] = await Promise.all([
    db.select({ id: business.id, name: business.name, enabled: business.enabled }).from(business).orderBy(asc(business.sort), asc(business.id)),
    db
      .select({ id: businessPackage.id, businessId: businessPackage.businessId, name: businessPackage.name, price: businessPackage.price, duration_days: businessPackage.durationDays, quota: businessPackage.quota, enabled: businessPackage.enabled })
      .from(businessPackage)
      .orderBy(asc(businessPackage.sort), asc(businessPackage.id)),
    db.select({ id: relevanceRegion.id, name: relevanceRegion.name }).from(relevanceRegion).orderBy(asc(relevanceRegion.id)),
  ]);
  return {
    businesses: businesses.map((b) => ({
      ...b,
      packages: packages.filter((p) => p.businessId === b.id).map((p) => ({ id: p.id, name: p.name, price: p.price, duration_days: p.duration_days, quota: p.quota, enabled: p.enabled })),
    })),
    regions,
  };
}

/** Agencies for 新增订单's picker: active ones by name or mobile, or any by id; with their level's rate and discount. */
export async function orderAgencies(db: Executor, body: { keyword?: string; ids?: number[] }) {
  const where = body.ids?.length
    ? inArray(agency.userId, body.ids)
    : and(eq(agency.status, 'active'), body.keyword ? or(ilike(users.name, containing(body.keyword)), like(users.mobile, containing(body.keyword))) : undefined);
  const rows = await db
    .select({
      id: agency.userId,
      name: users.name,
      mobile: users.mobile,
      level_name: sql<string>`coalesce(${agencyLevel.name}, '')`,
      commission_rate_bp: sql<number>`coalesce(${agencyLevel.commissionRateBp}, 0)`,
      discount_bp: sql<number>`coalesce(${agencyLevel.discountBp}, 10000)`,
      business_ids: sql<number[]>`array(select ${agencyBusiness.businessId} from ${agencyBusiness} where ${agencyBusiness.agencyId} = ${agency.userId} and ${agencyBusiness.enabled} order by 1)`,
    })
    .from(agency)
    .innerJoin(users, eq(users.id, agency.userId))
    .leftJoin(agencyLevel, eq(agencyLevel.level, users.level))
    .where(where)
    .orderBy(asc(users.name), asc(agency.userId))
    .limit(20);
  return rows;
}

/** Customers for 新增订单's picker: by 客户名称, of one agency when given, or any by id. */
export async function orderCustomers(db: Executor, body: { keyword?: string; agency_id?: number; ids?: number[] }) {
  const where = body.ids?.length
    ? inArray(merchant.id, body.ids)
    : and(body.agency_id === undefined ? undefined : eq(merchant.agencyId, body.agency_id), body.keyword ? ilike(customerName, containing(body.keyword)) : undefined);
  const rows = await db
    .select({ id: merchant.id, customer_name: customerName, agency_id: merchant.agencyId, agency_name: users.name, userId: merchant.userId })
    .from(merchant)
    .innerJoin(users, eq(users.id, merchant.agencyId))
    .where(where)
    .orderBy(asc(customerName), asc(merchant.id))
    .limit(20);
  return rows.map(({ userId, ...row }) => ({ ...row, has_account: userId !== null }));
}

/** An order as the 合同 picker names it: its number, hinted by customer, business · package and state. */
async function contractsWhere(db: Executor, where: SQL | undefined, limit?: number): Promise<LookupItem[]> {
  const query = db
    .select({ id: orders.id, orderNo: orders.orderNo, customer: customerName, businessName: orders.businessName, packageName: orders.packageName, state: orders.state })
    .from(orders)
    .innerJoin(merchant, eq(merchant.id, orders.merchantId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({ id: r.id, name: r.orderNo, hint: `${r.customer} · ${r.businessName} · ${r.packageName} · ${codeName(ORDER_STATE_NAMES, r.state, 'zh-CN')}` }));
}

/**
 * The `contract` lookup (docs/marketplace.md › Lookups): a contract is an order — what a customer signed for. Found by
 * its number or the customer's name, newest first.
 */
export const contractLookup = (db: Executor): LookupSource => ({
  search: (keyword, limit) => contractsWhere(db, keyword ? or(like(orders.orderNo, containing(keyword)), ilike(customerName, containing(keyword))) : undefined, limit),
  named: (ids, tx) => contractsWhere(tx ?? db, inArray(orders.id, [...ids])),
});

/** An app user's orders: those it sold as an agency and those its customer record bought, newest first. */
export async function ordersOfUser(db: Executor, userId: number, page: number, limit: number) {
  const mine = or(eq(orders.agencyId, userId), sql`${orders.merchantId} in (select id from merchant where user_id = ${userId})`);
  const list = orderList(db);
  const rows = (await list.spec.from(db, list.spec.columns).where(mine).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset((page - 1) * limit)) as ListRow[];
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(mine);
  return { count: total!.n, data: rows.map(toRow) };
}

const yuan = (fen: number) => fen / 100;
const columns: ExportColumn<OrderRow>[] = [
  { header: { 'zh-CN': '订单号', 'en-US': 'Order no.' }, width: 24, value: (r) => r.order_no },
  { header: { 'zh-CN': '外部单号', 'en-US': 'External no.' }, width: 18, value: (r) => r.external_no ?? '' },
  { header: { 'zh-CN': '业务', 'en-US': 'Business' }, width: 14, value: (r) => r.business_name },
  { header: { 'zh-CN': '套餐', 'en-US': 'Package' }, width: 14, value: (r) => r.package_name },
  { header: { 'zh-CN': '客户', 'en-US': 'Customer' }, width: 18, value: (r) => r.customer_name },
  { header: { 'zh-CN': '代理', 'en-US': 'Agency' }, width: 12, value: (r) => r.agency_name },
  { header: { 'zh-CN': '代理手机号', 'en-US': 'Agency mobile' }, width: 14, value: (r) => r.agency_mobile },
  { header: { 'zh-CN': '付款方', 'en-US': 'Payer' }, width: 10, value: (r, { locale }) => codeName(ORDER_PAY_BY_NAMES, r.pay_by, locale) },
  { header: { 'zh-CN': '金额(元)', 'en-US': 'Amount (CNY)' }, width: 12, money: true, value: (r) => yuan(r.amount) },
  { header: { 'zh-CN': '退款(元)', 'en-US': 'Refunded (CNY)' }, width: 12, money: true, value: (r) => yuan(r.refunded) },
  { header: { 'zh-CN': '佣金(元)', 'en-US': 'Commission (CNY)' }, width: 12, money: true, value: (r) => yuan(r.commission) },
  { header: { 'zh-CN': '状态', 'en-US': 'State' }, width: 10, value: (r, { locale }) => codeName(ORDER_STATE_NAMES, r.state, locale) },
  { header: { 'zh-CN': '来源', 'en-US': 'Source' }, width: 10, value: (r, { locale }) => codeName(ORDER_SOURCE_NAMES, r.source, locale) },
  { header: { 'zh-CN': '下单时间', 'en-US': 'Placed at' }, width: 20, value: (r, { zone }) => exportedTime(r.created_at, zone) },
  { header: { 'zh-CN': '付款时间', 'en-US': 'Paid at' }, width: 20, value: (r, { zone }) => exportedTime(r.paid_at, zone) },
  { header: { 'zh-CN': '结束时间', 'en-US': 'Ended at' }, width: 20, value: (r, { zone }) => exportedTime(r.ended_at, zone) },
];
export const orderWorkbook: RecordWorkbook<OrderRow> = { fileName: { 'zh-CN': '订单', 'en-US': 'orders' }, sheetName: { 'zh-CN': '订单', 'en-US': 'Orders' }, columns };
