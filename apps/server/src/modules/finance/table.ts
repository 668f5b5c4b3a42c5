import { PAY_CHANNELS, TOP_UP_STATES } from '@juqi/contract';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An app user's top-up order (充值). Created pending; the provider's verified notification marks it paid and the ledger
 * transfer that credits the user names it (`topup:<order_no>`), in one transaction. See docs/finance.md › Top-ups.
 */
export const financeTopUp = pgTable(
  'finance_top_up',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id').notNull(),
    /** Fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bonusBeans: bigint('bonus_beans', { mode: 'number' }).notNull().default(0),
    channel: text('channel', { enum: PAY_CHANNELS }).notNull(),
    provider: text('provider').notNull(),
    state: text('state', { enum: TOP_UP_STATES }).notNull().default('pending'),
    /** The client's key and the fingerprint of the body it came with: one order per key and user. */
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    tradeNo: text('trade_no'),
    transferId: bigint('transfer_id', { mode: 'number' }),
    /** Notifications received for it, replays included; the last one's time. */
    notifyCount: integer('notify_count').notNull().default(0),
    lastNotifiedAt: at('last_notified_at'),
    /** A notification whose amount was not the order's: kept for reconciliation, never credited. */
    mismatch: text('mismatch').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('finance_top_up_order_no_key').on(t.orderNo),
    uniqueIndex('finance_top_up_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('finance_top_up_trade_no_key').on(t.provider, t.tradeNo),
    index('finance_top_up_created_idx').on(t.createdAt, t.orderNo),
    index('finance_top_up_user_idx').on(t.userId, t.createdAt),
  ],
);
export type TopUpRow = typeof financeTopUp.$inferSelect;
export * from './settings-table';
