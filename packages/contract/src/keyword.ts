import { z } from 'zod';
import { defineCall, fields, operation } from './call';
import { dayRange } from './days';
import { defineContractModule } from './contract-module';
import { defineResource, type Texts } from './resource';

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
  names: 'keyword',
});

/** The periods a search index is kept for: a day, a week (from its Monday) or a month (from its first day). */
export const INDEX_PERIODS = [
  { value: 1, code: 'day', label: { 'zh-CN': '日', 'en-US': 'Day' } },
  { value: 2, code: 'week', label: { 'zh-CN': '周', 'en-US': 'Week' } },
  { value: 3, code: 'month', label: { 'zh-CN': '月', 'en-US': 'Month' } },
] as const;
export type IndexPeriod = (typeof INDEX_PERIODS)[number]['value'];
/** The largest index value kept. */
export const INDEX_VALUE_MAX = 2_000_000_000;

/**
 * Whether a day (YYYY-MM-DD) starts a period: any day starts a day, a Monday a week, the 1st a month. A calendar
 * date, read without a time zone.
 */
export function startsPeriod(day: string, period: IndexPeriod): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (period === 3) return date === 1;
  if (period === 2) return new Date(Date.UTC(year, month - 1, date)).getUTCDay() === 1;
  return true;
}

/** 导入指数: at most this many rows and bytes in one workbook (a year of days for ~270 keywords). */
export const INDEX_IMPORT_MAX_ROWS = 100_000;
export const INDEX_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The index import's columns in order: the header each is read by (either language) and whether a row must fill it. */
export const INDEX_IMPORT_COLUMNS = [
  { key: 'word', header: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, required: true },
  { key: 'type', header: { 'zh-CN': '关键词类型', 'en-US': 'Type' }, required: false },
  { key: 'period', header: { 'zh-CN': '周期', 'en-US': 'Period' }, required: true },
  { key: 'period_start', header: { 'zh-CN': '周期开始', 'en-US': 'Period start' }, required: true },
  { key: 'value', header: { 'zh-CN': '指数', 'en-US': 'Index' }, required: true },
  { key: 'source', header: { 'zh-CN': '来源', 'en-US': 'Source' }, required: false },
] as const;
export type IndexImportColumn = (typeof INDEX_IMPORT_COLUMNS)[number]['key'];
/** The longest source an index value keeps. */
export const INDEX_SOURCE_MAX = 30;
/** What an index import did: values added, values changed, and rows equal to the value kept. */
export const indexImportResult = z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
export type IndexImportResult = z.output<typeof indexImportResult>;

/** Why a start does not begin its period (a week's Monday, a month's 1st), said on the start wherever it is refused. */
export const misalignedStart = (period: IndexPeriod): Texts =>
  period === 2 ? { 'zh-CN': '周指数须从周一开始', 'en-US': 'a week starts on a Monday' } : { 'zh-CN': '月指数须从每月 1 日开始', 'en-US': 'a month starts on its first day' };

/**
 * 指数管理: a keyword's search-index value for one period (docs/publishing.md › Keyword library), entered by hand or
 * imported — one value per keyword, period and start; a start that does not begin its period is refused.
 */
export const keywordIndex = defineResource({
  module: 'keyword',
  thing: 'index',
  menu: '/permission/keyword/index',
  label: { 'zh-CN': '关键词指数', 'en-US': 'Keyword index' },
  operations: { view: 'keyword.index.view', add: 'keyword.index.edit', edit: 'keyword.index.edit', delete: 'keyword.index.edit', export: 'keyword.index.export' },
  fields: {
    keyword_id: { kind: 'reference', lookup: 'keyword', label: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, required: true },
    period: { kind: 'select', label: { 'zh-CN': '周期', 'en-US': 'Period' }, options: INDEX_PERIODS.map(({ value, label }) => ({ value, label })), default: 1, required: true },
    period_start: { kind: 'date', label: { 'zh-CN': '周期开始', 'en-US': 'Period start' }, required: true },
    value: { kind: 'number', label: { 'zh-CN': '指数', 'en-US': 'Index' }, min: 0, max: INDEX_VALUE_MAX, required: true },
    source: { kind: 'text', label: { 'zh-CN': '来源', 'en-US': 'Source' }, max: INDEX_SOURCE_MAX },
  },
  columns: ['keyword_id', 'period', 'period_start', 'value', 'source', 'updated_at'],
  filters: { keyword_id: 'equals', period: 'equals', period_start: 'range' },
  // The latest entered first, as values arrive (a period's order is the trend's, and any column sorts).
  order: { by: 'id', direction: 'desc' },
});

/** The most points a trend answers: a year of days, and more than enough weeks and months. */
export const INDEX_TREND_POINTS = 366;
const indexPoint = z.object({ period_start: z.string(), value: z.number().int() });

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

/** The keyword library's calls beyond its resources': the keywords' workbook import and its template, an index's trend. */
export const keywordCalls = {
  indexTrend: defineCall({
    method: 'POST',
    path: '/api/keyword/index_trend',
    tag: 'keyword',
    summary: `A keyword's index values for one period kind, oldest first: the latest ${INDEX_TREND_POINTS} starts within the range (all, without one)`,
    permission: operation('keyword.index.view'),
    body: z
      .object({
        keyword_id: fields.id,
        period: z.union(INDEX_PERIODS.map(({ value }) => z.literal(value)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]),
        period_start: dayRange.optional(),
      })
      .strict(),
    data: z.array(indexPoint),
    labels: { keyword_id: { 'zh-CN': '关键词', 'en-US': 'Keyword' }, period: { 'zh-CN': '周期', 'en-US': 'Period' }, period_start: { 'zh-CN': '周期开始', 'en-US': 'Period start' } },
  }),
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
  indexImportTemplate: defineCall({
    method: 'POST',
    path: '/api/keyword/index_import_template',
    tag: 'keyword',
    summary: '导入指数’s workbook with its header row only (blob answer): 关键词, 关键词类型, 周期, 周期开始, 指数, 来源',
    permission: operation('keyword.index.import'),
    body: z.object({}).strict(),
    data: z.null(),
    response: 'blob',
  }),
  indexImport: defineCall({
    method: 'POST',
    path: '/api/keyword/index_import',
    tag: 'keyword',
    summary:
      `导入指数: keywords' index values from an .xlsx sent as multipart/form-data in the field \`file\` (at most ${INDEX_IMPORT_MAX_BYTES / 1024 / 1024} MB, ` +
      `${INDEX_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows), columns by the template’s headers. Each row: a keyword of the library (its type named where the word is ` +
      'in several), a period (日 / 周 / 月, or day / week / month), a start beginning that period (YYYY-MM-DD), a whole index 0–2,000,000,000 and a source. ' +
      'A value kept for the keyword, period and start is updated when it differs and counted unchanged when it does not; a start given twice in the file is refused. ' +
      `All or nothing: any refused row writes nothing and answers 40000 whose data.rows lists the first ${KEYWORD_IMPORT_PROBLEMS_SHOWN} refusals {row, field, column, message}`,
    permission: operation('keyword.index.import'),
    data: indexImportResult,
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
export const keywordContract = defineContractModule({ name: 'keyword', calls: keywordCalls, resources: [keywordType, keyword, keywordIndex] });
