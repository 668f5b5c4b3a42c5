import { z } from 'zod';
import { defineCall, fields, operation, pageOf, wholeNumber } from './call';
import { uploadPathField } from './file';
import { quoting, said } from './refusals';
import { defineContractModule } from './contract-module';
import { defineResource, type Texts } from './resource';
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
 * The notification types' ids 1–5. They are fixed: every notification, template and system event holds one, and the
 * contract validates it. What staff edit (通知类型, `notificationTypeResource`) is only how a type is presented: its
 * names, colour, order and whether publishers are offered it. Type 0 (全部, All) is a filter value only: lists take it
 * to mean every type, and no notification or template is ever of type 0.
 */
export const NOTIFICATION_TYPE_IDS = [1, 2, 3, 4, 5] as const;
/** The filter value meaning every type. */
export const ALL_NOTIFICATION_TYPES = 0;

/** 通知类型: the five types' names in both languages, colour, order and whether publishers may choose them; edited, never added or deleted. */
export const notificationTypeResource = defineResource({
  module: 'inform',
  thing: 'type',
  menu: '/permission/notification/type',
  label: { 'zh-CN': '通知类型', 'en-US': 'Notification type' },
  operations: { view: 'notification.type.view', edit: 'notification.type.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '中文名称', 'en-US': 'Chinese name' }, max: 20, required: true, unique: true },
    name_en: { kind: 'text', label: { 'zh-CN': '英文名称', 'en-US': 'English name' }, max: 40, required: true, unique: true },
    color: { kind: 'text', label: { 'zh-CN': '颜色', 'en-US': 'Colour' }, max: 7, required: true, pattern: /^#[0-9a-fA-F]{6}$/ },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
  },
  columns: ['name', 'name_en', 'color', 'enabled', 'sort', 'updated_at'],
  order: { by: 'sort', direction: 'asc' },
});

/** A notification type as every screen shows it: the drawer, the publish form, the manage lists and the tags. */
export const notificationTypeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  /** `#rrggbb`. */
  color: z.string(),
  /** Offered to publishers; notifications of a disabled type still show under it. */
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type NotificationTypeOption = z.infer<typeof notificationTypeOption>;

// ——— system notifications (系统通知) ———

/** How a system event's notice goes out: 站内信 (site message), 短信 (SMS), 微信模板消息 (WeChat template message). */
export const systemEventChannels = ['site', 'sms', 'wechat'] as const;
export type SystemEventChannel = (typeof systemEventChannels)[number];

/**
 * Who a system event's notice goes to: staff holding the chosen roles, the marketplace user the event is about, the
 * staff member who asked for what happened, or the approvers whose decision it now waits for.
 */
export type SystemEventAudience = 'roles' | 'user' | 'requester' | 'approvers';

export interface SystemEventParameter {
  /** The placeholder `{key}` in the title or content. */
  key: string;
  name: Texts;
  example: string;
}

export interface SystemEventDefinition {
  code: string;
  name: Texts;
  audience: SystemEventAudience;
  /** Whether a feature of the platform raises it today; the others are set up ahead of the feature that will. */
  raised: boolean;
  parameters: readonly SystemEventParameter[];
}

const param = (key: string, zh: string, en: string, example: string): SystemEventParameter => ({ key, name: { 'zh-CN': zh, 'en-US': en }, example });

/** What every approval event says: which process, about whom, what is asked, who asked. */
const approvalParameters = [
  param('kind', '审批类型', 'Process', '离职申请'),
  param('subject', '申请对象', 'About', '张三'),
  param('summary', '申请内容', 'Request', '离职日期 2026-12-31 · 个人发展'),
  param('requester', '申请人', 'Requested by', '李四'),
];

/** What every adjustment event says: which one, whose money, how much which way, who applied. */
const adjustmentParameters = [
  param('no', '调账单号', 'Adjustment no.', 'AJ20260302093000123456'),
  param('user', '用户', 'User', '张三'),
  param('amount', '调账金额', 'Amount', '调增 ¥1,500.00'),
  param('applicant', '申请人', 'Applied by', '王五'),
];

/** What every event of a raise of the adjustment settings says: who proposed it, and what it raises. */
const settingsRaiseParameters = [
  param('proposer', '提议人', 'Proposed by', '王五'),
  param('changes', '调高内容', 'Raises', '余额调账审批金额 ¥1,000.00 → ¥5,000.00'),
];

/**
 * The events the platform raises (系统通知). A fixed catalogue: each has one row of settings (seeded) that staff edit —
 * whether it notifies, through which channels, whom (roles, where its audience is `roles`), as which notification type,
 * with which text — and none is added or deleted. See docs/notifications.md.
 */
export const SYSTEM_EVENTS = [
  {
    code: 'user.verification.submitted',
    name: { 'zh-CN': '用户提交实名认证', 'en-US': 'A user submits identity verification' },
    audience: 'roles',
    raised: true,
    parameters: [param('user', '用户昵称', 'User name', '张三'), param('mobile', '手机号（隐藏中间四位）', 'Mobile (middle digits hidden)', '138****5678'), param('kind', '认证类型', 'Verification type', '个人认证')],
  },
  {
    code: 'user.verification.approved',
    name: { 'zh-CN': '实名认证通过', 'en-US': 'Identity verification approved' },
    audience: 'user',
    raised: true,
    parameters: [param('user', '用户昵称', 'User name', '张三'), param('kind', '认证类型', 'Verification type', '个人认证')],
  },
  {
    code: 'user.verification.rejected',
    name: { 'zh-CN': '实名认证被驳回', 'en-US': 'Identity verification rejected' },
    audience: 'user',
    raised: true,
    parameters: [param('user', '用户昵称', 'User name', '张三'), param('kind', '认证类型', 'Verification type', '企业认证'), param('reason', '驳回原因', 'Reason', '营业执照照片不清晰')],
  },
  {
    code: 'inform.announcement.published',
    name: { 'zh-CN': '发布弹窗公告', 'en-US': 'An announcement is published' },
    audience: 'roles',
    raised: true,
    parameters: [param('title', '公告标题', 'Title', '五一劳动节放假安排'), param('sender', '发布人', 'Published by', '王晓'), param('count', '接收人数', 'Recipients', '36')],
  },
  {
    code: 'staff.sign_in.locked',
    name: { 'zh-CN': '员工登录失败被锁定', 'en-US': 'Staff sign-in locked after failed attempts' },
    audience: 'roles',
    raised: false,
    parameters: [param('account', '登录账号', 'Account', 'ops01'), param('ip', '来源 IP', 'From IP', '203.0.113.7'), param('until', '解锁时间', 'Locked until', '2026-03-02 10:40')],
  },
  {
    code: 'user.export.finished',
    name: { 'zh-CN': '用户导出完成', 'en-US': 'A user export finished' },
    audience: 'requester',
    raised: false,
    parameters: [param('name', '导出内容', 'Exported', '全部用户'), param('count', '记录数', 'Rows', '12580')],
  },
  {
    code: 'approval.pending',
    name: { 'zh-CN': '审批待处理', 'en-US': 'An approval waits for a decision' },
    audience: 'approvers',
    raised: true,
    parameters: [...approvalParameters, param('step', '当前步骤', 'Step', '第 1 步')],
  },
  {
    code: 'approval.approved',
    name: { 'zh-CN': '审批已通过', 'en-US': 'An approval request is approved' },
    audience: 'requester',
    raised: true,
    parameters: approvalParameters,
  },
  {
    code: 'approval.rejected',
    name: { 'zh-CN': '审批被驳回', 'en-US': 'An approval request is rejected' },
    audience: 'requester',
    raised: true,
    parameters: [...approvalParameters, param('approver', '审批人', 'Approver', '王晓'), param('comment', '审批意见', 'Comment', '交接清单未完成')],
  },
  {
    code: 'finance.adjustment.pending',
    name: { 'zh-CN': '调账待审批', 'en-US': 'An adjustment waits for approval' },
    audience: 'approvers',
    raised: true,
    parameters: [...adjustmentParameters, param('reason', '调账原因', 'Reason', '渠道返利补发')],
  },
  {
    code: 'finance.adjustment.approved',
    name: { 'zh-CN': '调账已通过', 'en-US': 'An adjustment is approved' },
    audience: 'requester',
    raised: true,
    parameters: [...adjustmentParameters, param('approver', '审批人', 'Approver', '李四')],
  },
  {
    code: 'finance.adjustment.rejected',
    name: { 'zh-CN': '调账被驳回', 'en-US': 'An adjustment is rejected' },
    audience: 'requester',
    raised: true,
    parameters: [...adjustmentParameters, param('approver', '审批人', 'Approver', '李四'), param('reason', '驳回原因', 'Reason', '金额与活动方案不符')],
  },
  {
    code: 'finance.withdrawal.approved',
    name: { 'zh-CN': '提现待打款', 'en-US': 'A withdrawal waits to be paid out' },
    audience: 'approvers',
    raised: true,
    parameters: [
      param('no', '提现单号', 'Withdrawal no.', 'WD20260302093000123456'),
      param('user', '用户', 'User', '张三'),
      param('amount', '提现金额', 'Amount', '¥300.00'),
      param('approver', '审核人', 'Approved by', '王五'),
    ],
  },
  {
    code: 'finance.adjustment_settings.proposed',
    name: { 'zh-CN': '调账审批设置调高待批准', 'en-US': 'A raise of the adjustment settings waits for approval' },
    audience: 'approvers',
    raised: true,
    parameters: settingsRaiseParameters,
  },
  {
    code: 'finance.adjustment_settings.approved',
    name: { 'zh-CN': '调账审批设置调高已批准', 'en-US': 'A raise of the adjustment settings is approved' },
    audience: 'requester',
    raised: true,
    parameters: [...settingsRaiseParameters, param('approver', '批准人', 'Approved by', '李四')],
  },
  {
    code: 'finance.adjustment_settings.rejected',
    name: { 'zh-CN': '调账审批设置调高被驳回', 'en-US': 'A raise of the adjustment settings is rejected' },
    audience: 'requester',
    raised: true,
    parameters: [...settingsRaiseParameters, param('approver', '驳回人', 'Rejected by', '李四')],
  },
] as const satisfies readonly SystemEventDefinition[];
export type SystemEventCode = (typeof SYSTEM_EVENTS)[number]['code'];
export const systemEventCodes = SYSTEM_EVENTS.map((e) => e.code) as [SystemEventCode, ...SystemEventCode[]];
export const systemEventOf = (code: string): SystemEventDefinition | undefined => SYSTEM_EVENTS.find((e) => e.code === code);

/** One system event's settings. */
export const systemEventSettings = z.object({
  code: z.enum(systemEventCodes),
  enabled: z.boolean(),
  channels: z.array(z.enum(systemEventChannels)),
  /** Audience `roles`: the roles whose staff receive it (ids of 角色设置's roles); empty for the other audiences. */
  role_ids: z.array(z.number().int()),
  /** The notification type it posts as, 1–5. */
  type: z.number().int(),
  /** With `{key}` placeholders of the event's parameters. */
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type SystemEventSettings = z.infer<typeof systemEventSettings>;

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

/** A notification's type: one of the fixed ids 1–5, whatever the types are named or whether one is offered to publishers. */
const notificationType = wholeNumber(1, 5);
const typeFilter = wholeNumber(0, 5).default(ALL_NOTIFICATION_TYPES);
const readFilter = wholeNumber(0, 1);
const idList = (max: number) => z.array(fields.id).min(1).max(max);

/** Rich text as the editor sends it; the server keeps only allow-listed markup. */
const richText = (max: number) => z.string().max(max, said({ 'zh-CN': `最多 ${max} 个字符`, 'en-US': `at most ${max} characters` })).default('');

/** A picture for the pop-up: an uploaded file's path or `/uploads/…` URL, or empty. */
const imgField = z.union([z.literal(''), uploadPathField]).default('');

/** A plain-text value to show in the detail drawer. */
const dataValue = z.union([z.string().max(500), z.number(), z.boolean()]);
const dataKey = z.string().min(1).max(40).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, said({ 'zh-CN': '只能包含字母、数字和下划线', 'en-US': 'expected a key of letters, digits and _' }));
/**
 * `data`: extra facts shown with the details, as key → value; `[]` (the default) for none. With `inform_id` 0 and an
 * array `data` the view-details action just closes the pop-up (§4).
 */
const dataField = z
  .union([z.array(z.never()).max(0), z.record(dataKey, dataValue)])
  .refine((v) => Array.isArray(v) || Object.keys(v).length <= 20, said({ 'zh-CN': '最多 20 项', 'en-US': 'at most 20 entries' }))
  .default([]);

const closeTypeField = z
  .array(z.enum(closeTypes))
  .min(1, said({ 'zh-CN': '至少选择一种关闭方式', 'en-US': 'choose at least one way to close' }))
  .max(closeTypes.length)
  .refine((list) => new Set(list).size === list.length, said({ 'zh-CN': '关闭方式不能重复', 'en-US': 'each way to close once' }));

/** The display fields shared by pop-up templates and announcements. */
const popupFields = {
  class: z.enum(announcementClasses),
  title: fields.text(100).min(1),
  content: richText(100_000),
  img: imgField,
  hint_state: z.enum(hintStates).default('info'),
  close_type: closeTypeField,
  /** Seconds before a voluntarily_close pop-up closes itself; 0 means the default 3 s. */
  duration: wholeNumber(0, 3600).default(0),
  location: z.enum(popupLocations).default('center'),
};

/** A pop-up needs a way to close that its class has, and an imgDialog needs its picture. */
function checkPopup(value: { class: AnnouncementClass; close_type: CloseType[]; img: string }, ctx: z.RefinementCtx): void {
  if (TOAST_CLASSES.includes(value.class) && !value.close_type.some((c) => c !== 'mask_layer_close')) {
    ctx.addIssue({
      code: 'custom',
      path: ['close_type'],
      message: said({
        'zh-CN': `${value.class} 没有遮罩，请选择关闭按钮、右上角关闭或自动关闭`,
        'en-US': `a ${value.class} has no mask: add button_close, right_button_close or voluntarily_close`,
      }),
    });
  }
  if (value.class === 'imgDialog' && !value.img) ctx.addIssue({ code: 'custom', path: ['img'], message: said({ 'zh-CN': '图片弹窗须上传图片', 'en-US': 'an imgDialog needs a picture' }) });
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
    ctx.addIssue({ code: 'custom', path: ['staff_ids'], message: said({ 'zh-CN': '请至少选择一位接收人，或发送给全部员工', 'en-US': 'choose at least one recipient, or target all' }) });
  }
  if (value.target === 'users' && !value.selection) {
    ctx.addIssue({ code: 'custom', path: ['selection'], message: said({ 'zh-CN': '请选择接收的用户', 'en-US': 'choose the users to send to' }) });
  }
  if (value.target !== 'users' && value.selection) {
    ctx.addIssue({ code: 'custom', path: ['selection'], message: said({ 'zh-CN': '仅在发送给用户时填写', 'en-US': 'only with target users' }) });
  }
}

/** `{name}` placeholders in template text: letters, digits and _. */
export const TEMPLATE_PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces `{key}` with its value; unknown keys stay as they are. */
export function renderTemplate(text: string, params: Record<string, string>): string {
  return text.replace(TEMPLATE_PLACEHOLDER, (whole, key: string) => (Object.hasOwn(params, key) ? params[key]! : whole));
}

// ——— answers ———

/** Subjects named by their record's id: an approval request, a verification submission, a material in review. */
export const SUBJECT_KINDS_BY_ID = ['approval_request', 'user_verification', 'publishing_material'] as const;
/**
 * Subjects named by a text: a finance record waiting for a second person by its number (an adjustment's `AJ…`, a
 * withdrawal's `WD…`), a raise of the adjustment settings by its proposal's id.
 */
export const SUBJECT_KINDS_BY_KEY = ['finance_adjustment', 'finance_withdrawal', 'finance_adjustment_settings'] as const;
export const NOTIFICATION_SUBJECT_KINDS = [...SUBJECT_KINDS_BY_ID, ...SUBJECT_KINDS_BY_KEY] as const;
export type NotificationSubjectKind = (typeof NOTIFICATION_SUBJECT_KINDS)[number];

/**
 * What a notification is about, where the system raised it about something the staff can open: an approval request
 * (opened in 待办审批), a verification submission (opened on 认证审核), a finance record waiting for a second person
 * (opened on its record screen). The drawer opens it when the notification is clicked, and 待办审批 when one of its
 * to-dos is; a `changed` stream event names one to read again. Notifications written by a publisher are about nothing.
 */
export const notificationSubject = z.union([
  z.object({ kind: z.enum(SUBJECT_KINDS_BY_ID), id: z.number().int() }),
  z.object({ kind: z.enum(SUBJECT_KINDS_BY_KEY), id: z.string().min(1).max(64) }),
]);
export type NotificationSubject = z.output<typeof notificationSubject>;

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
  /** What it is about, to open; null when it is about nothing the drawer opens. */
  subject: notificationSubject.nullable(),
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
  /** What the subject names changed (a step decided by someone else): the screens showing it read it again. */
  changed: NotificationSubject;
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
      const withoutTemplate = said({ 'zh-CN': '未选择模板时必填', 'en-US': 'required without a template' });
      if (!value.title) ctx.addIssue({ code: 'custom', path: ['title'], message: withoutTemplate });
      if (!value.content) ctx.addIssue({ code: 'custom', path: ['content'], message: withoutTemplate });
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

const distinct = <T>(list: T[]) => new Set(list).size === list.length;

/** Whom an event goes to, in Chinese, for its refusals. */
const AUDIENCE_WORDS: Record<SystemEventAudience, string> = { roles: '角色', user: '用户本人', requester: '申请人', approvers: '审批人' };

/**
 * A system event's settings as staff save them. The event's own rules are checked here, from the catalogue: roles only
 * for an event that goes to roles, a channel while it is on, and placeholders only of the event's parameters.
 */
const systemEventEditBody = z
  .object({
    code: z.enum(systemEventCodes),
    enabled: z.boolean(),
    channels: z.array(z.enum(systemEventChannels)).max(systemEventChannels.length).refine(distinct, said({ 'zh-CN': '渠道不能重复', 'en-US': 'each channel once' })),
    role_ids: z.array(fields.id).max(50).refine(distinct, said({ 'zh-CN': '角色不能重复', 'en-US': 'each role once' })).default([]),
    type: notificationType,
    title: fields.text(100).min(1),
    content: z.string().trim().min(1).max(1000),
  })
  .superRefine((value, ctx) => {
    const event = systemEventOf(value.code)!;
    if (value.enabled && value.channels.length === 0) ctx.addIssue({ code: 'custom', path: ['channels'], message: said({ 'zh-CN': '请至少选择一个渠道，或关闭该事件', 'en-US': 'choose at least one channel, or turn the event off' }) });
    if (event.audience !== 'roles' && value.role_ids.length) ctx.addIssue({ code: 'custom', path: ['role_ids'], message: said({ 'zh-CN': `该事件发给${AUDIENCE_WORDS[event.audience]}，不发给角色`, 'en-US': `this event goes to the ${event.audience}, not to roles` }) });
    const known = new Set(event.parameters.map((p) => p.key));
    for (const field of ['title', 'content'] as const) {
      const unknown = [...value[field].matchAll(TEMPLATE_PLACEHOLDER)].map((m) => m[1]!).find((key) => !known.has(key));
      if (unknown) ctx.addIssue({ code: 'custom', path: [field], message: said({ 'zh-CN': '{{value}} 不是该事件的参数', 'en-US': '{{value}} is not a parameter of this event' }), ...quoting(unknown) });
    }
  });

const byId = z.object({ id: fields.id });
const tag = 'inform';
const publish = operation('notification.publish');
const manage = operation('notification.manage');
const templateView = operation('notification.template.view');
const templateEdit = operation('notification.template.edit');
const systemView = operation('notification.system.view');
const systemEdit = operation('notification.system.edit');

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
      limit: wholeNumber(1, 50).default(20),
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
      .refine((b) => b.all || b.ids.length > 0, { message: said({ 'zh-CN': '未选择全部时必填', 'en-US': 'required unless all is true' }), path: ['ids'] }),
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
    body: z.object({ page: fields.page, limit: wholeNumber(1, 50).default(20) }),
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

  // ——— notification types (the 通知类型 screen's list, details and edit are `notificationTypeResource`'s) ———
  typeOptions: defineCall({
    method: 'POST',
    path: '/api/inform/type_options',
    tag,
    summary: 'The notification types 1–5 as every screen shows them (names, colour, order, whether publishers are offered them), in order',
    permission: 'signed-in',
    data: z.array(notificationTypeOption),
  }),

  // ——— system notifications ———
  systemEventList: defineCall({
    method: 'POST',
    path: '/api/inform/system_event_list',
    tag,
    summary: 'The system events of the fixed catalogue with their settings: on or off, channels, roles, type and text',
    permission: systemView,
    data: z.array(systemEventSettings),
  }),
  systemEventEdit: defineCall({
    method: 'POST',
    path: '/api/inform/system_event_edit',
    tag,
    summary:
      'Edit a system event’s settings; roles only for an event that goes to roles (each an existing role), placeholders ' +
      'only of the event’s parameters',
    permission: systemEdit,
    body: systemEventEditBody,
    data: systemEventSettings,
  }),
};

/** The inform module's share of the contract (`contractModules`). */
export const informContract = defineContractModule({ name: 'inform', calls: informCalls, resources: [notificationTypeResource] });
