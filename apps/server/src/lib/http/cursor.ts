import { AppError } from '../errors';

/**
 * A keyset cursor as clients carry it: a JSON array made opaque as base64url. Each list decides what the array holds
 * and checks its parts; what does not decode to an array of the list's length is refused here.
 */

/** 40000 naming `cursor`: the text was not made by the list it is sent to. */
export const cursorRefused = () => AppError.invalid('cursor', { 'zh-CN': '不是有效的翻页位置', 'en-US': 'not a cursor from an earlier answer' });

export const writeCursor = (parts: readonly unknown[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** The cursor's parts, `length` of them, not yet checked one by one. */
export function readCursor(text: string, length: number): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw cursorRefused();
  }
  if (!Array.isArray(parsed) || parsed.length !== length) throw cursorRefused();
  return parsed as unknown[];
}
