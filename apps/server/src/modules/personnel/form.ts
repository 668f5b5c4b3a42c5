import { fieldLabel, personnelCalls, STAFF_FORM_PROPERTIES } from '@juqi/contract';
import { isNull } from 'drizzle-orm';
import { lockFor } from '../../lib/db/advisory-lock';
import { takenUniqueField, type CustomValuesHolder } from '../../lib/db/custom-fields';
import type { Executor } from '../../lib/db/client';
import { AppError, Refusals } from '../../lib/errors';
import type { AccessServices } from '../../lib/http/types';
import type { NewStaffRecord } from './repository';
import { personnelStaff } from './table';

export const FORM = 'personnel_info';

/**
 * The form's system fields the record holds as its own properties (contract `STAFF_FORM_PROPERTIES`; docs/personnel.md
 * › Custom fields): checked by the form with the record's values, so 姓名 and 手机号 stay required as the form says,
 * but stored in their columns only.
 */
type MirroredKey = keyof typeof STAFF_FORM_PROPERTIES;
/** The record's column holding a mirrored field: its property in camel case (`report_time` → `reportTime`). */
const columnOf = (key: MirroredKey) => STAFF_FORM_PROPERTIES[key].replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof NewStaffRecord;
export const isMirrored = (key: string): key is MirroredKey => Object.hasOwn(STAFF_FORM_PROPERTIES, key);

/** Live staff records hold unique custom values; one writer of them at a time (till the transaction ends). */
const UNIQUE_HOLDER: CustomValuesHolder = { table: personnelStaff, id: personnelStaff.id, extra: personnelStaff.extra, live: isNull(personnelStaff.deletedAt), lock: 'personnel:unique' };
export async function lockUniqueValues(tx: Executor): Promise<void> {
  await lockFor(tx, UNIQUE_HOLDER.lock);
}

/** A staff record's values of form personnel_info, checked by the field module and unique where a field says so. */
export class PersonnelForm {
  constructor(private readonly fields: NonNullable<AccessServices['fields']>) {}

  /**
   * The record's `extra`: `sent` over the `stored` values of fields that still exist, checked with the record's own
   * properties standing in for the fields they mirror; answers the values without those. A value refused is 40000
   * naming the field's key (a mirrored field's: the record's property); a unique field's value another live record
   * holds is 40900 naming the key.
   */
  async checked(record: Partial<NewStaffRecord>, sent: Record<string, unknown>, stored: Record<string, unknown>, exceptId: number | undefined, tx: Executor): Promise<Record<string, unknown>> {
    const refusals = new Refusals();
    for (const key of Object.keys(sent).filter(isMirrored)) {
      const [zh, en] = (['zh-CN', 'en-US'] as const).map((locale) => fieldLabel(STAFF_FORM_PROPERTIES[key], locale, personnelCalls.add.labels));
      refusals.add(key, { 'zh-CN': `由人员档案的“${zh}”设置`, 'en-US': `set by the record's own ${en}` });
    }
    refusals.throwIfAny();
    const definitions = await this.fields.definitions(FORM, tx);
    const values: Record<string, unknown> = {};
    for (const { key } of definitions) {
      if (isMirrored(key)) values[key] = record[columnOf(key)] ?? null;
      else if (Object.hasOwn(stored, key)) values[key] = stored[key];
    }
    let checked: Record<string, unknown>;
    try {
      checked = await this.fields.check(FORM, { ...values, ...sent }, tx);
    } catch (err) {
      // A mirrored field's value is the record's property: the refusal names the property, by the call's label.
      if (!(err instanceof AppError) || !err.refused.some((r) => isMirrored(r.field))) throw err;
      throw AppError.invalidFields(err.refused.map((r) => (isMirrored(r.field) ? { field: STAFF_FORM_PROPERTIES[r.field], text: r.text } : r)));
    }
    const taken = await takenUniqueField(tx, UNIQUE_HOLDER, definitions.filter((d) => !isMirrored(d.key)), checked, exceptId);
    if (taken) throw AppError.conflict({ 'zh-CN': '该值已被其他人员使用', 'en-US': 'Another staff record already has this value' }, taken);
    return Object.fromEntries(Object.entries(checked).filter(([key]) => !isMirrored(key)));
  }
}
