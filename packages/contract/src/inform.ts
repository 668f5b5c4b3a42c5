import { z } from 'zod';
import { defineCall, fields, operation, pageOf } from './call';
import { uploadPathField } from './file';
import { userSelection, type UserSelection } from './user';

/**
 * Staff notifications and pop-up announcements (spec §2.4, §3, §4, §7 Notifications, §9), under `/api/inform/`.
 *
 * - A *message notification* is published once (`add_notifications`) and delivered to each recipient staff as a row of
 *   their own: they filter it by type and read state, mark it read and delete it; nobody else's rows are reachable.
 *   One to the marketplace's users (target `users`) is stored once with their selection; no staff receives it.
 * - An *announcement* is a pop-up (`class` Dialog, MessageBox, Message, Notification, imgDialog) published to all staff
 *   or chosen staff; each recipient is shown it once (the client records it as seen).
 * - New notifications, new announcements and the unread count reach open browsers live over `GET /api/inform/stream`
 *   (server-sent events). See docs/notifications.md.
 */

// ——— codes (§9: notification type ids 0 to 5) ———

/**
 * Notification types 1–5. Type 0 (全部, All) is a filter value only: lists take it to mean every type, and no
 * notification or template is ever of type 0.
 */
export const NOTIFICATION_TYPES = [
  { value: 1, label: '操作执行通知', en: 'Operation execution notice' },
  { value: 2, label: '知识更新通知', en: 'Knowledge update notice' },
  { value: 3, label: '版本迭代通知', en: 'Version iteration notice' },
  { value: 4, label: '预警监督通知', en: 'Early-warning supervision notice' },
  { value: 5, label: '跟进消息通知', en: 'Follow-up message notice' },
] as const;
/** The filter value meaning every type. */
export const ALL_NOTIFICATION_TYPES = 0;

export const announcementClasses = ['Dialog', 'MessageBox', 'Message', 'Notification', 'imgDialog'] as const;
export type AnnouncementClass = (typeof announcementClasses)[number];

/**
 * How a pop-up may be closed (§4): its close button, a click on the mask, the × in its corner, and closing by itself
 * after `duration` seconds (3 s when 0). Message and Notification toasts have no mask, so `mask_layer_close` does not
 * apply to them.
 */
export const closeTypes = ['button_close', 'mask_layer_close', 'right_button_close', 'voluntarily_close'] as const;
export type CloseType = (typeof closeTypes)[number];

/** The icon and colour of a pop-up: antd's message / notification / confirm types. */
export const hintStates = ['info', 'success', 'warning', 'error'] as const;
export type HintState = (typeof hintStates)[number];

/** Where a pop-up shows: dialogs centre or sit at the top; Notification toasts take a corner or edge; Message toasts are always at the top. */
export const popupLocations = ['center', 'top', 'topLeft', 'topRight', 'bottom', 'bottomLeft', 'bottomRight'] as const;
export type PopupLocation = (typeof popupLocations)[number];

/** §9: a pop-up with voluntarily_close and duration 0 closes after 3 s; several pop-ups appear 400 ms apart. */
export const DEFAULT_AUTO_CLOSE_SECONDS = 3;
export const POPUP_STAGGER_MS = 400;

/** Classes without a mask: only a button, the × or time can close them. */
export const TOAST_CLASSES: readonly AnnouncementClass[] = ['Message', 'Notification'];

// ——— shared fields ———

const notificationType = z.coerce.number().int().min(1, 'expected a type 1-5').max(5, 'expected a type 1-5');
const typeFilter = z.coerce.number().int().min(0).max(5).default(ALL_NOTIFICATION_TYPES);
const readFilter = z.coerce.number().int().min(0).max(1);
const idList = (max: number) => z.array(fields.id).min(1).max(max);

/** Rich text as the editor sends it; the server keeps only allow-listed markup. */
const richText = (max: number) => z.string().max(max, `at most ${max} characters`).default('');

/** A picture for the pop-up: an uploaded file's path or `/uploads/…` URL, or empty. */
const imgField = z.union([z.literal(''), uploadPathField]).default('');

/** A plain-text value to show in the detail drawer. */
const dataValue = z.union([z.string().max(500), z.number(), z.boolean()]);
const dataKey = z.string().min(1).max(40).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected a key of letters, digits and _');
/**
 * `data`: extra facts shown with the details, as key → value; `[]` (the default) for none. With `inform_id` 0 and an
 * array `data` the view-details action just closes the pop-up (§4).
 */
const dataField = z
  .union([z.array(z.never()).max(0), z.record(dataKey, dataValue)])
  .refine((v) => Array.isArray(v) || Object.keys(v).length <= 20, 'at most 20 entries')
  .default([]);

const closeTypeField = z
  .array(z.enum(closeTypes))
  .min(1, 'choose at least one way to close')
  .max(closeTypes.length)
  .refine((list) => new Set(list).size === list.length, 'each way to close once');

/** The display fields shared by pop-up templates and announcements. */
const popupFields = {
  class: z.enum(announcementClasses),
  title: fields.text(100).min(1),
  content: richText(100_000),
  img: imgField,
  hint_state: z.enum(hintStates).default('info'),
  close_type: closeTypeField,
  /** Seconds before a voluntarily_close pop-up closes itself; 0 means the default 3 s. */
  duration: z.coerce.number().int().min(0).max(3600).default(0),
  location: z.enum(popupLocations).default('center'),
};

/** A pop-up needs a way to close that its class has, and an imgDialog needs its picture. */
function checkPopup(value: { class: AnnouncementClass; close_type: CloseType[]; img: string }, ctx: z.RefinementCtx): void {
  if (TOAST_CLASSES.includes(value.class) && !value.close_type.some((c) => c !== 'mask_layer_close')) {
    ctx.addIssue({ code: 'custom', path: ['close_type'], message: `a ${value.class} has no mask: add button_close, right_button_close or voluntarily_close` });
  }
  if (value.class === 'imgDialog' && !value.img) ctx.addIssue({ code: 'custom', path: ['img'], message: 'an imgDialog needs a picture' });
}

/** Who an announcement reaches: every active staff, or the chosen ones. */
export const staffTargets = ['all', 'staff'] as const;
/**
 * Who a message notification reaches: the staff targets, or `users` — the marketplace's users chosen in the user-select
 * drawer, as its `selection`.
 */
export const notificationTargets = [...staffTargets, 'users'] as const;
export type NotificationTarget = (typeof notificationTargets)[number];

/** Recipients: every active staff, or the chosen ones. */
const targetFields = {
  target: z.enum(staffTargets).default('staff'),
  staff_ids: z.array(fields.id).max(5000).default([]),
};

/** A message notification's recipients: those of `targetFields`, or the users of `selection` (target `users`). */
const notificationTargetFields = {
  ...targetFields,
  target: z.enum(notificationTargets).default('staff'),
  /** Only with target `users`: the selection the user-select drawer confirmed (`POST /api/user/select`). */
  selection: userSelection.optional(),
};

function checkTarget(value: { target: NotificationTarget; staff_ids: number[]; selection?: UserSelection }, ctx: z.RefinementCtx): void {
  if (value.target === 'staff' && value.staff_ids.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['staff_ids'], message: 'choose at least one recipient, or target all' });
  }
  if (value.target === 'users' && !value.selection) {
    ctx.addIssue({ code: 'custom', path: ['selection'], message: 'choose the users to send to' });
  }
  if (value.target !== 'users' && value.selection) {
    ctx.addIssue({ code: 'custom', path: ['selection'], message: 'only with target users' });
  }
}

/** `{name}` placeholders in template text: letters, digits and _. */
export const TEMPLATE_PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces `{key}` with its value; unknown keys stay as they are. */
export function renderTemplate(text: string, params: Record<string, string>): string {
  return text.replace(TEMPLATE_PLACEHOLDER, (whole, key: string) => (Object.hasOwn(params, key) ? params[key]! : whole));
}

// ——— answers ———

/** One notification in the drawer (§3 Notification: id, title, content, time). */
export const notificationItem = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  /** Plain text. */
  content: z.string(),
  /** 0 unread, 1 read. */
  is_read: z.number(),
  /** Who published it; empty for the system. */
  sender: z.string(),
  /** ISO 8601. */
  time: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const unreadCounts = z.object({
  total: z.number().int(),
  /** Unread per type 1–5. */
  by_type: z.array(z.object({ type: z.number(), count: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/**
 * A published message notification, for the manage screen. To users (`target` users) `recipient_count` is how many
 * users its selection stood for when it was sent, and `read_count` is null: users have no read state here.
 */
export const publishedNotification = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  content: z.string(),
  target: z.enum(notificationTargets),
  template_id: z.number().nullable(),
  recipient_count: z.number().int(),
  read_count: z.number().int().nullable(),
  sender: z.string(),
  created_at: z.string(),
});
export type PublishedNotification = z.infer<typeof publishedNotification>;

/**
 * One published message notification for the manage screen's detail drawer: its row, and for target users the
 * selection as stored and when it was sent (a filter selection stands for the users it matched who had registered by
 * then). Both are null for staff targets.
 */
export const publishedNotificationDetails = publishedNotification.extend({
  selection: userSelection.nullable(),
  selection_at: z.string().nullable(),
});
export type PublishedNotificationDetails = z.infer<typeof publishedNotificationDetails>;

/** A staff recipient of a published message notification and whether they have read their copy. */
export const notificationRecipient = z.object({
  staff_id: z.number(),
  name: z.string(),
  staff_num: z.string(),
  /** 0 unread, 1 read. */
  is_read: z.number(),
  /** ISO 8601; null while unread. */
  read_at: z.string().nullable(),
});
export type NotificationRecipient = z.infer<typeof notificationRecipient>;

const popupAnswerFields = {
  class: z.enum(announcementClasses),
  title: z.string(),
  /** Sanitised rich text. */
  content: z.string(),
  /** `/uploads/…` URL, or empty. */
  img: z.string(),
  hint_state: z.enum(hintStates),
  close_type: z.array(z.enum(closeTypes)),
  duration: z.number().int(),
  location: z.enum(popupLocations),
};

/** §3 Announcement pop-up. `inform_id` is the announcement whose details view-details opens; 0 when it has none. */
export const announcementPopup = z.object({
  id: z.number(),
  ...popupAnswerFields,
  inform_id: z.number(),
  data: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  /** ISO 8601: when it was published. */
  time: z.string(),
});
export type AnnouncementPopup = z.infer<typeof announcementPopup>;

/** An announcement addressed to the signed-in staff, for the drawer's announcements list. */
export const announcementItem = z.object({
  id: z.number(),
  class: z.enum(announcementClasses),
  title: z.string(),
  /** The content as plain text, cut to 200 characters. */
  summary: z.string(),
  seen: z.boolean(),
  time: z.string(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

/** The announcement detail drawer: title, the sender line, time, rich text. */
export const announcementDetails = z.object({
  id: z.number(),
  title: z.string(),
  /** The official-assistant sender line. */
  sender: z.string(),
  time: z.string(),
  content: z.string(),
  img: z.string(),
  data: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
});
export type AnnouncementDetails = z.infer<typeof announcementDetails>;

/** A published announcement, for the manage screen. */
export const publishedAnnouncement = announcementPopup.extend({
  show_details: z.boolean(),
  target: z.enum(staffTargets),
  template_id: z.number().nullable(),
  recipient_count: z.number().int(),
  seen_count: z.number().int(),
  sender: z.string(),
  end_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  created_at: z.string(),
});
export type PublishedAnnouncement = z.infer<typeof publishedAnnouncement>;

/** A pop-up template ("site show template"): the display of an announcement, to publish from. */
export const popupTemplate = z.object({
  id: z.number(),
  name: z.string(),
  ...popupAnswerFields,
  updated_at: z.string(),
});
export type PopupTemplate = z.infer<typeof popupTemplate>;

export const templateParameter = z.object({
  /** The placeholder: `{key}` in the title or content. */
  key: z.string(),
  name: z.string(),
  example: z.string(),
});
export type TemplateParameter = z.infer<typeof templateParameter>;

/** A notification template: a message of one type with `{key}` placeholders filled in when it is sent. */
export const notificationTemplate = z.object({
  id: z.number(),
  /** Stable key the system sends it by, e.g. `task.done`. */
  code: z.string(),
  name: z.string(),
  type: z.number(),
  title: z.string(),
  content: z.string(),
  parameters: z.array(templateParameter),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplate>;

export const staffOption = z.object({ id: z.number(), name: z.string(), staff_num: z.string() });
export type StaffOption = z.infer<typeof staffOption>;

/** The state a stream starts with (its `hello` event), also answered as JSON to a client that does not ask for events. */
export const streamSnapshot = z.object({
  unread: unreadCounts,
  /** Announcements the staff has not been shown yet, oldest first. */
  announcements: z.array(announcementPopup),
  /** How often the stream sends a `ping` event. */
  heartbeat_ms: z.number().int(),
});
export type StreamSnapshot = z.infer<typeof streamSnapshot>;

/** The events of `GET /api/inform/stream`, by SSE event name. */
export interface StreamEvents {
  hello: StreamSnapshot;
  notification: NotificationItem;
  unread: UnreadCounts;
  announcement: AnnouncementPopup;
  /** An announcement was withdrawn: close it if it is showing. */
  withdrawn: { id: number };
  ping: { time: string };
}

// ——— inputs ———

const publishNotificationBody = z
  .object({
    type: notificationType,
    /** Without a template: the title and plain-text content. */
    title: fields.text(100).optional(),
    content: z.string().trim().max(5000).optional(),
    /** With a template: its title and content with `params` filled in. */
    template_id: fields.id.optional(),
    params: z.record(dataKey, z.string().trim().max(500)).default({}),
    ...notificationTargetFields,
  })
  .superRefine((value, ctx) => {
    checkTarget(value, ctx);
    if (value.template_id === undefined) {
      if (!value.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'required without a template' });
      if (!value.content) ctx.addIssue({ code: 'custom', path: ['content'], message: 'required without a template' });
    }
  });

const announcementBody = z
  .object({
    ...popupFields,
    /** Whether view-details opens the detail drawer (inform_id = the announcement) or just closes the pop-up. */
    show_details: z.boolean().default(true),
    data: dataField,
    /** The pop-up template it was made from, if any (recorded only). */
    template_id: fields.id.optional(),
    /** No longer popped up after this moment (ISO 8601); never when absent. */
    end_at: z.iso.datetime({ offset: true }).nullable().default(null),
    ...targetFields,
  })
  .superRefine((value, ctx) => {
    checkPopup(value, ctx);
    checkTarget(value, ctx);
  });

const popupTemplateBody = z.object({ name: fields.text(60).min(1), ...popupFields }).superRefine(checkPopup);

const byId = z.object({ id: fields.id });
const tag = 'inform';
const publish = operation('notification.publish');
const manage = operation('notification.manage');
const templateView = operation('notification.template.view');
const templateEdit = operation('notification.template.edit');

/** `/api/inform/...`. */
export const informCalls = {
  // ——— the signed-in staff's own notifications ———
  stream: defineCall({
    method: 'GET',
    path: '/api/inform/stream',
    tag,
    summary:
      'Live delivery as server-sent events (send Accept: text/event-stream): hello, notification, unread, announcement, ' +
      'withdrawn and ping events. EventSource cannot send headers, so this call alone also takes the token from the ' +
      '`juqi_token` cookie the web app keeps it in. Without Accept: text/event-stream it answers the hello snapshot as JSON once.',
    permission: 'signed-in',
    data: streamSnapshot,
  }),
  listNotifications: defineCall({
    method: 'POST',
    path: '/api/inform/list_notifications',
    tag,
    summary: 'The notification drawer: the signed-in staff’s notifications by read state (is_read 0/1) and type (0 = all), newest first',
    permission: 'signed-in',
    body: z.object({
      is_read: readFilter.optional(),
      type: typeFilter,
      page: fields.page,
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    data: pageOf(notificationItem).extend({ unread: z.number().int() }),
  }),
  unreadCount: defineCall({
    method: 'POST',
    path: '/api/inform/unread_count',
    tag,
    summary: 'How many of the signed-in staff’s notifications are unread, in total and per type',
    permission: 'signed-in',
    data: unreadCounts,
  }),
  readNotifications: defineCall({
    method: 'POST',
    path: '/api/inform/read_notifications',
    tag,
    summary: 'Mark the signed-in staff’s notifications read: the given ids, or all of them (of one type when type > 0)',
    permission: 'signed-in',
    body: z
      .object({ ids: z.array(fields.id).max(200).default([]), all: z.boolean().default(false), type: typeFilter })
      .refine((b) => b.all || b.ids.length > 0, { message: 'give ids, or all: true', path: ['ids'] }),
    data: z.object({ updated: z.number().int(), unread: unreadCounts }),
  }),
  delNotification: defineCall({
    method: 'POST',
    path: '/api/inform/del_notifications',
    tag,
    summary: 'Delete one of the signed-in staff’s own notifications (40400 for anyone else’s)',
    permission: 'signed-in',
    body: byId,
    data: z.object({ unread: unreadCounts }),
  }),
  pendingAnnouncements: defineCall({
    method: 'POST',
    path: '/api/inform/pending_announcements',
    tag,
    summary: 'Announcements the signed-in staff has not been shown yet, oldest first (the pop-ups to show)',
    permission: 'signed-in',
    data: z.array(announcementPopup),
  }),
  seenAnnouncements: defineCall({
    method: 'POST',
    path: '/api/inform/seen_announcements',
    tag,
    summary: 'Record that pop-ups were shown to the signed-in staff, so each shows once',
    permission: 'signed-in',
    body: z.object({ ids: idList(100) }),
    data: z.object({ updated: z.number().int() }),
  }),
  myAnnouncements: defineCall({
    method: 'POST',
    path: '/api/inform/my_announcements',
    tag,
    summary: 'The drawer’s announcements: those addressed to the signed-in staff and not withdrawn, newest first',
    permission: 'signed-in',
    body: z.object({ page: fields.page, limit: z.coerce.number().int().min(1).max(50).default(20) }),
    data: pageOf(announcementItem),
  }),
  announcementDetails: defineCall({
    method: 'POST',
    path: '/api/inform/announcement_details',
    tag,
    summary: 'The detail drawer of an announcement addressed to the signed-in staff (inform_id of a pop-up)',
    permission: 'signed-in',
    body: byId,
    data: announcementDetails,
  }),

  // ——— publishing ———
  addNotifications: defineCall({
    method: 'POST',
    path: '/api/inform/add_notifications',
    tag,
    summary:
      'Publish a message notification (type 1-5), written directly or from a template, to all active staff, chosen staff, ' +
      'or the marketplace’s users of a user-select `selection` (target users: stored once with the selection and the ' +
      'sending time; recipient_count is how many users it stands for then)',
    permission: publish,
    body: publishNotificationBody,
    data: z.object({ id: z.number(), recipient_count: z.number().int() }),
  }),
  addAnnouncement: defineCall({
    method: 'POST',
    path: '/api/inform/add_announcement',
    tag,
    summary: 'Publish a pop-up announcement to all active staff or chosen staff; content is sanitised rich text',
    permission: publish,
    body: announcementBody,
    data: publishedAnnouncement,
  }),
  staffOptions: defineCall({
    method: 'POST',
    path: '/api/inform/staff_options',
    tag,
    summary: 'Active staff to choose recipients from, matching a name or staff number (at most 50), or the given ids',
    permission: publish,
    body: z.object({ keyword: fields.text(40).optional(), ids: z.array(fields.id).max(200).optional() }),
    data: z.array(staffOption),
  }),
  templateSelect: defineCall({
    method: 'POST',
    path: '/api/inform/template_select',
    tag,
    summary: 'Enabled notification templates with their text and parameters, to publish from',
    permission: publish,
    data: z.array(notificationTemplate),
  }),
  siteShowTemplateSelect: defineCall({
    method: 'POST',
    path: '/api/inform/site_show_template_select',
    tag,
    summary: 'Every pop-up template with its display fields, to publish an announcement from',
    permission: publish,
    data: z.array(popupTemplate),
  }),

  // ——— managing what was published ———
  listDataNotifications: defineCall({
    method: 'POST',
    path: '/api/inform/list_data_notifications',
    tag,
    summary: 'Published message notifications with their recipient and read counts, newest first',
    permission: manage,
    body: z.object({ type: typeFilter, keyword: fields.text(40).optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(publishedNotification),
  }),
  dataNotificationDetails: defineCall({
    method: 'POST',
    path: '/api/inform/data_notification_details',
    tag,
    summary: 'One published message notification with its recipients: the counts, and for target users the stored selection',
    permission: manage,
    body: byId,
    data: publishedNotificationDetails,
  }),
  dataNotificationRecipients: defineCall({
    method: 'POST',
    path: '/api/inform/data_notification_recipients',
    tag,
    summary:
      'The staff holding a copy of a published message notification, by read state (is_read 0/1): read ones latest read ' +
      'first, unread ones by staff id; with how many have and have not read it. Empty for target users (no staff copies)',
    permission: manage,
    body: z.object({ id: fields.id, is_read: readFilter.optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(notificationRecipient).extend({ read: z.number().int(), unread: z.number().int() }),
  }),
  delDataNotifications: defineCall({
    method: 'POST',
    path: '/api/inform/del_data_notifications',
    tag,
    summary: 'Delete a published message notification for every recipient',
    permission: manage,
    body: byId,
    data: z.null(),
  }),
  listDataAnnouncements: defineCall({
    method: 'POST',
    path: '/api/inform/list_data_announcements',
    tag,
    summary: 'Published announcements with their recipient and seen counts, newest first',
    permission: manage,
    body: z.object({
      class: z.enum(announcementClasses).optional(),
      keyword: fields.text(40).optional(),
      page: fields.page,
      limit: fields.limit,
    }),
    data: pageOf(publishedAnnouncement),
  }),
  withdrawAnnouncement: defineCall({
    method: 'POST',
    path: '/api/inform/withdraw_announcement',
    tag,
    summary: 'Withdraw an announcement: it is no longer popped up or listed, and open pop-ups of it close',
    permission: manage,
    body: byId,
    data: publishedAnnouncement,
  }),

  // ——— notification templates ———
  templateList: defineCall({
    method: 'POST',
    path: '/api/inform/templatelist',
    tag,
    summary: 'Notification templates, by type (0 = all) and name',
    permission: templateView,
    body: z.object({ type: typeFilter, keyword: fields.text(40).optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(notificationTemplate),
  }),
  templateDetails: defineCall({
    method: 'POST',
    path: '/api/inform/templatedetails',
    tag,
    summary: 'One notification template',
    permission: templateView,
    body: byId,
    data: notificationTemplate,
  }),
  templateParameter: defineCall({
    method: 'POST',
    path: '/api/inform/templateparameter',
    tag,
    summary: 'The placeholders a notification template may use',
    permission: templateView,
    body: byId,
    data: z.array(templateParameter),
  }),
  templateEdit: defineCall({
    method: 'POST',
    path: '/api/inform/templateedit',
    tag,
    summary: 'Edit a notification template’s name, type, text and whether it is sent; placeholders must be its parameters',
    permission: templateEdit,
    body: z.object({
      id: fields.id,
      name: fields.text(60).min(1),
      type: notificationType,
      title: fields.text(100).min(1),
      content: z.string().trim().min(1).max(5000),
      enabled: z.boolean().default(true),
    }),
    data: notificationTemplate,
  }),

  // ——— pop-up templates (site show templates) ———
  siteShowTemplateList: defineCall({
    method: 'POST',
    path: '/api/inform/site_show_template_list',
    tag,
    summary: 'Pop-up templates, by class and name',
    permission: templateView,
    body: z.object({
      class: z.enum(announcementClasses).optional(),
      keyword: fields.text(40).optional(),
      page: fields.page,
      limit: fields.limit,
    }),
    data: pageOf(popupTemplate),
  }),
  siteShowTemplateDetails: defineCall({
    method: 'POST',
    path: '/api/inform/site_show_template_details',
    tag,
    summary: 'One pop-up template',
    permission: templateView,
    body: byId,
    data: popupTemplate,
  }),
  siteShowTemplateAdd: defineCall({
    method: 'POST',
    path: '/api/inform/site_show_template_add',
    tag,
    summary: 'Create a pop-up template; names are unique; content is sanitised rich text',
    permission: templateEdit,
    body: popupTemplateBody,
    data: popupTemplate,
  }),
  siteShowTemplateEdit: defineCall({
    method: 'POST',
    path: '/api/inform/site_show_template_edit',
    tag,
    summary: 'Edit a pop-up template',
    permission: templateEdit,
    body: z.object({ id: fields.id, name: fields.text(60).min(1), ...popupFields }).superRefine(checkPopup),
    data: popupTemplate,
  }),
  siteShowTemplateDelete: defineCall({
    method: 'POST',
    path: '/api/inform/site_show_template_del',
    tag,
    summary: 'Delete a pop-up template (announcements made from it keep their own copy)',
    permission: templateEdit,
    body: byId,
    data: z.null(),
  }),
};
