import { z } from 'zod';
import { defineCall, fields, operation, pageOf, wholeNumber } from './call';
import { said } from './refusals';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/**
 * The help widget (spec §2.4, §3, §7): the upgrade log, help manuals per page, and the feature introduction
 * (top categories → subcategories → functions). Any staff may read help; writing is behind the help.* operations.
 * Rich-text fields are HTML from the editor; the server sanitises them on save against an allow-list, so what is read
 * back is what may be rendered.
 */

/** The upgrade log the help drawer shows (spec §9: upgrade log id 1). */
export const UPGRADE_LOG_ID = 1;

/** Rich text as the editor sends it; sanitised by the server on save. */
const richText = (max: number) => z.string().max(max, said({ 'zh-CN': `最多 ${max} 个字符`, 'en-US': `at most ${max} characters` })).default('');

/** `v2.3.1`, `2.3`, `3.0.0-beta.1`. */
const VERSION_NUMBER = /^[vV]?\d+(\.\d+){0,3}([-+][0-9A-Za-z.]+)?$/;

const sortField = wholeNumber(0, 100_000).default(0);
const pidField = wholeNumber(0, 2_147_483_647);

// ---- answers ----

/** One version in the upgrade log's timeline (§3 Upgrade log entry). */
export const upgradeLogEntry = z.object({
  id: z.number(),
  log_id: z.number(),
  name: z.string(),
  version_number: z.string(),
  /** Update day, `YYYY-MM-DD`. */
  up_time: z.string(),
  /** Sanitised rich text. */
  content: z.string(),
});
export type UpgradeLogEntry = z.infer<typeof upgradeLogEntry>;

/** A help manual without its content, for the drawer's menu list and the admin table. */
export const helpManualSummary = z.object({
  id: z.number(),
  name: z.string(),
  /** The page the manual explains (its web route), or empty. */
  path: z.string(),
  /** Short plain-text explanation. */
  explains: z.string(),
  sort: z.number(),
  updated_at: z.string(),
});
/** §3 Help manual: id, name, explains, content. */
export const helpManual = helpManualSummary.extend({
  /** Sanitised rich text. */
  content: z.string(),
});
export type HelpManual = z.infer<typeof helpManual>;

export const helpCategoryOption = z.object({ id: z.number(), name: z.string() });

/** §3 Help category: a top category (level 1, pid 0) or a subcategory (level 2, pid = its top category). */
export const helpCategory = z.object({
  id: z.number(),
  pid: z.number(),
  level: z.number(),
  name: z.string(),
  sort: z.number(),
  /** The subcategories of a top category, for the dependent dropdown; empty for a subcategory. */
  options: z.array(helpCategoryOption),
});
export type HelpCategory = z.infer<typeof helpCategory>;

/** §3 Help function: one entry of the feature-introduction accordion. `pid` is its subcategory. */
export const helpFunction = z.object({
  id: z.number(),
  pid: z.number(),
  name: z.string(),
  /** Sanitised rich text. */
  explains: z.string(),
  sort: z.number(),
});
export type HelpFunction = z.infer<typeof helpFunction>;

/** A function in the admin table, with the names of its subcategory and top category. */
export const helpFunctionRow = z.object({
  id: z.number(),
  pid: z.number(),
  name: z.string(),
  sort: z.number(),
  category_name: z.string(),
  top_category_id: z.number(),
  top_category_name: z.string(),
  updated_at: z.string(),
});
export type HelpFunctionRow = z.infer<typeof helpFunctionRow>;

// ---- inputs ----

const categoryFields = {
  /** 0 for a top category, else the top category it belongs to. */
  pid: pidField.default(0),
  name: fields.text(40).min(1),
  sort: sortField,
};

const functionFields = {
  /** The subcategory (level 2) the function belongs to. */
  pid: fields.id,
  name: fields.text(60).min(1),
  explains: richText(100_000),
  sort: sortField,
};

const byId = z.object({ id: fields.id });

const tag = 'help';
const editIntroduction = operation('help.introduction.edit');

/**
 * 升级日志 (/permission/help/upgrade_log): the versions of upgrade log 1 (§9), the one the help drawer shows; the server
 * keeps the resource to that log. The drawer reads through `upgrade_log` and `upgrade_log_find`, which any signed-in
 * staff may call.
 */
export const upgradeLogResource = defineResource({
  module: 'help',
  thing: 'upgrade_log',
  menu: '/permission/help/upgrade_log',
  label: { 'zh-CN': '升级日志', 'en-US': 'Release note' },
  operations: { view: 'help.upgrade_log.view', add: 'help.upgrade_log.edit', edit: 'help.upgrade_log.edit', delete: 'help.upgrade_log.edit' },
  fields: {
    version_number: {
      kind: 'text',
      label: { 'zh-CN': '版本号', 'en-US': 'Version' },
      hint: { 'zh-CN': '如 v2.3.1', 'en-US': 'Like v2.3.1' },
      max: 30,
      pattern: VERSION_NUMBER,
      required: true,
      unique: true,
    },
    name: { kind: 'text', label: { 'zh-CN': '版本名称', 'en-US': 'Name' }, max: 60, required: true },
    up_time: { kind: 'date', label: { 'zh-CN': '更新日期', 'en-US': 'Released on' }, required: true },
    content: { kind: 'richtext', label: { 'zh-CN': '更新内容', 'en-US': 'Notes' }, max: 100_000 },
  },
  columns: ['version_number', 'name', 'up_time', 'updated_at'],
  keyword: ['version_number', 'name'],
  filters: { up_time: 'range' },
  order: { by: 'up_time', direction: 'desc' },
});

/**
 * 帮助手册 (/permission/help/manual): one manual per page path (or none, for a general manual), written with the
 * rich-text editor. Its settings screen is this declaration; the drawer reads through `help_manual` and
 * `help_manual_find` below, which any signed-in staff may call.
 */
export const helpManualResource = defineResource({
  module: 'help',
  thing: 'help_manual',
  menu: '/permission/help/manual',
  label: { 'zh-CN': '帮助手册', 'en-US': 'Help manual' },
  operations: { view: 'help.manual.view', add: 'help.manual.edit', edit: 'help.manual.edit', delete: 'help.manual.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '页面名称', 'en-US': 'Page name' }, max: 60, required: true },
    /** The web route the manual explains; a page has at most one manual. */
    path: {
      kind: 'text',
      label: { 'zh-CN': '页面路径', 'en-US': 'Page path' },
      hint: { 'zh-CN': '如 /permission/role；填写后，在该页面打开帮助时会直接显示此手册', 'en-US': 'Like /permission/role; opening help on that page then shows this manual first' },
      max: 200,
      pattern: /^(\/[A-Za-z0-9_-]+)+$/,
      unique: true,
    },
    explains: { kind: 'textarea', label: { 'zh-CN': '说明', 'en-US': 'Explanation' }, max: 500 },
    content: { kind: 'richtext', label: { 'zh-CN': '内容', 'en-US': 'Content' }, max: 200_000 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
  },
  columns: ['name', 'path', 'explains', 'sort', 'updated_at'],
  keyword: ['name', 'path'],
  order: { by: 'sort', direction: 'asc' },
});

/** `/api/help/...`: the help drawer's reading calls and the help settings screens' writing calls. */
export const helpCalls = {
  // ---- upgrade log ----
  upgradeLog: defineCall({
    method: 'POST',
    path: '/api/help/upgrade_log',
    tag,
    summary: 'The upgrade log timeline, newest version first (the drawer uses id 1)',
    permission: 'signed-in',
    body: z.object({ id: fields.id.default(UPGRADE_LOG_ID), page: fields.page, limit: fields.limit }),
    data: z.object({ id: z.number(), name: z.string(), count: z.number().int(), data: z.array(upgradeLogEntry) }),
  }),
  upgradeLogFind: defineCall({
    method: 'POST',
    path: '/api/help/upgrade_log_find',
    tag,
    summary: 'One version of the upgrade log, by its id',
    permission: 'signed-in',
    body: byId,
    data: upgradeLogEntry,
  }),

  // ---- help manual ----
  helpManual: defineCall({
    method: 'POST',
    path: '/api/help/help_manual',
    tag,
    summary: 'Help manuals without their content, by sort then id (the drawer menu list and the admin table)',
    permission: 'signed-in',
    body: z.object({ keyword: fields.text(40).optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(helpManualSummary),
  }),
  helpManualFind: defineCall({
    method: 'POST',
    path: '/api/help/help_manual_find',
    tag,
    summary: 'One help manual with its content, by id, or by the path of the page it explains',
    permission: 'signed-in',
    body: z
      .object({ id: fields.id.optional(), path: z.string().trim().max(200).optional() })
      .refine((b) => b.id !== undefined || !!b.path, { message: said({ 'zh-CN': '未填写路径时必填', 'en-US': 'required unless a path is given' }), path: ['id'] }),
    data: helpManual,
  }),
  // ---- feature introduction: categories ----
  powerlist: defineCall({
    method: 'POST',
    path: '/api/help/powerlist',
    tag,
    summary: 'Feature-introduction categories of one level (1 = top categories with their subcategories as options, 2 = all subcategories)',
    permission: 'signed-in',
    body: z.object({ level_id: wholeNumber(1, 2).default(1) }),
    data: z.array(helpCategory),
  }),
  powerlistsubset: defineCall({
    method: 'POST',
    path: '/api/help/powerlistsubset',
    tag,
    summary: 'The subcategories of one top category',
    permission: 'signed-in',
    body: z.object({ pid: fields.id }),
    data: z.array(helpCategory),
  }),
  categoryAdd: defineCall({
    method: 'POST',
    path: '/api/help/function_category_add',
    tag,
    summary: 'Add a top category (pid 0) or a subcategory under a top category',
    permission: editIntroduction,
    body: z.object(categoryFields),
    data: helpCategory,
  }),
  categoryEdit: defineCall({
    method: 'POST',
    path: '/api/help/function_category_edit',
    tag,
    summary: 'Rename, re-sort or move a category (two levels at most)',
    permission: editIntroduction,
    body: z.object({ id: fields.id, ...categoryFields }),
    data: helpCategory,
  }),
  categoryDelete: defineCall({
    method: 'POST',
    path: '/api/help/function_category_delete',
    tag,
    summary: 'Delete a category that has no subcategories and no functions',
    permission: editIntroduction,
    body: byId,
    data: z.null(),
  }),

  // ---- feature introduction: functions ----
  functionInform: defineCall({
    method: 'POST',
    path: '/api/help/function_inform',
    tag,
    summary: 'The functions of one subcategory with their explanations (the drawer accordion)',
    permission: 'signed-in',
    body: z.object({ pid: fields.id }),
    data: z.array(helpFunction),
  }),
  functionIntroduction: defineCall({
    method: 'POST',
    path: '/api/help/function_introduction',
    tag,
    summary: 'Functions for the admin table, optionally within one category (top or sub) or matching a name',
    permission: 'signed-in',
    body: z.object({ pid: pidField.optional(), keyword: fields.text(40).optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(helpFunctionRow),
  }),
  functionFind: defineCall({
    method: 'POST',
    path: '/api/help/function_find',
    tag,
    summary: 'One function with its explanation',
    permission: 'signed-in',
    body: byId,
    data: helpFunction,
  }),
  functionAdd: defineCall({
    method: 'POST',
    path: '/api/help/function_add',
    tag,
    summary: 'Add a function to a subcategory',
    permission: editIntroduction,
    body: z.object(functionFields),
    data: helpFunction,
  }),
  functionEdit: defineCall({
    method: 'POST',
    path: '/api/help/function_edit',
    tag,
    summary: 'Edit a function or move it to another subcategory',
    permission: editIntroduction,
    body: z.object({ id: fields.id, ...functionFields }),
    data: helpFunction,
  }),
  functionDelete: defineCall({
    method: 'POST',
    path: '/api/help/function_delete',
    tag,
    summary: 'Delete a function',
    permission: editIntroduction,
    body: byId,
    data: z.null(),
  }),
};

/** The help module's share of the contract (`contractModules`). */
export const helpContract = defineContractModule({ name: 'help', calls: helpCalls, resources: [helpManualResource, upgradeLogResource] });
