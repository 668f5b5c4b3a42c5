import type { FieldForm } from '@juqi/contract';
import { takenUniqueField, type CustomValuesHolder } from './db/custom-fields';
import type { Executor } from './db/client';
import { AppError, type LocalText } from './errors';
import type { AccessServices } from './http/types';

/** What a record's values must not share with another's: the holder's rows, the record itself left out, and the refusal. */
export interface UniqueValues {
  holder: CustomValuesHolder;
  exceptId?: number;
  taken: LocalText;
}

/**
 * A form's values as a call sends them under `values` (an application, a customer, a product): checked and cleaned by
 * the field engine, a refusal naming `values.<key>`; with `unique`, a unique field's value another record holds is
 * 40900 naming it. Pass the write's transaction (PGlite has one connection).
 */
export async function checkedFormValues(
  fields: NonNullable<AccessServices['fields']>,
  form: FieldForm,
  values: Record<string, unknown>,
  tx?: Executor,
  unique?: UniqueValues,
): Promise<Record<string, unknown>> {
  let checked: Record<string, unknown>;
  try {
    checked = await fields.check(form, values, tx);
  } catch (err) {
    if (!(err instanceof AppError) || !err.refused.length) throw err;
    throw AppError.invalidFields(err.refused.map((refusal) => ({ ...refusal, field: `values.${refusal.field}` })));
  }
  if (unique && tx) {
    const taken = await takenUniqueField(tx, unique.holder, await fields.definitions(form, tx), checked, unique.exceptId);
    if (taken) throw AppError.conflict(unique.taken, `values.${taken}`);
  }
  return checked;
}
