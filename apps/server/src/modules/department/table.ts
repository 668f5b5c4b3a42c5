import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Departments (docs/departments.md): a tree by `parent_id` (0: top level), with the materialised `path` of ids from the
 * top down to the department itself (`/1/4/9/`), so a subtree is one `LIKE '/1/4/%'` and a move rewrites its subtree's
 * paths in one UPDATE. The pinyin columns are computed from the name on every write, for the letter index and search.
 */
export const department = pgTable(
  'department',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    path: text('path').notNull(),
    /** The name's full pinyin (`renliziyuanbu`): the letter index's order. */
    namePinyin: text('name_pinyin').notNull(),
    /** The first letter of each character's pinyin (`rlzyb`): searched by pickers. */
    nameInitials: text('name_initials').notNull(),
    /** `A`–`Z`, or `#`: the name's group in the letter index. */
    nameLetter: text('name_letter').notNull(),
    /** The head (负责人): a sign-in account (auth's staff), who decides approval steps of type department head. */
    headAccountId: integer('head_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('department_parent_name_key').on(t.parentId, t.name),
    // text_pattern_ops: a `LIKE 'prefix%'` uses the index whatever the database's collation.
    index('department_path_idx').on(t.path.op('text_pattern_ops')),
  ],
);
