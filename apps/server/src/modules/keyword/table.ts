import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { generalIndustry } from '../general/table';

/** 关键词库类型 (the `keywordType` resource): a column per declared field. */
export const keywordType = pgTable(
  'keyword_type',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('keyword_type_name_key').on(t.name)],
);

/**
 * 总关键词库 (the `keyword` resource): the word as kept (trimmed, NFKC-folded), unique within its type; a type or an
 * industry a keyword holds cannot be deleted.
 */
export const keyword = pgTable(
  'keyword',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => keywordType.id),
    industryId: integer('industry_id').references(() => generalIndustry.id),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('keyword_type_word_key').on(t.typeId, t.word), index('keyword_industry_idx').on(t.industryId)],
);

/**
 * 指数管理 (the `keywordIndex` resource): one value per keyword, period kind (1 day, 2 week, 3 month) and start; a
 * keyword's values go with it. The unique index also reads a keyword's trend (by keyword, kind and start).
 */
export const keywordIndex = pgTable(
  'keyword_index',
  {
    id: serial('id').primaryKey(),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keyword.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    value: integer('value').notNull(),
    source: text('source').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('keyword_index_keyword_period_start_key').on(t.keywordId, t.period, t.periodStart)],
);
