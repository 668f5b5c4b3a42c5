import { fieldTypeOf, type FieldDefinitionRow } from '@juqi/contract';
import { fieldViewOf } from '../../../components/fields';
import type { Language } from '../../../lib/preferences';

/** How many of a form's fields after the record's name a table shows as columns (the drawer shows them all). */
const FORM_COLUMNS = 3;

/** The first `count` shown fields holding a value, after the one naming the record. */
export const leadingFields = (definitions: readonly FieldDefinitionRow[] | undefined, nameKey: string, count: number) =>
  (definitions ?? []).filter((d) => !d.hidden && d.key !== nameKey && fieldTypeOf(d.type).holdsValue).slice(0, count);

export function FormCell({ definition, value }: { definition: FieldDefinitionRow; value: unknown }) {
  const { Cell } = fieldViewOf(definition.type);
  return <Cell definition={definition} value={value ?? null} />;
}

/**
 * The first shown fields of a record's form, after the one naming it (`nameKey`), as table columns drawn by their field
 * types from the record's `extra`.
 */
export function formColumns<R extends { extra: Record<string, unknown> }>(definitions: readonly FieldDefinitionRow[] | undefined, nameKey: string, language: Language) {
  return leadingFields(definitions, nameKey, FORM_COLUMNS).map((definition) => ({ key: `extra.${definition.key}`, title: definition.label[language], width: 150, render: (_: unknown, r: R) => <FormCell definition={definition} value={r.extra[definition.key]} /> }));
}
