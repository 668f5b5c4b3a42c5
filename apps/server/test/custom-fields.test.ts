import { fieldTypeOf, fieldValues, type FieldType } from '@juqi/contract';
import { asc, sql, type SQL } from 'drizzle-orm';
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/lib/db/client';
import { customFieldCondition, customFieldOrder, type CustomFieldFilter } from '../src/lib/db/custom-fields';
import { AppError } from '../src/lib/errors';
import { createTestDatabase } from './helpers/database';
import { fieldDefinitions, keyOf, SAMPLES, VALUE_TYPES } from './helpers/field-fixtures';

/**
 * lib/db/custom-fields.ts on a table made for this test: a record per type holding a value in that type's field
 * alone, filtered by each operator the type offers; then records ordered by a custom field, empty ones last.
 */
const probe = pgTable('custom_field_probe', { id: integer('id').primaryKey(), extra: jsonb('extra').$type<Record<string, unknown>>().notNull() });
const definitionOf = (type: FieldType) => fieldDefinitions.find((d) => d.type === type)!;
const check = fieldValues(fieldDefinitions);

let database: Database;
/** The record holding the type's value, by type. */
const recordOf = new Map<FieldType, number>();

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table custom_field_probe (id integer primary key, extra jsonb not null default '{}')`);
  // Stored as a record holder stores them: checked, so empty fields are null.
  const rows = VALUE_TYPES.map((type, i) => {
    recordOf.set(type, i + 1);
    return { id: i + 1, extra: check.parse({ [keyOf(type)]: SAMPLES[type].valid }) };
  });
  await database.db.insert(probe).values(rows);
});
afterAll(() => database?.close());

const idsWhere = async (condition: SQL) => (await database.db.select({ id: probe.id }).from(probe).where(condition).orderBy(asc(probe.id))).map((r) => r.id);
const filter = (type: FieldType, operator: CustomFieldFilter['operator'], value: unknown) =>
  customFieldCondition(probe.extra, definitionOf(type), { key: keyOf(type), operator, value });

/** Per type, filters its own record should match (beside `empty`, tried on every type). */
const MATCHING: Partial<Record<FieldType, [CustomFieldFilter['operator'], unknown][]>> = {
  text: [['equals', 'Alpha'], ['contains', 'LPH']],
  number: [['equals', '12'], ['range', [10, 20]]],
  floatnumber: [['equals', 1.25], ['range', [1, 2]]],
  mobile: [['equals', '13800138000'], ['contains', '0013']],
  email: [['equals', 'sales@example.com'], ['contains', 'EXAMPLE']],
  date: [['range', ['2026-02-01', '2026-03-31']]],
  datetime: [['range', ['2026-03-01T09:00:00+08:00', '2026-03-01T10:00:00+08:00']]],
  single_user: [['equals', 1], ['in', [1, 9]]],
  website: [['contains', 'example.com']],
  textarea: [['contains', 'first']],
  select: [['equals', 'a'], ['in', ['b', 'a']]],
  checkbox: [['in', ['a']]],
  cascader: [['in', ['sz']]],
  boolean_value: [['equals', true]],
  percent: [['equals', 12.5], ['range', [12, 13]]],
  position: [['contains', '南山']],
  location: [['contains', '科技园']],
  date_interval: [['range', ['2026-01-31', '2026-02-15']]],
};
for (const type of ['user', 'structure', 'contacts', 'customer', 'contract', 'business', 'company_select', 'merchant_select', 'industry'] as const)
  MATCHING[type] = [['in', [(SAMPLES[type].valid as number[]).at(-1)!, 99]]];

/** Filters that must match nothing: the edges just outside the stored values. */
const MISSING: [FieldType, CustomFieldFilter['operator'], unknown][] = [
  ['text', 'equals', 'alpha'],
  ['number', 'range', [13, 20]],
  ['floatnumber', 'range', [1.26, 2]],
  ['date', 'range', ['2026-03-02', '2026-03-31']],
  ['datetime', 'range', ['2026-03-01T01:30:00.001Z', '2026-03-02T00:00:00Z']],
  ['user', 'in', [4]],
  ['select', 'equals', 'b'],
  ['cascader', 'in', ['fj']],
  ['boolean_value', 'equals', false],
  ['date_interval', 'range', ['2026-02-01', '2026-02-15']],
  ['text', 'contains', '%'],
];

/** What a filter's construction threw: an AppError's code and field. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    return err instanceof AppError ? { code: err.code, field: err.data?.field } : err;
  }
  return 'accepted';
}

/** The ordering records (ids above 100) and the type's own record, by the type's field. */
const ordered = async (type: FieldType, direction: 'asc' | 'desc') =>
  (
    await database.db
      .select({ id: probe.id })
      .from(probe)
      .where(sql`${probe.id} > 100 or ${probe.id} = ${recordOf.get(type)!}`)
      .orderBy(customFieldOrder(probe.extra, definitionOf(type), direction), asc(probe.id))
  ).map((r) => r.id);

describe('custom-field filters over a jsonb column', () => {
  it.each(VALUE_TYPES)('%s: each operator of the type finds its record alone', async (type) => {
    const own = recordOf.get(type)!;
    for (const [operator, value] of MATCHING[type] ?? []) expect(await idsWhere(filter(type, operator, value)), `${operator} ${JSON.stringify(value)}`).toEqual([own]);
    expect(fieldTypeOf(type).operators).toContain('empty');
    expect(await idsWhere(filter(type, 'empty', false))).toEqual([own]);
    expect(await idsWhere(filter(type, 'empty', true))).toEqual([...recordOf.values()].filter((id) => id !== own));
  });

  it('finds nothing just outside the stored values', async () => {
    for (const [type, operator, value] of MISSING) expect(await idsWhere(filter(type, operator, value)), `${type} ${operator}`).toEqual([]);
  });

  it('refuses an operator the type does not offer, and a value that does not fit it, naming the key', () => {
    expect(refusal(() => filter('pic', 'contains', 'x'))).toEqual({ code: 40000, field: 'f_pic' });
    expect(refusal(() => filter('number', 'range', ['a', 'b']))).toEqual({ code: 40000, field: 'f_number' });
    expect(refusal(() => filter('select', 'equals', 'z'))).toEqual({ code: 40000, field: 'f_select' });
    expect(refusal(() => filter('text', 'in', ['a']))).toEqual({ code: 40000, field: 'f_text' });
  });
});

describe('ordering by a custom field', () => {
  beforeAll(async () => {
    const rows = [
      { id: 101, extra: check.parse({ f_number: 30, f_text: 'beta', f_date: '2026-05-01', f_percent: 5, f_location: { address: '北京', coordinate_system: 'wgs84' } }) },
      { id: 102, extra: check.parse({ f_number: 4, f_text: 'Gamma', f_date: '2025-12-31', f_percent: 99.5, f_location: { address: '上海', coordinate_system: 'wgs84' } }) },
      { id: 103, extra: check.parse({ f_number: -7, f_date: '2026-01-10', f_percent: 0 }) },
    ];
    await database.db.insert(probe).values(rows);
  });

  it('orders numbers as numbers, days in time order, and leaves records without a value last both ways', async () => {
    // The per-type record holds 12 / 2026-03-01 / 12.5.
    expect(await ordered('number', 'asc')).toEqual([103, 102, recordOf.get('number'), 101]);
    expect(await ordered('number', 'desc')).toEqual([101, recordOf.get('number'), 102, 103]);
    expect(await ordered('percent', 'asc')).toEqual([103, 101, recordOf.get('percent'), 102]);
    expect(await ordered('date', 'desc')).toEqual([101, recordOf.get('date'), 103, 102]);
    const text = await ordered('text', 'asc');
    expect(text.at(-1)).toBe(103);
    expect(text.slice(0, 3).sort()).toEqual([101, 102, recordOf.get('text')].sort());
    expect((await ordered('location', 'asc')).at(-1)).toBe(103);
  });
});
