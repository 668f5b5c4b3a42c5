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
});

/** The keyword library's share of the contract (`contractModules`). */
export const keywordContract = defineContractModule({ name: 'keyword', resources: [keywordType] });
