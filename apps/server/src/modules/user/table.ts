import { LOGIN_PLATFORMS, LOGIN_RESULTS, ORDER_COUNT_BANDS } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { generalCity, generalIndustry } from '../general/table';

/**
 * The marketplace's users and what hangs off them. Sized for 1,000,000 users: every list is read by keyset on an index
 * that matches its sort, and the filters of §3 each have an index or are selective enough to filter while scanning.
 * Times are kept to the millisecond (timestamptz(3)) so a keyset cursor made from a JavaScript Date is exact.
 * See docs/users.md for the fields, the codes and the index plan.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();

/**
 * The §9 order-count band (ORDER_COUNT_BANDS value, 0 without orders) of `order_count`, as SQL. Changing the bands
 * changes this expression: generate a migration with it.
 */
const orderBandOf = (orderCount: string) =>
  sql.raw(`case ${[...ORDER_COUNT_BANDS].sort((a, b) => b.min - a.min).map((b) => `when ${orderCount} >= ${b.min} then ${b.value}`).join(' ')} else 0 end`);

/** The post dictionary (`pw_list`): the service post a user works in, and the post they hold in their agency. */
export const userPost = pgTable(
  'user_post',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_post_name_key').on(t.name)],
);
export type UserPostRow = typeof userPost.$inferSelect;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Unique; digits only (mainland numbers without +86). */
    mobile: text('mobile').notNull(),
    headImgUrl: text('head_img_url').notNull().default(''),
    /** 0 unknown, 1 male, 2 female. */
    gender: smallint('gender').notNull().default(0),
    /** 1 agent, 2 ordinary user. */
    typeUser: smallint('type_user').notNull().default(2),
    /** 1 system user (registered in our apps), 2 channel user. */
    systemId: smallint('system_id').notNull().default(1),
    /** The agency level's rank (`agency_level.level`, by a foreign key the migration writes: docs/marketplace.md › 代理等级). */
    level: smallint('level').notNull().default(0),
    /** The service post (user_post), e.g. 短视频编辑. */
    pwId: integer('pw_id').references(() => userPost.id, { onDelete: 'set null' }),
    /** The post the user holds in their agency (user_post), e.g. 城市合伙人. */
    agencyPwId: integer('agency_pw_id').references(() => userPost.id, { onDelete: 'set null' }),
    /** 0 not verified, 1 verifying, 2 verified: follows the user's verification submissions. */
    authenticationState: smallint('authentication_state').notNull().default(0),
    /** 1 personal, 2 enterprise: the type of the approved submission; null until one is approved. */
    authenticationType: smallint('authentication_type'),
    /** The verified person's or enterprise's name. */
    realName: text('real_name').notNull().default(''),
    /** 0 never, 1 withdrawing, 2 withdrawn, 3 failed: the latest withdrawal request. */
    withdrawState: smallint('withdraw_state').notNull().default(0),
    /** 0 no payout account, 1 bank card, 2 Alipay, 3 WeChat. */
    withdrawType: smallint('withdraw_type').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    /**
     * The `quantity` filter's band of order_count, kept by the database. As a column it can lead an index with the user
     * type, so "agents with 100–299 orders, newest first" reads only its own rows (a range on order_count cannot).
     */
    orderBand: smallint('order_band').notNull().generatedAlwaysAs(orderBandOf('order_count')),
    lastOrderAt: at('last_order_at'),
    /** Money in integer cents (分). */
    totalSpentCents: bigint('total_spent_cents', { mode: 'number' }).notNull().default(0),
    // Balance, frozen, income and beans are the ledger's (lib/ledger): the user's user_cash and user_beans accounts.
    /** The city (城市设置, `general_city`), by GB/T 2260 code; answers carry its name and its province's. */
    cityCode: text('city_code').references(() => generalCity.code),
    /** The industry (行业设置, `general_industry`), top-level or sub-industry; answers carry its name. */
    industryId: integer('industry_id').references(() => generalIndustry.id),
    company: text('company').notNull().default(''),
    /** The user whose invitation brought this one in (agents invite users). */
    inviterId: integer('inviter_id'),
    /** This user's own invitation code, unique. */
    inviteCode: text('invite_code').notNull(),
    /** Where they signed up: app_ios, app_android, h5, mini_program, pc, import. */
    registerChannel: text('register_channel').notNull().default('h5'),
    registeredAt: at('registered_at').notNull().defaultNow(),
    lastLoginAt: at('last_login_at'),
    lastLoginIp: text('last_login_ip').notNull().default(''),
    /** A locked user cannot sign in to the apps; the reason is shown to staff. */
    locked: boolean('locked').notNull().default(false),
    lockReason: text('lock_reason').notNull().default(''),
    lockedAt: at('locked_at'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // text_pattern_ops serves both equality and the prefix search of `keyword`.
    uniqueIndex('users_mobile_key').using('btree', t.mobile.op('text_pattern_ops')),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_name_prefix_idx').using('btree', t.name.op('text_pattern_ops')),
    // Keyset order of each sort; equality filters of low selectivity are checked while scanning these.
    index('users_registered_idx').on(t.registeredAt, t.id),
    index('users_order_count_idx').on(t.orderCount, t.id),
    index('users_last_order_idx').on(t.lastOrderAt, t.id),
    // Selective equality filters, each leading the default keyset order.
    index('users_pw_registered_idx').on(t.pwId, t.registeredAt, t.id),
    index('users_agency_pw_registered_idx').on(t.agencyPwId, t.registeredAt, t.id),
    index('users_level_registered_idx').on(t.level, t.registeredAt, t.id),
    // The two filters staff combine most, user type and order-count band: pages, offsets and counts read only matches.
    index('users_type_band_registered_idx').on(t.typeUser, t.orderBand, t.registeredAt, t.id),
    index('users_inviter_idx').on(t.inviterId),
    // An industry's delete checks that no user is in it.
    index('users_industry_idx').on(t.industryId),
    // Rare states: small partial indexes instead of long filtered scans.
    index('users_locked_registered_idx').on(t.registeredAt, t.id).where(sql`${t.locked}`),
    index('users_verifying_registered_idx').on(t.registeredAt, t.id).where(sql`${t.authenticationState} = 1`),
  ],
);
export type UserDbRow = typeof users.$inferSelect;
export type NewUserDbRow = typeof users.$inferInsert;

/** A real-name (1 personal) or enterprise (2) verification submission, with its documents and review. */
export const userVerification = pgTable(
  'user_verification',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** 1 verifying (under review), 2 verified (approved), 0 not verified (rejected, with the reason). */
    state: smallint('state').notNull().default(1),
    /** Personal: the person's name and ID-card number. */
    realName: text('real_name').notNull().default(''),
    idNumber: text('id_number').notNull().default(''),
    /** Enterprise: name, unified social credit code, legal representative. */
    enterpriseName: text('enterprise_name').notNull().default(''),
    creditCode: text('credit_code').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    /** `[{kind, path}]`: paths of uploaded files. */
    documents: jsonb('documents').$type<{ kind: string; path: string }[]>().notNull().default([]),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
    /** The staff who decided (no foreign key: records outlive accounts). */
    reviewerId: integer('reviewer_id'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_verification_user_idx').on(t.userId, t.submittedAt),
    index('user_verification_submitted_idx').on(t.submittedAt, t.id),
    index('user_verification_state_idx').on(t.state, t.submittedAt, t.id),
    // At most one submission under review per user.
    uniqueIndex('user_verification_one_open_key').on(t.userId).where(sql`${t.state} = 1`),
  ],
);
export type VerificationDbRow = typeof userVerification.$inferSelect;

/** Every step of a submission: submitted, approved, rejected; by whom, with the reason. */
export const userVerificationAudit = pgTable(
  'user_verification_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    verificationId: integer('verification_id')
      .notNull()
      .references(() => userVerification.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    staffId: integer('staff_id'),
    action: text('action', { enum: ['submit', 'approve', 'reject'] }).notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('user_verification_audit_verification_idx').on(t.verificationId, t.createdAt)],
);

/** Sign-ins of users to the apps (not staff sign-ins, which the auth module keeps). */
export const userLoginLog = pgTable(
  'user_login_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginAt: at('login_at').notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    /** City from the IP, when known. */
    location: text('location').notNull().default(''),
    /** e.g. `iPhone 15 · iOS 17.5`. */
    device: text('device').notNull().default(''),
    platform: text('platform', { enum: LOGIN_PLATFORMS }).notNull(),
    result: text('result', { enum: LOGIN_RESULTS }).notNull(),
  },
  (t) => [
    index('user_login_log_user_idx').on(t.userId, t.loginAt, t.id),
    index('user_login_log_time_idx').on(t.loginAt, t.id),
    index('user_login_log_ip_idx').on(t.ip, t.loginAt),
  ],
);
export type LoginLogDbRow = typeof userLoginLog.$inferSelect;

/** Every lock and unlock of a user, with the staff and the reason. */
export const userLockLog = pgTable(
  'user_lock_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id'),
    action: text('action', { enum: ['lock', 'unlock'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('user_lock_log_user_idx').on(t.userId, t.createdAt)],
);
