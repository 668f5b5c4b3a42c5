import { z } from 'zod';
import { defineCall, fields, jsonInt, operation } from './call';
import { dayRange } from './days';
import { AMOUNT_RANGE, amountRangeOrdered, CURRENCIES, idempotencyKey, transferEntry } from './finance';
import { resourceFieldDefinition } from './resource';

/**
 * 调账 (docs/finance.md › Adjustments): staff correct a user's money (fen) or beans by hand, with a reason. An
 * adjustment at or below its currency's approval threshold posts at once, while what one person and one user were
 * adjusted at once today stays within the daily limits; otherwise it waits for a second person's approval. Posted, it
 * is one `adjustment` transfer between the user's account and the platform's adjustment account.
 */

/** 调增 credits the user (the platform's adjustment account pays), 调减 debits them. */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** `pending` waits for a second staff's approval; `posted` moved the money; `rejected` was refused and moved nothing. */
export const ADJUSTMENT_STATES = ['pending', 'posted', 'rejected'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];

/** The most one adjustment may be, and the highest threshold: ¥ 1,000,000.00 in fen, or 100,000,000 beans. */
export const ADJUSTMENT_AMOUNT_MAX = 100_000_000;

/**
 * Unset, an adjustment above ¥ 1,000.00 or 10,000 beans waits for approval, and so does one that would take what one
 * person posted at once today past ¥ 5,000.00 or 50,000 beans, or what one user was adjusted at once today past
 * ¥ 2,000.00 or 20,000 beans.
 */
export const ADJUSTMENT_THRESHOLD_DEFAULTS = {
  approval_threshold: 100_000,
  bean_approval_threshold: 10_000,
  daily_staff_limit: 500_000,
  bean_daily_staff_limit: 50_000,
  daily_user_limit: 200_000,
  bean_daily_user_limit: 20_000,
} as const;

const amount = jsonInt(1, ADJUSTMENT_AMOUNT_MAX);
const threshold = jsonInt(0, ADJUSTMENT_AMOUNT_MAX);
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
  amount_min: jsonInt(0, ADJUSTMENT_AMOUNT_MAX).optional(),
  amount_max: jsonInt(0, ADJUSTMENT_AMOUNT_MAX).optional(),
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

/** A setting of the adjustments as a registry definition, so the settings form draws and checks it. */
const limitDefinition = (key: AdjustmentSettingKey, label: { 'zh-CN': string; 'en-US': string }, money: boolean) =>
  resourceFieldDefinition(key, { kind: 'number', ...(money ? { unit: 'fen' as const } : {}), label, min: 0, max: ADJUSTMENT_AMOUNT_MAX, required: true });

/** The approval thresholds and daily limits as registry definitions (money in fen; beans). */
export const adjustmentThresholdDefinitions = {
  approval_threshold: limitDefinition('approval_threshold', { 'zh-CN': '余额调账审批金额', 'en-US': 'Money adjustments approved above' }, true),
  bean_approval_threshold: limitDefinition('bean_approval_threshold', { 'zh-CN': '金豆调账审批数量', 'en-US': 'Bean adjustments approved above' }, false),
  daily_staff_limit: limitDefinition('daily_staff_limit', { 'zh-CN': '每人每日免审余额', 'en-US': 'Money one person posts unapproved a day' }, true),
  bean_daily_staff_limit: limitDefinition('bean_daily_staff_limit', { 'zh-CN': '每人每日免审金豆', 'en-US': 'Beans one person posts unapproved a day' }, false),
  daily_user_limit: limitDefinition('daily_user_limit', { 'zh-CN': '每用户每日免审余额', 'en-US': 'Money one user gets unapproved a day' }, true),
  bean_daily_user_limit: limitDefinition('bean_daily_user_limit', { 'zh-CN': '每用户每日免审金豆', 'en-US': 'Beans one user gets unapproved a day' }, false),
};

/** The settings' keys, in the order forms show them: money and beans of each rule side by side. */
export const ADJUSTMENT_SETTING_KEYS = [
  'approval_threshold',
  'bean_approval_threshold',
  'daily_staff_limit',
  'bean_daily_staff_limit',
  'daily_user_limit',
  'bean_daily_user_limit',
] as const;
type AdjustmentSettingKey = (typeof ADJUSTMENT_SETTING_KEYS)[number];

const settingsOf = <T extends z.ZodType>(each: T) => z.object(Object.fromEntries(ADJUSTMENT_SETTING_KEYS.map((key) => [key, each])) as Record<AdjustmentSettingKey, T>);

/**
 * The approval thresholds (fen; beans; 0: every adjustment waits) and the daily limits of what posts without a second
 * person: per person applying, and per user adjusted, in the platform's days.
 */
export const adjustmentSettings = settingsOf(threshold).strict();
export const adjustmentSettingsData = settingsOf(z.number().int());
export type AdjustmentSettings = z.infer<typeof adjustmentSettingsData>;

/**
 * A change of the settings that raises any of them: it waits for a second person holding the settings operation, so
 * nobody lifts the limits alone, adjusts and sets them back. A change that only lowers applies at once.
 */
export const adjustmentSettingsProposal = z.object({
  id: z.string(),
  values: adjustmentSettingsData,
  proposer_id: z.number().int(),
  proposer_name: z.string(),
  proposed_at: z.string(),
});
export type AdjustmentSettingsProposal = z.infer<typeof adjustmentSettingsProposal>;

/** The settings in force, and a raise waiting for a second person, if any. */
export const adjustmentSettingsState = adjustmentSettingsData.extend({ proposal: adjustmentSettingsProposal.nullable() });
export type AdjustmentSettingsState = z.infer<typeof adjustmentSettingsState>;

const proposalId = z.string().trim().min(1).max(64);

export const adjustmentCalls = {
  adjustmentApply: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_apply',
    tag: 'finance',
    summary:
      '调账: credit or debit a user’s money (fen) or beans with a reason. At or below the currency’s approval threshold, and within the day’s limits of ' +
      'what one person posts and one user gets without approval, it posts at once; otherwise it is pending until another person approves. A debit beyond ' +
      'the available balance is 40900 naming amount. The same idempotency_key with the same body answers the first adjustment again; with another body, 40900',
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
      '调账审批 › 通过: a pending adjustment is posted. Only a person other than its applicant (another account of the same person is 40300 too); once ' +
      'decided, 40900; a debit beyond the balance now is 40900 and it stays pending',
    permission: operation('finance.adjust.approve'),
    body: z.object({ adjustment_no: adjustmentNo }).strict(),
    data: adjustment,
  }),
  adjustmentReject: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_reject',
    tag: 'finance',
    summary: '调账审批 › 驳回: a pending adjustment is rejected with a reason and moves nothing. Only a person other than its applicant (40300); once decided, 40900',
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
    summary:
      '调账审批设置: the approval thresholds and the daily limits in force (fen; beans), and a raise of them waiting for a second person’s approval, if any',
    permission: operation('finance.adjust.settings'),
    data: adjustmentSettingsState,
  }),
  adjustmentSettingsEdit: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_settings_edit',
    tag: 'finance',
    summary:
      'Change the approval thresholds and daily limits (fen; beans; 0: every adjustment waits for approval). A change that lowers or keeps every value applies ' +
      'at once; one that raises any waits, as the proposal, for another person holding this operation to approve it (it replaces an earlier proposal). ' +
      'Pending adjustments stay pending',
    permission: operation('finance.adjust.settings'),
    body: adjustmentSettings,
    data: adjustmentSettingsState,
  }),
  adjustmentSettingsApprove: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_settings_approve',
    tag: 'finance',
    summary:
      'Approve the waiting raise `proposal_id`: its values apply. Only a person other than its proposer (40300); a proposal no longer waiting, or replaced, is 40900',
    permission: operation('finance.adjust.settings'),
    body: z.object({ proposal_id: proposalId }).strict(),
    data: adjustmentSettingsState,
  }),
  adjustmentSettingsReject: defineCall({
    method: 'POST',
    path: '/api/finance/adjustment_settings_reject',
    tag: 'finance',
    summary: 'Drop the waiting raise `proposal_id` (its proposer withdraws it, or another person turns it down); the settings stay as they are',
    permission: operation('finance.adjust.settings'),
    body: z.object({ proposal_id: proposalId }).strict(),
    data: adjustmentSettingsState,
  }),
};
