import { z } from 'zod';
import { defineCall, fields, operation, pageOf } from './call';
import { defineContractModule } from './contract-module';
import { defineResource, type Texts } from './resource';

/** The placeholders a title template may hold, each filled when a title is made from it (docs/publishing.md › Material). */
export const TITLE_PLACEHOLDERS = ['keyword', 'city', 'industry', 'date'] as const;

/** A template's text: anything but braces, except the placeholders written whole (`{keyword}`). */
const TEMPLATE_TEXT = new RegExp(`^(?:[^{}]|\\{(?:${TITLE_PLACEHOLDERS.join('|')})\\})*$`);

/** What fills a template's placeholders; a placeholder with nothing to fill it is left out. */
export type TitleValues = { keyword: string; city?: string; industry?: string; /** `YYYY-MM-DD`, the platform's day. */ date: string };

/** A title made from a template (docs/publishing.md › Material): each placeholder filled, `{date}` as 2026年12月7日. */
export function renderTitle(template: string, values: TitleValues): string {
  const [year, month, day] = values.date.split('-').map(Number);
  const filled: Record<(typeof TITLE_PLACEHOLDERS)[number], string> = {
    keyword: values.keyword,
    city: values.city ?? '',
    industry: values.industry ?? '',
    date: `${year}年${month}月${day}日`,
  };
  return template.replace(/\{(keyword|city|industry|date)\}/g, (_, key: keyof typeof filled) => filled[key]).trim();
}

/**
 * 标题模板: the platform's title templates, from which titles are made for a keyword (智能标题生成 falls back to them
 * when no model is configured). Shared by every owner of the tool: the operator curates them; an owner's own wording is
 * a custom title.
 */
export const titleTemplate = defineResource({
  module: 'publishing',
  thing: 'title_template',
  menu: '/automatic_publishing_tool/material/title_template',
  label: { 'zh-CN': '标题模板', 'en-US': 'Title template' },
  operations: {
    view: 'publishing.title_template.view',
    add: 'publishing.title_template.edit',
    edit: 'publishing.title_template.edit',
    delete: 'publishing.title_template.edit',
    export: 'publishing.title_template.export',
  },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '模板名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    content: {
      kind: 'text',
      label: { 'zh-CN': '模板内容', 'en-US': 'Template' },
      max: 100,
      required: true,
      pattern: TEMPLATE_TEXT,
      hint: {
        'zh-CN': '可用占位符：{keyword} 关键词、{city} 城市、{industry} 行业、{date} 日期；其他花括号不可用',
        'en-US': 'Placeholders: {keyword}, {city}, {industry}, {date}; no other braces',
      },
    },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'content', 'remark', 'sort', 'enabled', 'updated_at'],
  keyword: ['name', 'content'],
  filters: { enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
});

/** Where an account publishes: the adapters built (docs/publishing.md › Accounts and adapters). */
export const ACCOUNT_PLATFORMS = [
  { value: 1, label: { 'zh-CN': 'WordPress', 'en-US': 'WordPress' } },
  { value: 2, label: { 'zh-CN': 'Webhook', 'en-US': 'Webhook' } },
  { value: 3, label: { 'zh-CN': 'Atom 订阅源', 'en-US': 'Atom feed' } },
] as const;
export type AccountPlatform = (typeof ACCOUNT_PLATFORMS)[number]['value'];
export const PLATFORM = { wordpress: 1, webhook: 2, feed: 3 } as const satisfies Record<string, AccountPlatform>;

/** An address the server reaches for its users (a site, a webhook, a model provider): http(s), a host, no spaces. */
export const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+[^\s]*$/;

/** The shortest credential: a webhook's HMAC secret must be hard to guess; WordPress's application passwords are 24. */
export const CREDENTIAL_MIN = 16;

/**
 * 账号管理: the places the tool publishes to, each reached through its platform's adapter — a WordPress site (its REST
 * API with an application password), a webhook (a signed JSON POST to the owner's own site) or an Atom feed the product
 * serves. The credential is sealed at rest and never read back. Each account's daily quota and least gap bound smart
 * publishing.
 */
export const publishAccount = defineResource({
  module: 'publishing',
  thing: 'account',
  menu: '/automatic_publishing_tool/account',
  label: { 'zh-CN': '发布账号', 'en-US': 'Publishing account' },
  operations: {
    view: 'publishing.account.view',
    add: 'publishing.account.edit',
    edit: 'publishing.account.edit',
    delete: 'publishing.account.edit',
    export: 'publishing.account.export',
  },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '账号名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    platform: { kind: 'select', label: { 'zh-CN': '发布平台', 'en-US': 'Platform' }, options: ACCOUNT_PLATFORMS, default: PLATFORM.wordpress, required: true },
    url: {
      kind: 'text',
      label: { 'zh-CN': '地址', 'en-US': 'Address' },
      max: 255,
      pattern: WEB_ADDRESS,
      hint: {
        'zh-CN': 'WordPress 填站点地址（如 https://blog.example.com），Webhook 填接收地址；须为 https。订阅源不填',
        'en-US': 'WordPress: the site’s address (https://blog.example.com); webhook: the receiving URL; https only. None for a feed',
      },
    },
    username: {
      kind: 'text',
      label: { 'zh-CN': '用户名', 'en-US': 'User name' },
      max: 60,
      hint: { 'zh-CN': 'WordPress 的登录用户名；其他平台不填', 'en-US': 'The WordPress user; none for other platforms' },
    },
    credential: {
      kind: 'secret',
      label: { 'zh-CN': '凭据', 'en-US': 'Credential' },
      min: CREDENTIAL_MIN,
      max: 200,
      hint: {
        'zh-CN': `WordPress 填应用密码（用户资料 › 应用密码），Webhook 填签名密钥；至少 ${CREDENTIAL_MIN} 位；加密保存，不再显示`,
        'en-US': `WordPress: an application password (Profile › Application Passwords); webhook: the signing secret; ${CREDENTIAL_MIN}+ characters. Kept encrypted, never shown again`,
      },
    },
    daily_quota: { kind: 'number', label: { 'zh-CN': '每日发布上限', 'en-US': 'Posts a day' }, min: 1, max: 500, default: 10, required: true },
    min_gap: {
      kind: 'number',
      label: { 'zh-CN': '最短间隔（分钟）', 'en-US': 'Least gap (minutes)' },
      min: 0,
      max: 1440,
      default: 60,
      required: true,
      hint: { 'zh-CN': '智能发布时同一账号两篇之间至少相隔的分钟数', 'en-US': 'Smart publishing keeps two posts of this account at least this far apart' },
    },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'platform', 'url', 'credential', 'daily_quota', 'min_gap', 'enabled', 'updated_at'],
  keyword: ['name', 'url'],
  filters: { platform: 'equals', enabled: 'equals' },
  order: { by: 'id', direction: 'desc' },
  names: 'publish_account',
});

/**
 * Which days a posting window holds (docs/publishing.md › Publishing): every day, the working week, the weekend, or one
 * weekday (11 Monday … 17 Sunday). The days are the platform's calendar days, in its time zone.
 */
export const WINDOW_DAYS = [
  { value: 1, label: { 'zh-CN': '每天', 'en-US': 'Every day' } },
  { value: 2, label: { 'zh-CN': '周一至周五', 'en-US': 'Monday to Friday' } },
  { value: 3, label: { 'zh-CN': '周六和周日', 'en-US': 'Saturday and Sunday' } },
  { value: 11, label: { 'zh-CN': '周一', 'en-US': 'Monday' } },
  { value: 12, label: { 'zh-CN': '周二', 'en-US': 'Tuesday' } },
  { value: 13, label: { 'zh-CN': '周三', 'en-US': 'Wednesday' } },
  { value: 14, label: { 'zh-CN': '周四', 'en-US': 'Thursday' } },
  { value: 15, label: { 'zh-CN': '周五', 'en-US': 'Friday' } },
  { value: 16, label: { 'zh-CN': '周六', 'en-US': 'Saturday' } },
  { value: 17, label: { 'zh-CN': '周日', 'en-US': 'Sunday' } },
] as const;
export type WindowDays = (typeof WINDOW_DAYS)[number]['value'];

/** Whether a window of `days` holds a weekday (1 Monday … 7 Sunday, ISO). */
export function windowHoldsWeekday(days: number, weekday: number): boolean {
  if (days === 1) return true;
  if (days === 2) return weekday <= 5;
  if (days === 3) return weekday >= 6;
  return days - 10 === weekday;
}

/** `09:30` as minutes after midnight; `24:00` (a window's end) is 1440. */
export const minuteOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Where an account has no window of its own, smart publishing posts every day between these (docs/publishing.md). */
export const DEFAULT_WINDOW = { days: 1, start: '09:00', end: '21:00' } as const;

/**
 * 发布时段: when smart publishing may post on an account — days, and from–to on the platform's clock (the start
 * included, the end not). An account holds several (a morning and an evening); with none it posts in DEFAULT_WINDOW.
 * A child list of the account, edited in its details.
 */
export const publishWindow = defineResource({
  module: 'publishing',
  thing: 'window',
  menu: '/automatic_publishing_tool/account',
  label: { 'zh-CN': '发布时段', 'en-US': 'Posting window' },
  // Edited with its account, by whoever may edit the account.
  operations: publishAccount.operations,
  fields: {
    account_id: { kind: 'reference', lookup: 'publish_account', label: { 'zh-CN': '发布账号', 'en-US': 'Account' }, required: true },
    days: { kind: 'select', label: { 'zh-CN': '适用日', 'en-US': 'Days' }, options: WINDOW_DAYS, default: 1, required: true },
    start: {
      kind: 'text',
      label: { 'zh-CN': '开始时间', 'en-US': 'From' },
      max: 5,
      required: true,
      pattern: /^(?:[01]\d|2[0-3]):[0-5]\d$/,
      hint: { 'zh-CN': '24 小时制，如 09:00', 'en-US': '24-hour clock, e.g. 09:00' },
    },
    end: {
      kind: 'text',
      label: { 'zh-CN': '结束时间', 'en-US': 'Until' },
      max: 5,
      required: true,
      pattern: /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/,
      hint: { 'zh-CN': '晚于开始时间，不含该时刻；当天结束写 24:00', 'en-US': 'After the start, not included; 24:00 for the end of the day' },
    },
  },
  columns: ['account_id', 'days', 'start', 'end', 'updated_at'],
  filters: { days: 'equals' },
  order: { by: 'id', direction: 'asc' },
  parent: { key: 'account_id', resource: publishAccount },
});

/**
 * 拓展词标签: tags grouping the tool's keywords (地域词, 疑问词 …), each with a colour for its chip; a label a keyword holds
 * cannot be deleted.
 */
export const extensionLabel = defineResource({
  module: 'publishing',
  thing: 'extension_label',
  menu: '/automatic_publishing_tool/material/extension_label',
  label: { 'zh-CN': '拓展词标签', 'en-US': 'Extension tag' },
  operations: {
    view: 'publishing.extension_label.view',
    add: 'publishing.extension_label.edit',
    edit: 'publishing.extension_label.edit',
    delete: 'publishing.extension_label.edit',
    export: 'publishing.extension_label.export',
  },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '标签名称', 'en-US': 'Name' }, max: 20, required: true, unique: true },
    color: { kind: 'text', label: { 'zh-CN': '颜色', 'en-US': 'Colour' }, max: 7, pattern: /^#[0-9a-fA-F]{6}$/, hint: { 'zh-CN': '如 #1677ff', 'en-US': 'e.g. #1677ff' } },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'color', 'remark', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
  names: 'extension_label',
});

/**
 * 关键词 (素材管理): the tool's working keywords — typed, or taken from the master library — each with its extension tag;
 * what titles and materials are written for. A word is kept folded as the library keeps it, once.
 */
export const workingKeyword = defineResource({
  module: 'publishing',
  thing: 'keyword',
  menu: '/automatic_publishing_tool/material/keyword',
  label: { 'zh-CN': '关键词', 'en-US': 'Keyword' },
  operations: {
    view: 'publishing.keyword.view',
    add: 'publishing.keyword.edit',
    edit: 'publishing.keyword.edit',
    delete: 'publishing.keyword.edit',
    export: 'publishing.keyword.export',
  },
  fields: {
    word: { kind: 'text', label: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, max: 50, required: true, unique: true },
    label_id: { kind: 'reference', lookup: 'extension_label', label: { 'zh-CN': '拓展词标签', 'en-US': 'Extension tag' } },
    library_id: {
      kind: 'reference',
      lookup: 'keyword',
      label: { 'zh-CN': '总关键词库词条', 'en-US': 'Library keyword' },
      hint: { 'zh-CN': '从总关键词库选取时记下来源；可不选', 'en-US': 'Where it came from in the master library, if it did' },
    },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['word', 'label_id', 'library_id', 'remark', 'enabled', 'updated_at'],
  keyword: ['word'],
  filters: { label_id: 'equals', library_id: 'equals', enabled: 'equals' },
  order: { by: 'id', direction: 'desc' },
});

/** A material's states (docs/publishing.md › Material): only an approved one is published. */
export const MATERIAL_STATES = { draft: 1, reviewing: 2, approved: 3, rejected: 4 } as const;
export const MATERIAL_TITLE_MAX = 100;
export const MATERIAL_BODY_MAX = 50_000;

/**
 * A material (自定义标题; reviewed on 素材审核): a title and a body with its keyword, drafted, submitted for review,
 * approved or rejected by someone else holding the review operation — never by the submitter's own person. Editing a
 * material that is not a draft returns it to draft: what was reviewed is no longer what it holds.
 */
export const material = defineResource({
  module: 'publishing',
  thing: 'material',
  menu: '/automatic_publishing_tool/material/custom_title',
  // 素材审核: the same list, opened on the materials in review; the review operation is granted there.
  alsoAt: ['/automatic_publishing_tool/material/audit'],
  label: { 'zh-CN': '素材', 'en-US': 'Material' },
  operations: {
    view: 'publishing.material.view',
    add: 'publishing.material.edit',
    edit: 'publishing.material.edit',
    delete: 'publishing.material.edit',
    export: 'publishing.material.export',
  },
  fields: {
    title: { kind: 'text', label: { 'zh-CN': '标题', 'en-US': 'Title' }, max: MATERIAL_TITLE_MAX, required: true },
    keyword: { kind: 'text', label: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, max: 50 },
    // A draft may lack its body (a title saved from 智能标题生成); it is given before the material is submitted.
    body: { kind: 'richtext', label: { 'zh-CN': '正文', 'en-US': 'Body' }, max: MATERIAL_BODY_MAX },
    state: {
      kind: 'select',
      label: { 'zh-CN': '状态', 'en-US': 'State' },
      options: [
        { value: MATERIAL_STATES.draft, label: { 'zh-CN': '草稿', 'en-US': 'Draft' } },
        { value: MATERIAL_STATES.reviewing, label: { 'zh-CN': '待审核', 'en-US': 'In review' } },
        { value: MATERIAL_STATES.approved, label: { 'zh-CN': '已通过', 'en-US': 'Approved' } },
        { value: MATERIAL_STATES.rejected, label: { 'zh-CN': '已驳回', 'en-US': 'Rejected' } },
      ],
      default: MATERIAL_STATES.draft,
    },
  },
  columns: ['title', 'keyword', 'state', 'updated_at'],
  keyword: ['title', 'keyword'],
  filters: { state: 'in' },
  order: { by: 'updated_at', direction: 'desc' },
  states: {
    field: 'state',
    actions: {
      submit: { label: { 'zh-CN': '提交审核', 'en-US': 'Submit for review' }, from: [MATERIAL_STATES.draft, MATERIAL_STATES.rejected], to: MATERIAL_STATES.reviewing, operation: 'publishing.material.edit', bulk: true },
      approve: {
        label: { 'zh-CN': '通过', 'en-US': 'Approve' },
        from: [MATERIAL_STATES.reviewing],
        to: MATERIAL_STATES.approved,
        operation: 'publishing.material.review',
        bulk: true,
        confirm: { 'zh-CN': '通过后素材即可发布，确定通过吗？', 'en-US': 'Approved material may be published. Approve it?' },
      },
      reject: { label: { 'zh-CN': '驳回', 'en-US': 'Reject' }, from: [MATERIAL_STATES.reviewing], to: MATERIAL_STATES.rejected, operation: 'publishing.material.review', reason: 'required', danger: true },
    },
  },
  names: 'material',
});

/** What 测试连接 found: whether the platform took the credential, its words, and how long it took. */
export const accountCheckResult = z.object({ ok: z.boolean(), message: z.string(), latency_ms: z.number().int() });
export type AccountCheckResult = z.output<typeof accountCheckResult>;

/** The feed's address a feed account serves, from its token (shown once, when made). */
export const feedPath = (token: string): string => `/feeds/${token}.atom`;
/** How many of its latest entries a feed holds. */
export const FEED_ENTRIES = 50;

/** A publication's states (docs/publishing.md › Publishing). */
export const PUBLICATION_STATES = { scheduled: 1, sending: 2, published: 3, failed: 4, unknown: 5, cancelled: 6 } as const;
export type PublicationState = (typeof PUBLICATION_STATES)[keyof typeof PUBLICATION_STATES];
export const PUBLICATION_STATE_NAMES: Record<PublicationState, Texts> = {
  1: { 'zh-CN': '待发布', 'en-US': 'Scheduled' },
  2: { 'zh-CN': '发布中', 'en-US': 'Sending' },
  3: { 'zh-CN': '已发布', 'en-US': 'Published' },
  4: { 'zh-CN': '失败', 'en-US': 'Failed' },
  5: { 'zh-CN': '结果未知', 'en-US': 'Outcome unknown' },
  6: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};
/** How a publication was asked for: 手动发布 (now), 定时发布 (at a time), 智能发布 (planned). */
export const PUBLICATION_MODES = { manual: 1, timed: 2, smart: 3 } as const;
export type PublicationMode = (typeof PUBLICATION_MODES)[keyof typeof PUBLICATION_MODES];
export const PUBLICATION_MODE_NAMES: Record<PublicationMode, Texts> = {
  1: { 'zh-CN': '手动发布', 'en-US': 'Manual' },
  2: { 'zh-CN': '定时发布', 'en-US': 'Timed' },
  3: { 'zh-CN': '智能发布', 'en-US': 'Smart' },
};
/** Attempts a publication makes before it fails (errors known to leave nothing behind). */
export const PUBLISH_ATTEMPTS = 3;
/** The most materials and accounts one publish call pairs (each material on each account). */
export const PUBLISH_BATCH_MAX = 50;
/** How far ahead a timed publish may be set. */
export const PUBLISH_AHEAD_DAYS = 90;

/** The most materials and accounts one smart plan spreads, and the most days it looks ahead. */
export const SMART_MATERIALS_MAX = 1000;
export const SMART_ACCOUNTS_MAX = 100;
export const SMART_DAYS_MAX = 30;

/** Why a material found no place in a smart plan: every account holds its title or body, or none has a free slot. */
export const SMART_UNPLACED_REASONS = ['repeated', 'no_slot'] as const;

/** A smart plan's publication: a material on an account at a time (ISO 8601). */
export const smartPlanEntry = z.object({ material_id: fields.id, account_id: fields.id, at: z.iso.datetime({ offset: true }) }).strict();

const stateValue = z.union(Object.values(PUBLICATION_STATES).map((value) => z.literal(value)) as unknown as [z.ZodLiteral<PublicationState>, ...z.ZodLiteral<PublicationState>[]]);
const modeValue = z.union(Object.values(PUBLICATION_MODES).map((value) => z.literal(value)) as unknown as [z.ZodLiteral<PublicationMode>, ...z.ZodLiteral<PublicationMode>[]]);

/** One publication as its list shows it. */
export const publicationRow = z.object({
  id: z.number().int(),
  material_id: z.number().int(),
  title: z.string(),
  account_id: z.number().int(),
  account_name: z.string(),
  platform: z.number().int(),
  mode: modeValue,
  state: stateValue,
  /** When it is (or was) to be sent, ISO 8601. */
  scheduled_at: z.string(),
  attempts: z.number().int(),
  /** The platform's words of the last failure. */
  error: z.string(),
  post_id: z.string().nullable(),
  /** The post's address on the platform (empty for a feed entry). */
  url: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
});
export type PublicationRow = z.output<typeof publicationRow>;

/** One try of a publication: when, how long, and what came of it. */
export const publicationAttempt = z.object({
  at: z.string(),
  ms: z.number().int(),
  /** `published`, `refused`, `retry`, `unknown`, `found` or `not_found` (a check after an unknown outcome). */
  outcome: z.string(),
  message: z.string(),
});

const publicationFilter = {
  keyword: fields.text(50).optional(),
  state: z.array(stateValue).min(1).max(6).optional(),
  mode: modeValue.optional(),
  account_id: fields.id.optional(),
};

/** The most candidates 智能关键词 answers, and the most it keeps at once. */
export const KEYWORD_SUGGEST_MAX = 100;

/**
 * A candidate of 智能关键词: a keyword of the master library related to the seed word, with its latest index value
 * (any period; null where none was entered) and whether the tool's keywords hold it already.
 */
export const suggestedKeyword = z.object({
  id: z.number().int(),
  word: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  industry_id: z.number().int().nullable(),
  industry_name: z.string().nullable(),
  index_value: z.number().int().nullable(),
  /** The period (1 day, 2 week, 3 month) and first day of that value. */
  index_period: z.number().int().nullable(),
  index_start: z.string().nullable(),
  /** Whether it is among the tool's keywords (关键词) already. */
  kept: z.boolean(),
});
export type SuggestedKeyword = z.output<typeof suggestedKeyword>;

/** How a publish call's fields are named in its refusals. */
const publishLabels = {
  material_ids: { 'zh-CN': '素材', 'en-US': 'Materials' },
  account_ids: { 'zh-CN': '发布账号', 'en-US': 'Accounts' },
  at: { 'zh-CN': '发布时间', 'en-US': 'Time' },
  from: { 'zh-CN': '开始时间', 'en-US': 'From' },
  days: { 'zh-CN': '计划天数', 'en-US': 'Days' },
  entries: { 'zh-CN': '发布计划', 'en-US': 'Plan' },
} satisfies Record<string, Texts>;

export const publishingCalls = {
  accountCheck: defineCall({
    method: 'POST',
    path: '/api/publishing/account_check',
    tag: 'publishing',
    summary: 'Checks an account against its platform with the kept credential (测试连接): whether it was taken, the platform’s words, the time taken',
    permission: operation('publishing.account.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: accountCheckResult,
  }),
  accountFeed: defineCall({
    method: 'POST',
    path: '/api/publishing/account_feed',
    tag: 'publishing',
    summary: `A feed account's new address (its token shown this once; the old address stops working), serving its latest ${FEED_ENTRIES} entries as Atom`,
    permission: operation('publishing.account.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.object({ path: z.string() }),
  }),
  keywordSuggest: defineCall({
    method: 'POST',
    path: '/api/publishing/keyword_suggest',
    tag: 'publishing',
    summary:
      `智能关键词 without a model: keywords of the master library related to a seed word — those holding it, and those of its type and industry where the library holds the seed — ` +
      `highest latest index first, up to ${KEYWORD_SUGGEST_MAX}; the seed's type and industry, when given, narrow them. Switched-off keywords and the seed itself are left out`,
    permission: operation('publishing.keyword.edit'),
    labels: { seed: { 'zh-CN': '种子词', 'en-US': 'Seed word' }, type_id: { 'zh-CN': '关键词类型', 'en-US': 'Type' }, industry_id: { 'zh-CN': '所属行业', 'en-US': 'Industry' } },
    body: z
      .object({
        seed: fields.text(50).min(1),
        type_id: fields.id.optional(),
        industry_id: fields.id.optional(),
        limit: z.number().int().min(1).max(KEYWORD_SUGGEST_MAX).default(30),
      })
      .strict(),
    data: z.object({
      /** `library`: from the master library alone (no model is configured). */
      source: z.literal('library'),
      /** The seed as the library keeps words, and whether the library holds it. */
      seed: z.string(),
      seed_known: z.boolean(),
      keywords: z.array(suggestedKeyword),
    }),
  }),
  keywordKeep: defineCall({
    method: 'POST',
    path: '/api/publishing/keyword_keep',
    tag: 'publishing',
    summary: 'Adds chosen library keywords to the tool’s keywords (关键词), each remembering where it came from, with an extension tag when given; a word held already is left as it is',
    permission: operation('publishing.keyword.edit'),
    labels: { library_ids: { 'zh-CN': '关键词', 'en-US': 'Keywords' }, label_id: { 'zh-CN': '拓展词标签', 'en-US': 'Extension tag' } },
    body: z.object({ library_ids: z.array(fields.id).min(1).max(KEYWORD_SUGGEST_MAX), label_id: fields.id.optional() }).strict(),
    data: z.object({ added: z.number().int(), unchanged: z.number().int() }),
  }),
  titleGenerate: defineCall({
    method: 'POST',
    path: '/api/publishing/title_generate',
    tag: 'publishing',
    summary: `智能标题生成 without a model: a title from each enabled title template (or those chosen), in their order, its placeholders filled — {date} the platform's day; a title over ${MATERIAL_TITLE_MAX} characters is marked, not cut`,
    permission: operation('publishing.material.edit'),
    body: z
      .object({
        keyword: fields.text(50).min(1),
        city: fields.text(20).optional(),
        industry: fields.text(20).optional(),
        template_ids: z.array(fields.id).min(1).max(50).optional(),
      })
      .strict(),
    data: z.object({
      /** `template`: filled from the title templates (no model is configured). */
      source: z.literal('template'),
      titles: z.array(z.object({ template_id: z.number().int(), template_name: z.string(), title: z.string(), too_long: z.boolean() })),
    }),
  }),
  titleSave: defineCall({
    method: 'POST',
    path: '/api/publishing/title_save',
    tag: 'publishing',
    summary: 'Keeps chosen titles as draft materials of the keyword, each to be given its body before it is submitted for review',
    permission: operation('publishing.material.edit'),
    body: z
      .object({
        keyword: fields.text(50).min(1),
        titles: z.array(fields.text(MATERIAL_TITLE_MAX).min(1)).min(1).max(50),
      })
      .strict(),
    data: z.object({ ids: z.array(z.number().int()) }),
  }),
  publish: defineCall({
    method: 'POST',
    path: '/api/publishing/publish',
    tag: 'publishing',
    summary:
      `Publishes approved materials on accounts — each material on each account, up to ${PUBLISH_BATCH_MAX} of each — now (手动发布) or at \`at\` (定时发布, within ${PUBLISH_AHEAD_DAYS} days). ` +
      'All or nothing: a material not approved, an account switched off, or a material, title or body the account has published or holds scheduled is 40000 naming the field',
    labels: publishLabels,
    permission: operation('publishing.publish.edit'),
    body: z
      .object({
        material_ids: z.array(fields.id).min(1).max(PUBLISH_BATCH_MAX),
        account_ids: z.array(fields.id).min(1).max(PUBLISH_BATCH_MAX),
        /** Not given: now. */
        at: z.iso.datetime({ offset: true }).optional(),
      })
      .strict(),
    data: z.object({ ids: z.array(z.number().int()) }),
  }),
  smartPlan: defineCall({
    method: 'POST',
    path: '/api/publishing/smart_plan',
    tag: 'publishing',
    summary:
      `智能发布's plan, nothing kept: approved materials (up to ${SMART_MATERIALS_MAX}) spread over accounts (up to ${SMART_ACCOUNTS_MAX}) from \`from\` (now when not given) for \`days\` of the platform's calendar (1–${SMART_DAYS_MAX}), ` +
      'each material once, at the earliest free minute of any account: within its posting windows and daily quota, its least gap from its other posts, never a material, title or body the account holds. What does not fit is listed with why',
    labels: publishLabels,
    permission: operation('publishing.publish.edit'),
    body: z
      .object({
        material_ids: z.array(fields.id).min(1).max(SMART_MATERIALS_MAX),
        account_ids: z.array(fields.id).min(1).max(SMART_ACCOUNTS_MAX),
        from: z.iso.datetime({ offset: true }).optional(),
        days: z.number().int().min(1).max(SMART_DAYS_MAX).default(7),
      })
      .strict(),
    data: z.object({
      /** Earliest first. */
      entries: z.array(smartPlanEntry.extend({ title: z.string(), account_name: z.string() })),
      unplaced: z.array(z.object({ material_id: z.number().int(), title: z.string(), reason: z.enum(SMART_UNPLACED_REASONS) })),
      /** The span planned: from the first minute to the end of the last day. */
      from: z.string(),
      until: z.string(),
    }),
  }),
  smartPublish: defineCall({
    method: 'POST',
    path: '/api/publishing/smart_publish',
    tag: 'publishing',
    summary:
      'Schedules a smart plan as confirmed (its entries as smart_plan answered them), all or none, checked again against what the accounts hold now: ' +
      'an entry outside its account’s windows, over its daily quota, nearer than its least gap, a material twice, or a repeated material, title or body is 40000 naming `entries` — plan again',
    labels: publishLabels,
    permission: operation('publishing.publish.edit'),
    body: z.object({ entries: z.array(smartPlanEntry).min(1).max(SMART_MATERIALS_MAX) }).strict(),
    data: z.object({ ids: z.array(z.number().int()) }),
  }),
  publicationList: defineCall({
    method: 'POST',
    path: '/api/publishing/publication_list',
    tag: 'publishing',
    summary: 'Publications, newest scheduled first, filtered by title, state, mode and account',
    permission: operation('publishing.publish.view'),
    body: z.object({ ...publicationFilter, page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(publicationRow),
  }),
  publicationDetails: defineCall({
    method: 'POST',
    path: '/api/publishing/publication_details',
    tag: 'publishing',
    summary: 'One publication with its attempts, oldest first',
    permission: operation('publishing.publish.view'),
    body: z.object({ id: fields.id }).strict(),
    data: publicationRow.extend({ attempts_made: z.array(publicationAttempt) }),
  }),
  publicationRetry: defineCall({
    method: 'POST',
    path: '/api/publishing/publication_retry',
    tag: 'publishing',
    summary: 'Sends a failed or cancelled publication again, now (its attempts start over); 40900 from another state — an unknown outcome is checked, not retried',
    permission: operation('publishing.publish.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
  publicationCancel: defineCall({
    method: 'POST',
    path: '/api/publishing/publication_cancel',
    tag: 'publishing',
    summary: 'Cancels a scheduled, failed or unknown publication (an unknown one may still stand on the platform); 40900 from another state',
    permission: operation('publishing.publish.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
  publicationCheck: defineCall({
    method: 'POST',
    path: '/api/publishing/publication_check',
    tag: 'publishing',
    summary: 'Looks on the platform for a publication whose outcome is unknown: published when found, sent again when not; 40900 from another state',
    permission: operation('publishing.publish.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: publicationRow,
  }),
};

/** The publishing tool's share of the contract (`contractModules`). */
export const publishingContract = defineContractModule({ name: 'publishing', calls: publishingCalls, resources: [titleTemplate, publishAccount, publishWindow, material, extensionLabel, workingKeyword] });
