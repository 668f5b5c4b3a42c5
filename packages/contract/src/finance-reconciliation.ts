import { z } from 'zod';
import { defineCall, operation } from './call';
import { dayRange } from './days';
import { said } from './refusals';

/**
 * 财务对账 (docs/finance.md › Reconciliation): per day of the platform's zone, what the providers say moved (orders paid,
 * withdrawals paid out) against what the ledger posted (`top_up` transfers, posted withdrawal holds), and the records
 * where the two disagree. Amounts are fen.
 */

/** The longest range one reconciliation covers, in days (a quarter). */
export const RECONCILIATION_MAX_DAYS = 92;

const DAY_MS = 86_400_000;
const daysIn = ([first, last]: readonly [string, string]) => (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS + 1;

/**
 * What is wrong with a record, worded by the screen. `top_up_*` / `payout_*` look from the provider's side (an order
 * paid, a withdrawal paid out), `transfer_*` / `settlement_*` from the ledger's (a posting), `notification_mismatch`
 * is a notification the top-up flow refused and kept on the order (another amount, a second payment).
 */
export const MISMATCH_KINDS = [
  'top_up_not_credited',
  'top_up_other_day',
  'transfer_order_not_paid',
  'transfer_amount_differs',
  'notification_mismatch',
  'payout_not_settled',
  'payout_other_day',
  'settlement_not_paid',
  'settlement_amount_differs',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/** Which flow a mismatch belongs to. */
export const RECONCILIATION_AREAS = ['top_up', 'payout'] as const;
export type ReconciliationArea = (typeof RECONCILIATION_AREAS)[number];

const side = z.object({ count: z.number().int(), sum: z.number() });

/** One flow on one day (or over the range): the provider's side, the ledger's, and provider − ledger in fen. */
export const reconciliationComparison = z.object({ provider: side, ledger: side, difference: z.number() });
export type ReconciliationComparison = z.infer<typeof reconciliationComparison>;

export const reconciliationDay = z.object({
  day: z.string(),
  /** Orders paid that day (by the provider's payment time) against `top_up` transfers posted (their user-cash credits). */
  top_up: reconciliationComparison,
  /** Withdrawals paid out that day against posted withdrawal holds (the settlements, their user-cash debits). */
  payout: reconciliationComparison,
  /** Mismatches listed on this day. */
  mismatches: z.number().int(),
  /** 平: counts and sums agree on both flows and no mismatch is listed. */
  balanced: z.boolean(),
});
export type ReconciliationDay = z.infer<typeof reconciliationDay>;

export const reconciliationMismatch = z.object({
  kind: z.enum(MISMATCH_KINDS),
  area: z.enum(RECONCILIATION_AREAS),
  /** The order or withdrawal number; empty when a posting names none. */
  record_no: z.string(),
  /** The ledger transfer concerned, when there is one. */
  transfer_id: z.number().nullable(),
  /** The day it is listed on: the provider's day for the provider's side, the posting's day for the ledger's. */
  day: z.string(),
  /** The other side's day, when it falls on another. */
  other_day: z.string().nullable(),
  /** The record's amount (fen), when there is a record. */
  amount: z.number().nullable(),
  /** What the ledger moved (fen), when there is a posting. */
  ledger_amount: z.number().nullable(),
  /** The refused notifications kept on the order (`notification_mismatch`), as the top-up flow wrote them. */
  note: z.string(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatch>;

/** The most mismatches one answer lists (newest days first); `mismatch_count` counts them all. */
export const RECONCILIATION_MISMATCH_LIMIT = 500;

export const reconciliationCalls = {
  reconciliation: defineCall({
    method: 'POST',
    path: '/api/finance/reconciliation',
    tag: 'finance',
    summary:
      '每日对账: per day of `days` (the platform’s zone, at most 92), orders paid against `top_up` postings and withdrawals paid out against posted ' +
      'withdrawal holds (count, sum in fen, difference), newest day first, each 平 when both sides agree; the totals; and the mismatches in the ' +
      `range (the first ${RECONCILIATION_MISMATCH_LIMIT}, newest first)`,
    permission: operation('finance.ledger.view'),
    body: z
      .object({
        days: dayRange.refine((days) => daysIn(days) <= RECONCILIATION_MAX_DAYS, said({ 'zh-CN': `最多 ${RECONCILIATION_MAX_DAYS} 天`, 'en-US': `at most ${RECONCILIATION_MAX_DAYS} days` })),
      })
      .strict(),
    labels: { days: { 'zh-CN': '日期范围', 'en-US': 'Dates' } },
    data: z.object({
      days: z.array(reconciliationDay),
      totals: z.object({ top_up: reconciliationComparison, payout: reconciliationComparison }),
      mismatches: z.array(reconciliationMismatch),
      mismatch_count: z.number().int(),
    }),
  }),
};
