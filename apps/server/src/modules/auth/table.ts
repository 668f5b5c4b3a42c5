import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../user/table';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** The sign-in number, unique, compared after trimming. */
    staffNum: text('staff_num').notNull(),
    name: text('name').notNull(),
    /** Phone for SMS sign-in; unique among staff when present. */
    phone: text('phone'),
    email: text('email'),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** `active` may sign in; `disabled` may not (left, suspended). */
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** Accounts sharing a person key belong to one person, who may switch between them without signing in again. */
    personKey: text('person_key'),
    /** Sign-in is refused until then: set by an administrator (failed attempts lock through `sign_in_lock` instead). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_staff_num_key').on(t.staffNum),
    uniqueIndex('staff_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
    index('staff_person_key_idx').on(t.personKey),
  ],
);
export type StaffRow = typeof staff.$inferSelect;
export type NewStaffRow = typeof staff.$inferInsert;

/** A sign-in session. Only the SHA-256 of the token is stored. */
export const staffSession = pgTable(
  'staff_session',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout | replaced (signed in elsewhere) | revoked (locked, disabled, password changed) | switched */
    endReason: text('end_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('staff_session_token_key').on(t.tokenHash), index('staff_session_staff_idx').on(t.staffId)],
);
export type SessionRow = typeof staffSession.$inferSelect;

/**
 * A marketplace user's session in the apps (`app-user` calls), apart from the staff's: a token of one kind is unknown
 * to the other's guard. Only the SHA-256 of the token is stored; it expires by the staff's idle and absolute limits.
 */
export const userSession = pgTable(
  'user_session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout | expired | locked (the user was locked while signed in) | replaced (beyond 代理登录's device cap) */
    endReason: text('end_reason', { enum: ['logout', 'expired', 'locked', 'replaced'] }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('user_session_token_key').on(t.tokenHash), index('user_session_user_idx').on(t.userId)],
);
export type UserSessionRow = typeof userSession.$inferSelect;

/** Every sign-in attempt, successful or not. */
export const signInLog = pgTable(
  'sign_in_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** What was typed: the staff number or phone (never a password or code). */
    identifier: text('identifier').notNull(),
    method: text('method', { enum: ['password', 'sms', 'switch'] }).notNull(),
    result: text('result', { enum: ['success', 'bad_credentials', 'locked', 'disabled', 'bad_code', 'replayed'] }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_log_staff_idx').on(t.staffId, t.createdAt),
    index('sign_in_log_created_idx').on(t.createdAt),
    index('sign_in_log_identifier_idx').on(t.identifier, t.createdAt),
  ],
);

/**
 * Locks made by failed attempts, keyed by what was typed (a staff number or a phone, known or not, so a lock tells
 * nothing about who is staff): first for the address the failures came from (`ip`), then, after failures from many
 * addresses, for every address (`ip` = '') except those the account signed in from before.
 */
export const signInLock = pgTable(
  'sign_in_lock',
  {
    method: text('method', { enum: ['password', 'sms'] }).notNull(),
    identifier: text('identifier').notNull(),
    ip: text('ip').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.method, t.identifier, t.ip] })],
);
export type SignInLockRow = typeof signInLock.$inferSelect;

/**
 * SMS sign-in codes. A row is written for every request, staff phone or not, so the send limits count alike and the
 * answer does not reveal who is staff; only rows for active staff carry a code.
 */
export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.createdAt), index('sms_code_ip_idx').on(t.ip, t.createdAt)],
);
export type SmsCodeRow = typeof smsCode.$inferSelect;

/** Sign-in `sign` values already used; older than the 5-minute window they are refused anyway and purged. */
export const signNonce = pgTable(
  'sign_nonce',
  {
    sign: text('sign').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_nonce_created_idx').on(t.createdAt)],
);
