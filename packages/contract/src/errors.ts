import type { FieldRefusal } from './refusals';

/**
 * The error catalogue: every `code` an answer can carry, its HTTP status and its default message in each UI language.
 * Both sides import it, so the web client and the server can never disagree about what a code means.
 */
export const ErrorCode = {
  OK: 20000,
  VALIDATION: 40000,
  /** Wrong staff number or password, or a wrong or used-up SMS code: one message, no hint which. */
  BAD_CREDENTIALS: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  /** A call that takes its body as JSON only got another encoding (a form post). */
  UNSUPPORTED_MEDIA_TYPE: 41500,
  LOCKED: 42300,
  TOO_MANY: 42900,
  SERVER: 50000,
  /** No token, or a token the server does not know (also: signed out). */
  TOKEN_INVALID: 50008,
  /** The session was ended because the same staff signed in elsewhere while single-session is on. */
  TOKEN_REPLACED: 50012,
  /** The session ran past its idle or absolute lifetime. */
  TOKEN_EXPIRED: 50014,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * What a failed answer's `data` carries when it is not `null`: details a client acts on. The server's errors take only
 * these, so the web client and the server tests read them from one declaration.
 */
export interface ErrorDetails {
  /** The input at fault (a dotted path for nested ones), for forms to mark; on a 40000, the first of `fields`. */
  field?: string;
  /** 40000: every bad input, each with its label and what is wrong, in the request's language (refusals.ts). */
  fields?: FieldRefusal[];
  /** 42300: when the account unlocks (ISO 8601). */
  unlock_at?: string;
  /** 42900: seconds until a retry may succeed. */
  retry_after?: number;
  /** 41300 on uploads: the largest file accepted, in bytes. */
  max_bytes?: number;
  /** 40300 on grants: the entries the granter does not hold. */
  power_ids?: number[];
  /** 40900 on locking or unlocking a user: whether the user is locked now. */
  locked?: boolean;
  /** 40900 on deciding a verification: the submission's state now. */
  state?: number;
  /** 40900 on submitting an approval request: the request of that kind about the same subject still pending. */
  request_id?: number;
  /** 40000 on an import (staff, orders, keywords): the refused rows of the sheet (nothing was imported), every one or the first listed. */
  rows?: { row: number; field: string; column: string; message: string }[];
  /** 40000 on an import: how many problems were found, when `rows` lists only the first of them. */
  problems?: number;
}

/** Codes after which the web client offers to sign in again. */
export const LOGGED_OUT_CODES: readonly number[] = [
  ErrorCode.TOKEN_INVALID,
  ErrorCode.TOKEN_REPLACED,
  ErrorCode.TOKEN_EXPIRED,
];

export type Locale = 'zh-CN' | 'en-US';

interface CatalogueEntry {
  status: number;
  message: Record<Locale, string>;
}

export const errorCatalogue: Record<ErrorCodeValue, CatalogueEntry> = {
  20000: { status: 200, message: { 'zh-CN': '成功', 'en-US': 'Success' } },
  40000: { status: 400, message: { 'zh-CN': '参数错误', 'en-US': 'Invalid request' } },
  40100: { status: 401, message: { 'zh-CN': '账号或密码错误', 'en-US': 'Wrong staff number or password' } },
  40300: { status: 403, message: { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission for this operation' } },
  40400: { status: 404, message: { 'zh-CN': '请求的资源不存在', 'en-US': 'Not found' } },
  40900: { status: 409, message: { 'zh-CN': '数据冲突，请刷新后重试', 'en-US': 'Conflict, refresh and try again' } },
  41300: { status: 413, message: { 'zh-CN': '请求内容过大', 'en-US': 'Request body too large' } },
  41500: { status: 415, message: { 'zh-CN': '请求须以 JSON 格式发送', 'en-US': 'Send this request as JSON' } },
  42300: { status: 423, message: { 'zh-CN': '账号已锁定', 'en-US': 'Account locked' } },
  42900: { status: 429, message: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, try again later' } },
  50000: { status: 500, message: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' } },
  50008: { status: 401, message: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Not signed in or the session is unknown' } },
  50012: { status: 401, message: { 'zh-CN': '账号已在其他地方登录', 'en-US': 'Signed in elsewhere' } },
  50014: { status: 401, message: { 'zh-CN': '登录已过期，请重新登录', 'en-US': 'Session expired' } },
};

export function errorMessage(code: ErrorCodeValue, locale: Locale): string {
  return errorCatalogue[code].message[locale];
}

/** Picks the catalogue language from an Accept-Language header; zh-CN unless English is preferred. */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}
