import { ErrorCode, type ErrorDetails } from '@juqi/contract';
import type { FormInstance } from 'antd';
import { ApiError } from './api-errors';

/**
 * The fields a refused save names, each with what is wrong with it in the current language: a 40000's `data.fields`
 * (every bad input, docs/api.md › Refusals), or the one `data.field` of a 40900 or 40300 with the answer's message.
 */
export function refusedFields(error: ApiError): { field: string; message: string }[] {
  const data = error.data as ErrorDetails | null;
  if (data?.fields?.length) return data.fields;
  return typeof data?.field === 'string' ? [{ field: data.field, message: error.message }] : [];
}

/**
 * Puts a refused save on the form fields it names, so the staff sees each reason beside its input; the API client has
 * already shown the toast (which names them all). `fields` lists the names the form shows errors on; a dotted name
 * (`params.task`) is a nested field. A name the list lacks lands on its first part when that is listed (`staff_ids.0`
 * on `staff_ids`). `conflicts` gives local texts for the 40900s a form can meet. Answers whether a field took an error.
 */
export function showOnField(form: FormInstance, error: unknown, fields: readonly string[], conflicts: Partial<Record<string, string>> = {}): boolean {
  if (!(error instanceof ApiError) || (error.code !== ErrorCode.VALIDATION && error.code !== ErrorCode.CONFLICT)) return false;
  const placed = refusedFields(error).flatMap(({ field, message }) => {
    const first = field.split('.')[0]!;
    const target = fields.includes(field) ? field : fields.includes(first) ? first : null;
    if (!target) return [];
    return [{ name: target.split('.'), errors: [error.code === ErrorCode.CONFLICT ? (conflicts[field] ?? message) : message] }];
  });
  if (placed.length) form.setFields(placed);
  return placed.length > 0;
}
