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

/** A form field's name as antd takes it: a nested or list field is a path (`params.task`, `options.0.value`). */
export type NamePath = (string | number)[];

/**
 * Puts a refused save on the form fields it names, beside their inputs, the API client having shown the toast (which
 * names them all): each refused input (`data.fields`, else `data.field`) goes where `fieldFor` finds it a field, and
 * is left to the toast when it finds none. Only the codes listed are placed; a 40900 is worded by `conflicts` when
 * they have its field. Answers whether a field took an error.
 */
export function placeRefusal(
  form: FormInstance,
  error: unknown,
  fieldFor: (field: string) => NamePath | null,
  codes: readonly number[],
  conflicts: Partial<Record<string, string>> = {},
): boolean {
  if (!(error instanceof ApiError) || !codes.includes(error.code)) return false;
  const placed = refusedFields(error).flatMap(({ field, message }) => {
    const name = fieldFor(field);
    return name ? [{ name, errors: [error.code === ErrorCode.CONFLICT ? (conflicts[field] ?? message) : message] }] : [];
  });
  if (placed.length) form.setFields(placed);
  return placed.length > 0;
}

/**
 * A 40000's or 40900's refused inputs on the form fields `fields` lists; a dotted name (`params.task`) is a nested
 * field. A name the list lacks lands on its first part when that is listed (`staff_ids.0` on `staff_ids`).
 * `conflicts` gives local texts for the 40900s a form can meet. Answers whether a field took an error.
 */
export function showOnField(form: FormInstance, error: unknown, fields: readonly string[], conflicts: Partial<Record<string, string>> = {}): boolean {
  const listed = (field: string) => {
    const first = field.split('.')[0]!;
    const target = fields.includes(field) ? field : fields.includes(first) ? first : null;
    return target ? target.split('.') : null;
  };
  return placeRefusal(form, error, listed, [ErrorCode.VALIDATION, ErrorCode.CONFLICT], conflicts);
}
