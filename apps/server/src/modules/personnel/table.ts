import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The operator's legal entities a staff record belongs to (managed in a later slice; seeded with three). */
export const personnelCompany = pgTable('personnel_company', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff records (docs/personnel.md). Soft-deleted: `deleted_at` takes a record out of every list and keeps it for its
 * history, so the unique keys hold among live records only. Lists read newest first by id, each filter's index ending
 * in id so a page of two filters stops early.
 */
export const personnelStaff = pgTable(
  'personnel_staff',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Read as a person's name (surname first): the letter index's order, and searched by initials. */
    namePinyin: text('name_pinyin').notNull(),
    nameInitials: text('name_initials').notNull(),
    nameLetter: text('name_letter').notNull(),
    gender: text('gender').notNull().default('unknown'),
    /** Whole, upper-case `X`; answered masked except to personnel.id_card.view, never logged or audited whole. */
    idCard: text('id_card'),
    mobile: text('mobile'),
    email: text('email'),
    companyId: integer('company_id').references(() => personnelCompany.id),
    /** No foreign key: a department's delete asks the staff module (app.access.departmentMembers) under the tree's lock. */
    departmentId: integer('department_id'),
    post: text('post'),
    status: text('status').notNull(),
    reportTime: date('report_time', { mode: 'string' }),
    probationEnd: date('probation_end', { mode: 'string' }),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    leavingDate: date('leaving_date', { mode: 'string' }),
    /** The signed-in staff (account) whose write last set the leaving date, named by the leaving job's audit entry. */
    leavingSetBy: integer('leaving_set_by'),
    emergencyContact: text('emergency_contact'),
    emergencyMobile: text('emergency_mobile'),
    /** A linked sign-in account (linking is a later slice). */
    accountId: integer('account_id'),
    /** Values of the admin-defined fields of form personnel_info (docs/field-definitions.md). */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('personnel_staff_id_card_key').on(t.idCard).where(sql`${t.idCard} is not null and ${t.deletedAt} is null`),
    uniqueIndex('personnel_staff_mobile_key').on(t.mobile).where(sql`${t.mobile} is not null and ${t.deletedAt} is null`),
    uniqueIndex('personnel_staff_account_key').on(t.accountId).where(sql`${t.accountId} is not null and ${t.deletedAt} is null`),
    index('personnel_staff_department_idx').on(t.departmentId, t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('personnel_staff_status_idx').on(t.status, t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('personnel_staff_company_idx').on(t.companyId, t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('personnel_staff_report_time_idx').on(t.reportTime, t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('personnel_staff_initials_idx').on(t.nameInitials.op('text_pattern_ops')).where(sql`${t.deletedAt} is null`),
    index('personnel_staff_extra_idx').using('gin', t.extra.op('jsonb_path_ops')),
  ],
);

/** Every add, edit, change of state and delete of a staff record: what changed (id card masked), why, who, when. */
export const personnelHistory = pgTable(
  'personnel_history',
  {
    id: serial('id').primaryKey(),
    staffRecordId: integer('staff_record_id')
      .notNull()
      .references(() => personnelStaff.id),
    action: text('action').notNull(),
    from: jsonb('from').$type<Record<string, unknown>>(),
    to: jsonb('to').$type<Record<string, unknown>>(),
    reason: text('reason'),
    /** The signed-in staff (account) who did it; null for the seed. */
    byStaffId: integer('by_staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personnel_history_record_idx').on(t.staffRecordId, t.id)],
);
