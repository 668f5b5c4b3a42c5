import { COMMISSION_STATES, ORDER_ACTIONS, ORDER_PAY_BY, ORDER_SOURCES, ORDER_STATES } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agency } from '../agency/table';
import { business, businessPackage } from '../business/table';
import { merchant } from '../merchant/table';
import { relevanceRegion } from '../relevance/table';
import { users } from '../user/table';

/** Milliseconds, as the clock gives them: the list's cursor carries a JavaScript time. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An order (docs/marketplace.md › Orders): a customer's purchase of a business package through its agency. It keeps a
 * copy of what was bought (names, price, duration, quota), so editing a package never changes an order, and its money
 * as the ledger moved it (amount paid, refunded, the agency's commission), so the order centre sums without the ledger.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    /** The agency's own number (an import's key), unique per agency. */
    externalNo: text('external_no'),
    remark: text('remark').notNull().default(''),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agency.userId),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id),
    /** The agency's region when the order was placed, so regional figures stay as sold. */
    regionId: integer('region_id').references(() => relevanceRegion.id, { onDelete: 'set null' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => business.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => businessPackage.id),
    businessName: text('business_name').notNull(),
    packageName: text('package_name').notNull(),
    price: integer('price').notNull(),
    durationDays: integer('duration_days').notNull(),
    quota: integer('quota').notNull(),
    payBy: text('pay_by', { enum: ORDER_PAY_BY }).notNull(),
    /** What is paid, fen: the price, or the price at the agency's discount. */
    amount: integer('amount').notNull(),
    discountBp: integer('discount_bp').notNull(),
    /** Fixed when placed: what the agency was shown. 0 for an order the agency pays. */
    commissionRateBp: integer('commission_rate_bp').notNull(),
    /** Who pays: the customer's app account, or the agency; none until a customer without an account has one. */
    payerUserId: integer('payer_user_id').references(() => users.id),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    delivered: integer('delivered').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    /** The agency's commission on the order as it stands (held or released), fen. */
    commission: integer('commission').notNull().default(0),
    /** The service's particulars (业务设置's set form). */
    setValues: jsonb('set_values').$type<Record<string, unknown>>().notNull().default({}),
    /** The placer's key, scoped to who placed it (`staff:7:…`, `user:9:…`), and what it asked for. */
    idempotencyKey: text('idempotency_key'),
    fingerprint: text('fingerprint').notNull().default(''),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    startedAt: at('started_at'),
    serviceEndAt: at('service_end_at'),
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_external_no_key').on(t.agencyId, t.externalNo),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_state_idx').on(t.state, t.createdAt, t.id),
    index('orders_business_state_idx').on(t.businessId, t.state, t.createdAt, t.id),
    index('orders_agency_idx').on(t.agencyId, t.createdAt, t.id),
    index('orders_merchant_idx').on(t.merchantId, t.createdAt, t.id),
    index('orders_region_idx').on(t.regionId, t.createdAt, t.id),
    index('orders_paid_idx').on(t.paidAt, t.id),
    // The sweep's two queues: unpaid orders by age, orders in service by their end.
    index('orders_unpaid_idx').on(t.createdAt).where(sql`${t.state} = 'created'`),
    index('orders_service_end_idx').on(t.serviceEndAt).where(sql`${t.state} = 'in_service'`),
    check('orders_money', sql`${t.amount} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.amount} and ${t.commission} >= 0`),
    check('orders_delivered', sql`${t.delivered} >= 0 and (${t.quota} = 0 or ${t.delivered} <= ${t.quota})`),
  ],
);
export type OrderRecord = typeof orders.$inferSelect;

/** An order's history: every move, who made it (staff, app user, or the sweep when neither) and what money it moved. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ORDER_ACTIONS }).notNull(),
    fromState: text('from_state', { enum: ORDER_STATES }),
    toState: text('to_state', { enum: ORDER_STATES }).notNull(),
    amount: integer('amount'),
    reason: text('reason').notNull().default(''),
    staffId: integer('staff_id'),
    userId: integer('user_id'),
    /** The ledger transfers the move made. */
    transferIds: jsonb('transfer_ids').$type<number[]>().notNull().default([]),
    at: at('at').notNull(),
  },
  (t) => [
    index('order_event_order_idx').on(t.orderId, t.id),
    // The returns (退单), newest first.
    index('order_event_return_idx').on(t.at, t.id).where(sql`${t.action} in ('cancel', 'refund')`),
  ],
);

/**
 * The agency's commission on an order (docs/marketplace.md › Money): held as a pending credit of its cash until
 * `release_at`, then released (posted) by the sweep, or voided by a refund inside the window. After the window a refund
 * claws back what the kept amount no longer earns; what the agency's cash cannot cover stays due.
 */
export const orderCommission = pgTable(
  'order_commission',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').notNull(),
    base: integer('base').notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: COMMISSION_STATES }).notNull(),
    /** The pending earning transfer holding it. */
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).notNull(),
    releaseAt: at('release_at').notNull(),
    releasedAt: at('released_at'),
    clawedBack: integer('clawed_back').notNull().default(0),
    clawbackDue: integer('clawback_due').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('order_commission_order_idx').on(t.orderId),
    // An agency's commissions (收益) and all of them, newest first.
    index('order_commission_agency_idx').on(t.agencyId, t.createdAt, t.id),
    index('order_commission_created_idx').on(t.createdAt, t.id),
    index('order_commission_due_idx').on(t.releaseAt).where(sql`${t.state} = 'held'`),
    index('order_commission_clawback_idx').on(t.agencyId).where(sql`${t.clawbackDue} > 0`),
  ],
);
export type OrderCommissionRecord = typeof orderCommission.$inferSelect;
