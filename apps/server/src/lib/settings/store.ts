import { ADJUSTMENT_THRESHOLD_DEFAULTS, adjustmentSettingsData, adjustmentSettingsProposal, DEFAULT_TIME_ZONE, loginSettings, RECHARGE_AMOUNT_MAX, RECHARGE_AMOUNT_MIN, rechargeLimitsData, resignSettings, systemDetails, timeZoneField, transferSettings } from '@juqi/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import { appSetting } from './table';

/**
 * Each settings document with its schema and default. A stored document is read through its schema,
 * so a key added to a schema later falls back to its default instead of breaking old rows.
 */
export const settingDocuments = {
  system: systemDetails.extend({
    pc_logo: z.string().default(''),
    website: z.string().default('聚企中台'),
    time_zone: timeZoneField.default(DEFAULT_TIME_ZONE),
  }),
  login: loginSettings.extend({
    idle_minutes: loginSettings.shape.idle_minutes.default(120),
    absolute_hours: loginSettings.shape.absolute_hours.default(12),
    single_session: z.boolean().default(false),
    sms_template: loginSettings.shape.sms_template.default('【聚企中台】您的登录验证码为{code}，5分钟内有效，请勿泄露给他人。'),
  }),
  /** 离职设置 (docs/approvals.md › Personnel processes). */
  personnel_resign: resignSettings.extend({
    reasons: resignSettings.shape.reasons.default(['个人发展', '薪资待遇', '家庭原因', '健康原因', '其他']),
    handover_items: resignSettings.shape.handover_items.default(['工作交接', '办公用品归还', '账号权限回收', '财务结算']),
    flow_id: resignSettings.shape.flow_id.default(null),
  }),
  /** 调岗设置. */
  personnel_transfer: transferSettings.extend({
    types: transferSettings.shape.types.default(['晋升', '平调', '降职', '部门调整']),
    flow_id: transferSettings.shape.flow_id.default(null),
  }),
  /** 充值限额 (docs/finance.md › Settings): unset, a top-up may be anything the contract's bounds allow. */
  finance_recharge: rechargeLimitsData.extend({
    min_amount: rechargeLimitsData.shape.min_amount.default(RECHARGE_AMOUNT_MIN),
    max_amount: rechargeLimitsData.shape.max_amount.default(RECHARGE_AMOUNT_MAX),
  }),
  /**
   * 调账审批设置 (docs/finance.md › Adjustments): above the thresholds (fen; beans), or past a daily limit, an adjustment
   * waits for a second person.
   */
  finance_adjustment: z.object(
    Object.fromEntries(Object.entries(adjustmentSettingsData.shape).map(([key, schema]) => [key, schema.default(ADJUSTMENT_THRESHOLD_DEFAULTS[key as keyof typeof ADJUSTMENT_THRESHOLD_DEFAULTS])])) as {
      [K in keyof typeof ADJUSTMENT_THRESHOLD_DEFAULTS]: z.ZodDefault<z.ZodNumber>;
    },
  ),
  /** A raise of those settings waiting for a second person's approval. */
  finance_adjustment_proposal: z.object({ proposal: adjustmentSettingsProposal.omit({ proposer_name: true }).nullable().default(null) }),
} as const;

export type SettingKey = keyof typeof settingDocuments;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingDocuments)[K]>;

export class SettingsStore {
  constructor(private readonly db: Executor) {}

  async get<K extends SettingKey>(key: K, tx: Executor = this.db): Promise<SettingValue<K>> {
    const [row] = await tx.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key));
    return settingDocuments[key].parse(row?.value ?? {}) as SettingValue<K>;
  }

  async set<K extends SettingKey>(key: K, value: SettingValue<K>, tx: Executor = this.db): Promise<SettingValue<K>> {
    const parsed = settingDocuments[key].parse(value) as SettingValue<K>;
    await tx
      .insert(appSetting)
      .values({ key, value: parsed })
      .onConflictDoUpdate({ target: appSetting.key, set: { value: parsed, updatedAt: sql`now()` } });
    return parsed;
  }
}
