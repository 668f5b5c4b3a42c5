import { NOTIFICATION_SUBJECT_KINDS, notificationTargets, staffTargets, type SystemEventChannel, type UserSelection } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from '../auth/table';
import { role } from '../power/table';

/**
 * Notifications and announcements (see docs/notifications.md). A published message or announcement is one row; each
 * recipient staff gets a row of their own (fanned out with one INSERT … SELECT when published), so reading, deleting
 * and "seen once" are per staff, and targeting "all" means every staff active at publishing time. A message to the
 * marketplace's users is the one row alone, holding their selection: there may be a million of them.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

/** A notification template: a message of one type with `{key}` placeholders, sent by the system or a publisher. */
export const informTemplate = pgTable(
  'inform_template',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** `[{key, name, example}]`: the placeholders the text may use. Fixed by whoever sends the template. */
    parameters: jsonb('parameters').$type<{ key: string; name: string; example: string }[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inform_template_code_key').on(t.code), index('inform_template_type_idx').on(t.type, t.id)],
);
export type InformTemplateRow = typeof informTemplate.$inferSelect;

/** A published message notification. */
export const informMessage = pgTable(
  'inform_message',
  {
    id: serial('id').primaryKey(),
    /** 1–5 (type 0 is only a filter). */
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    /** Plain text. */
    content: text('content').notNull(),
    target: text('target', { enum: notificationTargets }).notNull(),
    templateId: integer('template_id').references(() => informTemplate.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Staff with a copy; for target users, how many users the selection stood for when it was sent. */
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Target users only: the selection as the user module normalised it. */
    userSelection: jsonb('user_selection').$type<UserSelection>(),
    /**
     * Target users only: when it was sent. It fixes a filter selection: the users matching the filter who had
     * registered by then, so users who register later never join it.
     */
    userSelectionAt: at('user_selection_at'),
    /**
     * What a system event's message is about, for the drawer to open (an approval request's id, an adjustment's number…,
     * as text); none for a publisher's.
     */
    subjectKind: text('subject_kind', { enum: NOTIFICATION_SUBJECT_KINDS }),
    subjectId: text('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inform_message_created_idx').on(t.createdAt, t.id),
    index('inform_message_type_idx').on(t.type, t.id),
    check(
      'inform_message_user_selection_check',
      sql`(${t.target} = 'users') = (${t.userSelection} is not null and ${t.userSelectionAt} is not null)`,
    ),
    check('inform_message_subject_check', sql`(${t.subjectKind} is null) = (${t.subjectId} is null)`),
  ],
);
export type InformMessageRow = typeof informMessage.$inferSelect;

/** One recipient's copy of a message: read state and deletion are theirs alone. */
export const informNotification = pgTable(
  'inform_notification',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => informMessage.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The message's type, kept here so the drawer's filters read one index. */
    type: smallint('type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inform_notification_recipient_key').on(t.messageId, t.staffId),
    index('inform_notification_staff_idx').on(t.staffId, t.isRead, t.id),
    index('inform_notification_staff_type_idx').on(t.staffId, t.type, t.isRead, t.id),
  ],
);
export type InformNotificationRow = typeof informNotification.$inferSelect;

/** The display of a pop-up, shared by templates and announcements. */
const popupColumns = () => ({
  class: text('class', { enum: ['Dialog', 'MessageBox', 'Message', 'Notification', 'imgDialog'] }).notNull(),
  title: text('title').notNull(),
  /** Sanitised rich text. */
  content: text('content').notNull().default(''),
  /** An uploaded file's path (served at /uploads/{path}), or empty. */
  img: text('img').notNull().default(''),
  hintState: text('hint_state', { enum: ['info', 'success', 'warning', 'error'] }).notNull().default('info'),
  closeType: jsonb('close_type').$type<string[]>().notNull(),
  duration: integer('duration').notNull().default(0),
  location: text('location').notNull().default('center'),
});

/** A pop-up template ("site show template"). */
export const informPopupTemplate = pgTable(
  'inform_popup_template',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...popupColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inform_popup_template_name_key').on(t.name)],
);
export type InformPopupTemplateRow = typeof informPopupTemplate.$inferSelect;

/** A published announcement (pop-up). */
export const informAnnouncement = pgTable(
  'inform_announcement',
  {
    id: serial('id').primaryKey(),
    ...popupColumns(),
    showDetails: boolean('show_details').notNull().default(true),
    /** `[]` or `{key: value}`. */
    data: jsonb('data').$type<unknown[] | Record<string, unknown>>().notNull().default(sql`'[]'::jsonb`),
    target: text('target', { enum: staffTargets }).notNull(),
    templateId: integer('template_id').references(() => informPopupTemplate.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => staff.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull().default(0),
    endAt: at('end_at'),
    withdrawnAt: at('withdrawn_at'),
    createdAt: createdAt(),
  },
  (t) => [index('inform_announcement_created_idx').on(t.createdAt, t.id)],
);
export type InformAnnouncementRow = typeof informAnnouncement.$inferSelect;

/** One recipient of an announcement; `seen_at` is set once the pop-up was shown to them. */
export const informAnnouncementRecipient = pgTable(
  'inform_announcement_recipient',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => informAnnouncement.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    seenAt: at('seen_at'),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.staffId] }),
    index('inform_announcement_recipient_staff_idx').on(t.staffId, t.announcementId),
  ],
);

/**
 * 通知类型 (the `notificationTypeResource` resource): how each of the fixed types 1–5 is presented. Seeded; edited,
 * never added or deleted, so the id is the type itself.
 */
export const informType = pgTable(
  'inform_type',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** `#rrggbb`. */
    color: text('color').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inform_type_name_key').on(t.name),
    uniqueIndex('inform_type_name_en_key').on(t.nameEn),
    check('inform_type_id_check', sql`${t.id} between 1 and 5`),
  ],
);

/** 系统通知: the settings of one event of the contract's fixed catalogue (`SYSTEM_EVENTS`), by its code. Seeded. */
export const informSystemEvent = pgTable('inform_system_event', {
  code: text('code').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  channels: jsonb('channels').$type<SystemEventChannel[]>().notNull(),
  /** The notification type 1–5 it posts as. */
  type: smallint('type').notNull(),
  /** With `{key}` placeholders of the event's parameters. */
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: updatedAt(),
});
export type InformSystemEventRow = typeof informSystemEvent.$inferSelect;

/** The roles whose staff receive a system event's notice; a role's deletion takes it off every event. */
export const informSystemEventRole = pgTable(
  'inform_system_event_role',
  {
    eventCode: text('event_code')
      .notNull()
      .references(() => informSystemEvent.code, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventCode, t.roleId] }), index('inform_system_event_role_role_idx').on(t.roleId)],
);
