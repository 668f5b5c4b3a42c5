import type { CommissionRecord, CommissionState, OrderReturn } from '@juqi/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { merchant, staff, users } from '../../lib/db/schema';
import { RecordList } from '../../lib/records/record-list';
import { commissionOf, customerName } from './orders';
import { orderCommission, orderEvent, orders } from './table';

const orderColumns = { orderNo: orders.orderNo, businessName: orders.businessName, packageName: orders.packageName, customerName };
type OrderColumns = { orderNo: string; businessName: string; packageName: string; customerName: string };

interface CommissionFilter {
  agency_id?: number;
  state?: CommissionState;
}
type CommissionRow = OrderColumns & { commission: typeof orderCommission.$inferSelect };
/** A commission's amount while in a state, for the sums. */
const amountWhile = (state: CommissionState) => sql<number>`sum(${orderCommission.amount}) filter (where ${orderCommission.state} = ${state})`;

/**
 * An agency's 收益 (the view path "earnings record", docs/marketplace.md › The agency's earnings): its commissions with
 * their orders, newest first, and the filtered set's money held, released, clawed back and still due.
 */
export const commissionList = (db: Executor) =>
  new RecordList<CommissionRow, CommissionRecord, CommissionFilter, 'held' | 'released' | 'clawed_back' | 'clawback_due'>(db, {
    columns: { commission: orderCommission, ...orderColumns },
    from: (tx, fields) =>
      tx.select(fields).from(orderCommission).innerJoin(orders, eq(orders.id, orderCommission.orderId)).innerJoin(merchant, eq(merchant.id, orders.merchantId)).$dynamic(),
    where: (filter) =>
      and(
        filter.agency_id === undefined ? undefined : eq(orderCommission.agencyId, filter.agency_id),
        filter.state === undefined ? undefined : eq(orderCommission.state, filter.state),
      ),
    sums: {
      held: amountWhile('held'),
      released: amountWhile('released'),
      clawed_back: sql<number>`sum(${orderCommission.clawedBack})`,
      clawback_due: sql<number>`sum(${orderCommission.clawbackDue})`,
    },
    newest: { at: orderCommission.createdAt, tie: orderCommission.id },
    toRecord: ({ commission: c, ...order }) => ({
      ...commissionOf(c),
      id: c.id,
      order_no: order.orderNo,
      business_name: order.businessName,
      package_name: order.packageName,
      customer_name: order.customerName,
      created_at: c.createdAt.toISOString(),
    }),
    position: (r) => ({ at: new Date(r.created_at), tie: r.id }),
  });

interface ReturnFilter {
  agency_id?: number;
  action?: OrderReturn['action'];
}
type ReturnRow = OrderColumns & { event: typeof orderEvent.$inferSelect; by: string };
const RETURNS = ['cancel', 'refund'] as const;

/**
 * An agency's 退单 (the view path "cancel order"): the cancellations and refunds of its orders, newest first, each with
 * what it gave back, its reason and who made it; the filtered set's sum given back.
 */
export const returnList = (db: Executor) =>
  new RecordList<ReturnRow, OrderReturn, ReturnFilter, 'sum_amount'>(db, {
    columns: { event: orderEvent, by: sql<string>`coalesce(${staff.name}, ${users.name}, '系统')`, ...orderColumns },
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(orderEvent)
        .innerJoin(orders, eq(orders.id, orderEvent.orderId))
        .innerJoin(merchant, eq(merchant.id, orders.merchantId))
        .leftJoin(staff, eq(staff.id, orderEvent.staffId))
        .leftJoin(users, eq(users.id, orderEvent.userId))
        .$dynamic(),
    where: (filter) =>
      and(
        inArray(orderEvent.action, [...RETURNS]),
        filter.action === undefined ? undefined : eq(orderEvent.action, filter.action),
        filter.agency_id === undefined ? undefined : eq(orders.agencyId, filter.agency_id),
      ),
    sums: { sum_amount: sql<number>`sum(coalesce(${orderEvent.amount}, 0))` },
    newest: { at: orderEvent.at, tie: orderEvent.id },
    toRecord: ({ event: e, by, ...order }) => ({
      id: e.id,
      order_no: order.orderNo,
      business_name: order.businessName,
      package_name: order.packageName,
      customer_name: order.customerName,
      action: e.action as OrderReturn['action'],
      amount: e.amount ?? 0,
      reason: e.reason,
      by,
      at: e.at.toISOString(),
    }),
    position: (r) => ({ at: new Date(r.at), tie: r.id }),
  });
