import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** 案例平台 (the `casePlatform` resource): a column per declared field. */
export const casePlatform = pgTable(
  'case_platform',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('case_platform_name_key').on(t.name)],
);
