import type { FieldDefinition, FieldForm, FieldType } from '@juqi/contract';
import { and, asc, count, desc, eq, inArray, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { lockFor } from '../../lib/db/advisory-lock';
import type { Executor } from '../../lib/db/client';
import { fieldDefinitionTable, fieldSampleTable, type StoredDefinition } from './table';

/** A stored definition with its id, form and time of change. */
export interface DefinitionRecord extends FieldDefinition {
  id: number;
  form: FieldForm;
  updated_at: string;
}

type Row = typeof fieldDefinitionTable.$inferSelect;

const toRecord = (row: Row): DefinitionRecord => ({
  ...row.definition,
  id: row.id,
  form: row.form as FieldForm,
  key: row.key,
  type: row.type as FieldDefinition['type'],
  sort: row.sort,
  permission: row.permission,
  updated_at: row.updatedAt.toISOString(),
});

/** The definition without its columns: what the `definition` document holds. */
function documentOf({ key: _key, type: _type, sort: _sort, permission: _permission, ...rest }: FieldDefinition): StoredDefinition {
  return rest;
}

export class FieldRepository {
  constructor(private readonly db: Executor) {}

  /** A form's definitions, by sort then id. */
  async list(form: FieldForm, tx: Executor = this.db): Promise<DefinitionRecord[]> {
    const rows = await tx.select().from(fieldDefinitionTable).where(eq(fieldDefinitionTable.form, form)).orderBy(asc(fieldDefinitionTable.sort), asc(fieldDefinitionTable.id));
    return rows.map(toRecord);
  }

  /** One of the form's definitions; undefined when it has none of that id. Locked for the caller's transaction. */
  async get(form: FieldForm, id: number, tx: Executor = this.db): Promise<DefinitionRecord | undefined> {
    const [row] = await tx
      .select()
      .from(fieldDefinitionTable)
      .where(and(eq(fieldDefinitionTable.form, form), eq(fieldDefinitionTable.id, id)))
      .for('update');
    return row && toRecord(row);
  }

  async keyTaken(form: FieldForm, key: string, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: fieldDefinitionTable.id })
      .from(fieldDefinitionTable)
      .where(and(eq(fieldDefinitionTable.form, form), eq(fieldDefinitionTable.key, key)));
    return row !== undefined;
  }

  /** Whether any of the forms has a field, or a detail table's column, of one of these types. */
  async anyOfTypes(forms: readonly FieldForm[], types: readonly FieldType[], tx: Executor = this.db): Promise<boolean> {
    if (!forms.length || !types.length) return false;
    const column = or(...types.map((type) => sql`${fieldDefinitionTable.definition} -> 'sub_fields' @> ${JSON.stringify([{ type }])}::jsonb`));
    const [row] = await tx
      .select({ id: fieldDefinitionTable.id })
      .from(fieldDefinitionTable)
      .where(and(inArray(fieldDefinitionTable.form, [...forms]), or(inArray(fieldDefinitionTable.type, [...types]), and(eq(fieldDefinitionTable.type, 'detail_table'), column))))
      .limit(1);
    return row !== undefined;
  }

  /** How many definitions the form holds, and the order after its last one. */
  async extent(form: FieldForm, tx: Executor = this.db): Promise<{ count: number; nextSort: number }> {
    const [row] = await tx.select({ n: count(), last: max(fieldDefinitionTable.sort) }).from(fieldDefinitionTable).where(eq(fieldDefinitionTable.form, form));
    return { count: row?.n ?? 0, nextSort: row?.last == null ? 0 : row.last + 1 };
  }

  async add(form: FieldForm, definition: FieldDefinition, tx: Executor = this.db): Promise<number> {
    const [row] = await tx
      .insert(fieldDefinitionTable)
      .values({ form, key: definition.key, type: definition.type, definition: documentOf(definition), sort: definition.sort, permission: definition.permission })
      .returning({ id: fieldDefinitionTable.id });
    return row!.id;
  }

  /** Replaces the definition's document (its key, type and byte stay as they are). */
  async update(id: number, definition: FieldDefinition, tx: Executor = this.db): Promise<void> {
    await tx.update(fieldDefinitionTable).set({ definition: documentOf(definition), updatedAt: sql`now()` }).where(eq(fieldDefinitionTable.id, id));
  }

  async delete(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(fieldDefinitionTable).where(eq(fieldDefinitionTable.id, id));
  }

  /** Gives the definitions their place in `ids`' order. */
  async reorder(ids: number[], tx: Executor = this.db): Promise<void> {
    for (const [sort, id] of ids.entries()) await tx.update(fieldDefinitionTable).set({ sort, updatedAt: sql`now()` }).where(eq(fieldDefinitionTable.id, id));
  }
}

/** A saved preview as stored. */
export type SampleRecord = typeof fieldSampleTable.$inferSelect;

/** A form's saved previews (试填记录). */
export class SampleRepository {
  constructor(private readonly db: Executor) {}

  /** A page of the form's previews matching the conditions, in the given order then newest first. */
  async page(form: FieldForm, where: SQL[], order: SQL | undefined, page: number, limit: number, tx: Executor = this.db) {
    const condition = and(eq(fieldSampleTable.form, form), ...where);
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(fieldSampleTable)
        .where(condition)
        .orderBy(...(order ? [order] : []), desc(fieldSampleTable.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(fieldSampleTable).where(condition),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async get(form: FieldForm, id: number, tx: Executor = this.db): Promise<SampleRecord | undefined> {
    const [row] = await tx
      .select()
      .from(fieldSampleTable)
      .where(and(eq(fieldSampleTable.form, form), eq(fieldSampleTable.id, id)))
      .for('update');
    return row;
  }

  async count(form: FieldForm, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(fieldSampleTable).where(eq(fieldSampleTable.form, form));
    return row?.n ?? 0;
  }

  /** Whether another preview of the form holds this value under the key (jsonb containment, served by the GIN index). */
  async holds(form: FieldForm, key: string, value: unknown, exceptId: number | undefined, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: fieldSampleTable.id })
      .from(fieldSampleTable)
      .where(
        and(
          eq(fieldSampleTable.form, form),
          sql`${fieldSampleTable.values} @> ${JSON.stringify({ [key]: value })}::jsonb`,
          exceptId === undefined ? undefined : ne(fieldSampleTable.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Serialises the form's preview writes until the transaction ends, so two saves cannot both take a unique value. */
  async lockForm(form: FieldForm, tx: Executor): Promise<void> {
    await lockFor(tx, `field_sample:${form}`);
  }

  async add(form: FieldForm, values: Record<string, unknown>, staffId: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.insert(fieldSampleTable).values({ form, values, updatedBy: staffId }).returning({ id: fieldSampleTable.id });
    return row!.id;
  }

  async update(id: number, values: Record<string, unknown>, staffId: number, tx: Executor = this.db): Promise<void> {
    await tx.update(fieldSampleTable).set({ values, updatedBy: staffId, updatedAt: sql`now()` }).where(eq(fieldSampleTable.id, id));
  }

  async delete(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(fieldSampleTable).where(eq(fieldSampleTable.id, id));
  }
}
