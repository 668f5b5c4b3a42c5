import type { FieldDefinition } from '@juqi/contract';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What a definition holds beyond its columns: the rules a form and the check read, never queried one by one. */
export type StoredDefinition = Omit<FieldDefinition, 'key' | 'type' | 'sort' | 'permission'>;

/**
 * Admin-defined fields of the forms (`FIELD_FORMS`). Columns for what is looked up, ordered or fixed (form, key, type,
 * order, permission byte); the rest of the definition as one document, read and written whole.
 */
export const fieldDefinitionTable = pgTable(
  'field_definition',
  {
    id: serial('id').primaryKey(),
    form: text('form').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    definition: jsonb('definition').$type<StoredDefinition>().notNull(),
    sort: integer('sort').notNull().default(0),
    permission: smallint('permission').notNull().default(255),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('field_definition_form_key_key').on(t.form, t.key), index('field_definition_form_sort_idx').on(t.form, t.sort, t.id)],
);

/**
 * Saved previews (试填记录) of a form: values checked by its definitions, kept so staff can try a form out before a
 * record holder uses it. Values are one jsonb document, filtered and ordered through `lib/db/custom-fields.ts`, the
 * way record holders keep theirs in an `extra` column; the GIN index serves equality and membership filters.
 */
export const fieldSampleTable = pgTable(
  'field_sample',
  {
    id: serial('id').primaryKey(),
    form: text('form').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    updatedBy: integer('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('field_sample_form_idx').on(t.form, t.id), index('field_sample_values_idx').using('gin', t.values)],
);
