import { z } from 'zod';
import { defineCall, operation } from './call';
import { fieldTypes } from './field-types';
import { said } from './refusals';
import { defineResource, resourceFieldDefinition, type NumberField, type Texts } from './resource';

/**
 * 财务设置 (docs/finance.md › Settings): what users may buy and what features cost. Money is whole fen (分) in storage
 * and on the wire, edited and shown as yuan (¥ 12.50) by the registry's number with unit `fen`; beans are whole beans.
 */

/** The smallest and the largest top-up there may be (fen): the bounds of a preset's amount and of the limits staff set. */
export const RECHARGE_AMOUNT_MIN = 100;
export const RECHARGE_AMOUNT_MAX = 5_000_000;
/** The most beans one preset, package or charge names. */
export const BEANS_MAX = 100_000_000;

const amountField = (label: Texts): NumberField => ({ kind: 'number', unit: 'fen', label, min: RECHARGE_AMOUNT_MIN, max: RECHARGE_AMOUNT_MAX, required: true });
const bonusBeans = { kind: 'number', label: { 'zh-CN': '赠送金豆', 'en-US': 'Bonus beans' }, min: 0, max: BEANS_MAX, default: 0 } as const;
const enabled = { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, default: true } as const;

/** 充值设置 › 充值档位: the amounts a user may pick when topping up, each within the top-up limits (server-checked). */
export const rechargePreset = defineResource({
  module: 'finance',
  thing: 'recharge_preset',
  menu: '/permission/finance/recharge',
  label: { 'zh-CN': '充值档位', 'en-US': 'Top-up preset' },
  operations: { view: 'finance.settings.recharge.view', add: 'finance.settings.recharge.edit', edit: 'finance.settings.recharge.edit', delete: 'finance.settings.recharge.edit' },
  fields: {
    amount: {
      ...amountField({ 'zh-CN': '充值金额', 'en-US': 'Amount' }),
      unique: true,
      hint: { 'zh-CN': '须在上方的充值限额之内', 'en-US': 'Within the top-up limits above' },
    },
    bonus_beans: { ...bonusBeans, hint: { 'zh-CN': '充值该金额时额外赠送的金豆', 'en-US': 'Beans given on top with this top-up' } },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled,
  },
  columns: ['amount', 'bonus_beans', 'sort', 'enabled', 'updated_at'],
  filters: { enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
});

/** 套餐设置: packages a user buys with money, granting beans. */
export const topUpPackage = defineResource({
  module: 'finance',
  thing: 'package',
  menu: '/permission/finance/package',
  label: { 'zh-CN': '套餐', 'en-US': 'Package' },
  operations: { view: 'finance.settings.package.view', add: 'finance.settings.package.edit', edit: 'finance.settings.package.edit', delete: 'finance.settings.package.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '套餐名称', 'en-US': 'Name' }, max: 30, required: true, unique: true },
    price: { kind: 'number', unit: 'fen', label: { 'zh-CN': '价格', 'en-US': 'Price' }, min: 1, max: 10_000_000, required: true },
    beans: { kind: 'number', label: { 'zh-CN': '金豆数量', 'en-US': 'Beans' }, min: 1, max: BEANS_MAX, required: true },
    bonus_beans: bonusBeans,
    description: { kind: 'textarea', label: { 'zh-CN': '套餐说明', 'en-US': 'Description' }, max: 200 },
    sort: { kind: 'sort', label: { 'zh-CN': '排序', 'en-US': 'Order' } },
    enabled,
  },
  columns: ['name', 'price', 'beans', 'bonus_beans', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { price: 'range', enabled: 'equals' },
  order: { by: 'sort', direction: 'asc' },
});

/** How a feature's charge is counted (计费单位). */
export const CHARGE_UNITS = { use: 1, day: 2, month: 3 } as const;

/** 功能收费设置: the price in beans of each paid feature of the apps area, by the feature's code. */
export const functionCharge = defineResource({
  module: 'finance',
  thing: 'function_charge',
  menu: '/permission/finance/function_charge',
  label: { 'zh-CN': '功能收费', 'en-US': 'Feature charge' },
  operations: {
    view: 'finance.settings.function_charge.view',
    add: 'finance.settings.function_charge.edit',
    edit: 'finance.settings.function_charge.edit',
    delete: 'finance.settings.function_charge.edit',
  },
  fields: {
    code: {
      kind: 'text',
      label: { 'zh-CN': '功能代码', 'en-US': 'Feature code' },
      max: 50,
      pattern: /^[a-z][a-z0-9_.]{1,49}$/,
      required: true,
      unique: true,
      hint: { 'zh-CN': '应用区识别该功能的代码，如 ai.title', 'en-US': 'The code the apps area knows the feature by, e.g. ai.title' },
    },
    name: { kind: 'text', label: { 'zh-CN': '功能名称', 'en-US': 'Feature name' }, max: 30, required: true },
    price_beans: { kind: 'number', label: { 'zh-CN': '价格（金豆）', 'en-US': 'Price (beans)' }, min: 0, max: BEANS_MAX, required: true },
    unit: {
      kind: 'select',
      label: { 'zh-CN': '计费单位', 'en-US': 'Charged' },
      required: true,
      options: [
        { value: CHARGE_UNITS.use, label: { 'zh-CN': '按次', 'en-US': 'Per use' } },
        { value: CHARGE_UNITS.day, label: { 'zh-CN': '按天', 'en-US': 'Per day' } },
        { value: CHARGE_UNITS.month, label: { 'zh-CN': '按月', 'en-US': 'Per month' } },
      ],
    },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 200 },
    enabled,
  },
  columns: ['code', 'name', 'price_beans', 'unit', 'enabled', 'remark', 'updated_at'],
  keyword: ['code', 'name'],
  filters: { unit: 'in', enabled: 'equals' },
  order: { by: 'code', direction: 'asc' },
});

/**
 * 充值限额: the smallest and the largest amount one top-up may be, as registry definitions (money), so the screen draws
 * and checks them as it does a preset's amount. A site settings document (`finance_recharge`).
 */
export const rechargeLimitDefinitions = {
  min_amount: resourceFieldDefinition('min_amount', amountField({ 'zh-CN': '最低充值金额', 'en-US': 'Smallest top-up' })),
  max_amount: resourceFieldDefinition('max_amount', amountField({ 'zh-CN': '最高充值金额', 'en-US': 'Largest top-up' })),
};
const limitValue = (key: keyof typeof rechargeLimitDefinitions) => fieldTypes.number.value(rechargeLimitDefinitions[key]) as z.ZodType<number, unknown>;

/** The top-up limits as staff send them: each within RECHARGE_AMOUNT_MIN–MAX, the smallest not above the largest. */
export const rechargeLimits = z
  .object({ min_amount: limitValue('min_amount'), max_amount: limitValue('max_amount') })
  .strict()
  .refine((limits) => limits.min_amount <= limits.max_amount, { path: ['max_amount'], message: said({ 'zh-CN': '不能低于最低充值金额', 'en-US': 'must not be below the smallest top-up' }) });
export type RechargeLimits = z.output<typeof rechargeLimits>;
export const rechargeLimitsData = z.object({ min_amount: z.number().int(), max_amount: z.number().int() });

export const financeSettingsCalls = {
  rechargeLimitsDetails: defineCall({
    method: 'GET',
    path: '/api/finance/recharge_limits_details',
    tag: 'finance',
    summary: '充值限额: the smallest and the largest amount of one top-up, in fen',
    permission: operation('finance.settings.recharge.view'),
    data: rechargeLimitsData,
  }),
  rechargeLimitsEdit: defineCall({
    method: 'POST',
    path: '/api/finance/recharge_limits_edit',
    tag: 'finance',
    summary:
      'Change the top-up limits (fen). Every top-up preset must stay within them: a preset below the new smallest is 40000 naming min_amount, ' +
      'one above the new largest 40000 naming max_amount',
    permission: operation('finance.settings.recharge.edit'),
    body: rechargeLimits,
    labels: { min_amount: rechargeLimitDefinitions.min_amount.label, max_amount: rechargeLimitDefinitions.max_amount.label },
    data: rechargeLimitsData,
  }),
};
