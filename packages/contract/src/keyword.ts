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
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['word', 'type_id', 'industry_id', 'remark', 'enabled', 'updated_at'],
  keyword: ['word'],
  filters: { type_id: 'equals', industry_id: 'equals', enabled: 'equals' },
  order: { by: 'id', direction: 'desc' },
});

/** The keyword library's share of the contract (`contractModules`). */
export const keywordContract = defineContractModule({ name: 'keyword', resources: [keywordType, keyword] });
