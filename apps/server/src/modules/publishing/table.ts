import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * 账号管理 (the `publishAccount` resource): a column per declared field — `credential` holds the sealed credential
 * (lib/secrets) — and a feed account's token, kept as its SHA-256 (the address is shown once, when made).
 */
export const publishAccount = pgTable(
  'publish_account',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    platform: integer('platform').notNull(),
    url: text('url').notNull().default(''),
    username: text('username').notNull().default(''),
    credential: text('credential'),
    dailyQuota: integer('daily_quota').notNull().default(10),
    minGap: integer('min_gap').notNull().default(60),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    feedTokenHash: text('feed_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('publish_account_name_key').on(t.name), uniqueIndex('publish_account_feed_token_hash_key').on(t.feedTokenHash)],
);

/**
 * What a feed account has published: its Atom entries, one per publication key (a publish repeated after an unknown
 * outcome finds the entry already there).
 */
export const publishFeedEntry = pgTable(
  'publish_feed_entry',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => publishAccount.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('publish_feed_entry_account_id_key_key').on(t.accountId, t.key), index('publish_feed_entry_account_id_published_at_idx').on(t.accountId, t.publishedAt)],
);

/**
 * 素材 (the `material` resource): a column per declared field, and who submitted it for review (whose person may not
 * decide it).
 */
export const material = pgTable(
  'material',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    keyword: text('keyword').notNull().default(''),
    body: text('body').notNull(),
    state: integer('state').notNull().default(1),
    submittedBy: integer('submitted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('material_state_updated_at_idx').on(t.state, t.updatedAt)],
);
