import { AppError } from '../../lib/errors';
import { cursorRefused as notACursor, readCursor, writeCursor } from '../../lib/http/cursor';

/**
 * A keyset position: the sort it belongs to, the last row's sort value and id. Sent to clients as opaque base64url
 * JSON; a cursor that does not decode, or was made for another sort, is refused with 40000 naming `cursor`.
 */
export interface Cursor {
  sort: string;
  order: 'asc' | 'desc';
  /** The sort column's value: an ISO time or a number. */
  value: string | number;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return writeCursor([cursor.sort, cursor.order, cursor.value, cursor.id]);
}

export function decodeCursor(text: string, sort: string, order: 'asc' | 'desc'): Cursor {
  const [s, o, value, id] = readCursor(text, 4);
  if (s !== sort || o !== order) throw AppError.invalid('cursor', { 'zh-CN': '翻页位置属于另一种排序，请从第一页重新读取', 'en-US': `made for another sort (${String(s)} ${String(o)})` });
  if (!Number.isInteger(id) || (id as number) < 0) throw notACursor();
  const validValue =
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value)));
  if (!validValue) throw notACursor();
  return { sort, order, value: value as string | number, id: id as number };
}
