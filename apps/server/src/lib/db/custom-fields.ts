import { fieldTypeOf, type FieldDefinition, type FieldOperator } from '@juqi/contract';
import { and, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, issueText, type LocalText } from '../errors';
import { lockFor } from './advisory-lock';
import type { Executor } from './client';
import { containing } from './like';

/**
 * Filters and orders over admin-defined values kept in a jsonb column (`extra`) of the record that owns them
 * (docs/field-definitions.md › Values). Every value the registry stores is plain JSON, so one expression reads a field
 * for all operators and the order: `extra -> 'key'`, compared as jsonb (numbers as numbers, strings by collation,
 * fixed-format days and instants in time order). Equality and membership are containment (`extra @> {"key": …}`), which
 * one GIN index on the column serves for every field; a field often ranged or ordered gets a btree index on
 * `((extra -> 'key'))`.
 */

/** A filter on one admin-defined field, as a list body carries it. */
export interface CustomFieldFilter {
  key: string;
  operator: FieldOperator;
  value: unknown;
}

/** The key as an SQL literal (so an expression index on it matches); definition keys are snake_case, checked here again. */
function keyLiteral(key: string): SQL {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(key)) throw new Error(`not a field key: ${key}`);
  return sql.raw(`'${key}'`);
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const operandOf: Record<FieldOperator, z.ZodType> = {
  equals: scalar,
  in: z.array(z.union([z.string(), z.number()])).min(1).max(50),
  range: z.tuple([z.union([z.string(), z.number()]), z.union([z.string(), z.number()])]),
  contains: z.string().trim().min(1).max(100),
  empty: z.boolean(),
};

const asJson = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * The condition of `filter` on `column` for the field `definition` describes. An operator the field's type does not
 * offer, or a value that does not fit it, is 40000 naming the key. Values are taken the way the type stores them
 * (numbers from form strings, phones joined …), so they compare with what records hold.
 */
export function customFieldCondition(column: AnyColumn, definition: FieldDefinition, filter: CustomFieldFilter): SQL {
  const entry = fieldTypeOf(definition.type);
  // Named by the field's own label: a filter's key is an admin-defined field, which no call can label.
  const fail = (reason: LocalText) => AppError.invalidFields([{ field: filter.key, text: reason, label: definition.label }]);
  if (!entry.operators.includes(filter.operator)) {
    const offered = entry.operators.join(', ');
    throw fail({ 'zh-CN': offered ? `该字段不支持此筛选方式（可用：${offered}）` : '该字段不能筛选', 'en-US': `a ${definition.type} field offers ${offered || 'no filter'}` });
  }
  const operand = operandOf[filter.operator].safeParse(filter.value);
  if (!operand.success) throw fail(issueText(operand.error.issues[0]!));

  // The type's own rule, without the record's bounds: a filter value is one value, present.
  const stored = entry.value({ ...definition, required: true, extend_quantity_min: null, extend_quantity_max: null });
  const normalise = (value: unknown) => {
    const parsed = stored.safeParse(value);
    if (!parsed.success) throw fail(issueText(parsed.error.issues[0]!));
    return parsed.data as unknown;
  };
  const key = keyLiteral(definition.key);
  const value = sql`${column} -> ${key}`;
  const contains = (v: unknown) => sql`${column} @> ${asJson({ [definition.key]: v })}`;
  // Types holding a list (ids, options, files, rows) and a cascader's path hold a value when the list has it.
  const holdsList = entry.quantity === 'items' || definition.type === 'cascader';

  switch (filter.operator) {
    case 'empty':
      return operand.data ? sql`coalesce(${value}, 'null'::jsonb) = 'null'::jsonb` : sql`coalesce(${value}, 'null'::jsonb) <> 'null'::jsonb`;
    case 'equals':
      return contains(normalise(operand.data));
    case 'in': {
      const wanted = operand.data as (string | number)[];
      if (definition.type === 'cascader') return or(...wanted.map((v) => contains([v])))!;
      if (holdsList) return or(...(normalise(wanted) as unknown[]).map((v) => contains([v])))!;
      return or(...wanted.map((v) => contains(normalise(v))))!;
    }
    case 'range': {
      if (definition.type === 'date_interval') {
        const [from, to] = normalise(operand.data) as [string, string];
        return sql`(${value} ->> 0 <= ${to} and ${value} ->> 1 >= ${from})`;
      }
      const [from, to] = (operand.data as unknown[]).map(normalise);
      return sql`${value} between ${asJson(from)} and ${asJson(to)}`;
    }
    case 'contains': {
      const text = definition.type === 'position' || definition.type === 'location' ? sql`${value} ->> 'address'` : sql`${column} ->> ${key}`;
      return sql`${text} ilike ${containing(operand.data as string)}`;
    }
  }
}

/**
 * The order by the field, records without a value last. A place orders by its address; any other value by jsonb's own
 * order, which is the value's order for numbers, texts, days, instants, booleans and choices (a list by its length first).
 */
export function customFieldOrder(column: AnyColumn, definition: FieldDefinition, direction: 'asc' | 'desc'): SQL {
  const key = keyLiteral(definition.key);
  const expression =
    definition.type === 'position' || definition.type === 'location' ? sql`${column} -> ${key} ->> 'address'` : sql`nullif(${column} -> ${key}, 'null'::jsonb)`;
  return direction === 'asc' ? sql`${expression} asc nulls last` : sql`${expression} desc nulls last`;
}

/** Where a record holder keeps admin-defined values: its table, id and `extra` columns, and which of its rows count. */
export interface CustomValuesHolder {
  table: PgTable;
  id: PgColumn;
  extra: PgColumn;
  /** The rows a unique value is unique among (live ones, where deleted rows stay); all by default. */
  live?: SQL;
  /** The advisory lock its writers of unique values queue on. */
  lock: string;
}

/**
 * The first unique field of the form whose value in `values` another record already holds, or null: checked under the
 * holder's lock (held until the transaction ends), so two records cannot both pass with one value. Values are compared
 * as stored (containment, which the column's GIN index serves).
 */
export async function takenUniqueField(tx: Executor, holder: CustomValuesHolder, definitions: readonly FieldDefinition[], values: Record<string, unknown>, exceptId?: number): Promise<string | null> {
  const unique = definitions.filter((d) => d.unique && values[d.key] != null);
  if (!unique.length) return null;
  await lockFor(tx, holder.lock);
  for (const { key } of unique) {
    const [taken] = await tx
      .select({ id: holder.id })
      .from(holder.table)
      .where(and(sql`${holder.extra} @> ${asJson({ [key]: values[key] })}`, holder.live, exceptId === undefined ? undefined : ne(holder.id, exceptId)))
      .limit(1);
    if (taken) return key;
  }
  return null;
}
