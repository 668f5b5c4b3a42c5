import type { NotificationSubjectKind } from '@juqi/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db/client';
import { staff, staffSession } from '../../lib/db/schema';
import {
  informAnnouncement,
  informAnnouncementRecipient,
  informMessage,
  informNotification,
  informPopupTemplate,
  informTemplate,
  informType,
  type InformAnnouncementRow,
  type InformMessageRow,
  type InformPopupTemplateRow,
  type InformTemplateRow,
} from './table';
import { containing } from '../../lib/db/like';

export type NewMessage = Omit<typeof informMessage.$inferInsert, 'id' | 'createdAt'>;
export type NewAnnouncement = Omit<typeof informAnnouncement.$inferInsert, 'id' | 'createdAt' | 'recipientCount' | 'withdrawnAt'>;
export type NewPopupTemplate = Omit<typeof informPopupTemplate.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewTemplate = Omit<typeof informTemplate.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Who receives: every active staff, or those of the ids that are active. */
export type Recipients = { target: 'all' } | { target: 'staff'; ids: number[] };

const sender = alias(staff, 'sender');
const activeStaff = (recipients: Recipients): SQL =>
  recipients.target === 'all' ? eq(staff.status, 'active') : and(eq(staff.status, 'active'), inArray(staff.id, recipients.ids))!;

/** A recipient's notification with its message. */
export interface NotificationJoinRow {
  id: number;
  type: number;
  isRead: boolean;
  createdAt: Date;
  title: string;
  content: string;
  senderName: string | null;
  subjectKind: NotificationSubjectKind | null;
  subjectId: string | null;
}

const notificationColumns = {
  id: informNotification.id,
  type: informNotification.type,
  isRead: informNotification.isRead,
  createdAt: informNotification.createdAt,
  title: informMessage.title,
  content: informMessage.content,
  senderName: sender.name,
  subjectKind: informMessage.subjectKind,
  subjectId: informMessage.subjectId,
};

/** How many recipients have read a message (a subquery on the message row). */
const messageReadCount = sql<number>`(select count(*)::int from ${informNotification} where ${informNotification.messageId} = ${informMessage.id} and ${informNotification.isRead})`;

export class InformRepository {
  constructor(private readonly db: Executor) {}

  // ——— staff ———

  /** The active staff among these ids. */
  async activeStaffIds(ids: number[], tx: Executor = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.status, 'active'), inArray(staff.id, ids)));
    return rows.map((r) => r.id);
  }

  /** Every active staff's id (for notices to roles: the power module tells which of them hold a role). */
  async allActiveStaffIds(tx: Executor = this.db): Promise<number[]> {
    const rows = await tx.select({ id: staff.id }).from(staff).where(eq(staff.status, 'active'));
    return rows.map((r) => r.id);
  }

  async staffOptions(keyword: string | undefined, ids: number[] | undefined, tx: Executor = this.db) {
    const conditions: (SQL | undefined)[] = [eq(staff.status, 'active')];
    if (ids) conditions.push(ids.length ? inArray(staff.id, ids) : sql`false`);
    if (keyword) conditions.push(or(ilike(staff.name, containing(keyword)), ilike(staff.staffNum, containing(keyword))));
    return tx
      .select({ id: staff.id, name: staff.name, staff_num: staff.staffNum })
      .from(staff)
      .where(and(...conditions))
      .orderBy(asc(staff.id))
      .limit(ids ? 200 : 50);
  }

  /** What the live stream needs to know about its session, without touching it. */
  async sessionState(sessionId: number, tx: Executor = this.db) {
    const [row] = await tx
      .select({
        endedAt: staffSession.endedAt,
        createdAt: staffSession.createdAt,
        lastSeenAt: staffSession.lastSeenAt,
        status: staff.status,
      })
      .from(staffSession)
      .innerJoin(staff, eq(staff.id, staffSession.staffId))
      .where(eq(staffSession.id, sessionId));
    return row;
  }

  // ——— messages and their recipients ———

  async insertMessage(values: NewMessage, tx: Executor = this.db): Promise<InformMessageRow> {
    const [row] = await tx.insert(informMessage).values(values).returning();
    return row!;
  }

  /** Gives every recipient a copy of the message (one statement, however many staff); answers how many. */
  async fanOutMessage(message: InformMessageRow, recipients: Recipients, tx: Executor = this.db): Promise<number> {
    await tx.execute(sql`
      insert into ${informNotification} (message_id, staff_id, type, created_at)
      select ${message.id}::int, ${staff.id}, ${message.type}::smallint, now() from ${staff} where ${activeStaff(recipients)}
      on conflict do nothing`);
    const [row] = await tx.select({ n: count() }).from(informNotification).where(eq(informNotification.messageId, message.id));
    const n = row?.n ?? 0;
    await tx.update(informMessage).set({ recipientCount: n }).where(eq(informMessage.id, message.id));
    return n;
  }

  private notificationFilter(staffId: number, isRead: boolean | undefined, type: number): SQL {
    return and(
      eq(informNotification.staffId, staffId),
      isRead === undefined ? undefined : eq(informNotification.isRead, isRead),
      type > 0 ? eq(informNotification.type, type) : undefined,
    )!;
  }

  async listNotifications(staffId: number, isRead: boolean | undefined, type: number, page: number, limit: number, tx: Executor = this.db) {
    const where = this.notificationFilter(staffId, isRead, type);
    const [rows, [total]] = await Promise.all([
      tx
        .select(notificationColumns)
        .from(informNotification)
        .innerJoin(informMessage, eq(informMessage.id, informNotification.messageId))
        .leftJoin(sender, eq(sender.id, informMessage.senderId))
        .where(where)
        .orderBy(desc(informNotification.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(informNotification).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows as NotificationJoinRow[] };
  }

  /** The staff's notifications newer than `afterId`, oldest first (what a live stream has not sent yet). */
  async notificationsAfter(staffId: number, afterId: number, limit: number, tx: Executor = this.db): Promise<NotificationJoinRow[]> {
    return tx
      .select(notificationColumns)
      .from(informNotification)
      .innerJoin(informMessage, eq(informMessage.id, informNotification.messageId))
      .leftJoin(sender, eq(sender.id, informMessage.senderId))
      .where(and(eq(informNotification.staffId, staffId), gt(informNotification.id, afterId)))
      .orderBy(asc(informNotification.id))
      .limit(limit);
  }

  async lastNotificationId(staffId: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx
      .select({ id: sql<number | null>`max(${informNotification.id})` })
      .from(informNotification)
      .where(eq(informNotification.staffId, staffId));
    return Number(row?.id ?? 0);
  }

  async unreadByType(staffId: number, tx: Executor = this.db): Promise<{ type: number; count: number }[]> {
    return tx
      .select({ type: informNotification.type, count: count() })
      .from(informNotification)
      .where(and(eq(informNotification.staffId, staffId), eq(informNotification.isRead, false)))
      .groupBy(informNotification.type);
  }

  /** Marks the staff's own unread notifications read: these ids, or all (of one type when type > 0). */
  async markRead(staffId: number, ids: number[] | 'all', type: number, tx: Executor = this.db): Promise<number> {
    const rows = await tx
      .update(informNotification)
      .set({ isRead: true, readAt: sql`now()` })
      .where(
        and(
          eq(informNotification.staffId, staffId),
          eq(informNotification.isRead, false),
          ids === 'all' ? undefined : inArray(informNotification.id, ids),
          type > 0 ? eq(informNotification.type, type) : undefined,
        ),
      )
      .returning({ id: informNotification.id });
    return rows.length;
  }

  /** Deletes one of the staff's own notifications; false when it is not theirs or does not exist. */
  async deleteOwnNotification(staffId: number, id: number, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .delete(informNotification)
      .where(and(eq(informNotification.id, id), eq(informNotification.staffId, staffId)))
      .returning({ id: informNotification.id });
    return rows.length > 0;
  }

  async listMessages(filter: { type: number; keyword?: string }, page: number, limit: number, tx: Executor = this.db) {
    const where = and(
      filter.type > 0 ? eq(informMessage.type, filter.type) : undefined,
      filter.keyword ? or(ilike(informMessage.title, containing(filter.keyword)), ilike(informMessage.content, containing(filter.keyword))) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select({ message: informMessage, senderName: sender.name, readCount: messageReadCount })
        .from(informMessage)
        .leftJoin(sender, eq(sender.id, informMessage.senderId))
        .where(where)
        .orderBy(desc(informMessage.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(informMessage).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async findMessage(id: number, tx: Executor = this.db) {
    const [row] = await tx
      .select({ message: informMessage, senderName: sender.name, readCount: messageReadCount })
      .from(informMessage)
      .leftJoin(sender, eq(sender.id, informMessage.senderId))
      .where(eq(informMessage.id, id));
    return row;
  }

  /**
   * The staff holding a copy of a message, of one read state or both: read ones latest read first, then unread ones by
   * staff id; with how many copies are read and unread (a staff who deleted their copy is in neither).
   */
  async messageRecipients(messageId: number, isRead: boolean | undefined, page: number, limit: number, tx: Executor = this.db) {
    const ofMessage = eq(informNotification.messageId, messageId);
    const [rows, counts] = await Promise.all([
      tx
        .select({ staffId: staff.id, name: staff.name, staffNum: staff.staffNum, isRead: informNotification.isRead, readAt: informNotification.readAt })
        .from(informNotification)
        .innerJoin(staff, eq(staff.id, informNotification.staffId))
        .where(and(ofMessage, isRead === undefined ? undefined : eq(informNotification.isRead, isRead)))
        .orderBy(desc(informNotification.isRead), sql`${informNotification.readAt} desc nulls last`, asc(staff.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ isRead: informNotification.isRead, n: count() }).from(informNotification).where(ofMessage).groupBy(informNotification.isRead),
    ]);
    const countOf = (read: boolean) => counts.find((c) => c.isRead === read)?.n ?? 0;
    return { rows, read: countOf(true), unread: countOf(false) };
  }

  /** Deletes a message and every copy of it; answers the staff whose unread count dropped. */
  async deleteMessage(id: number, tx: Executor = this.db): Promise<number[] | null> {
    const unread = await tx
      .select({ staffId: informNotification.staffId })
      .from(informNotification)
      .where(and(eq(informNotification.messageId, id), eq(informNotification.isRead, false)));
    const deleted = await tx.delete(informMessage).where(eq(informMessage.id, id)).returning({ id: informMessage.id });
    return deleted.length ? unread.map((r) => r.staffId) : null;
  }

  // ——— announcements ———

  async insertAnnouncement(values: NewAnnouncement, tx: Executor = this.db): Promise<InformAnnouncementRow> {
    const [row] = await tx.insert(informAnnouncement).values(values).returning();
    return row!;
  }

  /** Makes the recipients; the publisher (when among them) counts as having seen it. Answers how many. */
  async fanOutAnnouncement(id: number, recipients: Recipients, publisherId: number | null, tx: Executor = this.db): Promise<number> {
    await tx.execute(sql`
      insert into ${informAnnouncementRecipient} (announcement_id, staff_id, seen_at)
      select ${id}::int, ${staff.id}, case when ${staff.id} = ${publisherId ?? 0}::int then now() else null end
      from ${staff} where ${activeStaff(recipients)}
      on conflict do nothing`);
    const [row] = await tx
      .select({ n: count() })
      .from(informAnnouncementRecipient)
      .where(eq(informAnnouncementRecipient.announcementId, id));
    const n = row?.n ?? 0;
    await tx.update(informAnnouncement).set({ recipientCount: n }).where(eq(informAnnouncement.id, id));
    return n;
  }

  private showable(now: Date): SQL {
    return and(isNull(informAnnouncement.withdrawnAt), or(isNull(informAnnouncement.endAt), gt(informAnnouncement.endAt, now)))!;
  }

  /** Announcements the staff has not been shown, oldest first; only `id` when given. */
  async pendingAnnouncements(staffId: number, now: Date, onlyId?: number, tx: Executor = this.db): Promise<InformAnnouncementRow[]> {
    const rows = await tx
      .select({ announcement: informAnnouncement })
      .from(informAnnouncementRecipient)
      .innerJoin(informAnnouncement, eq(informAnnouncement.id, informAnnouncementRecipient.announcementId))
      .where(
        and(
          eq(informAnnouncementRecipient.staffId, staffId),
          isNull(informAnnouncementRecipient.seenAt),
          this.showable(now),
          onlyId === undefined ? undefined : eq(informAnnouncement.id, onlyId),
        ),
      )
      .orderBy(asc(informAnnouncement.id))
      .limit(20);
    return rows.map((r) => r.announcement);
  }

  async markSeen(staffId: number, ids: number[], tx: Executor = this.db): Promise<number> {
    const rows = await tx
      .update(informAnnouncementRecipient)
      .set({ seenAt: sql`now()` })
      .where(
        and(
          eq(informAnnouncementRecipient.staffId, staffId),
          inArray(informAnnouncementRecipient.announcementId, ids),
          isNull(informAnnouncementRecipient.seenAt),
        ),
      )
      .returning({ id: informAnnouncementRecipient.announcementId });
    return rows.length;
  }

  async myAnnouncements(staffId: number, page: number, limit: number, tx: Executor = this.db) {
    const where = and(eq(informAnnouncementRecipient.staffId, staffId), isNull(informAnnouncement.withdrawnAt));
    const [rows, [total]] = await Promise.all([
      tx
        .select({ announcement: informAnnouncement, seenAt: informAnnouncementRecipient.seenAt })
        .from(informAnnouncementRecipient)
        .innerJoin(informAnnouncement, eq(informAnnouncement.id, informAnnouncementRecipient.announcementId))
        .where(where)
        .orderBy(desc(informAnnouncement.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx
        .select({ n: count() })
        .from(informAnnouncementRecipient)
        .innerJoin(informAnnouncement, eq(informAnnouncement.id, informAnnouncementRecipient.announcementId))
        .where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  /** An announcement addressed to the staff and not withdrawn. */
  async announcementFor(staffId: number, id: number, tx: Executor = this.db): Promise<InformAnnouncementRow | undefined> {
    const [row] = await tx
      .select({ announcement: informAnnouncement })
      .from(informAnnouncementRecipient)
      .innerJoin(informAnnouncement, eq(informAnnouncement.id, informAnnouncementRecipient.announcementId))
      .where(and(eq(informAnnouncementRecipient.staffId, staffId), eq(informAnnouncement.id, id), isNull(informAnnouncement.withdrawnAt)));
    return row?.announcement;
  }

  private announcementStats() {
    return {
      senderName: sender.name,
      seenCount: sql<number>`(select count(*)::int from ${informAnnouncementRecipient} where ${informAnnouncementRecipient.announcementId} = ${informAnnouncement.id} and ${informAnnouncementRecipient.seenAt} is not null)`,
    };
  }

  async listAnnouncements(filter: { class?: string; keyword?: string }, page: number, limit: number, tx: Executor = this.db) {
    const where = and(
      filter.class ? eq(informAnnouncement.class, filter.class as InformAnnouncementRow['class']) : undefined,
      filter.keyword ? ilike(informAnnouncement.title, containing(filter.keyword)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select({ announcement: informAnnouncement, ...this.announcementStats() })
        .from(informAnnouncement)
        .leftJoin(sender, eq(sender.id, informAnnouncement.senderId))
        .where(where)
        .orderBy(desc(informAnnouncement.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(informAnnouncement).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async findAnnouncement(id: number, tx: Executor = this.db) {
    const [row] = await tx
      .select({ announcement: informAnnouncement, ...this.announcementStats() })
      .from(informAnnouncement)
      .leftJoin(sender, eq(sender.id, informAnnouncement.senderId))
      .where(eq(informAnnouncement.id, id));
    return row;
  }

  async withdrawAnnouncement(id: number, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .update(informAnnouncement)
      .set({ withdrawnAt: sql`now()` })
      .where(and(eq(informAnnouncement.id, id), isNull(informAnnouncement.withdrawnAt)))
      .returning({ id: informAnnouncement.id });
    return rows.length > 0;
  }

  async announcementRecipientIds(id: number, limit: number, tx: Executor = this.db): Promise<number[]> {
    const rows = await tx
      .select({ staffId: informAnnouncementRecipient.staffId })
      .from(informAnnouncementRecipient)
      .where(eq(informAnnouncementRecipient.announcementId, id))
      .limit(limit);
    return rows.map((r) => r.staffId);
  }

  async countAnnouncements(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(informAnnouncement);
    return row?.n ?? 0;
  }

  async countMessages(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(informMessage);
    return row?.n ?? 0;
  }

  // ——— notification templates ———

  async listTemplates(filter: { type: number; keyword?: string; enabledOnly?: boolean }, page: number, limit: number, tx: Executor = this.db) {
    const where = and(
      filter.type > 0 ? eq(informTemplate.type, filter.type) : undefined,
      filter.keyword ? or(ilike(informTemplate.name, containing(filter.keyword)), ilike(informTemplate.code, containing(filter.keyword))) : undefined,
      filter.enabledOnly ? eq(informTemplate.enabled, true) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(informTemplate)
        .where(where)
        .orderBy(asc(informTemplate.type), asc(informTemplate.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(informTemplate).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async findTemplate(id: number, tx: Executor = this.db): Promise<InformTemplateRow | undefined> {
    const [row] = await tx.select().from(informTemplate).where(eq(informTemplate.id, id));
    return row;
  }

  async findTemplateByCode(code: string, tx: Executor = this.db): Promise<InformTemplateRow | undefined> {
    const [row] = await tx.select().from(informTemplate).where(eq(informTemplate.code, code));
    return row;
  }

  async insertTemplate(values: NewTemplate, tx: Executor = this.db): Promise<InformTemplateRow> {
    const [row] = await tx.insert(informTemplate).values(values).returning();
    return row!;
  }

  async updateTemplate(
    id: number,
    values: Pick<NewTemplate, 'name' | 'type' | 'title' | 'content' | 'enabled'>,
    tx: Executor = this.db,
  ): Promise<InformTemplateRow | undefined> {
    const [row] = await tx
      .update(informTemplate)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(informTemplate.id, id))
      .returning();
    return row;
  }

  // ——— pop-up templates ———

  async listPopupTemplates(filter: { class?: string; keyword?: string }, page: number, limit: number, tx: Executor = this.db) {
    const where = and(
      filter.class ? eq(informPopupTemplate.class, filter.class as InformPopupTemplateRow['class']) : undefined,
      filter.keyword ? or(ilike(informPopupTemplate.name, containing(filter.keyword)), ilike(informPopupTemplate.title, containing(filter.keyword))) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(informPopupTemplate)
        .where(where)
        .orderBy(asc(informPopupTemplate.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(informPopupTemplate).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async allPopupTemplates(tx: Executor = this.db): Promise<InformPopupTemplateRow[]> {
    return tx.select().from(informPopupTemplate).orderBy(asc(informPopupTemplate.id)).limit(500);
  }

  async findPopupTemplate(id: number, tx: Executor = this.db): Promise<InformPopupTemplateRow | undefined> {
    const [row] = await tx.select().from(informPopupTemplate).where(eq(informPopupTemplate.id, id));
    return row;
  }

  async findPopupTemplateByName(name: string, tx: Executor = this.db): Promise<InformPopupTemplateRow | undefined> {
    const [row] = await tx.select().from(informPopupTemplate).where(eq(informPopupTemplate.name, name));
    return row;
  }

  async insertPopupTemplate(values: NewPopupTemplate, tx: Executor = this.db): Promise<InformPopupTemplateRow> {
    const [row] = await tx.insert(informPopupTemplate).values(values).returning();
    return row!;
  }

  async updatePopupTemplate(id: number, values: NewPopupTemplate, tx: Executor = this.db): Promise<InformPopupTemplateRow | undefined> {
    const [row] = await tx
      .update(informPopupTemplate)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(informPopupTemplate.id, id))
      .returning();
    return row;
  }

  async deletePopupTemplate(id: number, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx.delete(informPopupTemplate).where(eq(informPopupTemplate.id, id)).returning({ id: informPopupTemplate.id });
    return rows.length > 0;
  }

  async countPopupTemplates(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(informPopupTemplate);
    return row?.n ?? 0;
  }

  // ——— notification types ———

  async notificationTypes(tx: Executor = this.db) {
    return tx.select().from(informType).orderBy(asc(informType.sort), asc(informType.id));
  }

  /** Adds the types that are missing; those there keep what staff made of them. */
  async ensureTypes(rows: (typeof informType.$inferInsert)[], tx: Executor = this.db): Promise<void> {
    await tx.insert(informType).values(rows).onConflictDoNothing();
  }
}
