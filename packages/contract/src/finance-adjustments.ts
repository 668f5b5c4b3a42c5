import { z } from 'zod';
import { defineCall, fields, operation } from './call';
import { dayRange } from './days';
import { AMOUNT_RANGE, amountRangeOrdered, CURRENCIES, idempotencyKey, transferEntry } from './finance';
import { resourceFieldDefinition } from './resource';

/**
 * 调账 (docs/finance.md › Adjustments): staff correct a user's money (fen) or beans by hand, with a reason. An
 * adjustment at or below its currency's approval threshold posts at once; above it, it waits for a second staff's
 * approval. Posted, it is one `adjustment` transfer between the user's account and the platform's adjustment account.
 */

/** 调增 credits the user (the platform's adjustment account pays), 调减 debits them. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** `pending` waits for a second staff's approval; `posted` moved the money; `rejected` was refused and moved nothing. */
export const ADJUSTMENT_STATES = ['pending', 'posted', 'rejected'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];

/** The most one adjustment may be, and the highest threshold: ¥ 1,000,000.00 in fen, or 100,000,000 beans. */
export const ADJUSTMENT_AMOUNT_MAX = 100_000_000;

/** Unset, an adjustment above ¥ 1,000.00 or 10,000 beans waits for approval. */
export const ADJUSTMENT_THRESHOLD_DEFAULTS = { approval_threshold: 100_000, bean_approval_threshold: 10_000 } as const;

const amount = z.coerce.number().int().min(1).max(ADJUSTMENT_AMOUNT_MAX);
const threshold = z.coerce.number().int().min(0).max(ADJUSTMENT_AMOUNT_MAX);
const adjustmentNo = z.string().trim().min(1).max(40);
const reason = z.string().trim().min(1).max(200);

export const adjustment = z.object({
  adjustment_no: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  user_mobile: z.string(),
  currency: z.enum(CURRENCIES),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  /** Fen for CNY, whole beans for BEAN. */
  amount: z.number(),
  reason: z.string(),
  state: z.enum(ADJUSTMENT_STATES),
  applicant_id: z.number(),
  applicant_name: z.string(),
  /** Who approved or rejected it; for one posted at once, none. */
  approver_id: z.number().nullable(),
  approver_name: z.string(),
  reject_reason: z.string(),
  /** The ledger transfer that moved it, once posted. */
  transfer_id: z.number().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;

const adjustmentFilterFields = {
  user_id: fields.id.optional(),
  /** A user's name or mobile (prefix), or an adjustment number. */
  keyword: z.string().trim().max(40).optional(),
  state: z.enum(ADJUSTMENT_STATES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS).optional(),
  /** Days of the application, in the platform's time zone. */
  time: dayRange.optional(),
  /** Fen or beans, inclusive. */
  amount_min: z.coerce.number().int().min(0).max(ADJUSTMENT_AMOUNT_MAX).optional(),
  amount_max: z.coerce.number().int().min(0).max(ADJUSTMENT_AMOUNT_MAX).optional(),
};
export type AdjustmentFilter = z.output<z.ZodObject<typeof adjustmentFilterFields>>;

/** Over the filtered set, per currency (fen; beans): what was posted each way, and what waits for approval. */
const adjustmentSums = {
  sum_credit_cny: z.number(),
  sum_debit_cny: z.number(),
  sum_pending_cny: z.number(),
  sum_credit_bean: z.number(),
  sum_debit_bean: z.number(),
  sum_pending_bean: z.number(),
};
export type AdjustmentSum = keyof typeof adjustmentSums;

/** The approval thresholds as registry definitions (money; beans), so the settings form draws and checks them. */
export const adjustmentThresholdDefinitions = {
  approval_threshold: resourceFieldDefinition('approval_threshold', {
    kind: 'number',
    unit: 'fen',
    label: { 'zh-CN': '余额调账审批金额', 'en-US': 'Money adjustments approved above' },
    min: 0,
    max: ADJUSTMENT_AMOUNT_MAX,
    required: true,
  }),
  bean_approval_threshold: resourceFieldDefinition('bean_approval_threshold', {
    kind: 'number',
    label: { 'zh-CN': '金豆调账审批数量', 'en-US': 'Bean adjustments approved above' },
    min: 0,
    max: ADJUSTMENT_AMOUNT_MAX,
    required: true,
  }),
};

/** The approval thresholds (fen; beans): an adjustment above its currency's waits for a second staff's approval. */
export const adjustmentSettings = z.object({ approval_threshold: threshold, bean_approval_threshold: threshold }).strict();
export const adjustmentSettingsData = z.object({ approval_threshold: z.number().int(), bean_approval_threshold: z.number().int() });
export type AdjustmentSettings = z.infer<typeof adjustmentSettingsData>;

export const adjustmentCalls = {
  adjustmentApply: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_apply',
    tag: 'finance',
    summary:
      '调账: credit or debit a user’s money (fen) or beans with a reason. At or below the currency’s approval threshold it posts at once; above it, it is ' +
      'pending until another staff approves. A debit beyond the available balance is 40900 naming amount. The same idempotency_key with the same body ' +
      'answers the first adjustment again; with another body, 40900',
    permission: operation('finance.adjust.apply'),
    body: z
      .object({
        user_id: fields.id,
        currency: z.enum(CURRENCIES),
        direction: z.enum(ADJUSTMENT_DIRECTIONS),
        amount,
        reason,
        idempotency_key: idempotencyKey,
      })
      .strict(),
    data: adjustment,
  }),
  adjustmentApprove: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_approve',
    tag: 'finance',
    summary:
      '调账审批 › 通过: a pending adjustment is posted. Only a staff other than its applicant (40300); once decided, 40900; a debit beyond the balance ' +
      'now is 40900 and it stays pending',
    permission: operation('finance.adjust.approve'),
    body: z.object({ adjustment_no: adjustmentNo }).strict(),
    data: adjustment,
  }),
  adjustmentReject: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_reject',
    tag: 'finance',
    summary: '调账审批 › 驳回: a pending adjustment is rejected with a reason and moves nothing. Only a staff other than its applicant (40300); once decided, 40900',
    permission: operation('finance.adjust.approve'),
    body: z.object({ adjustment_no: adjustmentNo, reason }).strict(),
    data: adjustment,
  }),
  adjustmentList: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_list',
    tag: 'finance',
    summary: '调账记录: adjustments newest first, filtered; with the filtered set’s count and, per currency, the sums posted each way and pending',
    permission: operation('finance.adjust.view'),
    body: z
      .object({ ...adjustmentFilterFields, page: fields.page, limit: fields.limit })
      .strict()
      .refine(amountRangeOrdered, AMOUNT_RANGE),
    data: z.object({ count: z.number().int(), ...adjustmentSums, data: z.array(adjustment) }),
  }),
  adjustmentDetails: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_details',
    tag: 'finance',
    summary: 'One adjustment and the entries of the transfer that moved it (none while pending or rejected)',
    permission: operation('finance.adjust.view'),
    body: z.object({ adjustment_no: adjustmentNo }).strict(),
    data: z.object({ adjustment, entries: z.array(transferEntry) }),
  }),
  adjustmentSettingsDetails: defineCall({
    method: 'GET',
    path: '/api/finance/adjustment_settings_details',
    tag: 'finance',
    summary: '调账审批金额: above these amounts (fen; beans) an adjustment waits for a second staff’s approval',
    permission: operation('finance.adjust.settings'),
    data: adjustmentSettingsData,
  }),
  adjustmentSettingsEdit: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_settings_edit',
    tag: 'finance',
    summary: 'Change the approval thresholds of adjustments (fen; beans; 0: every adjustment waits for approval). Pending adjustments stay pending',
    permission: operation('finance.adjust.settings'),
    body: adjustmentSettings,
    data: adjustmentSettingsData,
  }),
};
