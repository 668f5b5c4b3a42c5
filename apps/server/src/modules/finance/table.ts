import { PAY_CHANNELS, TOP_UP_STATES, WITHDRAWAL_STATES } from '@juqi/contract';
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
    // 财务对账 reads a range of days by the payment's time.
    index('finance_top_up_paid_idx').on(t.paidAt),
  ],
);
export type TopUpRow = typeof financeTopUp.$inferSelect;


/**
 * An app user's withdrawal (提现): applied with a hold on their balance, approved and paid out by staff (the hold
 * posted) or rejected with a reason (the hold voided). See docs/finance.md › Withdrawals.
 */
export const financeWithdrawal = pgTable(
  'finance_withdrawal',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawNo: text('withdraw_no').notNull(),
    userId: integer('user_id').notNull(),
    /** Fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** 1 bank card, 2 Alipay, 3 WeChat (the users' withdraw_type codes). */
    payoutType: integer('payout_type').notNull(),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('applied'),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** The hold on the user's balance: set in the application's own transaction, right after the row that claims its key. */
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }),
    /** The transfer that posted or voided the hold. */
    settleTransferId: bigint('settle_transfer_id', { mode: 'number' }),
    rejectReason: text('reject_reason').notNull().default(''),
    payoutRef: text('payout_ref'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Each step keeps its staff and time, so who approved a withdrawal someone else paid stays known. */
    approvedBy: integer('approved_by'),
    approvedAt: at('approved_at'),
    paidBy: integer('paid_by'),
    paidAt: at('paid_at'),
    rejectedBy: integer('rejected_by'),
    rejectedAt: at('rejected_at'),
  },
  (t) => [
    uniqueIndex('finance_withdrawal_no_key').on(t.withdrawNo),
    uniqueIndex('finance_withdrawal_idempotency_key').on(t.userId, t.idempotencyKey),
    index('finance_withdrawal_created_idx').on(t.createdAt, t.withdrawNo),
    index('finance_withdrawal_state_idx').on(t.state, t.createdAt),
    index('finance_withdrawal_user_idx').on(t.userId, t.createdAt),
    index('finance_withdrawal_paid_idx').on(t.paidAt),
  ],
);
export type WithdrawalRow = typeof financeWithdrawal.$inferSelect;

export * from './settings-table';
export * from './adjustments-table';
