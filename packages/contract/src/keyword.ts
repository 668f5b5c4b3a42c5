import { z } from 'zod';
import { defineCall, operation } from './call';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/**
 * 关键词库类型: the kinds the master keyword library sorts its keywords into (行业词, 地域词 …), listed on 总关键词库
 * (docs/publishing.md › Keyword library). Each keyword will have one type.
 */
export const keywordType = defineResource({
  module: 'keyword',
  thing: 'type',
  menu: '/permission/keyword/master',
  label: { 'zh-CN': '关键词库类型', 'en-US': 'Keyword library type' },
  operations: { view: 'keyword.type.view', add: 'keyword.type.edit', edit: 'keyword.type.edit', delete: 'keyword.type.edit', export: 'keyword.type.export' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '类型名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    remark: { kind: 'textarea', label: { 'zh-CN': '说明', 'en-US': 'Description' }, max: 200 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'remark', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
  names: 'keyword_type',
});

/** The longest keyword the library keeps. */
export const KEYWORD_MAX = 50;

/** The longest remark a keyword keeps. */
export const KEYWORD_REMARK_MAX = 200;

/** A keyword as the library keeps and compares it: NFKC-folded, trimmed, its inner runs of spaces one space. */
export const foldKeyword = (text: string): string => text.normalize('NFKC').trim().replace(/\s+/g, ' ');

/**
 * 总关键词库: the platform's master keywords (docs/publishing.md › Keyword library), each of one type and optionally an
 * industry. A keyword is kept trimmed and NFKC-folded (full-width letters and digits as half-width), and is unique
 * within its type as folded: ＳＥＯ and SEO are one keyword of a type.
 */
export const keyword = defineResource({
  module: 'keyword',
  thing: 'keyword',
  menu: '/permission/keyword/master',
  label: { 'zh-CN': '关键词', 'en-US': 'Keyword' },
  operations: { view: 'keyword.keyword.view', add: 'keyword.keyword.edit', edit: 'keyword.keyword.edit', delete: 'keyword.keyword.edit', export: 'keyword.keyword.export' },
  fields: {
    word: { kind: 'text', label: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, max: KEYWORD_MAX, required: true },
    type_id: { kind: 'reference', lookup: 'keyword_type', label: { 'zh-CN': '关键词类型', 'en-US': 'Type' }, required: true },
    industry_id: { kind: 'reference', picker: 'industry', label: { 'zh-CN': '所属行业', 'en-US': 'Industry' } },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: KEYWORD_REMARK_MAX },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['word', 'type_id', 'industry_id', 'remark', 'enabled', 'updated_at'],
  keyword: ['word'],
  filters: { type_id: 'equals', industry_id: 'equals', enabled: 'equals' },
  order: { by: 'id', direction: 'desc' },
});

/** 导入关键词 (docs/publishing.md › Keyword library): at most this many rows and bytes in one workbook. */
export const KEYWORD_IMPORT_MAX_ROWS = 100_000;
export const KEYWORD_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most refused rows a refused import lists; how many there are in all is in its message. */
export const KEYWORD_IMPORT_PROBLEMS_SHOWN = 1000;
/** The import's columns in order: the header each is read by (either language) and whether a row must fill it. */
export const KEYWORD_IMPORT_COLUMNS = [
  { key: 'word', header: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, required: true },
  { key: 'type', header: { 'zh-CN': '关键词类型', 'en-US': 'Type' }, required: true },
  { key: 'industry', header: { 'zh-CN': '所属行业', 'en-US': 'Industry' }, required: false },
  { key: 'remark', header: { 'zh-CN': '备注', 'en-US': 'Remark' }, required: false },
] as const;
export type KeywordImportColumn = (typeof KEYWORD_IMPORT_COLUMNS)[number]['key'];

/** What an import did: keywords added, and rows naming a keyword its type holds already (or an earlier row did). */
export const keywordImportResult = z.object({ added: z.number().int(), unchanged: z.number().int() });
export type KeywordImportResult = z.output<typeof keywordImportResult>;

/** The master keywords' calls beyond their resource's: the workbook import and its template. */
export const keywordCalls = {
  importTemplate: defineCall({
    method: 'POST',
    path: '/api/keyword/keyword_import_template',
    tag: 'keyword',
    summary: '导入关键词’s workbook with its header row only (blob answer): 关键词, 关键词类型, 所属行业, 备注',
    permission: operation('keyword.keyword.import'),
    body: z.object({}).strict(),
    data: z.null(),
    response: 'blob',
  }),
  import: defineCall({
    method: 'POST',
    path: '/api/keyword/keyword_import',
    tag: 'keyword',
    summary:
      `导入关键词: master keywords from an .xlsx sent as multipart/form-data in the field \`file\` (at most ${KEYWORD_IMPORT_MAX_BYTES / 1024 / 1024} MB, ` +
      `${KEYWORD_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows), columns by the template’s headers. Each row: a keyword (folded as the library keeps it, 1–${KEYWORD_MAX} ` +
      'characters), a type and an industry by name (a type switched off is refused; an industry named twice in the tree is named with its parent, 餐饮美食/火锅). ' +
      'A keyword its type holds already, or a row repeating an earlier one, is counted unchanged. All or nothing: any refused row writes nothing and answers ' +
      `40000 whose data.rows lists the first ${KEYWORD_IMPORT_PROBLEMS_SHOWN} refusals {row, field, column, message}`,
    permission: operation('keyword.keyword.import'),
    // Multipart: no body schema here; the server reads the file part itself.
    data: keywordImportResult,
  }),
};

/** The keyword library's share of the contract (`contractModules`). */
export const keywordContract = defineContractModule({ name: 'keyword', calls: keywordCalls, resources: [keywordType, keyword] });
