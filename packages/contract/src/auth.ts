import { z } from 'zod';
import { defineCall, fields, operation, pageOf } from './call';
import { said } from './refusals';
import { LOGIN_PLATFORMS } from './user';
import { defineContractModule } from './contract-module';
import { firstLoadCalls, PHONE_PATTERN } from './first-load';

/** `"<unix-ms>:<nonce>"` made by the client for each sign-in; the server refuses one older than 5 minutes or seen before. */
export const signField = z.string().regex(/^\d{13}:[A-Za-z0-9_-]{8,64}$/, said({ 'zh-CN': '格式须为“<毫秒时间戳>:<随机串>”', 'en-US': 'expected "<unix-ms>:<nonce>"' }));

export const phoneField = z.string().trim().regex(PHONE_PATTERN, said({ 'zh-CN': '不是有效的电话号码', 'en-US': 'not a phone number' }));

export const tokenAnswer = z.object({ token: z.string() });

/** The 6-digit code of an SMS. */
const smsCodeField = z.string().regex(/^\d{6}$/, said({ 'zh-CN': '须为 6 位数字', 'en-US': 'expected 6 digits' }));


/** One node of the menu tree a staff may see (§3 Menu entry). */
export interface MenuNode {
  id: number;
  path: string;
  name: string;
  /** The name the en-US interface shows; empty: it shows `name`. */
  name_en: string;
  icon: string;
  sort: number;
  /** Hidden entries are routes without a menu item. */
  hidden: boolean;
  /** Pages not kept in the tab cache. */
  no_cache: boolean;
  children: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    path: z.string(),
    name: z.string(),
    name_en: z.string(),
    icon: z.string(),
    sort: z.number(),
    hidden: z.boolean(),
    no_cache: z.boolean(),
    children: z.array(menuNode),
  }),
);

export const linkedAccount = z.object({ id: z.number(), staff_num: z.string(), name: z.string() });

export const profile = z.object({
  staff_id: z.number(),
  staff_num: z.string(),
  user_name: z.string(),
  user_face: z.string(),
  /** One's own phone (SMS sign-in), shown in the personal centre. */
  phone: z.string().nullable(),
  is_super_admin: z.boolean(),
  menus: z.array(menuNode),
  /** Operation codes the staff may perform. */
  operations: z.array(z.string()),
  /** Other accounts of the same person, for switching without signing in again. */
  linked_accounts: z.array(linkedAccount),
});
export type Profile = z.infer<typeof profile>;

export const staffStatus = z.enum(['active', 'disabled']);

export const staffAccount = z.object({
  id: z.number(),
  staff_num: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  status: staffStatus,
  is_super_admin: z.boolean(),
  /** Links the accounts of one person; shown only to the super-admin, who alone sets it. */
  person_key: z.string().nullable().optional(),
  /** An administrator's lock, or one after failed sign-ins from many addresses. */
  locked_until: z.string().nullable(),
  role_ids: z.array(z.number()),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const signInMethod = z.enum(['password', 'sms', 'switch']);
export const signInResult = z.enum(['success', 'bad_credentials', 'locked', 'disabled', 'bad_code', 'replayed']);

export const signInRecord = z.object({
  id: z.number(),
  staff_id: z.number().nullable(),
  identifier: z.string(),
  method: signInMethod,
  result: signInResult,
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
});

const password = z.string().min(8, said({ 'zh-CN': '至少 8 个字符', 'en-US': 'at least 8 characters' })).max(128);
const staffFields = {
  name: fields.text(40).min(1),
  phone: phoneField.nullable().default(null),
  email: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/, said({ 'zh-CN': '不是有效的邮箱地址', 'en-US': 'not an email address' }))
    .nullable()
    .default(null),
  avatar: z.string().trim().max(500).default(''),
  /** The super-admin's alone to set; left out, it stays as it is. */
  person_key: fields.text(64).nullable().optional(),
  role_ids: z.array(fields.id).max(50).default([]),
};

/** Staff sign-in, sessions, the profile, and staff accounts. */
export const authCalls = {
  login: defineCall({
    ...firstLoadCalls.login,
    tag: 'auth',
    summary: 'Sign in with staff number and password',
    permission: 'public',
    body: z.object({ staff_num: fields.text(64).min(1), user_pwd: z.string().min(1).max(128), sign: signField }),
    data: tokenAnswer,
  }),
  sendSmsCode: defineCall({
    ...firstLoadCalls.sendSmsCode,
    tag: 'auth',
    summary: 'Send a 6-digit sign-in code to a staff phone (the answer is the same for any phone)',
    permission: 'public',
    body: z.object({ staff_tel: phoneField }),
    data: z.object({ resend_after: z.number() }),
  }),
  smsLogin: defineCall({
    ...firstLoadCalls.smsLogin,
    tag: 'auth',
    summary: 'Sign in with phone and SMS code',
    permission: 'public',
    body: z.object({ sign: signField, staff_tel: phoneField, verification_code: smsCodeField }),
    data: tokenAnswer,
  }),
  logout: defineCall({
    ...firstLoadCalls.logout,
    tag: 'auth',
    summary: 'End the current session',
    permission: 'signed-in',
    data: z.null(),
  }),
  switchAccount: defineCall({
    method: 'POST',
    path: '/api_user/login/switchaccount',
    tag: 'auth',
    summary: 'Switch to another staff account of the same person, never one granted more than this one or the super-admin; the current session ends',
    permission: 'signed-in',
    body: z.object({ staff_id: fields.id }),
    data: tokenAnswer,
  }),
  info: defineCall({
    ...firstLoadCalls.info,
    tag: 'auth',
    summary: 'Profile of the signed-in staff: name, avatar, menus and operation codes',
    permission: 'signed-in',
    query: z.object({ token: z.string().max(128).optional() }),
    data: profile,
  }),
  infoAuth: defineCall({
    method: 'GET',
    path: '/api/staff/info_auth',
    tag: 'auth',
    summary: 'Same as /api/staff/info, for clients that pass the token in the query',
    permission: 'signed-in',
    query: z.object({ token: z.string().max(128).optional() }),
    data: profile,
  }),
  menuList: defineCall({
    ...firstLoadCalls.menuList,
    tag: 'auth',
    summary: 'The menu tree the signed-in staff may see, sorted by sort',
    permission: 'signed-in',
    data: z.object({ menuList: z.array(menuNode) }),
  }),
  verifyOperation: defineCall({
    method: 'POST',
    path: '/api/staff/verify_operation',
    tag: 'auth',
    summary: 'Whether the signed-in staff may perform an operation',
    permission: 'signed-in',
    body: z.object({ code: fields.text(100).min(1) }),
    data: z.object({ code: z.string(), allowed: z.boolean() }),
  }),
  changeOwnPassword: defineCall({
    method: 'POST',
    path: '/api/staff/change_password',
    tag: 'auth',
    summary: 'Change one’s own password (not the current one, not a common one; wrong current passwords count toward the sign-in lock); every session of the account ends',
    permission: 'signed-in',
    body: z.object({ old_pwd: z.string().min(1).max(128), new_pwd: password }),
    data: z.null(),
  }),
  changeOwnAvatar: defineCall({
    method: 'POST',
    path: '/api/staff/change_avatar',
    tag: 'auth',
    summary: 'Set one’s own avatar (an uploaded picture’s URL, or empty for the name avatar)',
    permission: 'signed-in',
    body: z.object({ avatar: staffFields.avatar }),
    data: z.null(),
  }),
  sendPhoneChangeCode: defineCall({
    method: 'POST',
    path: '/api/staff/change_phone_code',
    tag: 'auth',
    summary: 'Send a 6-digit code to the new phone one wants (not another staff’s); the SMS limits of sign-in codes apply',
    permission: 'signed-in',
    body: z.object({ staff_tel: phoneField }),
    data: z.object({ resend_after: z.number() }),
  }),
  changeOwnPhone: defineCall({
    method: 'POST',
    path: '/api/staff/change_phone',
    tag: 'auth',
    summary: 'Change one’s own phone with the current password and the code sent to the new phone; the other sessions end',
    permission: 'signed-in',
    body: z.object({ staff_tel: phoneField, verification_code: smsCodeField, password: z.string().min(1).max(128) }),
    data: z.null(),
  }),
  staffList: defineCall({
    method: 'POST',
    path: '/api/staff/staff_list',
    tag: 'auth',
    summary: 'Staff accounts, filtered by keyword and status',
    permission: operation('staff.view'),
    body: z.object({
      keyword: fields.text(40).optional(),
      status: staffStatus.optional(),
      page: fields.page,
      limit: fields.limit,
    }),
    data: pageOf(staffAccount),
  }),
  staffAdd: defineCall({
    method: 'POST',
    path: '/api/staff/staff_add',
    tag: 'auth',
    summary: 'Create a staff account',
    permission: operation('staff.edit'),
    body: z.object({ staff_num: fields.text(64).min(1), password, ...staffFields }),
    data: staffAccount,
  }),
  staffEdit: defineCall({
    method: 'POST',
    path: '/api/staff/staff_edit',
    tag: 'auth',
    summary: 'Edit a staff account and its roles (only staff whose grants the caller holds all of); a new phone ends its sessions',
    permission: operation('staff.edit'),
    body: z.object({ id: fields.id, ...staffFields }),
    data: staffAccount,
  }),
  staffStatus: defineCall({
    method: 'POST',
    path: '/api/staff/staff_status',
    tag: 'auth',
    summary: 'Enable, disable, lock or unlock a staff account (only staff whose grants the caller holds all of); disabling or locking ends its sessions',
    permission: operation('staff.lock'),
    body: z.object({ id: fields.id, action: z.enum(['enable', 'disable', 'lock', 'unlock']), reason: fields.text(200).default('') }),
    data: staffAccount,
  }),
  staffPassword: defineCall({
    method: 'POST',
    path: '/api/staff/staff_password',
    tag: 'auth',
    summary: 'Set a staff account’s password (only staff whose grants the caller holds all of; not a common password); its sessions end',
    permission: operation('staff.password'),
    body: z.object({ id: fields.id, password }),
    data: z.null(),
  }),
  loginRecords: defineCall({
    method: 'POST',
    path: '/api/staff/login_records',
    tag: 'auth',
    summary: 'Sign-in attempts of staff, newest first',
    permission: operation('login.records.view'),
    body: z.object({ staff_id: fields.id.optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(signInRecord),
  }),
};

/** A marketplace user's mobile as the users table keeps it: digits only (mainland numbers without +86). */
const appUserMobileField = z.string().trim().regex(/^\d{6,15}$/, said({ 'zh-CN': '须为手机号码的数字', 'en-US': 'expected the digits of a mobile number' }));

/** The signed-in marketplace user, as the apps show them. */
export const appUserInfo = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  head_img_url: z.string(),
  /** 1 agent, 2 ordinary user. */
  type_user: z.number(),
});
export type AppUserInfo = z.infer<typeof appUserInfo>;

/**
 * The marketplace users' sign-in to the apps (outside this product), whose money enters through it: the SMS codes,
 * their limits and the replay-guard sign are the staff's; the sessions are the users' own (`app-user` calls only).
 */
export const appUserAuthCalls = {
  sendSmsCode: defineCall({
    method: 'POST',
    path: '/api_user/login/mobile_verification_code',
    tag: 'auth',
    summary: 'Send a 6-digit sign-in code to a marketplace user’s mobile (the answer is the same for any mobile; the limits of staff codes)',
    permission: 'public',
    body: z.object({ mobile: appUserMobileField }),
    data: z.object({ resend_after: z.number() }),
  }),
  smsLogin: defineCall({
    method: 'POST',
    path: '/api_user/login/mobile_login',
    tag: 'auth',
    summary: 'Sign a marketplace user in to the apps with mobile and SMS code; once the code is right, a locked user is refused (42300) and an agency on a platform 代理登录 does not allow (40300), and an agency beyond its device cap signs its oldest session out (50012 there)',
    permission: 'public',
    body: z.object({
      sign: signField,
      mobile: appUserMobileField,
      verification_code: smsCodeField,
      /** Where the user signs in from, for their sign-in records. */
      platform: z.enum(LOGIN_PLATFORMS).default('h5'),
    }),
    data: tokenAnswer,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/api_user/login/log_out',
    tag: 'auth',
    summary: 'End the marketplace user’s current app session',
    permission: 'app-user',
    data: z.null(),
  }),
  info: defineCall({
    method: 'POST',
    path: '/api_user/user/info',
    tag: 'auth',
    summary: 'The signed-in marketplace user: id, name, mobile, avatar and user type',
    permission: 'app-user',
    data: appUserInfo,
  }),
};

/**
 * The auth module's share of the contract (`contractModules`): the staff's sign-in, and the marketplace users' named
 * apart (`appUserSendSmsCode` …), since both families send a code and sign in.
 */
export const authContract = defineContractModule({
  name: 'auth',
  calls: [authCalls, Object.fromEntries(Object.entries(appUserAuthCalls).map(([name, call]) => [`appUser${name[0]!.toUpperCase()}${name.slice(1)}`, call]))],
});
