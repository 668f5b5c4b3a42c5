import { ErrorCode } from '@juqi/contract';
import type { FormInstance } from 'antd';
import { placeRefusal, type NamePath } from '../../lib/form-errors';

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
 * A refused save on the fields of the form that has a control for them (`fieldAt`): a 40000 and a 40900 as
 * `showOnField` (lib/form-errors.ts) places them, and besides these a 40300, a change the field's permission byte
 * forbids. The named field may be a list row's cell (`options.0.value`, `sub_fields.1.key`), whose index is a number
 * in the form's name. `conflicts` words the 40900s by field. Answers whether a field took the error.
 */
export function showRefusal(form: FormInstance, error: unknown, conflicts: Partial<Record<string, string>> = {}): boolean {
  const registered = (field: string) => fieldAt(form, field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
  return placeRefusal(form, error, registered, [ErrorCode.VALIDATION, ErrorCode.CONFLICT, ErrorCode.FORBIDDEN], conflicts);
}
