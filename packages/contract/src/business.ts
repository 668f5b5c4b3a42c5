import { z } from 'zod';
import { defineCall, fields, operation, pageOf } from './call';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/**
 * The businesses the platform sells through its agencies (docs/marketplace.md › Businesses): 业务设置 declares a
 * business and 套餐设置 its packages, a child list of the business. Named `businessPackage` apart from finance's top-up
 * packages (`topUpPackage`), though both menus say 套餐设置.
 */

const enabled = { kind: 'boolean', label: { 'zh-CN': '上架', 'en-US': 'On sale' }, default: true } as const;
const sort = { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } } as const;

/** 业务设置: a service sold through agencies (short-video operation, website building …), with its showcase. */
export const businessResource = defineResource({
  module: 'business',
  thing: 'business',
  menu: '/permission/business/business',
  label: { 'zh-CN': '业务', 'en-US': 'Business' },
  operations: { view: 'business.setting.view', add: 'business.setting.edit', edit: 'business.setting.edit', delete: 'business.setting.edit', export: 'business.setting.export' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '业务名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    industry_id: {
      kind: 'reference',
      picker: 'industry',
      label: { 'zh-CN': '适用行业', 'en-US': 'Industry served' },
      hint: { 'zh-CN': '留空表示不限行业', 'en-US': 'Leave empty for every industry' },
    },
    summary: { kind: 'textarea', label: { 'zh-CN': '业务简介', 'en-US': 'Summary' }, max: 200 },
    content: { kind: 'richtext', label: { 'zh-CN': '业务介绍', 'en-US': 'Introduction' }, max: 20_000 },
    sort,
    enabled: { ...enabled, hint: { 'zh-CN': '下架的业务不再接受新订单，已有订单照常服务', 'en-US': 'A business off sale takes no new orders; orders placed go on' } },
  },
  columns: ['name', 'industry_id', 'summary', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { industry_id: 'equals', enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
  // Record-picking fields of type business (a package's business, the forms' business fields) pick from here.
  names: 'business',
});

/** The most a package may cost: ¥1,000,000.00, in fen. */
export const BUSINESS_PACKAGE_PRICE_MAX = 100_000_000;

/** 套餐设置 (业务套餐): what an agency's customer buys of a business — a price for a service of some days and quantity. */
export const businessPackage = defineResource({
  module: 'business',
  thing: 'package',
  menu: '/permission/business/package',
  label: { 'zh-CN': '业务套餐', 'en-US': 'Business package' },
  operations: { view: 'business.package.view', add: 'business.package.edit', edit: 'business.package.edit', delete: 'business.package.edit', export: 'business.package.export' },
  fields: {
    business_id: { kind: 'reference', picker: 'business', label: { 'zh-CN': '所属业务', 'en-US': 'Business' }, required: true },
    name: { kind: 'text', label: { 'zh-CN': '套餐名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    price: { kind: 'number', unit: 'fen', label: { 'zh-CN': '价格', 'en-US': 'Price' }, min: 0, max: BUSINESS_PACKAGE_PRICE_MAX, required: true },
    duration_days: { kind: 'number', label: { 'zh-CN': '服务天数', 'en-US': 'Days of service' }, min: 1, max: 3650, default: 30, required: true },
    quota: {
      kind: 'number',
      label: { 'zh-CN': '服务数量', 'en-US': 'Quantity' },
      hint: { 'zh-CN': '套餐包含的服务次数（如视频条数），0 表示不限', 'en-US': 'How many times the service is given (videos, posts …); 0 for no limit' },
      min: 0,
      max: 100_000,
      default: 0,
    },
    description: { kind: 'textarea', label: { 'zh-CN': '套餐说明', 'en-US': 'Description' }, max: 200 },
    sort,
    enabled: { ...enabled, hint: { 'zh-CN': '下架的套餐不再可选，已有订单照常服务', 'en-US': 'A package off sale can no longer be chosen; orders placed go on' } },
  },
  columns: ['name', 'business_id', 'price', 'duration_days', 'quota', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { price: 'range', enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
  parent: { key: 'business_id', resource: businessResource },
});

/** A business as 全部业务 lists it: what the apps show of it, and its packages on sale in figures. */
export const businessCard = z.object({
  id: z.number().int(),
  name: z.string(),
  industry_id: z.number().int().nullable(),
  /** The industry's name; null for every industry. */
  industry_name: z.string().nullable(),
  summary: z.string(),
  enabled: z.boolean(),
  /** Packages on sale, and all of them. */
  packages_on_sale: z.number().int(),
  package_count: z.number().int(),
  /** The cheapest and dearest package on sale, in fen; null with none on sale. */
  price_from: z.number().int().nullable(),
  price_to: z.number().int().nullable(),
});
export type BusinessCard = z.output<typeof businessCard>;

/** One of a business's packages as its showcase lists them. */
export const businessShowPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  duration_days: z.number().int(),
  quota: z.number().int(),
  description: z.string(),
  enabled: z.boolean(),
});

/** 全部业务 (`/business/list`, docs/marketplace.md › 全部业务): the businesses as the apps show them. */
export const businessCatalogCalls = {
  catalog: defineCall({
    method: 'POST',
    path: '/api/business/all_list',
    tag: 'business',
    summary: '全部业务: the businesses in 业务设置’s order, each with its industry and its packages on sale in figures (count, cheapest, dearest)',
    permission: operation('business.view'),
    body: z.object({
      keyword: fields.text(30).optional(),
      industry_id: fields.id.optional(),
      enabled: z.boolean().optional(),
      page: fields.page,
      limit: fields.limit,
    }),
    data: pageOf(businessCard),
  }),
  show: defineCall({
    method: 'POST',
    path: '/api/business/show',
    tag: 'business',
    summary: 'A business’s showcase: its introduction (sanitised HTML) and every package, in 套餐设置’s order',
    permission: operation('business.view'),
    body: z.object({ id: fields.id }),
    data: businessCard.extend({ content: z.string(), packages: z.array(businessShowPackage) }),
  }),
};

/** The business module's share of the contract (`contractModules`): its two resources and 全部业务's calls. */
export const businessContract = defineContractModule({ name: 'business', calls: businessCatalogCalls, resources: [businessResource, businessPackage] });
