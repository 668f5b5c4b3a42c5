import { personnelCalls, STAFF_FORM_PROPERTIES, type FieldDefinitionRow } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/** The definitions of form personnel_info: the record's own properties' fields and the admin-defined ones. */
export interface StaffFormFields {
  /** Fields the record does not hold itself, not hidden, in order: their values go in `extra`. */
  custom: FieldDefinitionRow[];
  /** The record's own properties a system field says are required (手机号 by default). */
  required: Set<string>;
}

const own = (key: string): key is keyof typeof STAFF_FORM_PROPERTIES => Object.hasOwn(STAFF_FORM_PROPERTIES, key);

function split(definitions: readonly FieldDefinitionRow[]): StaffFormFields {
  return {
    custom: definitions.filter((definition) => !own(definition.key) && !definition.hidden),
    required: new Set(definitions.flatMap((definition) => (own(definition.key) && definition.required ? [STAFF_FORM_PROPERTIES[definition.key]] : []))),
  };
}

/**
 * `/api/personnel/staff_fields`: whoever may view staff records reads the form their custom values follow. Split as it
 * is read (`select`), so the cache holds the call's answer under its key as any reader of `callKey` expects it.
 */
export const useStaffFormFields = () =>
  useQuery({
    queryKey: callKey(personnelCalls.formFields, {}),
    queryFn: () => callApi(personnelCalls.formFields, { body: {} }),
    select: split,
    staleTime: 60_000,
  });
