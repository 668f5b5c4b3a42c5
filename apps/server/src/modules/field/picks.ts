import { isPickerType, PICKER_LOOKUPS, type FieldDefinition, type LookupKind } from '@juqi/contract';

/**
 * A value with each record id a record-picking field holds passed through `visit` (a detail table's cells too), its
 * shape kept: what checks that picked records exist and what writes them by name both walk values this way.
 */
export function mapPicks(definition: FieldDefinition, value: unknown, visit: (kind: LookupKind, id: number) => unknown): unknown {
  if (value == null) return value;
  if (definition.type === 'detail_table') {
    const columns = new Map((definition.sub_fields ?? []).map((sub) => [sub.key, sub]));
    return (value as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, cell]) => [key, columns.has(key) ? mapPicks(columns.get(key)!, cell, visit) : cell])),
    );
  }
  if (!isPickerType(definition.type)) return value;
  const kind = PICKER_LOOKUPS[definition.type];
  return Array.isArray(value) ? (value as number[]).map((id) => visit(kind, id)) : visit(kind, value as number);
}
