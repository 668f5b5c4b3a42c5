import { ErrorCode } from '@juqi/contract';
import type { FormInstance } from 'antd';
import { ApiError } from './api-errors';

/**
 * Puts a refused save on the form field it names (40000 and 40900 answers carry `data.field`, and their message starts
 * with `field: `), so the staff sees it beside the input; the API client has already shown the toast. `fields` lists
 * the names the form shows errors on; a dotted name (`params.task`) is a nested field. A name the list lacks lands on
 * its first part when that is listed (`staff_ids.0` on `staff_ids`). `conflicts` gives local texts for the 40900s a
 * form can meet. Answers whether a field took the error.
 */
export function showOnField(form: FormInstance, error: unknown, fields: readonly string[], conflicts: Partial<Record<string, string>> = {}): boolean {
  if (!(error instanceof ApiError) || (error.code !== ErrorCode.VALIDATION && error.code !== ErrorCode.CONFLICT)) return false;
  const named = (error.data as { field?: unknown } | null)?.field;
  const colon = error.message.indexOf(': ');
  const field = typeof named === 'string' ? named : colon > 0 ? error.message.slice(0, colon) : '';
  const first = field.split('.')[0]!;
  const target = fields.includes(field) ? field : fields.includes(first) ? first : null;
  if (!target) return false;
  const reason = error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
  const text = error.code === ErrorCode.CONFLICT ? (conflicts[field] ?? reason) : reason;
  form.setFields([{ name: target.split('.'), errors: [text] }]);
  return true;
}
