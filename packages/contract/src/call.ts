import { z } from 'zod';
import { said } from './refusals';
import type { Texts } from './resource';

/** Headers of an export's blob answer, so the client can show progress though the file's length is unknown up front. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
export const EXPORT_ESTIMATED_BYTES_HEADER = 'x-export-estimated-bytes';

/**
 * Who may make a call:
 * - `public`: anyone, no token needed;
 * - `signed-in`: any staff with a live session;
 * - `{ operation }`: a signed-in staff whose roles grant that operation code;
 * - `app-user`: a marketplace user signed in to the apps (a token from `/api_user/login/*`), acting on their own
 *   account only; a staff token is refused there, and an app user's token everywhere else.
 */
export type Permission = 'public' | 'signed-in' | 'app-user' | { operation: string };

export type HttpMethod = 'GET' | 'POST';

export interface CallDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** OpenAPI tag; by convention the contract module's name. */
  tag: string;
  permission: Permission;
  body?: B;
  query?: Q;
  /** Schema of the envelope's `data`. */
  data: D;
  /** `blob` answers are files: no envelope, the client skips its code checks. */
  response?: 'json' | 'blob';
  /**
   * The body is taken only as JSON (41500 otherwise): a call that must not be sent by another site's form post. Unset,
   * a body may also come form-urlencoded.
   */
  jsonOnly?: boolean;
  /**
   * Labels of the call's input fields, by key or dotted path, for its refusals (refusals.ts); a key not here takes the
   * label the modules share. A resource's calls label every field as its form does.
   */
  labels?: Record<string, Texts>;
}

export type AnyCall = CallDefinition<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

// Non-distributive, so a call without a body or query types it as `undefined` rather than `never`.
type InputOf<S> = [NonNullable<S>] extends [never] ? undefined : [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : undefined;
type OutputOf<S> = [NonNullable<S>] extends [never] ? undefined : [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

/** What a client sends. */
export type CallBody<C extends AnyCall> = InputOf<C['body']>;
export type CallQuery<C extends AnyCall> = InputOf<C['query']>;
/** What the server handler receives after validation (defaults applied, strings coerced). */
export type ParsedBody<C extends AnyCall> = OutputOf<C['body']>;
export type ParsedQuery<C extends AnyCall> = OutputOf<C['query']>;
/** The `data` of a successful answer. */
export type CallData<C extends AnyCall> = z.output<C['data']>;

export function defineCall<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodNull,
>(call: CallDefinition<B, Q, D>): CallDefinition<B, Q, D> {
  return call;
}

export const operation = (code: string): Permission => ({ operation: code });

export function permissionLabel(permission: Permission): string {
  return typeof permission === 'string' ? permission : `operation:${permission.operation}`;
}

/** The answer every JSON call gives. */
export function envelope<D extends z.ZodType>(data: D) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export interface Envelope<D> {
  code: number;
  message: string;
  data: D;
}

/**
 * Money and counts: JSON numbers only, whole, within bounds. What `z.coerce.number()` would make of `"1e3"`, `[100]`
 * or `true` is refused, so an amount is always what the client wrote.
 */
export const jsonInt = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * Ids, codes and paging: a whole number as JSON, or as the decimal digits a query string or a form carries. Anything
 * else (`"1e3"`, `" 0x10"`, `[100]`, `true`) is refused rather than coerced.
 */
const WHOLE_NUMBER = said({ 'zh-CN': '须为整数', 'en-US': 'expected a whole number' });
export const wholeNumber = (min: number, max: number) =>
  z
    .union([jsonInt(min, max), z.string().trim().regex(/^-?\d{1,16}$/, WHOLE_NUMBER)], { error: WHOLE_NUMBER })
    .pipe(z.coerce.number<string | number>().int().min(min).max(max));

/** Shared field schemas, so the same rule reads the same everywhere. */
export const fields = {
  id: wholeNumber(1, 2_147_483_647),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 200).default(20),
  /** A short single-line text, trimmed. */
  text: (max: number) => z.string().trim().max(max),
  /** An opaque keyset position from an earlier answer's `next_cursor`. */
  cursor: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^[A-Za-z0-9_-]+$/, said({ 'zh-CN': '不是有效的翻页位置', 'en-US': 'not a cursor from an earlier answer' })),
};

export const pageQuery = z.object({ page: fields.page, limit: fields.limit });

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ count: z.number().int(), data: z.array(row) });
}

/** A keyset page: `next_cursor` is null on the last page. `count` is the whole filter's total (cached briefly). */
export function keysetPageOf<T extends z.ZodType>(row: T) {
  return z.object({ count: z.number().int(), data: z.array(row), next_cursor: z.string().nullable() });
}
