import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/**
 * The agencies (代理, resellers) of the marketplace (docs/marketplace.md › Agencies). This first part is 代理等级: the
 * levels an agency holds (`users.level`), each with the sales that reach it, the commission it earns and the discount it
 * buys at.
 */

/** The highest rank a level may take. */
export const AGENCY_LEVEL_MAX = 99;
/** The highest threshold: ¥ 20,000,000.00 of sales, in fen. */
export const AGENCY_LEVEL_THRESHOLD_MAX = 2_000_000_000;

/**
 * 代理等级: level 0 is the entry level every user holds until promoted (threshold 0, never deleted or disabled); a
 * higher rank needs a higher threshold (kept sales over the window of 代理设置 › 基础设置). A level users hold cannot be
 * deleted; renumbering one moves its holders with it.
 */
export const agencyLevel = defineResource({
  module: 'agency',
  thing: 'level',
  menu: '/permission/agency/level',
  label: { 'zh-CN': '代理等级', 'en-US': 'Agency level' },
  operations: { view: 'agency.level.view', add: 'agency.level.edit', edit: 'agency.level.edit', delete: 'agency.level.edit' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '等级名称', 'en-US': 'Name' }, max: 20, required: true, unique: true },
    level: {
      kind: 'number',
      label: { 'zh-CN': '等级', 'en-US': 'Rank' },
      hint: { 'zh-CN': '数字越大等级越高；0 为入门等级', 'en-US': 'A higher number is a higher level; 0 is the entry level' },
      min: 0,
      max: AGENCY_LEVEL_MAX,
      required: true,
      unique: true,
    },
    threshold: {
      kind: 'number',
      unit: 'fen',
      label: { 'zh-CN': '升级门槛', 'en-US': 'Sales to reach it' },
      hint: { 'zh-CN': '统计期内的销售额（已付款、扣除退款）达到即升级；等级越高门槛越高', 'en-US': 'Sales in the window (paid, less refunds) that reach this level; a higher level needs more' },
      min: 0,
      max: AGENCY_LEVEL_THRESHOLD_MAX,
      required: true,
    },
    commission_rate_bp: {
      kind: 'number',
      unit: 'bp',
      label: { 'zh-CN': '佣金比例', 'en-US': 'Commission rate' },
      hint: { 'zh-CN': '代理推广的订单，按客户实付金额计佣', 'en-US': 'Of what the customer pays for an order the agency sold' },
      min: 0,
      max: 10_000,
      default: 0,
    },
    discount_bp: {
      kind: 'number',
      unit: 'bp',
      label: { 'zh-CN': '进货折扣', 'en-US': 'Purchase discount' },
      hint: { 'zh-CN': '代理自己付款的订单按原价的此比例付款，100% 为原价', 'en-US': 'What the agency pays of the price for an order it pays itself; 100% is full price' },
      min: 1,
      max: 10_000,
      default: 10_000,
    },
    enabled: { kind: 'boolean', label: { 'zh-CN': '启用', 'en-US': 'Enabled' }, hint: { 'zh-CN': '停用的等级不再自动升级到达', 'en-US': 'No agency is promoted to a disabled level' }, default: true },
  },
  columns: ['level', 'name', 'threshold', 'commission_rate_bp', 'discount_bp', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { enabled: 'equals' },
  order: { by: 'level', direction: 'asc' },
});

/** The agency module's share of the contract (`contractModules`). */
export const agencyContract = defineContractModule({ name: 'agency', resources: [agencyLevel] });
