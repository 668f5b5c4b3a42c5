import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/** The placeholders a title template may hold, each filled when a title is made from it (docs/publishing.md › Material). */
export const TITLE_PLACEHOLDERS = ['keyword', 'city', 'industry', 'date'] as const;

/** A template's text: anything but braces, except the placeholders written whole (`{keyword}`). */
const TEMPLATE_TEXT = new RegExp(`^(?:[^{}]|\\{(?:${TITLE_PLACEHOLDERS.join('|')})\\})*$`);

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

/** The publishing tool's share of the contract (`contractModules`). */
export const publishingContract = defineContractModule({ name: 'publishing', resources: [titleTemplate] });
