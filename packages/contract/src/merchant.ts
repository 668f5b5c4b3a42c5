import { z } from 'zod';
import { defineCall, fields, keysetPageOf, operation } from './call';
import { defineContractModule } from './contract-module';
import { dayRange } from './days';
import { fieldDefinitionRow } from './field';
import { historyEntry } from './resource';
import type { NamedCode } from './user';

/**
 * 客户信息管理 (docs/marketplace.md › Customers): the agencies' customers (客户 = merchant, one record), each owned by one
 * agency, its particulars the values of 客户信息设置 (the field form `customer_info`, 客户名称 unique across the platform).
 */

/** How a customer came in: signed up in the apps under an agency's code, added by its agency, by staff, or imported. */
export const MERCHANT_SOURCES = ['register', 'agency', 'staff', 'import'] as const;
export type MerchantSource = (typeof MERCHANT_SOURCES)[number];
export const MERCHANT_SOURCE_NAMES = [
  { value: 'register', name: { 'zh-CN': '客户注册', 'en-US': 'Signed up' } },
  { value: 'agency', name: { 'zh-CN': '代理添加', 'en-US': 'Added by its agency' } },
  { value: 'staff', name: { 'zh-CN': '后台添加', 'en-US': 'Added by staff' } },
  { value: 'import', name: { 'zh-CN': '导入', 'en-US': 'Imported' } },
] as const satisfies readonly NamedCode<MerchantSource>[];

/** The key of 客户信息设置's field naming the customer: required, unique, never deleted (a system field). */
export const CUSTOMER_NAME_KEY = 'customer_name';
/** The longest reason a transfer keeps. */
export const MERCHANT_REASON_MAX = 200;

/** What 客户信息管理 filters by; an absent field does not filter. */
export const merchantFilter = z
  .object({
    /** 客户名称, contained. */
    keyword: fields.text(50).optional(),
    agency_id: fields.id.optional(),
    source: z.enum(MERCHANT_SOURCES).optional(),
    /** Days added, in the platform's time zone. */
    created: dayRange.optional(),
  })
  .strict();
export type MerchantFilter = z.output<typeof merchantFilter>;

/** A customer as 客户信息管理 lists it: its agency, and 客户信息设置's values (`extra`), which the form's fields draw. */
export const merchantRow = z.object({
  id: z.number().int(),
  customer_name: z.string(),
  agency_id: z.number().int(),
  agency_name: z.string(),
  agency_mobile: z.string(),
  /** Its app account (客户注册), which pays its orders; none for a customer added by staff or its agency. */
  user_id: z.number().int().nullable(),
  source: z.enum(MERCHANT_SOURCES),
  extra: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MerchantRow = z.output<typeof merchantRow>;

/** An agency as the customers' agency pickers offer it. */
export const merchantAgency = z.object({ id: z.number().int(), name: z.string(), mobile: z.string(), level_name: z.string() });
export type MerchantAgency = z.output<typeof merchantAgency>;

const values = z.record(z.string(), z.unknown());
const labels = {
  id: { 'zh-CN': '客户', 'en-US': 'Customer' },
  agency_id: { 'zh-CN': '所属代理', 'en-US': 'Agency' },
  values: { 'zh-CN': '客户信息', 'en-US': 'Customer information' },
  reason: { 'zh-CN': '原因', 'en-US': 'Reason' },
} as const;

/** 客户信息管理 (`/merchant/info`): every agency's customers, read by keyset, newest first. */
export const merchantCalls = {
  merchantList: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_list',
    tag: 'merchant',
    summary: 'Customers newest first, by keyword (客户名称), agency, source and days added; keyset pages (pass next_cursor as cursor)',
    permission: operation('merchant.view'),
    body: merchantFilter.extend({ cursor: fields.cursor.optional(), limit: fields.limit }).strict(),
    data: keysetPageOf(merchantRow),
  }),
  merchantAgencies: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_agencies',
    tag: 'merchant',
    summary: 'Agencies to choose as a customer’s: by keyword (name or mobile), or those of the ids given (a filter or a form naming its choice); up to 20',
    permission: operation('merchant.view'),
    body: z.object({ keyword: fields.text(50).optional(), ids: z.array(fields.id).max(50).optional() }).strict(),
    data: z.array(merchantAgency),
  }),
  merchantFields: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_fields',
    tag: 'merchant',
    summary: '客户信息设置’s fields in order: what draws and edits a customer’s values, for whoever may view customers',
    permission: operation('merchant.view'),
    data: z.array(fieldDefinitionRow),
  }),
  merchantDetails: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_details',
    tag: 'merchant',
    summary: 'One customer (40400 for no such customer)',
    permission: operation('merchant.view'),
    body: z.object({ id: fields.id }).strict(),
    data: merchantRow,
  }),
  merchantAdd: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_add',
    tag: 'merchant',
    summary: 'Add a customer to an agency with 客户信息设置’s values (a value refused is 40000 naming values.<key>; 客户名称 or another unique value held already is 40900)',
    permission: operation('merchant.edit'),
    body: z.object({ agency_id: fields.id, values }).strict(),
    data: z.object({ id: z.number().int() }),
    labels,
  }),
  merchantEdit: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_edit',
    tag: 'merchant',
    summary: 'Change a customer’s 客户信息设置 values (all of them, as the form sends them); its agency changes by transfer only',
    permission: operation('merchant.edit'),
    body: z.object({ id: fields.id, values }).strict(),
    data: z.null(),
    labels,
  }),
  merchantDel: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_del',
    tag: 'merchant',
    summary: 'Delete a customer',
    permission: operation('merchant.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
  merchantTransfer: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_transfer',
    tag: 'merchant',
    summary: '转移: the customer goes to another agency, with a reason (its orders stay with the agency that sold them); its own agency is 40900',
    permission: operation('merchant.transfer'),
    body: z.object({ id: fields.id, agency_id: fields.id, reason: fields.text(MERCHANT_REASON_MAX).min(1) }).strict(),
    data: z.null(),
    labels,
  }),
  merchantHistory: defineCall({
    method: 'POST',
    path: '/api/merchant/merchant_history',
    tag: 'merchant',
    summary: 'A customer’s additions, edits and transfers, oldest first, with who made them and why (from the operation log)',
    permission: operation('merchant.view'),
    body: z.object({ id: fields.id }).strict(),
    data: z.array(historyEntry),
  }),
};

/** The fields of 客户注册设置 that fill a customer's particulars at sign-up: 企业名称 is its 客户名称. */
export const REGISTER_TO_CUSTOMER: Readonly<Record<string, string>> = { company_name: CUSTOMER_NAME_KEY, contact_name: 'contact_name', mobile: 'contact_mobile' };

/** The apps' side of customers: a marketplace user signs up as an agency's customer. */
export const merchantAppCalls = {
  register: defineCall({
    method: 'POST',
    path: '/api_user/merchant/register',
    tag: 'merchant',
    summary:
      '客户注册: the signed-in user (of type 2, not yet a customer) becomes the customer of an active agency with 客户注册设置’s values, kept as filed; ' +
      '企业名称, 联系人 and 手机号 fill 客户名称, 联系人 and 联系电话 (a 客户名称 held already is 40900). Its orders are paid from this account',
    permission: 'app-user',
    body: z.object({ agency_id: fields.id, values }).strict(),
    data: z.object({ id: z.number().int() }),
    labels: { agency_id: labels.agency_id, values: { 'zh-CN': '注册信息', 'en-US': 'Sign-up details' } },
  }),
};

/**
 * 产品信息管理 (docs/marketplace.md › Customers): a customer's own goods, which the services promote, each the values of
 * 产品信息设置 (the field form `product_info`, 产品名称 required); a customer's products are a tab of its drawer.
 */

/** What 产品信息管理 filters by; an absent field does not filter. */
export const productFilter = z
  .object({
    /** 产品名称, contained. */
    keyword: fields.text(50).optional(),
    merchant_id: fields.id.optional(),
    agency_id: fields.id.optional(),
    /** Days added, in the platform's time zone. */
    created: dayRange.optional(),
  })
  .strict();
export type ProductFilter = z.output<typeof productFilter>;

/** A product as 产品信息管理 lists it: its customer and agency, and 产品信息设置's values. */
export const productRow = z.object({
  id: z.number().int(),
  product_name: z.string(),
  merchant_id: z.number().int(),
  customer_name: z.string(),
  agency_id: z.number().int(),
  agency_name: z.string(),
  extra: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductRow = z.output<typeof productRow>;

/** A customer as the products' pickers offer it: its name and agency. */
export const productCustomer = z.object({ id: z.number().int(), customer_name: z.string(), agency_name: z.string() });
export type ProductCustomer = z.output<typeof productCustomer>;

const productLabels = { id: { 'zh-CN': '产品', 'en-US': 'Product' }, merchant_id: { 'zh-CN': '所属客户', 'en-US': 'Customer' }, values: { 'zh-CN': '产品信息', 'en-US': 'Product information' } } as const;

/** 产品信息管理 (`/merchant/product`): every customer's products, read by keyset, newest first. */
export const productCalls = {
  productList: defineCall({
    method: 'POST',
    path: '/api/merchant/product_list',
    tag: 'merchant',
    summary: 'Products newest first, by keyword (产品名称), customer, agency and days added; keyset pages (pass next_cursor as cursor)',
    permission: operation('merchant.product.view'),
    body: productFilter.extend({ cursor: fields.cursor.optional(), limit: fields.limit }).strict(),
    data: keysetPageOf(productRow),
  }),
  productFields: defineCall({
    method: 'POST',
    path: '/api/merchant/product_fields',
    tag: 'merchant',
    summary: '产品信息设置’s fields in order: what draws and edits a product’s values, for whoever may view products',
    permission: operation('merchant.product.view'),
    data: z.array(fieldDefinitionRow),
  }),
  productCustomers: defineCall({
    method: 'POST',
    path: '/api/merchant/product_customers',
    tag: 'merchant',
    summary: 'Customers to choose as a product’s: by keyword (客户名称), or those of the ids given (a filter or a form naming its choice); up to 20',
    permission: operation('merchant.product.view'),
    body: z.object({ keyword: fields.text(50).optional(), ids: z.array(fields.id).max(50).optional() }).strict(),
    data: z.array(productCustomer),
  }),
  productDetails: defineCall({
    method: 'POST',
    path: '/api/merchant/product_details',
    tag: 'merchant',
    summary: 'One product (40400 for no such product)',
    permission: operation('merchant.product.view'),
    body: z.object({ id: fields.id }).strict(),
    data: productRow,
  }),
  productAdd: defineCall({
    method: 'POST',
    path: '/api/merchant/product_add',
    tag: 'merchant',
    summary: 'Add a product to a customer with 产品信息设置’s values (a value refused is 40000 naming values.<key>; a unique value held already 40900)',
    permission: operation('merchant.product.edit'),
    body: z.object({ merchant_id: fields.id, values }).strict(),
    data: z.object({ id: z.number().int() }),
    labels: productLabels,
  }),
  productEdit: defineCall({
    method: 'POST',
    path: '/api/merchant/product_edit',
    tag: 'merchant',
    summary: 'Change a product’s 产品信息设置 values (all of them, as the form sends them)',
    permission: operation('merchant.product.edit'),
    body: z.object({ id: fields.id, values }).strict(),
    data: z.null(),
    labels: productLabels,
  }),
  productDel: defineCall({
    method: 'POST',
    path: '/api/merchant/product_del',
    tag: 'merchant',
    summary: 'Delete a product',
    permission: operation('merchant.product.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
};

/** The merchant module's share of the contract (`contractModules`). */
export const merchantContract = defineContractModule({ name: 'merchant', calls: [merchantCalls, merchantAppCalls, productCalls] });
