import { z } from 'zod';
import { defineCall, fields, keysetPageOf, operation, wholeNumber } from './call';
import { dayRange } from './days';
import type { Locale } from './errors';
import { said } from './refusals';
import { defineContractModule } from './contract-module';

/**
 * The marketplace's own users (spec §2.2 /user, §3 User list row and User filter, §7 Users, §9): agents and ordinary
 * users, their real-name / enterprise verification, their app sign-ins, and locks. Designed for 1,000,000 users:
 * lists page by keyset (`cursor`), counts are computed once per filter and cached briefly (see docs/users.md).
 */

// ——— codes (§9) ———

/**
 * A stored code and its name in each UI language. Every screen, filter and export shows a code by this name (never
 * the code itself), through `codeName`.
 */
export interface NamedCode<V extends number | string = number | string> {
  readonly value: V;
  readonly name: Readonly<Record<Locale, string>>;
}

/** `type_user`: 1 agent (代理), 2 ordinary user. */
export const USER_TYPES = [
  { value: 1, name: { 'zh-CN': '代理', 'en-US': 'Agent' } },
  { value: 2, name: { 'zh-CN': '用户', 'en-US': 'User' } },
] as const satisfies readonly NamedCode<number>[];
/** `system_id`: where the user came from: 1 registered in our own apps (system user), 2 brought in by a channel. */
export const USER_SOURCES = [
  { value: 1, name: { 'zh-CN': '系统用户', 'en-US': 'System user' } },
  { value: 2, name: { 'zh-CN': '渠道用户', 'en-US': 'Channel user' } },
] as const satisfies readonly NamedCode<number>[];
/** `authentication_state` of a user and `state` of a verification submission. */
export const AUTHENTICATION_STATES = [
  { value: 0, name: { 'zh-CN': '未认证', 'en-US': 'Not verified' } },
  { value: 1, name: { 'zh-CN': '认证中', 'en-US': 'Verifying' } },
  { value: 2, name: { 'zh-CN': '已认证', 'en-US': 'Verified' } },
] as const satisfies readonly NamedCode<number>[];
/** `type` of a verification submission (and `authentication_type` of a user once verified). */
export const VERIFICATION_TYPES = [
  { value: 1, name: { 'zh-CN': '个人认证', 'en-US': 'Personal' } },
  { value: 2, name: { 'zh-CN': '企业认证', 'en-US': 'Enterprise' } },
] as const satisfies readonly NamedCode<number>[];
/** `withdraw_state`: the state of the user's latest withdrawal request; 0 when they never asked for one. */
export const WITHDRAW_STATES = [
  { value: 0, name: { 'zh-CN': '未提现', 'en-US': 'Never withdrawn' } },
  { value: 1, name: { 'zh-CN': '提现中', 'en-US': 'Withdrawing' } },
  { value: 2, name: { 'zh-CN': '已提现', 'en-US': 'Withdrawn' } },
  { value: 3, name: { 'zh-CN': '提现失败', 'en-US': 'Withdrawal failed' } },
] as const satisfies readonly NamedCode<number>[];
/** `withdraw_type`: the payout account the user bound; 0 when none. */
export const WITHDRAW_TYPES = [
  { value: 0, name: { 'zh-CN': '未绑定', 'en-US': 'Not bound' } },
  { value: 1, name: { 'zh-CN': '银行卡', 'en-US': 'Bank card' } },
  { value: 2, name: { 'zh-CN': '支付宝', 'en-US': 'Alipay' } },
  { value: 3, name: { 'zh-CN': '微信', 'en-US': 'WeChat' } },
] as const satisfies readonly NamedCode<number>[];
/** `register_channel`: where the user signed up (the apps, the web, the mini program, or imported by staff). */
export const REGISTER_CHANNELS = [
  { value: 'app_ios', name: { 'zh-CN': 'iOS App', 'en-US': 'iOS app' } },
  { value: 'app_android', name: { 'zh-CN': '安卓 App', 'en-US': 'Android app' } },
  { value: 'h5', name: { 'zh-CN': 'H5 网页', 'en-US': 'H5 web' } },
  { value: 'mini_program', name: { 'zh-CN': '微信小程序', 'en-US': 'WeChat mini program' } },
  { value: 'pc', name: { 'zh-CN': 'PC 网页', 'en-US': 'PC web' } },
  { value: 'import', name: { 'zh-CN': '后台导入', 'en-US': 'Imported' } },
] as const satisfies readonly NamedCode<string>[];

/** A code's name in `locale`; empty for no value, and the code itself for one the list does not know yet. */
export function codeName(list: readonly NamedCode[], value: number | string | null | undefined, locale: Locale): string {
  if (value === null || value === undefined) return '';
  return list.find((entry) => entry.value === value)?.name[locale] ?? String(value);
}

/**
 * §9 order-count bands for the `quantity` filter. A band holds `min ≤ order_count < max` (no upper edge for 500+):
 * 1–49, 50–99, 100–299, 300–499, 500 and more. Users with no orders are in no band.
 */
export const ORDER_COUNT_BANDS = [
  { value: 1, label: '1-50', min: 1, max: 50 },
  { value: 2, label: '50-100', min: 50, max: 100 },
  { value: 3, label: '100-300', min: 100, max: 300 },
  { value: 4, label: '300-500', min: 300, max: 500 },
  { value: 5, label: '500+', min: 500, max: null },
] as const;

export function orderCountBand(orderCount: number): number | null {
  const band = ORDER_COUNT_BANDS.find((b) => orderCount >= b.min && (b.max === null || orderCount < b.max));
  return band ? band.value : null;
}

/** The list page size of §9, and the largest `page × limit` answered by offset; deeper pages need `cursor`. */
export const USER_PAGE_SIZE = 20;
export const MAX_OFFSET_ROWS = 10_000;

export const LOGIN_RESULTS = ['success', 'bad_password', 'bad_code', 'locked', 'platform_refused'] as const;
/** How an app sign-in ended, by name (`platform_refused`: an agency on a platform 代理登录 does not allow). */
export const LOGIN_RESULT_NAMES = [
  { value: 'success', name: { 'zh-CN': '成功', 'en-US': 'Success' } },
  { value: 'bad_password', name: { 'zh-CN': '密码错误', 'en-US': 'Wrong password' } },
  { value: 'bad_code', name: { 'zh-CN': '验证码错误', 'en-US': 'Wrong code' } },
  { value: 'locked', name: { 'zh-CN': '账号已锁定', 'en-US': 'Account locked' } },
  { value: 'platform_refused', name: { 'zh-CN': '平台不允许', 'en-US': 'Platform not allowed' } },
] as const satisfies readonly NamedCode<(typeof LOGIN_RESULTS)[number]>[];
export const LOGIN_PLATFORMS = ['ios', 'android', 'h5', 'mini_program', 'pc'] as const;
/** The platforms an app user signs in on, by name: the sign-in records and 代理登录 read them. */
export const LOGIN_PLATFORM_NAMES = [
  { value: 'ios', name: { 'zh-CN': 'iOS', 'en-US': 'iOS' } },
  { value: 'android', name: { 'zh-CN': 'Android', 'en-US': 'Android' } },
  { value: 'h5', name: { 'zh-CN': 'H5', 'en-US': 'H5' } },
  { value: 'mini_program', name: { 'zh-CN': '小程序', 'en-US': 'Mini program' } },
  { value: 'pc', name: { 'zh-CN': 'PC', 'en-US': 'PC' } },
] as const satisfies readonly NamedCode<(typeof LOGIN_PLATFORMS)[number]>[];

/**
 * Documents of a submission, by kind; each is an upload of scope `verification` (module `verification`), served only
 * by `userCalls.verificationDocument`.
 */
export const VERIFICATION_DOCUMENT_KINDS = {
  1: ['id_card_front', 'id_card_back', 'id_card_in_hand'],
  2: ['business_license', 'legal_id_card_front', 'legal_id_card_back', 'authorization_letter'],
} as const;
export const verificationDocumentKind = z.enum([
  'id_card_front',
  'id_card_back',
  'id_card_in_hand',
  'business_license',
  'legal_id_card_front',
  'legal_id_card_back',
  'authorization_letter',
]);

// ——— field rules ———

const codeOf = (min: number, max: number) => wholeNumber(min, max);



/** The §3 user filter. Every field is optional; an absent field does not filter. */
export const userFilter = z.object({
  /** Digits: mobile prefix (or the user id); otherwise a name prefix. */
  keyword: fields.text(40).optional(),
  type_user: codeOf(1, 2).optional(),
  system_id: codeOf(1, 2).optional(),
  withdraw_state: codeOf(0, 3).optional(),
  withdraw_type: codeOf(0, 3).optional(),
  /** An order-count band: ORDER_COUNT_BANDS value 1–5. */
  quantity: codeOf(1, 5).optional(),
  level: codeOf(0, 99).optional(),
  agency_pw_id: fields.id.optional(),
  pw_id: fields.id.optional(),
  authentication_state: codeOf(0, 2).optional(),
  locked: z.boolean().optional(),
  /** Registration days, both included. */
  time_quantum: dayRange.optional(),
  /** Last-order days, both included. */
  issue_time_quantum: dayRange.optional(),
});
export type UserFilter = z.infer<typeof userFilter>;
export type UserFilterInput = z.input<typeof userFilter>;

export const USER_SORT_KEYS = ['registered_at', 'order_count', 'id'] as const;
export const userSort = {
  sort: z.enum(USER_SORT_KEYS).default('registered_at'),
  order: z.enum(['desc', 'asc']).default('desc'),
};

const keysetPage = {
  page: fields.page,
  limit: fields.limit,
  /** From the previous answer's `next_cursor`; when given, `page` is ignored. */
  cursor: fields.cursor.optional(),
};

export const userListBody = userFilter.extend({ ...userSort, ...keysetPage });
export type UserListBody = z.input<typeof userListBody>;

/**
 * Recipients chosen in the user-select drawer: picked one by one (`ids`), or "everyone matching this filter" expressed
 * as the filter itself, minus those unticked afterwards. The filter is resolved when the selection is used. At most
 * MAX_SELECTED_IDS ids either way: more users than that are chosen by filter.
 */
export const MAX_SELECTED_IDS = 5000;
export const userSelection = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('ids'), ids: z.array(fields.id).min(1).max(MAX_SELECTED_IDS) }),
  z.object({ mode: z.literal('filter'), filter: userFilter, exclude_ids: z.array(fields.id).max(MAX_SELECTED_IDS).default([]) }),
]);
export type UserSelection = z.infer<typeof userSelection>;
export type UserSelectionInput = z.input<typeof userSelection>;

// ——— answers ———

/** One user, as the list, the drawer and the export show it. Money in integer cents. */
export const userRow = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  head_img_url: z.string(),
  /** 0 unknown, 1 male, 2 female. */
  gender: z.number(),
  type_user: z.number(),
  system_id: z.number(),
  level: z.number(),
  level_name: z.string(),
  pw_id: z.number().nullable(),
  pw_name: z.string(),
  agency_pw_id: z.number().nullable(),
  agency_pw_name: z.string(),
  authentication_state: z.number(),
  authentication_type: z.number().nullable(),
  /** The verified person's or enterprise's name; empty until verified. */
  real_name: z.string(),
  withdraw_state: z.number(),
  withdraw_type: z.number(),
  order_count: z.number(),
  last_order_at: z.string().nullable(),
  total_spent_cents: z.number(),
  balance_cents: z.number(),
  frozen_cents: z.number(),
  total_income_cents: z.number(),
  bean_balance: z.number(),
  /** The city's province, city and industry names ('' when unknown), from 通用设置 by `city_code` and `industry_id`. */
  province: z.string(),
  /** GB/T 2260 code of the city (城市设置). */
  city_code: z.string().nullable(),
  city: z.string(),
  /** The industry (行业设置), top-level or sub-industry. */
  industry_id: z.number().nullable(),
  industry: z.string(),
  company: z.string(),
  inviter_id: z.number().nullable(),
  invite_code: z.string(),
  /** A REGISTER_CHANNELS code. */
  register_channel: z.string(),
  registered_at: z.string(),
  last_login_at: z.string().nullable(),
  last_login_ip: z.string(),
  locked: z.boolean(),
  lock_reason: z.string(),
  locked_at: z.string().nullable(),
  remark: z.string(),
});
export type UserRow = z.infer<typeof userRow>;


export const userOption = z.object({ id: z.number(), name: z.string() });
export const levelOption = z.object({ level: z.number(), name: z.string() });

/** A row of the user-select drawer (§3 User list row). */
export const userSelectRow = z.object({
  id: z.number(),
  name: z.string(),
  head_img_url: z.string(),
  authentication_state: z.number(),
  mobile: z.string(),
  type_user: z.number(),
  level: z.number(),
});
export type UserSelectRow = z.infer<typeof userSelectRow>;

/** The `index`-th document of submission `id`: the URL of the checked call that serves it. */
export const verificationDocumentUrl = (id: number, index: number) => `/api/user/verification_document?id=${id}&index=${index}`;

/** A document of a submission; `url` is the call `userCalls.verificationDocument`, fetched with the session's X-Token. */
export const verificationDocument = z.object({ kind: verificationDocumentKind, url: z.string() });

/** A verification submission as the review list shows it. `id_number` and `credit_code` are masked in lists. */
export const verificationRow = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  user_mobile: z.string(),
  head_img_url: z.string(),
  type: z.number(),
  state: z.number(),
  /** The person's name (personal) or the enterprise's name. */
  subject_name: z.string(),
  id_number: z.string(),
  enterprise_name: z.string(),
  credit_code: z.string(),
  legal_person: z.string(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewer_id: z.number().nullable(),
  reviewer_name: z.string(),
  reason: z.string(),
});
export type VerificationRow = z.infer<typeof verificationRow>;

export const verificationAuditEntry = z.object({
  id: z.number(),
  action: z.enum(['submit', 'approve', 'reject']),
  from_state: z.number().nullable(),
  to_state: z.number(),
  staff_id: z.number().nullable(),
  staff_name: z.string(),
  reason: z.string(),
  created_at: z.string(),
});

/** One submission in full: unmasked numbers, documents and the audit trail. */
export const verificationDetail = verificationRow.extend({
  documents: z.array(verificationDocument),
  audit: z.array(verificationAuditEntry),
});
export type VerificationDetail = z.infer<typeof verificationDetail>;

export const loginRecord = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  user_mobile: z.string(),
  login_at: z.string(),
  ip: z.string(),
  location: z.string(),
  device: z.string(),
  platform: z.string(),
  result: z.enum(LOGIN_RESULTS),
});
export type LoginRecord = z.infer<typeof loginRecord>;

export const lockRecord = z.object({
  id: z.number(),
  action: z.enum(['lock', 'unlock']),
  reason: z.string(),
  staff_id: z.number().nullable(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type LockRecord = z.infer<typeof lockRecord>;

/** The detail drawer: profile, who invited the user, every verification submission, and the lock history. */
export const userDetail = z.object({
  user: userRow,
  inviter: z.object({ id: z.number(), name: z.string(), mobile: z.string() }).nullable(),
  invited_count: z.number(),
  verifications: z.array(verificationRow),
  lock_records: z.array(lockRecord),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userSearchOptions = z.object({
  pw_list: z.array(userOption),
  level_list: z.array(levelOption),
  quantity_list: z.array(z.object({ value: z.number(), label: z.string(), min: z.number(), max: z.number().nullable() })),
});
export type UserSearchOptions = z.infer<typeof userSearchOptions>;


const tag = 'user';
const selectLimit = wholeNumber(1, 100).default(USER_PAGE_SIZE);

export const userCalls = {
  lists: defineCall({
    method: 'POST',
    path: '/api/user/lists',
    tag,
    summary:
      'Users matching the §3 filter, sorted (registered_at by default, newest first), 20 a page. `page` works up to ' +
      `${MAX_OFFSET_ROWS} rows deep; pass the answer's \`next_cursor\` as \`cursor\` for deeper pages and infinite scroll.`,
    permission: operation('user.list'),
    body: userListBody,
    data: keysetPageOf(userRow),
  }),
  details: defineCall({
    method: 'POST',
    path: '/api/user/details',
    tag,
    summary: 'One user for the detail drawer: profile, inviter, verification submissions and lock history',
    permission: operation('user.detail'),
    body: z.object({ id: fields.id }),
    data: userDetail,
  }),
  export: defineCall({
    method: 'POST',
    path: '/api/user/export',
    tag,
    summary:
      'Every user matching the filter as an Excel workbook, streamed (blob answer). Headers: x-export-rows (rows to come) and ' +
      'x-export-estimated-bytes, for a progress bar; the length is unknown up front.',
    permission: operation('user.export'),
    body: userFilter.extend(userSort),
    data: z.null(),
    response: 'blob',
  }),
  lock: defineCall({
    method: 'POST',
    path: '/api/user/user_lock',
    tag,
    summary: 'Lock (reason required) or unlock a user; every change is recorded with the staff and reason',
    permission: operation('user.lock'),
    body: z.object({ id: fields.id, action: z.enum(['lock', 'unlock']), reason: fields.text(200).default('') }),
    data: userRow,
  }),
  loginLogList: defineCall({
    method: 'POST',
    path: '/api/user/login_log_list',
    tag,
    summary: 'App sign-ins of one user, newest first',
    permission: operation('user.login_log.view'),
    body: z.object({
      user_id: fields.id,
      result: z.enum(LOGIN_RESULTS).optional(),
      time_quantum: dayRange.optional(),
      ...keysetPage,
    }),
    data: keysetPageOf(loginRecord),
  }),
  loginLogListAll: defineCall({
    method: 'POST',
    path: '/api/user/login_log_list_all',
    tag,
    summary: 'App sign-ins of all users, newest first, by user, mobile, IP, result, platform and day range',
    permission: operation('user.login_log.all'),
    body: z.object({
      user_id: fields.id.optional(),
      mobile: z.string().trim().regex(/^\d{5,20}$/, said({ 'zh-CN': '须为手机号码的数字', 'en-US': 'expected the digits of a mobile number' })).optional(),
      ip: z.string().trim().max(64).optional(),
      result: z.enum(LOGIN_RESULTS).optional(),
      platform: z.enum(LOGIN_PLATFORMS).optional(),
      time_quantum: dayRange.optional(),
      ...keysetPage,
    }),
    data: keysetPageOf(loginRecord),
  }),
  authenticationLists: defineCall({
    method: 'POST',
    path: '/api/user/authentication_lists',
    tag,
    summary: 'Verification submissions by state and type, newest first (numbers masked)',
    permission: operation('user.verification.list'),
    body: z.object({
      state: codeOf(0, 2).optional(),
      type: codeOf(1, 2).optional(),
      user_id: fields.id.optional(),
      mobile: z.string().trim().regex(/^\d{5,20}$/, said({ 'zh-CN': '须为手机号码的数字', 'en-US': 'expected the digits of a mobile number' })).optional(),
      time_quantum: dayRange.optional(),
      ...keysetPage,
    }),
    data: keysetPageOf(verificationRow),
  }),
  verificationFind: defineCall({
    method: 'POST',
    path: '/api/user/user_enterprise_verification_find',
    tag,
    summary: 'One verification submission in full: numbers, documents and the audit trail',
    permission: operation('user.verification.view'),
    body: z.object({ id: fields.id }),
    data: verificationDetail,
  }),
  verificationDocument: defineCall({
    method: 'GET',
    path: '/api/user/verification_document',
    tag,
    summary:
      'The index-th document (0 first) of a submission: the image, inline, never cached (blob answer; errors are ' +
      'envelopes, 40400 when the submission has no such stored document)',
    permission: operation('user.verification.view'),
    query: z.object({ id: fields.id, index: wholeNumber(0, 19) }),
    data: z.null(),
    response: 'blob',
  }),
  verificationAudit: defineCall({
    method: 'POST',
    path: '/api/user/user_enterprise_verification_audit',
    tag,
    summary:
      'Approve (1 → 2) or reject (1 → 0, reason required) a submission under review; any other transition is 40900. ' +
      'Recorded in the audit trail; the user’s authentication state follows.',
    permission: operation('user.verification.audit'),
    body: z.object({ id: fields.id, action: z.enum(['approve', 'reject']), reason: fields.text(200).default('') }),
    data: verificationDetail,
  }),
  selectSearchList: defineCall({
    method: 'POST',
    path: '/api/user/user_select_search_list',
    tag,
    summary: 'Options of the user filter: pw_list (posts), level_list and the order-count bands',
    permission: operation('user.options'),
    data: userSearchOptions,
  }),
  selectList: defineCall({
    method: 'POST',
    path: '/api/user/user_select_list',
    tag,
    summary: 'The user-select drawer’s infinite list: users matching the filter in keyset pages of 20',
    permission: operation('user.select.list'),
    body: userFilter.extend({ cursor: fields.cursor.optional(), limit: selectLimit }),
    data: keysetPageOf(userSelectRow),
  }),
  checkedList: defineCall({
    method: 'POST',
    path: '/api/user/user_checked_list',
    tag,
    summary: 'The users a selection (ids, or a filter minus exclusions) stands for, in keyset pages',
    permission: operation('user.select.checked'),
    body: z.object({ selection: userSelection, cursor: fields.cursor.optional(), limit: selectLimit }),
    data: keysetPageOf(userSelectRow),
  }),
  select: defineCall({
    method: 'POST',
    path: '/api/user/select',
    tag,
    summary:
      'Confirms a selection: answers how many users it stands for and the selection normalised (ids deduplicated and ' +
      'limited to existing users; a filter kept as a filter), which is what a caller stores and resolves when sending',
    permission: operation('user.select.confirm'),
    body: z.object({ selection: userSelection }),
    data: z.object({ count: z.number().int(), selection: userSelection }),
  }),
};

/** The user module's share of the contract (`contractModules`). */
export const userContract = defineContractModule({ name: 'user', calls: userCalls });
