import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/** 案例平台: the platforms cases are published on (抖音, 小红书 …), which case templates and cases choose from. */
export const casePlatform = defineResource({
  module: 'case',
  thing: 'platform',
  menu: '/permission/case/platform',
  label: { 'zh-CN': '案例平台', 'en-US': 'Case platform' },
  operations: { view: 'case.platform.view', add: 'case.platform.edit', edit: 'case.platform.edit', delete: 'case.platform.edit', export: 'case.platform.export' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '平台名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'remark', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
});

/** The case module's share of the contract (`contractModules`). */
export const caseContract = defineContractModule({ name: 'case', resources: [casePlatform] });
