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
