import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** Set after too many failed sign-ins; sign-in is refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
