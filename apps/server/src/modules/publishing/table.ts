import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** 标题模板 (the `titleTemplate` resource): a column per declared field. */
export const titleTemplate = pgTable(
  'title_template',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('title_template_name_key').on(t.name)],
);
