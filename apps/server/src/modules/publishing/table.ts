import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { keyword } from '../keyword/table';

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

/** 发布时段 (the `publishWindow` resource, a child list of an account): when smart publishing may post on it. */
export const publishWindow = pgTable(
  'publish_window',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => publishAccount.id),
    days: integer('days').notNull().default(1),
    start: text('start').notNull(),
    end: text('end').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publish_window_account_id_idx').on(t.accountId)],
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

/**
 * A publication: one material on one account at one time (docs/publishing.md › Publishing). Its `key` names the post
 * on the platform on every attempt; while it is not cancelled, an account holds a material once and a title or a body
 * once (the hashes of the text published).
 */
export const publication = pgTable(
  'publication',
  {
    id: serial('id').primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => material.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => publishAccount.id),
    mode: integer('mode').notNull(),
    state: integer('state').notNull().default(1),
    key: text('key').notNull(),
    title: text('title').notNull(),
    titleHash: text('title_hash').notNull(),
    bodyHash: text('body_hash').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error').notNull().default(''),
    postId: text('post_id'),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publication_key_key').on(t.key),
    uniqueIndex('publication_account_id_material_id_key').on(t.accountId, t.materialId).where(sql`state <> 6`),
    uniqueIndex('publication_account_id_title_hash_key').on(t.accountId, t.titleHash).where(sql`state <> 6`),
    uniqueIndex('publication_account_id_body_hash_key').on(t.accountId, t.bodyHash).where(sql`state <> 6`),
    index('publication_scheduled_at_idx').on(t.scheduledAt, t.id),
    index('publication_state_idx').on(t.state),
  ],
);

/** Each try of a publication: when it started, how long it took, what came of it. */
export const publicationAttempt = pgTable(
  'publication_attempt',
  {
    id: serial('id').primaryKey(),
    publicationId: integer('publication_id')
      .notNull()
      .references(() => publication.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ms: integer('ms').notNull().default(0),
    outcome: text('outcome').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [index('publication_attempt_publication_id_idx').on(t.publicationId)],
);

/** 拓展词标签 (the `extensionLabel` resource): a column per declared field. */
export const extensionLabel = pgTable(
  'extension_label',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('extension_label_name_key').on(t.name)],
);

/**
 * 关键词 of the tool (the `workingKeyword` resource): a word kept folded, its tag (kept from deletion while held), and
 * the master library's keyword it came from (forgotten when that one goes).
 */
export const workingKeyword = pgTable(
  'working_keyword',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    labelId: integer('label_id').references(() => extensionLabel.id),
    libraryId: integer('library_id').references(() => keyword.id, { onDelete: 'set null' }),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('working_keyword_word_key').on(t.word), index('working_keyword_label_id_idx').on(t.labelId)],
);
