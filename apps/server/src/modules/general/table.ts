import { boolean, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * 行业设置 (the `industryResource` resource): a two-level tree. A top-level industry's `parent_id` is null, a
 * sub-industry's references its parent, which cannot be deleted while it has sub-industries; the service keeps the tree
 * at two levels. Names are unique under one parent, nulls not distinct, so top-level names are kept apart too.
 */
export const generalIndustry = pgTable(
  'general_industry',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => generalIndustry.id),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('general_industry_parent_name_key').on(t.parentId, t.name).nullsNotDistinct()],
);

/**
 * 城市设置 (the `cityResource` resource): China's prefecture-level cities by GB/T 2260 code, with their province.
 * The rows come from the division data in the migration that created the table (docs/general-settings.md); staff
 * change only the order, enabled and hot.
 */
export const generalCity = pgTable(
  'general_city',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    provinceCode: text('province_code').notNull(),
    provinceName: text('province_name').notNull(),
    pinyin: text('pinyin').notNull().default(''),
    initials: text('initials').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    hot: boolean('hot').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('general_city_code_key').on(t.code), index('general_city_province_idx').on(t.provinceCode, t.sort, t.id)],
);
