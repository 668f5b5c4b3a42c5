import { z } from 'zod';
import { APPROVAL_STATES, defineApprovalKinds } from './approval-kind';
import { defineCall, fields, keysetPageOf, operation, pageOf, wholeNumber } from './call';
import { dayRange } from './days';
import { fieldDefinitionRow } from './field';
import { historyEntry } from './resource';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';
import { defineSettingsDocument } from './settings-document';
import { LOGIN_PLATFORM_NAMES, LOGIN_PLATFORMS, type NamedCode } from './user';

/** The requests the agency module files through the approval engine (docs/marketplace.md › Applications). */
export const AGENCY_APPROVAL_KINDS = defineApprovalKinds({
  agency_apply: { 'zh-CN': '代理申请', 'en-US': 'Agency application' },
  business_apply: { 'zh-CN': '业务申请', 'en-US': 'Business application' },
});

/**
 * The agencies (代理, resellers) of the marketplace (docs/marketplace.md › Agencies). This first part is 代理等级: the
 * levels an agency holds (`users.level`), each with the sales that reach it, the commission it earns and the discount it
 * buys at.
 */

/** The highest rank a level may take. */
export const AGENCY_LEVEL_MAX = 99;
/** The highest threshold: ¥ 20,000,000.00 of sales, in fen. */
export const AGENCY_LEVEL_THRESHOLD_MAX = 2_000_000_000;

/**
 * 代理等级: level 0 is the entry level every user holds until promoted (threshold 0, never deleted or disabled); a
 * higher rank needs a higher threshold (kept sales over the window of 代理设置 › 基础设置). A level users hold cannot be
 * deleted; renumbering one moves its holders with it.
 */
export const agencyLevel = defineResource({
  module: 'agency',
  thing: 'level',
  menu: '/permission/agency/level',
  label: { 'zh-CN': '代理等级', 'en-US': 'Agency level' },
  operations: { view: 'agency.level.view', add: 'agency.level.edit', edit: 'agency.level.edit', delete: 'agency.level.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '等级名称', 'en-US': 'Name' }, max: 20, required: true, unique: true },
    level: {
      kind: 'number',
      label: { 'zh-CN': '等级', 'en-US': 'Rank' },
      hint: { 'zh-CN': '数字越大等级越高；0 为入门等级', 'en-US': 'A higher number is a higher level; 0 is the entry level' },
      min: 0,
      max: AGENCY_LEVEL_MAX,
      required: true,
      unique: true,
    },
    threshold: {
      kind: 'number',
      unit: 'fen',
      label: { 'zh-CN': '升级门槛', 'en-US': 'Sales to reach it' },
      hint: { 'zh-CN': '统计期内的销售额（已付款、扣除退款）达到即升级；等级越高门槛越高', 'en-US': 'Sales in the window (paid, less refunds) that reach this level; a higher level needs more' },
      min: 0,
      max: AGENCY_LEVEL_THRESHOLD_MAX,
      required: true,
    },
    commission_rate_bp: {
      kind: 'number',
      unit: 'bp',
      label: { 'zh-CN': '佣金比例', 'en-US': 'Commission rate' },
      hint: { 'zh-CN': '代理推广的订单，按客户实付金额计佣', 'en-US': 'Of what the customer pays for an order the agency sold' },
      min: 0,
      max: 10_000,
      default: 0,
    },
    discount_bp: {
      kind: 'number',
      unit: 'bp',
      label: { 'zh-CN': '进货折扣', 'en-US': 'Purchase discount' },
      hint: { 'zh-CN': '代理自己付款的订单按原价的此比例付款，100% 为原价', 'en-US': 'What the agency pays of the price for an order it pays itself; 100% is full price' },
      min: 1,
      max: 10_000,
      default: 10_000,
    },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, hint: { 'zh-CN': '停用的等级不再自动升级到达', 'en-US': 'No agency is promoted to a disabled level' }, default: true },
  },
  columns: ['level', 'name', 'threshold', 'commission_rate_bp', 'discount_bp', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { enabled: 'equals' },
  order: { by: 'level', direction: 'asc' },
});

/** 代理设置 › 基础设置: the rules every agency's money and level follow. */
export const agencyBasicSettings = defineSettingsDocument({
  module: 'agency',
  thing: 'basic',
  menu: '/permission/agency/basic',
  label: { 'zh-CN': '代理基础设置', 'en-US': 'Agency basics' },
  operations: { view: 'agency.basic.view', edit: 'agency.basic.edit' },
  fields: {
    commission_hold_days: {
      kind: 'number',
      label: { 'zh-CN': '佣金冻结期（天）', 'en-US': 'Commission held for (days)' },
      hint: { 'zh-CN': '订单完成后佣金冻结的天数，期满无退款方可提现', 'en-US': 'Days a commission is held after its order completes, before it can be withdrawn' },
      min: 0,
      max: 90,
    },
    order_pay_minutes: {
      kind: 'number',
      label: { 'zh-CN': '订单支付时限（分钟）', 'en-US': 'Time to pay an order (minutes)' },
      hint: { 'zh-CN': '下单后未在时限内支付的订单自动取消', 'en-US': 'An order not paid within this time is cancelled' },
      min: 10,
      max: 10_080,
    },
    level_window_days: {
      kind: 'number',
      label: { 'zh-CN': '等级统计期（天）', 'en-US': 'Level window (days)' },
      hint: { 'zh-CN': '升级门槛按最近这些天的销售额计算', 'en-US': 'A level’s threshold counts the sales of this many recent days' },
      min: 30,
      max: 730,
    },
    require_verified: {
      kind: 'boolean',
      label: { 'zh-CN': '申请代理须实名认证', 'en-US': 'Applicants must be verified' },
      default: true,
    },
    apply_flow_id: {
      kind: 'flow',
      approvalKind: 'agency_apply',
      label: { 'zh-CN': '代理申请审批流程', 'en-US': 'Application approval flow' },
      hint: { 'zh-CN': '代理申请按此流程审批；未设置时不能提交申请', 'en-US': 'Agency applications are decided through this flow; none can be filed until one is set' },
    },
    business_apply_flow_id: {
      kind: 'flow',
      approvalKind: 'business_apply',
      label: { 'zh-CN': '业务申请审批流程', 'en-US': 'Business application flow' },
      hint: { 'zh-CN': '代理申请销售某项业务按此流程审批；未设置时不能提交', 'en-US': 'An agency’s applications to sell a business are decided through this flow; none can be filed until one is set' },
    },
  },
  defaults: { commission_hold_days: 7, order_pay_minutes: 1440, level_window_days: 365, require_verified: true, apply_flow_id: null, business_apply_flow_id: null },
});

/**
 * 代理设置 › 代理登录: where an agency may sign in to the apps and on how many devices at once. A sign-in on a platform
 * not ticked is refused; one beyond the cap ends the agency's oldest session (it is told 50012, signed in elsewhere).
 */
export const agencyLoginSettings = defineSettingsDocument({
  module: 'agency',
  thing: 'login',
  menu: '/permission/agency/login',
  label: { 'zh-CN': '代理登录', 'en-US': 'Agency sign-in' },
  operations: { view: 'agency.login.view', edit: 'agency.login.edit' },
  fields: {
    platforms: {
      kind: 'checkbox',
      label: { 'zh-CN': '允许登录的平台', 'en-US': 'Platforms allowed' },
      hint: { 'zh-CN': '代理账号只能在勾选的平台登录', 'en-US': 'An agency signs in only on the platforms ticked' },
      options: LOGIN_PLATFORM_NAMES.map(({ value, name }) => ({ value, label: name })),
    },
    max_sessions: {
      kind: 'number',
      label: { 'zh-CN': '同时在线设备数', 'en-US': 'Devices at once' },
      hint: { 'zh-CN': '超出时最早登录的设备被下线', 'en-US': 'Beyond it, the device signed in first is signed out' },
      min: 1,
      max: 10,
    },
  },
  defaults: { platforms: [...LOGIN_PLATFORMS], max_sessions: 3 },
});

/** An agency's activity band, from its nightly score and 代理活跃度's lines. */
export const ACTIVITY_BANDS = ['active', 'normal', 'dormant'] as const;
export type ActivityBand = (typeof ACTIVITY_BANDS)[number];
export const ACTIVITY_BAND_NAMES = [
  { value: 'active', name: { 'zh-CN': '活跃', 'en-US': 'Active' } },
  { value: 'normal', name: { 'zh-CN': '一般', 'en-US': 'Normal' } },
  { value: 'dormant', name: { 'zh-CN': '沉睡', 'en-US': 'Dormant' } },
] as const satisfies readonly NamedCode<ActivityBand>[];

/** 代理设置 › 代理活跃度: how the nightly activity score is counted and banded. */
export const agencyActivitySettings = defineSettingsDocument({
  module: 'agency',
  thing: 'activity',
  menu: '/permission/agency/activity',
  label: { 'zh-CN': '代理活跃度', 'en-US': 'Agency activity' },
  operations: { view: 'agency.activity.view', edit: 'agency.activity.edit' },
  fields: {
    window_days: { kind: 'number', label: { 'zh-CN': '统计天数', 'en-US': 'Days counted' }, hint: { 'zh-CN': '活跃度按最近这些天计算', 'en-US': 'The score counts this many recent days' }, min: 7, max: 365 },
    points_per_sign_in_day: { kind: 'number', label: { 'zh-CN': '每登录一天得分', 'en-US': 'Points a day signed in' }, min: 0, max: 100 },
    points_per_paid_order: { kind: 'number', label: { 'zh-CN': '每笔付款订单得分', 'en-US': 'Points an order paid' }, min: 0, max: 100 },
    points_per_new_customer: { kind: 'number', label: { 'zh-CN': '每个新客户得分', 'en-US': 'Points a new customer' }, min: 0, max: 100 },
    active_from: {
      kind: 'number',
      label: { 'zh-CN': '活跃分数线', 'en-US': 'Active from' },
      hint: { 'zh-CN': '达到此分数为“活跃”', 'en-US': 'A score at or above this is active' },
      min: 1,
      max: 100_000,
    },
    normal_from: {
      kind: 'number',
      label: { 'zh-CN': '一般分数线', 'en-US': 'Normal from' },
      hint: { 'zh-CN': '达到此分数为“一般”，低于为“沉睡”；须低于活跃分数线', 'en-US': 'A score at or above this is normal, below it dormant; below the active line' },
      min: 1,
      max: 100_000,
    },
  },
  defaults: { window_days: 30, points_per_sign_in_day: 1, points_per_paid_order: 5, points_per_new_customer: 3, active_from: 60, normal_from: 20 },
});

/** A 6-digit division code of a city in 城市设置. */
const cityCode = z.string().regex(/^\d{6}$/, '须为 6 位行政区划代码');
/** What an application asks: the agency's city, and 代理申请表's values (checked by the form's definitions). */
const applicationBody = { city_code: cityCode, values: z.record(z.string(), z.unknown()) };

/** An application as its applicant sees it in the apps. */
export const agencyApplicationStatus = z.object({
  /** Whether the signed-in user is an agency now. */
  is_agency: z.boolean(),
  /** The newest application, or null for none. */
  application: z
    .object({
      id: z.number().int(),
      state: z.enum(APPROVAL_STATES),
      summary: z.string(),
      /** A rejection's comment, which the applicant reads; '' otherwise. */
      comment: z.string(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
});
export type AgencyApplicationStatus = z.output<typeof agencyApplicationStatus>;

/**
 * 代理申请: a user of type 2 asks to become an agency, in the apps or through staff; the request walks the flow
 * 基础设置 chooses, and its last approval makes the user an agency (docs/marketplace.md › Applications).
 */
export const agencyApplicationCalls = {
  applicationOptions: defineCall({
    method: 'POST',
    path: '/api/agency/application_options',
    tag: 'agency',
    summary: 'What staff filing an application choose from: 代理申请表’s fields in order and the enabled cities of 城市设置',
    permission: operation('agency.add'),
    data: z.object({ form: z.array(fieldDefinitionRow), cities: z.array(z.object({ code: z.string(), name: z.string(), province: z.string() })) }),
  }),
  applicationCandidates: defineCall({
    method: 'POST',
    path: '/api/agency/application_candidates',
    tag: 'agency',
    summary: 'Ordinary users staff may file an application for, by name or mobile (contained), or those of the ids given; up to 20, each saying whether verified',
    permission: operation('agency.add'),
    body: z.object({ keyword: fields.text(50).optional(), ids: z.array(fields.id).max(50).optional() }).strict(),
    data: z.array(z.object({ id: z.number().int(), name: z.string(), mobile: z.string(), verified: z.boolean() })),
  }),
  applicationAdd: defineCall({
    method: 'POST',
    path: '/api/agency/application_add',
    tag: 'agency',
    summary: '代理申请 filed by staff for a user (the same application and flow as the apps’): answers the approval request’s id',
    permission: operation('agency.add'),
    body: z.object({ user_id: fields.id, ...applicationBody }).strict(),
    data: z.object({ request_id: z.number().int() }),
    labels: { user_id: { 'zh-CN': '用户', 'en-US': 'User' }, city_code: { 'zh-CN': '所在城市', 'en-US': 'City' }, values: { 'zh-CN': '申请表', 'en-US': 'Form' } },
  }),
  apply: defineCall({
    method: 'POST',
    path: '/api_user/agency/apply',
    tag: 'agency',
    summary: 'The signed-in user applies to become an agency (代理申请): answers the approval request’s id; one waiting at a time',
    permission: 'app-user',
    body: z.object(applicationBody).strict(),
    data: z.object({ request_id: z.number().int() }),
    labels: { city_code: { 'zh-CN': '所在城市', 'en-US': 'City' }, values: { 'zh-CN': '申请表', 'en-US': 'Form' } },
  }),
  applyStatus: defineCall({
    method: 'POST',
    path: '/api_user/agency/apply_status',
    tag: 'agency',
    summary: 'Whether the signed-in user is an agency, and their newest application with its state (a rejection’s comment included)',
    permission: 'app-user',
    data: agencyApplicationStatus,
  }),
  applyWithdraw: defineCall({
    method: 'POST',
    path: '/api_user/agency/apply_withdraw',
    tag: 'agency',
    summary: 'The applicant withdraws their application while it waits (another’s 40400; a decided one 40900)',
    permission: 'app-user',
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
};

/** An agency's standing: a suspended one (暂停) takes no new orders; its orders in progress and their commissions go on. */
export const AGENCY_STATUSES = ['active', 'suspended'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];
export const AGENCY_STATUS_NAMES = [
  { value: 'active', name: { 'zh-CN': '正常', 'en-US': 'Active' } },
  { value: 'suspended', name: { 'zh-CN': '已暂停', 'en-US': 'Suspended' } },
] as const satisfies readonly NamedCode<AgencyStatus>[];

/** What 全部代理 filters by; an absent field does not filter. */
export const agencyFilter = z
  .object({
    /** The agency's name or mobile, contained. */
    keyword: fields.text(50).optional(),
    level: z.number().int().min(0).max(AGENCY_LEVEL_MAX).optional(),
    region_id: fields.id.optional(),
    city_code: cityCode.optional(),
    status: z.enum(AGENCY_STATUSES).optional(),
    /** The band of the last nightly activity score. */
    activity_band: z.enum(ACTIVITY_BANDS).optional(),
    /** The post the agency holds in its agency (`users.agency_pw_id`: 城市合伙人 …). */
    agency_pw_id: fields.id.optional(),
    /** Days joined, in the platform's time zone. */
    joined: dayRange.optional(),
  })
  .strict();
export type AgencyFilter = z.output<typeof agencyFilter>;

/** An agency as 全部代理 lists it; money in fen from its ledger accounts. */
export const agencyRow = z.object({
  /** The agency's user id: `agency_id` everywhere. */
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  head_img_url: z.string(),
  level: z.number().int(),
  level_name: z.string(),
  status: z.enum(AGENCY_STATUSES),
  city_code: z.string().nullable(),
  /** The city's province and name, '' for none. */
  province: z.string(),
  city: z.string(),
  region_id: z.number().int().nullable(),
  region: z.string(),
  agency_pw_id: z.number().int().nullable(),
  agency_pw_name: z.string(),
  /** Available to withdraw: the user's cash balance. */
  balance_cents: z.number().int(),
  /** Earned over its life (累计收益). */
  total_income_cents: z.number().int(),
  /** The nightly figures: kept sales of 基础设置's level window (fen), 代理活跃度's score and band, and when they were computed (none before the first run). */
  sales_fen: z.number().int(),
  activity_score: z.number().int(),
  activity_band: z.enum(ACTIVITY_BANDS),
  figures_at: z.string().nullable(),
  joined_at: z.string(),
  /** The approved 代理申请; null for an agency made before applications. */
  application_id: z.number().int().nullable(),
});
export type AgencyRow = z.output<typeof agencyRow>;

/** One agency in full: the row, what it is as a user, and 代理申请表's values with the form that draws them. */
export const agencyDetails = agencyRow.extend({
  /** Held by withdrawals in progress. */
  frozen_cents: z.number().int(),
  /** Commissions earned and held till their orders' refund window closes (待结算): neither available nor income yet. */
  held_commission_cents: z.number().int(),
  bean_balance: z.number().int(),
  real_name: z.string(),
  authentication_state: z.number().int(),
  registered_at: z.string(),
  last_login_at: z.string().nullable(),
  locked: z.boolean(),
  /** 代理申请表's values as approved (and edited since). */
  extra: z.record(z.string(), z.unknown()),
  /** 代理申请表's fields now, in order: what draws `extra`. */
  form: z.array(fieldDefinitionRow),
});
export type AgencyDetails = z.output<typeof agencyDetails>;

/** What 全部代理's filters offer: every level and region, and the cities and posts agencies hold. */
export const agencyOptions = z.object({
  levels: z.array(z.object({ level: z.number().int(), name: z.string() })),
  regions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cities: z.array(z.object({ code: z.string(), name: z.string(), province: z.string() })),
  posts: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AgencyOptions = z.output<typeof agencyOptions>;

/** The longest reason an agency's change keeps. */
export const AGENCY_REASON_MAX = 200;
const reason = fields.text(AGENCY_REASON_MAX);
const agencyLabels = {
  id: { 'zh-CN': '代理', 'en-US': 'Agency' },
  level: { 'zh-CN': '代理等级', 'en-US': 'Level' },
  reason: { 'zh-CN': '原因', 'en-US': 'Reason' },
} as const;

/** 全部代理 (`/agency/list`): every agency, read by keyset, newest joined first; its details, export, suspension and level. */
export const agencyListCalls = {
  agencyList: defineCall({
    method: 'POST',
    path: '/api/agency/agency_list',
    tag: 'agency',
    summary: 'Agencies newest joined first, by keyword (name or mobile), level, region, city, status, post and days joined; keyset pages (pass next_cursor as cursor)',
    permission: operation('agency.view'),
    body: agencyFilter.extend({ cursor: fields.cursor.optional(), limit: fields.limit }).strict(),
    data: keysetPageOf(agencyRow),
  }),
  agencyOptions: defineCall({
    method: 'POST',
    path: '/api/agency/agency_options',
    tag: 'agency',
    summary: 'The options of 全部代理’s filters: every level and region, and the cities and posts agencies hold',
    permission: operation('agency.view'),
    data: agencyOptions,
  }),
  agencyDetails: defineCall({
    method: 'POST',
    path: '/api/agency/agency_details',
    tag: 'agency',
    summary: 'One agency in full, with 代理申请表’s values and the form that draws them (40400 for a user who is no agency)',
    permission: operation('agency.view'),
    body: z.object({ id: fields.id }).strict(),
    data: agencyDetails,
  }),
  agencyHistory: defineCall({
    method: 'POST',
    path: '/api/agency/agency_history',
    tag: 'agency',
    summary: 'An agency’s suspensions, resumptions and level changes, oldest first, with who made them and why (from the operation log)',
    permission: operation('agency.view'),
    body: z.object({ id: fields.id }).strict(),
    data: z.array(historyEntry),
  }),
  agencyExport: defineCall({
    method: 'POST',
    path: '/api/agency/agency_export',
    tag: 'agency',
    summary: 'Every agency the filter finds as an Excel workbook, streamed (blob answer), newest joined first. Headers: x-export-rows and x-export-estimated-bytes.',
    permission: operation('agency.export'),
    body: agencyFilter,
    data: z.null(),
    response: 'blob',
  }),
  agencySuspend: defineCall({
    method: 'POST',
    path: '/api/agency/agency_suspend',
    tag: 'agency',
    summary: '暂停: an active agency takes no new orders (its orders in progress go on); a reason is kept; a suspended one is 40900',
    permission: operation('agency.suspend'),
    body: z.object({ id: fields.id, reason: reason.min(1) }).strict(),
    data: z.null(),
    labels: agencyLabels,
  }),
  agencyResume: defineCall({
    method: 'POST',
    path: '/api/agency/agency_resume',
    tag: 'agency',
    summary: '恢复: a suspended agency takes orders again; an active one is 40900',
    permission: operation('agency.suspend'),
    body: z.object({ id: fields.id, reason: reason.optional() }).strict(),
    data: z.null(),
    labels: agencyLabels,
  }),
  levelSet: defineCall({
    method: 'POST',
    path: '/api/agency/level_set',
    tag: 'agency',
    summary: 'Raise or lower an agency’s level by hand, with a reason (the nightly promotion only raises); a level no record has is 40000 naming level, the level it holds 40900',
    permission: operation('agency.level.set'),
    body: z.object({ id: fields.id, level: z.number().int().min(0).max(AGENCY_LEVEL_MAX), reason: reason.min(1) }).strict(),
    data: z.null(),
    labels: agencyLabels,
  }),
};

/**
 * 业务申请 (docs/marketplace.md › 业务申请): an agency asks to sell a business, filling 业务申请表; the request walks the
 * flow 基础设置 chooses, and its last approval lets the agency sell it. The pair's record (`agency_business`) is made at
 * the first filing and is the request's subject, so one application waits per agency and business.
 */
const businessApplyValues = { business_id: fields.id, values: z.record(z.string(), z.unknown()) };
const businessApplyLabels = { business_id: { 'zh-CN': '业务', 'en-US': 'Business' }, values: { 'zh-CN': '申请表', 'en-US': 'Form' } } as const;

/** A 业务申请 as the agency follows it in the apps. */
export const businessApplicationOfMine = z.object({
  /** The approval request's id. */
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  state: z.enum(APPROVAL_STATES),
  /** A rejection's comment; '' otherwise. */
  comment: z.string(),
  /** Whether the agency may sell the business now (approved and not revoked since). */
  selling: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** What 业务申请 filters by; an absent field does not filter. */
export const businessApplyFilter = z
  .object({
    /** The agency's name or mobile, contained. */
    keyword: fields.text(50).optional(),
    business_id: fields.id.optional(),
    state: z.enum(APPROVAL_STATES).optional(),
    /** Days filed, in the platform's time zone. */
    created: dayRange.optional(),
  })
  .strict();
export type BusinessApplyFilter = z.output<typeof businessApplyFilter>;

/** One 业务申请 as staff list it. */
export const businessApplyRow = z.object({
  /** The approval request's id (申请编号). */
  id: z.number().int(),
  agency_id: z.number().int(),
  agency_name: z.string(),
  agency_mobile: z.string(),
  agency_level_name: z.string(),
  business_id: z.number().int(),
  business_name: z.string(),
  state: z.enum(APPROVAL_STATES),
  /** Whether the agency sells the business now, whichever application let it. */
  selling: z.boolean(),
  flow_name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BusinessApplyRow = z.output<typeof businessApplyRow>;

/** One 业务申请 in full: 业务申请表's values with the form that draws them, and a rejection's comment. */
export const businessApplyDetails = businessApplyRow.extend({
  values: z.record(z.string(), z.unknown()),
  form: z.array(fieldDefinitionRow),
  comment: z.string(),
});
export type BusinessApplyDetails = z.output<typeof businessApplyDetails>;

/** A business an agency has been approved for (可售业务: the view paths "professional work" and "set meal"). */
export const agencyBusinessRow = z.object({
  business_id: z.number().int(),
  business_name: z.string(),
  /** The business is on sale in 业务设置. */
  business_enabled: z.boolean(),
  /** The agency may sell it: approved, not revoked since. */
  selling: z.boolean(),
  /** Its packages on sale, and the cheapest and dearest of them in fen (null with none). */
  packages_on_sale: z.number().int(),
  price_from: z.number().int().nullable(),
  price_to: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  /** The application that approved it last. */
  request_id: z.number().int().nullable(),
});
export type AgencyBusinessRow = z.output<typeof agencyBusinessRow>;

export const businessApplyCalls = {
  businessApply: defineCall({
    method: 'POST',
    path: '/api_user/business/apply',
    tag: 'agency',
    summary: '业务申请: the signed-in agency asks to sell a business, with 业务申请表’s values; answers the approval request’s id; one waiting per business',
    permission: 'app-user',
    body: z.object(businessApplyValues).strict(),
    data: z.object({ request_id: z.number().int() }),
    labels: businessApplyLabels,
  }),
  businessApplyMine: defineCall({
    method: 'POST',
    path: '/api_user/business/apply_list',
    tag: 'agency',
    summary: 'The signed-in agency’s business applications, newest first, each with its state, a rejection’s comment and whether it sells the business now',
    permission: 'app-user',
    data: z.array(businessApplicationOfMine),
  }),
  businessApplyWithdraw: defineCall({
    method: 'POST',
    path: '/api_user/business/apply_withdraw',
    tag: 'agency',
    summary: 'The agency withdraws its business application while it waits (another’s 40400; a decided one 40900)',
    permission: 'app-user',
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
  businessApplyList: defineCall({
    method: 'POST',
    path: '/api/agency/business_apply_list',
    tag: 'agency',
    summary: '业务申请: the agencies’ applications to sell a business, newest first, by keyword (agency name or mobile), business, state and days filed',
    permission: operation('agency.business_apply.view'),
    body: businessApplyFilter.extend({ page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(businessApplyRow),
  }),
  businessApplyOptions: defineCall({
    method: 'POST',
    path: '/api/agency/business_apply_options',
    tag: 'agency',
    summary: 'The options of 业务申请’s business filter: the businesses applied for, in 业务设置’s order',
    permission: operation('agency.business_apply.view'),
    data: z.object({ businesses: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  businessApplyDetails: defineCall({
    method: 'POST',
    path: '/api/agency/business_apply_details',
    tag: 'agency',
    summary: 'One business application with 业务申请表’s values and the form that draws them (40400 for no such application)',
    permission: operation('agency.business_apply.view'),
    body: z.object({ id: fields.id }).strict(),
    data: businessApplyDetails,
  }),
  agencyBusinesses: defineCall({
    method: 'POST',
    path: '/api/agency/agency_businesses',
    tag: 'agency',
    summary: 'The businesses an agency has been approved for, in 业务设置’s order, with whether it sells each now and its packages on sale',
    permission: operation('agency.view'),
    body: z.object({ agency_id: fields.id }).strict(),
    data: z.array(agencyBusinessRow),
  }),
  agencyBusinessRevoke: defineCall({
    method: 'POST',
    path: '/api/agency/agency_business_revoke',
    tag: 'agency',
    summary: '撤销: the agency may no longer sell the business (no new orders; orders placed go on), with a reason; one not selling it is 40900',
    permission: operation('agency.business.revoke'),
    body: z.object({ agency_id: fields.id, business_id: fields.id, reason: reason.min(1) }).strict(),
    data: z.null(),
    labels: { agency_id: agencyLabels.id, business_id: businessApplyLabels.business_id, reason: agencyLabels.reason },
  }),
};

/** The video platforms an agency certifies an account on (视频平台认证). */
export const VIDEO_PLATFORMS = ['douyin', 'kuaishou', 'wechat_channels', 'xiaohongshu', 'bilibili'] as const;
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];
export const VIDEO_PLATFORM_NAMES = [
  { value: 'douyin', name: { 'zh-CN': '抖音', 'en-US': 'Douyin' } },
  { value: 'kuaishou', name: { 'zh-CN': '快手', 'en-US': 'Kuaishou' } },
  { value: 'wechat_channels', name: { 'zh-CN': '视频号', 'en-US': 'WeChat Channels' } },
  { value: 'xiaohongshu', name: { 'zh-CN': '小红书', 'en-US': 'Xiaohongshu' } },
  { value: 'bilibili', name: { 'zh-CN': '哔哩哔哩', 'en-US': 'Bilibili' } },
] as const satisfies readonly NamedCode<VideoPlatform>[];

/** A certification's state, as 实名认证's: 1 under review, 2 certified, 0 rejected with a reason. */
export const CERTIFICATION_STATES = [1, 2, 0] as const;
export const CERTIFICATION_STATE_NAMES = [
  { value: 1, name: { 'zh-CN': '审核中', 'en-US': 'Under review' } },
  { value: 2, name: { 'zh-CN': '已认证', 'en-US': 'Certified' } },
  { value: 0, name: { 'zh-CN': '已驳回', 'en-US': 'Rejected' } },
] as const satisfies readonly NamedCode<number>[];
/** How many pictures one submission carries (the account's home page, its certification, its data). */
export const CERTIFICATION_DOCUMENTS_MAX = 3;
export const CERTIFICATION_REASON_MAX = 200;

/** The picture of a certification's document, fetched with the session's X-Token. */
export const certificationDocumentUrl = (id: number, index: number) => `/api/agency/certification_document?id=${id}&index=${index}`;

/** A certification as the agency's 视频平台认证 tab lists it. */
export const certificationRow = z.object({
  id: z.number().int(),
  agency_id: z.number().int(),
  agency_name: z.string(),
  platform: z.enum(VIDEO_PLATFORMS),
  account_name: z.string(),
  account_id: z.string(),
  state: z.number().int(),
  /** A rejection's reason; '' otherwise. */
  reason: z.string(),
  /** `certificationDocumentUrl` of each document. */
  documents: z.array(z.string()),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  reviewer_name: z.string().nullable(),
});
export type CertificationRow = z.output<typeof certificationRow>;

const certificationLabels = {
  platform: { 'zh-CN': '平台', 'en-US': 'Platform' },
  account_name: { 'zh-CN': '账号名称', 'en-US': 'Account name' },
  account_id: { 'zh-CN': '账号 ID', 'en-US': 'Account ID' },
  documents: { 'zh-CN': '认证材料', 'en-US': 'Documents' },
  reason: { 'zh-CN': '驳回原因', 'en-US': 'Reason' },
} as const;

/**
 * 视频平台认证 (docs/marketplace.md › 代理设置 and certification): an agency submits an account of a video platform
 * with pictures proving it, in the apps; one staff reviews it. One submission under review per agency and platform.
 */
export const certificationCalls = {
  certificationList: defineCall({
    method: 'POST',
    path: '/api/agency/certification_list',
    tag: 'agency',
    summary: 'Certifications newest first, of one agency, platform and state when given',
    permission: operation('agency.certification.view'),
    body: z
      .object({ agency_id: fields.id.optional(), platform: z.enum(VIDEO_PLATFORMS).optional(), state: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(), page: fields.page, limit: fields.limit })
      .strict(),
    data: z.object({ count: z.number().int(), data: z.array(certificationRow) }),
  }),
  certificationDocument: defineCall({
    method: 'GET',
    path: '/api/agency/certification_document',
    tag: 'agency',
    summary: 'The index-th document (0 first) of a certification: the picture, inline, never cached, each read audited (blob answer; 40400 when there is no such document)',
    permission: operation('agency.certification.view'),
    query: z.object({ id: fields.id, index: wholeNumber(0, CERTIFICATION_DOCUMENTS_MAX - 1) }),
    data: z.null(),
    response: 'blob',
  }),
  certificationAudit: defineCall({
    method: 'POST',
    path: '/api/agency/certification_audit',
    tag: 'agency',
    summary: '通过 (1 → 2) or 驳回 (1 → 0, with a reason) a certification under review; a decided one is 40900. Audited, and read back in the agency’s history',
    permission: operation('agency.certification.audit'),
    body: z.object({ id: fields.id, action: z.enum(['approve', 'reject']), reason: fields.text(CERTIFICATION_REASON_MAX).default('') }).strict(),
    data: certificationRow,
    labels: certificationLabels,
  }),
  certificationSubmit: defineCall({
    method: 'POST',
    path: '/api_user/agency/certification_submit',
    tag: 'agency',
    summary:
      `An agency submits an account of a video platform for certification, as multipart/form-data: the fields \`platform\`, \`account_name\` and \`account_id\` first, then 1–${CERTIFICATION_DOCUMENTS_MAX} pictures in \`documents\` ` +
      '(each an image upload: extension, size and content checked). One under review per platform (40900); a user who is no agency is 40300',
    permission: 'app-user',
    // Multipart: the server reads the fields and the pictures itself, checking the fields with `certificationFields`.
    data: certificationRow,
    labels: certificationLabels,
  }),
  certificationMine: defineCall({
    method: 'POST',
    path: '/api_user/agency/certification_list',
    tag: 'agency',
    summary: 'The signed-in agency’s certifications, newest first, each with its state and a rejection’s reason',
    permission: 'app-user',
    data: z.array(certificationRow),
  }),
};

/** The fields of a certification's submission, read from its multipart form. */
export const certificationFields = z
  .object({
    platform: z.enum(VIDEO_PLATFORMS),
    account_name: fields.text(40).min(1),
    account_id: fields.text(64).min(1),
  })
  .strict();

/** The agency module's share of the contract (`contractModules`). */
export const agencyContract = defineContractModule({ name: 'agency', calls: [agencyApplicationCalls, agencyListCalls, businessApplyCalls, certificationCalls], resources: [agencyLevel], settings: [agencyBasicSettings, agencyLoginSettings, agencyActivitySettings] });
