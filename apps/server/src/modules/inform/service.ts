import {
  ErrorCode,
  NOTIFICATION_TYPE_IDS,
  notificationSubject,
  renderTemplate,
  SUBJECT_KINDS_BY_ID,
  TEMPLATE_PLACEHOLDER,
  UPLOAD_URL_PREFIX,
  type AnnouncementClass,
  type AnnouncementDetails,
  type AnnouncementItem,
  type AnnouncementPopup,
  type CloseType,
  type HintState,
  type NotificationItem,
  type NotificationRecipient,
  type NotificationSubject,
  type NotificationSubjectKind,
  type NotificationTarget,
  type NotificationTemplate,
  type NotificationTypeOption,
  type PopupLocation,
  type PopupTemplate,
  type PublishedAnnouncement,
  type PublishedNotification,
  type PublishedNotificationDetails,
  type StaffOption,
  type StreamSnapshot,
  type UnreadCounts,
  type UserSelection,
} from '@juqi/contract';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError, Refusals } from '../../lib/errors';
import type { UserDirectory } from '../../lib/http/types';
import { sanitizeRichText } from '../../lib/rich-text';
import { SettingsStore } from '../../lib/settings/store';
import { concerning, type InformBus } from './bus';
import { InformRepository, type NewMessage, type NotificationJoinRow, type Recipients } from './repository';
import type { InformAnnouncementRow, InformMessageRow, InformPopupTemplateRow, InformTemplateRow } from './table';

/** A message with its sender's name and how many recipients have read it. */
interface MessageJoinRow {
  message: InformMessageRow;
  senderName: string | null;
  readCount: number;
}

// ——— inputs, as the contract parses them ———

export interface TargetInput {
  target: 'all' | 'staff';
  staff_ids: number[];
}

export interface PublishNotificationInput {
  target: NotificationTarget;
  staff_ids: number[];
  /** With target users (the contract requires it then, and refuses it otherwise). */
  selection?: UserSelection;
  type: number;
  title?: string;
  content?: string;
  template_id?: number;
  params: Record<string, string>;
  /** What it is about, for the drawer to open: given by the system events it is raised for, never by a publisher. */
  subject?: NotificationSubject;
}

export interface PopupInput {
  class: AnnouncementClass;
  title: string;
  content: string;
  img: string;
  hint_state: HintState;
  close_type: CloseType[];
  duration: number;
  location: PopupLocation;
}

export interface AnnouncementInput extends PopupInput, TargetInput {
  show_details: boolean;
  data: unknown[] | Record<string, string | number | boolean>;
  template_id?: number;
  end_at: string | null;
}

export interface TemplateInput {
  name: string;
  type: number;
  title: string;
  content: string;
  enabled: boolean;
}

// ——— answers ———

const iso = (d: Date) => d.toISOString();

const withdrawnAlready = () => AppError.conflict({ 'zh-CN': '该通知已撤回', 'en-US': 'This announcement was withdrawn already' });
const popupNameTaken = () => AppError.conflict({ 'zh-CN': '已有同名的弹窗模板', 'en-US': 'A pop-up template of this name exists' }, 'name');

function toPublishedNotification({ message: m, senderName, readCount }: MessageJoinRow): PublishedNotification {
  return {
    id: m.id,
    type: m.type,
    title: m.title,
    content: m.content,
    target: m.target,
    template_id: m.templateId,
    recipient_count: m.recipientCount,
    // Users have no read state here.
    read_count: m.target === 'users' ? null : Number(readCount),
    sender: senderName ?? '',
    created_at: iso(m.createdAt),
  };
}
const imgUrl = (path: string) => (path ? `${UPLOAD_URL_PREFIX}${path}` : '');
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const SUBJECTS_BY_ID: ReadonlySet<string> = new Set(SUBJECT_KINDS_BY_ID);
/** A subject as stored (its id as text) as answers name it: a record's id is a number again. */
const storedSubject = (kind: NotificationSubjectKind, id: string): NotificationSubject => notificationSubject.parse({ kind, id: SUBJECTS_BY_ID.has(kind) ? Number(id) : id });

const toItem = (row: NotificationJoinRow): NotificationItem => ({
  id: row.id,
  type: row.type,
  title: row.title,
  content: row.content,
  is_read: row.isRead ? 1 : 0,
  sender: row.senderName ?? '',
  time: iso(row.createdAt),
  subject: row.subjectKind === null || row.subjectId === null ? null : storedSubject(row.subjectKind, row.subjectId),
});

const popupOf = (row: InformAnnouncementRow | InformPopupTemplateRow) => ({
  class: row.class,
  title: row.title,
  content: row.content,
  img: imgUrl(row.img),
  hint_state: row.hintState,
  close_type: row.closeType as CloseType[],
  duration: row.duration,
  location: row.location as PopupLocation,
});

/** §4: view-details opens announcement `inform_id`, or (0 and an array `data`) just closes the pop-up. */
export const toPopup = (row: InformAnnouncementRow): AnnouncementPopup => ({
  id: row.id,
  ...popupOf(row),
  inform_id: row.showDetails ? row.id : 0,
  data: row.data,
  time: iso(row.createdAt),
});

const toPublishedAnnouncement = (row: { announcement: InformAnnouncementRow; senderName: string | null; seenCount: number }): PublishedAnnouncement => ({
  ...toPopup(row.announcement),
  show_details: row.announcement.showDetails,
  target: row.announcement.target,
  template_id: row.announcement.templateId,
  recipient_count: row.announcement.recipientCount,
  seen_count: Number(row.seenCount),
  sender: row.senderName ?? '',
  end_at: row.announcement.endAt ? iso(row.announcement.endAt) : null,
  withdrawn_at: row.announcement.withdrawnAt ? iso(row.announcement.withdrawnAt) : null,
  created_at: iso(row.announcement.createdAt),
});

const toPopupTemplate = (row: InformPopupTemplateRow): PopupTemplate => ({
  id: row.id,
  name: row.name,
  ...popupOf(row),
  updated_at: iso(row.updatedAt),
});

const toTemplate = (row: InformTemplateRow): NotificationTemplate => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  title: row.title,
  content: row.content,
  parameters: row.parameters,
  enabled: row.enabled,
  updated_at: iso(row.updatedAt),
});

const placeholders = (text: string) => [...text.matchAll(TEMPLATE_PLACEHOLDER)].map((m) => m[1]!);

/**
 * The rules of notifications and announcements. Every change that an open browser should see is signalled on the bus
 * after its transaction has committed, so a stream reading on the signal finds it.
 */
export class InformService {
  readonly repo: InformRepository;
  private readonly settings: SettingsStore;

  constructor(
    private readonly db: Db,
    private readonly bus: InformBus,
    private readonly clock: Clock,
    private readonly users: UserDirectory,
  ) {
    this.repo = new InformRepository(db);
    this.settings = new SettingsStore(db);
  }

  // ——— the signed-in staff's notifications ———

  async unread(staffId: number): Promise<UnreadCounts> {
    const rows = await this.repo.unreadByType(staffId);
    const by = new Map(rows.map((r) => [r.type, Number(r.count)]));
    const byType = NOTIFICATION_TYPE_IDS.map((type) => ({ type, count: by.get(type) ?? 0 }));
    return { total: byType.reduce((sum, t) => sum + t.count, 0), by_type: byType };
  }

  async listNotifications(staffId: number, filter: { is_read?: number; type: number }, page: number, limit: number) {
    const isRead = filter.is_read === undefined ? undefined : filter.is_read === 1;
    const [{ count, rows }, unread] = await Promise.all([
      this.repo.listNotifications(staffId, isRead, filter.type, page, limit),
      this.unread(staffId),
    ]);
    return { count, unread: unread.total, data: rows.map(toItem) };
  }

  async markRead(staffId: number, input: { ids: number[]; all: boolean; type: number }) {
    const updated = await this.repo.markRead(staffId, input.all ? 'all' : [...new Set(input.ids)], input.type);
    if (updated) await this.bus.publish({ kind: 'unread', staffIds: [staffId] });
    return { updated, unread: await this.unread(staffId) };
  }

  /** Own only: someone else's notification is "not found", so ids reveal nothing. */
  async deleteOwn(staffId: number, id: number) {
    if (!(await this.repo.deleteOwnNotification(staffId, id))) throw AppError.notFound();
    await this.bus.publish({ kind: 'unread', staffIds: [staffId] });
    return { unread: await this.unread(staffId) };
  }

  /** Tells these staff's open screens that what the subject names changed (a step decided), so they read it again. */
  async changed(subject: NotificationSubject, staffIds: number[]): Promise<void> {
    if (staffIds.length) await this.bus.publish({ kind: 'changed', subject, staffIds: concerning(staffIds) });
  }

  async newNotificationsAfter(staffId: number, afterId: number): Promise<NotificationItem[]> {
    return (await this.repo.notificationsAfter(staffId, afterId, 20)).map(toItem);
  }

  /** The types as every screen presents them, in their order. */
  async typeOptions(): Promise<NotificationTypeOption[]> {
    return (await this.repo.notificationTypes()).map((row) => ({ id: row.id, name: row.name, name_en: row.nameEn, color: row.color, enabled: row.enabled, sort: row.sort }));
  }

  // ——— the signed-in staff's announcements ———

  async pending(staffId: number, onlyId?: number): Promise<AnnouncementPopup[]> {
    return (await this.repo.pendingAnnouncements(staffId, this.clock.now(), onlyId)).map(toPopup);
  }

  async seen(staffId: number, ids: number[]) {
    return { updated: await this.repo.markSeen(staffId, [...new Set(ids)]) };
  }

  async myAnnouncements(staffId: number, page: number, limit: number): Promise<{ count: number; data: AnnouncementItem[] }> {
    const { count, rows } = await this.repo.myAnnouncements(staffId, page, limit);
    return {
      count,
      data: rows.map(({ announcement: a, seenAt }) => ({
        id: a.id,
        class: a.class,
        title: a.title,
        summary: plain(a.content).slice(0, 200),
        seen: seenAt !== null,
        time: iso(a.createdAt),
      })),
    };
  }

  /** The detail drawer; only for a recipient. The sender line is the site's official assistant. */
  async details(staffId: number, id: number): Promise<AnnouncementDetails> {
    const row = await this.repo.announcementFor(staffId, id);
    if (!row) throw AppError.notFound();
    const { website } = await this.settings.get('system');
    return {
      id: row.id,
      title: row.title,
      sender: `${website}官方助手`,
      time: iso(row.createdAt),
      content: row.content,
      img: imgUrl(row.img),
      data: row.data,
    };
  }

  async snapshot(staffId: number, heartbeatMs: number): Promise<StreamSnapshot> {
    const [unread, announcements] = await Promise.all([this.unread(staffId), this.pending(staffId)]);
    return { unread, announcements, heartbeat_ms: heartbeatMs };
  }

  // ——— publishing ———

  /** The active staff a publication reaches; chosen ids that are not active staff are refused, naming them. */
  private async recipients(input: TargetInput): Promise<Recipients> {
    if (input.target === 'all') return { target: 'all' };
    const ids = [...new Set(input.staff_ids)];
    const active = new Set(await this.repo.activeStaffIds(ids));
    const missing = ids.filter((id) => !active.has(id));
    if (missing.length) {
      const named = `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ' …' : ''}`;
      throw AppError.invalid('staff_ids', { 'zh-CN': `不是在职员工：${named}`, 'en-US': `not active staff: ${named}` });
    }
    return { target: 'staff', ids };
  }

  /** Title and content of a notification: written, or rendered from an enabled template and its parameters. */
  private async messageText(input: PublishNotificationInput): Promise<{ title: string; content: string; templateId: number | null }> {
    if (input.template_id === undefined) return { title: input.title!, content: input.content!, templateId: null };
    const template = await this.repo.findTemplate(input.template_id);
    if (!template || !template.enabled) throw AppError.invalid('template_id', { 'zh-CN': '模板不存在或未启用', 'en-US': 'no such enabled template' });
    const known = new Set(template.parameters.map((p) => p.key));
    const refusals = new Refusals();
    for (const key of Object.keys(input.params)) {
      if (!known.has(key)) refusals.add(`params.${key}`, { 'zh-CN': '不是该模板的参数', 'en-US': 'not a parameter of this template' });
    }
    for (const key of new Set([...placeholders(template.title), ...placeholders(template.content)])) {
      if (!input.params[key]) refusals.add(`params.${key}`, { 'zh-CN': '模板要求填写', 'en-US': 'required by the template' });
    }
    refusals.throwIfAny();
    const title = renderTemplate(template.title, input.params);
    if (title.length > 100) throw AppError.invalid('params', { 'zh-CN': '填入后标题将超过 100 个字符', 'en-US': 'the title would be longer than 100 characters' });
    return { title, content: renderTemplate(template.content, input.params).slice(0, 5000), templateId: template.id };
  }

  async publishNotification(input: PublishNotificationInput, publisherId: number | null) {
    const text = await this.messageText(input);
    const values = {
      type: input.type,
      title: text.title,
      content: text.content,
      templateId: text.templateId,
      senderId: publisherId,
      subjectKind: input.subject?.kind ?? null,
      subjectId: input.subject ? String(input.subject.id) : null,
    };
    if (input.target === 'users') return this.publishToUsers(values, input.selection!);
    const recipients = await this.recipients({ target: input.target, staff_ids: input.staff_ids });
    const { message, count } = await this.db.transaction(async (tx) => {
      const inserted = await this.repo.insertMessage({ ...values, target: input.target }, tx);
      return { message: inserted, count: await this.repo.fanOutMessage(inserted, recipients, tx) };
    });
    await this.bus.publish({ kind: 'notifications', staffIds: recipients.target === 'all' ? null : concerning(recipients.ids) });
    return { id: message.id, recipient_count: count };
  }

  /**
   * To the marketplace's users: one row with their selection, as the user module normalised it, and how many users it
   * stands for now (no row per user: there may be a million). The sending time stored with it fixes a filter to the
   * users who had registered by then. No staff receives it, so nothing is signalled.
   */
  private async publishToUsers(values: Omit<NewMessage, 'target'>, selection: UserSelection) {
    const confirmed = await this.users.confirmSelection(selection);
    if (confirmed.count === 0) throw AppError.invalid('selection', { 'zh-CN': '没有符合所选条件的用户', 'en-US': 'no user matches this selection' });
    const message = await this.repo.insertMessage({
      ...values,
      target: 'users',
      userSelection: confirmed.selection,
      userSelectionAt: this.clock.now(),
      recipientCount: confirmed.count,
    });
    return { id: message.id, recipient_count: confirmed.count };
  }

  /**
   * Sends a notification template by its code to these staff (for other modules' events: a task done, a warning). A
   * disabled or unknown template sends nothing.
   */
  async sendTemplate(code: string, staffIds: number[], params: Record<string, string>): Promise<number> {
    const template = await this.repo.findTemplateByCode(code);
    if (!template?.enabled || !staffIds.length) return 0;
    const sent = await this.publishNotification(
      { type: template.type, template_id: template.id, params, target: 'staff', staff_ids: await this.repo.activeStaffIds(staffIds) },
      null,
    ).catch((err: unknown) => {
      if (err instanceof AppError && err.code === ErrorCode.VALIDATION) return { recipient_count: 0 };
      throw err;
    });
    return sent.recipient_count;
  }

  private popupValues(input: PopupInput) {
    return {
      class: input.class,
      title: input.title,
      content: sanitizeRichText(input.content),
      img: input.img,
      hintState: input.hint_state,
      closeType: input.close_type,
      duration: input.duration,
      location: input.location,
    };
  }

  async publishAnnouncement(input: AnnouncementInput, publisherId: number | null): Promise<PublishedAnnouncement> {
    const refusals = new Refusals();
    if (input.template_id !== undefined && !(await this.repo.findPopupTemplate(input.template_id))) {
      refusals.add('template_id', { 'zh-CN': '弹窗模板不存在', 'en-US': 'no such pop-up template' });
    }
    const endAt = input.end_at ? new Date(input.end_at) : null;
    if (endAt && endAt.getTime() <= this.clock.now().getTime()) refusals.add('end_at', { 'zh-CN': '须晚于当前时间', 'en-US': 'must be in the future' });
    refusals.throwIfAny();
    const recipients = await this.recipients(input);
    const id = await this.db.transaction(async (tx) => {
      const row = await this.repo.insertAnnouncement(
        {
          ...this.popupValues(input),
          showDetails: input.show_details,
          data: input.data,
          target: input.target,
          templateId: input.template_id ?? null,
          senderId: publisherId,
          endAt,
        },
        tx,
      );
      await this.repo.fanOutAnnouncement(row.id, recipients, publisherId, tx);
      return row.id;
    });
    await this.bus.publish({ kind: 'announcement', id, staffIds: recipients.target === 'all' ? null : concerning(recipients.ids) });
    return this.publishedAnnouncement(id);
  }

  private async publishedAnnouncement(id: number): Promise<PublishedAnnouncement> {
    const row = await this.repo.findAnnouncement(id);
    if (!row) throw AppError.notFound();
    return toPublishedAnnouncement(row);
  }

  async staffOptions(keyword: string | undefined, ids: number[] | undefined): Promise<StaffOption[]> {
    return this.repo.staffOptions(keyword || undefined, ids);
  }

  async templateSelect(): Promise<NotificationTemplate[]> {
    return (await this.repo.listTemplates({ type: 0, enabledOnly: true }, 1, 500)).rows.map(toTemplate);
  }

  async popupTemplateSelect(): Promise<PopupTemplate[]> {
    return (await this.repo.allPopupTemplates()).map(toPopupTemplate);
  }

  // ——— managing what was published ———

  async listMessages(filter: { type: number; keyword?: string }, page: number, limit: number) {
    const { count, rows } = await this.repo.listMessages({ type: filter.type, keyword: filter.keyword || undefined }, page, limit);
    return { count, data: rows.map(toPublishedNotification) };
  }

  async messageDetails(id: number): Promise<PublishedNotificationDetails> {
    const row = await this.repo.findMessage(id);
    if (!row) throw AppError.notFound();
    const { userSelection, userSelectionAt } = row.message;
    return { ...toPublishedNotification(row), selection: userSelection, selection_at: userSelectionAt && iso(userSelectionAt) };
  }

  async messageRecipients(id: number, isRead: number | undefined, page: number, limit: number) {
    if (!(await this.repo.findMessage(id))) throw AppError.notFound();
    const { rows, read, unread } = await this.repo.messageRecipients(id, isRead === undefined ? undefined : isRead === 1, page, limit);
    const data: NotificationRecipient[] = rows.map((r) => ({
      staff_id: r.staffId,
      name: r.name,
      staff_num: r.staffNum,
      is_read: r.isRead ? 1 : 0,
      read_at: r.readAt && iso(r.readAt),
    }));
    return { count: isRead === undefined ? read + unread : isRead === 1 ? read : unread, data, read, unread };
  }

  async deleteMessage(id: number): Promise<void> {
    const unreadOf = await this.db.transaction((tx) => this.repo.deleteMessage(id, tx));
    if (!unreadOf) throw AppError.notFound();
    if (unreadOf.length) await this.bus.publish({ kind: 'unread', staffIds: concerning(unreadOf) });
  }

  async listAnnouncements(filter: { class?: string; keyword?: string }, page: number, limit: number) {
    const { count, rows } = await this.repo.listAnnouncements({ class: filter.class, keyword: filter.keyword || undefined }, page, limit);
    return { count, data: rows.map(toPublishedAnnouncement) };
  }

  async withdraw(id: number): Promise<PublishedAnnouncement> {
    const current = await this.repo.findAnnouncement(id);
    if (!current) throw AppError.notFound();
    if (current.announcement.withdrawnAt) throw withdrawnAlready();
    if (!(await this.repo.withdrawAnnouncement(id))) throw withdrawnAlready();
    const staffIds = await this.repo.announcementRecipientIds(id, 501);
    await this.bus.publish({ kind: 'withdrawn', id, staffIds: concerning(staffIds) });
    return this.publishedAnnouncement(id);
  }

  // ——— notification templates ———

  async templates(filter: { type: number; keyword?: string }, page: number, limit: number) {
    const { count, rows } = await this.repo.listTemplates({ type: filter.type, keyword: filter.keyword || undefined }, page, limit);
    return { count, data: rows.map(toTemplate) };
  }

  async template(id: number): Promise<NotificationTemplate> {
    const row = await this.repo.findTemplate(id);
    if (!row) throw AppError.notFound();
    return toTemplate(row);
  }

  async editTemplate(id: number, input: TemplateInput): Promise<NotificationTemplate> {
    const current = await this.repo.findTemplate(id);
    if (!current) throw AppError.notFound();
    const known = new Set(current.parameters.map((p) => p.key));
    const refusals = new Refusals();
    for (const field of ['title', 'content'] as const) {
      const unknown = placeholders(input[field]).find((key) => !known.has(key));
      if (unknown) refusals.add(field, { 'zh-CN': `{${unknown}} 不是该模板的参数`, 'en-US': `{${unknown}} is not a parameter of this template` });
    }
    refusals.throwIfAny();
    const row = await this.repo.updateTemplate(id, input);
    if (!row) throw AppError.notFound();
    return toTemplate(row);
  }

  // ——— pop-up templates ———

  async popupTemplates(filter: { class?: string; keyword?: string }, page: number, limit: number) {
    const { count, rows } = await this.repo.listPopupTemplates({ class: filter.class, keyword: filter.keyword || undefined }, page, limit);
    return { count, data: rows.map(toPopupTemplate) };
  }

  async popupTemplate(id: number): Promise<PopupTemplate> {
    const row = await this.repo.findPopupTemplate(id);
    if (!row) throw AppError.notFound();
    return toPopupTemplate(row);
  }

  private async assertNameFree(name: string, selfId?: number): Promise<void> {
    const same = await this.repo.findPopupTemplateByName(name);
    if (same && same.id !== selfId) throw popupNameTaken();
  }

  async addPopupTemplate(input: PopupInput & { name: string }): Promise<PopupTemplate> {
    await this.assertNameFree(input.name);
    try {
      return toPopupTemplate(await this.repo.insertPopupTemplate({ name: input.name, ...this.popupValues(input) }));
    } catch (err) {
      if (isUniqueViolation(err)) throw popupNameTaken();
      throw err;
    }
  }

  async editPopupTemplate(id: number, input: PopupInput & { name: string }): Promise<PopupTemplate> {
    if (!(await this.repo.findPopupTemplate(id))) throw AppError.notFound();
    await this.assertNameFree(input.name, id);
    try {
      const row = await this.repo.updatePopupTemplate(id, { name: input.name, ...this.popupValues(input) });
      if (!row) throw AppError.notFound();
      return toPopupTemplate(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw popupNameTaken();
      throw err;
    }
  }

  async deletePopupTemplate(id: number): Promise<void> {
    if (!(await this.repo.deletePopupTemplate(id))) throw AppError.notFound();
  }
}
