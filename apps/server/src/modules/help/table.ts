import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** An upgrade log (a timeline of versions); the help drawer shows log 1. */
export const helpUpgradeLog = pgTable('help_upgrade_log', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});
export type UpgradeLogRow = typeof helpUpgradeLog.$inferSelect;

/** One version in an upgrade log. `content` is sanitised rich text. */
export const helpUpgradeVersion = pgTable(
  'help_upgrade_version',
  {
    id: serial('id').primaryKey(),
    logId: integer('log_id')
      .notNull()
      .references(() => helpUpgradeLog.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    versionNumber: text('version_number').notNull(),
    upTime: date('up_time', { mode: 'string' }).notNull(),
    content: text('content').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('help_upgrade_version_number_key').on(t.logId, t.versionNumber),
    index('help_upgrade_version_timeline_idx').on(t.logId, t.upTime, t.id),
  ],
);
export type UpgradeVersionRow = typeof helpUpgradeVersion.$inferSelect;

/** The help manual of a page. `explains` is plain text, `content` sanitised rich text. */
export const helpManual = pgTable(
  'help_manual',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The web route the manual explains; empty for a general manual. */
    path: text('path').notNull().default(''),
    explains: text('explains').notNull().default(''),
    content: text('content').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('help_manual_path_key').on(t.path).where(sql`${t.path} <> ''`), index('help_manual_sort_idx').on(t.sort, t.id)],
);
export type HelpManualRow = typeof helpManual.$inferSelect;

/** Feature-introduction categories, two levels: top (pid 0) and subcategories (pid = top category). */
export const helpCategory = pgTable(
  'help_category',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('help_category_name_key').on(t.pid, t.name), index('help_category_pid_idx').on(t.pid, t.sort, t.id)],
);
export type HelpCategoryRow = typeof helpCategory.$inferSelect;

/** A function explained in the feature introduction, under a subcategory. `explains` is sanitised rich text. */
export const helpFunction = pgTable(
  'help_function',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpCategory.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    explains: text('explains').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('help_function_category_idx').on(t.categoryId, t.sort, t.id)],
);
export type HelpFunctionRow = typeof helpFunction.$inferSelect;
