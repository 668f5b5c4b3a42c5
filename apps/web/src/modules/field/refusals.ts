import { ErrorCode } from '@juqi/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/api-errors';
import { refusedFields } from '../../lib/form-errors';

export type NamePath = (string | number)[];

const sameKey = (path: readonly PropertyKey[]) => JSON.stringify(path.map((part) => (typeof part === 'symbol' ? String(part) : part)));

/**
 * The deepest start of `path` that is a field of the form: a row's cell (`options.0.value`), else its row or its list,
 * so an issue of a part the form has no control for still shows beside the nearest one.
 */
export function fieldAt(form: FormInstance, path: readonly PropertyKey[]): NamePath | null {
  const registered = new Set(form.getFieldsError().map((field) => sameKey(field.name)));
  for (let length = path.length; length > 0; length -= 1) {
    const start = path.slice(0, length);
    if (registered.has(sameKey(start))) return start.map((part) => (typeof part === 'number' ? part : String(part)));
  }
  return null;
}

/**
 * Puts a refused save on the fields it names (`data.fields`, else `data.field`), beside their controls, the API client having shown the toast:
 * 40000 and 40900 as `showOnField` (lib/form-errors.ts) does, and besides these 40300, a change the field's permission
 * byte forbids. The named field may be a list row's cell (`options.0.value`, `sub_fields.1.key`), whose index is a
 * number in the form's name. `conflicts` words the 40900s by field. Answers whether a field took the error.
 */
export function showRefusal(form: FormInstance, error: unknown, conflicts: Partial<Record<string, string>> = {}): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code !== ErrorCode.VALIDATION && error.code !== ErrorCode.CONFLICT && error.code !== ErrorCode.FORBIDDEN) return false;
  const placed = refusedFields(error).flatMap(({ field, message }) => {
    const target = fieldAt(
      form,
      field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    );
    return target ? [{ name: target, errors: [error.code === ErrorCode.CONFLICT ? (conflicts[field] ?? message) : message] }] : [];
  });
  if (placed.length) form.setFields(placed);
  return placed.length > 0;
}
