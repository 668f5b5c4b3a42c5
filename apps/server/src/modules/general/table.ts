import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 行业设置 (the `industryResource` resource): a two-level tree. `parent_id` 0 is a top-level industry (a number, not
 * null, so the unique index also keeps top-level names apart); the service keeps the tree at two levels.
 */
export const generalIndustry = pgTable(
  'general_industry',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('general_industry_parent_name_key').on(t.parentId, t.name)],
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
