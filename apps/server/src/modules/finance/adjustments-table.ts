import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATES, CURRENCIES } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A manual adjustment (调账) of a user's money or beans by staff, with a reason. Posted at once at or below its
 * currency's approval threshold; above it, pending until a second staff approves (posted) or rejects it. The ledger
 * transfer that moved it is named by `transfer_id` (key `adjust:<adjustment_no>`). See docs/finance.md › Adjustments.
 */
export const financeAdjustment = pgTable(
  'finance_adjustment',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adjustmentNo: text('adjustment_no').notNull(),
    userId: integer('user_id').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    direction: text('direction', { enum: ADJUSTMENT_DIRECTIONS }).notNull(),
    /** Fen for CNY, whole beans for BEAN. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ADJUSTMENT_STATES }).notNull().default('pending'),
    applicantId: integer('applicant_id').notNull(),
    /** The applicant's key and the fingerprint of the body it came with: one adjustment per key and applicant. */
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Who approved or rejected it; null for one posted at once. */
    approverId: integer('approver_id'),
    rejectReason: text('reject_reason').notNull().default(''),
    transferId: bigint('transfer_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('finance_adjustment_no_key').on(t.adjustmentNo),
    uniqueIndex('finance_adjustment_idempotency_key').on(t.applicantId, t.idempotencyKey),
    index('finance_adjustment_created_idx').on(t.createdAt, t.adjustmentNo),
    index('finance_adjustment_state_idx').on(t.state, t.createdAt),
    index('finance_adjustment_user_idx').on(t.userId, t.createdAt),
    check('finance_adjustment_amount_positive', sql`${t.amount} > 0`),
    // A second pair of eyes: whoever decides it is not who applied.
    check('finance_adjustment_approver_not_applicant', sql`${t.approverId} is distinct from ${t.applicantId}`),
    check('finance_adjustment_posted_has_transfer', sql`(${t.state} = 'posted') = (${t.transferId} is not null)`),
  ],
);
export type AdjustmentRow = typeof financeAdjustment.$inferSelect;
