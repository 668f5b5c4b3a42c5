import { z } from 'zod';
import { defineCall, fields, jsonInt, keysetPageOf, operation, pageOf } from './call';
import { defineContractModule } from './contract-module';
import { dayRange } from './days';
import { fieldDefinitionRow } from './field';
import { ACCOUNT_KIND_CODES, AMOUNT_RANGE, amountRangeOrdered, idempotencyKey, TRANSFER_KIND_CODES, TRANSFER_STATES } from './finance';
import { said } from './refusals';
import type { NamedCode } from './user';

/**
 * 订单中心 (docs/marketplace.md › Orders): a customer buys a business package through its agency. An order moves
 * created → paid → in service → completed, or is cancelled (before service; a paid one refunded in full) or refunded
 * (in service or after, partly, by the written rule); its money moves only through the ledger, and the agency's
 * commission is held until the refund window (基础设置's 冻结期) closes.
 */

export const ORDER_STATES = ['created', 'paid', 'in_service', 'completed', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_NAMES = [
  { value: 'created', name: { 'zh-CN': '待付款', 'en-US': 'Awaiting payment' } },
  { value: 'paid', name: { 'zh-CN': '已付款', 'en-US': 'Paid' } },
  { value: 'in_service', name: { 'zh-CN': '服务中', 'en-US': 'In service' } },
  { value: 'completed', name: { 'zh-CN': '已完成', 'en-US': 'Completed' } },
  { value: 'cancelled', name: { 'zh-CN': '已取消', 'en-US': 'Cancelled' } },
  { value: 'refunded', name: { 'zh-CN': '已退款', 'en-US': 'Refunded' } },
] as const satisfies readonly NamedCode<OrderState>[];

/** Who pays: the customer (its app account, at the package's price; the agency earns its level's commission) or the agency itself (at its level's discount; no commission). */
export const ORDER_PAY_BY = ['customer', 'agency'] as const;
export type OrderPayBy = (typeof ORDER_PAY_BY)[number];
export const ORDER_PAY_BY_NAMES = [
  { value: 'customer', name: { 'zh-CN': '客户付款', 'en-US': 'Customer pays' } },
  { value: 'agency', name: { 'zh-CN': '代理付款', 'en-US': 'Agency pays' } },
] as const satisfies readonly NamedCode<OrderPayBy>[];

export const ORDER_SOURCES = ['app', 'staff', 'import'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SOURCE_NAMES = [
  { value: 'app', name: { 'zh-CN': '应用下单', 'en-US': 'Placed in the apps' } },
  { value: 'staff', name: { 'zh-CN': '后台下单', 'en-US': 'Placed by staff' } },
  { value: 'import', name: { 'zh-CN': '导入', 'en-US': 'Imported' } },
] as const satisfies readonly NamedCode<OrderSource>[];

/** What happened to an order, each an entry of its history. */
export const ORDER_ACTIONS = ['create', 'pay', 'cancel', 'start', 'deliver', 'complete', 'refund', 'release'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export const ORDER_ACTION_NAMES = [
  { value: 'create', name: { 'zh-CN': '下单', 'en-US': 'Placed' } },
  { value: 'pay', name: { 'zh-CN': '付款', 'en-US': 'Paid' } },
  { value: 'cancel', name: { 'zh-CN': '取消', 'en-US': 'Cancelled' } },
  { value: 'start', name: { 'zh-CN': '开始服务', 'en-US': 'Service started' } },
  { value: 'deliver', name: { 'zh-CN': '交付', 'en-US': 'Delivered' } },
  { value: 'complete', name: { 'zh-CN': '完成', 'en-US': 'Completed' } },
  { value: 'refund', name: { 'zh-CN': '退款', 'en-US': 'Refunded' } },
  { value: 'release', name: { 'zh-CN': '佣金结算', 'en-US': 'Commission released' } },
] as const satisfies readonly NamedCode<OrderAction>[];

/** A commission: held till its order's refund window closes, then released to the agency, or voided by a refund inside the window. */
export const COMMISSION_STATES = ['held', 'released', 'voided'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_STATE_NAMES = [
  { value: 'held', name: { 'zh-CN': '待结算', 'en-US': 'Held' } },
  { value: 'released', name: { 'zh-CN': '已结算', 'en-US': 'Released' } },
  { value: 'voided', name: { 'zh-CN': '已作废', 'en-US': 'Voided' } },
] as const satisfies readonly NamedCode<CommissionState>[];

/** The states each of staff's moves starts from: the server refuses any other (40900 naming `state`), the drawer offers none. */
export const ORDER_MOVES = {
  start: ['paid'],
  deliver: ['in_service'],
  complete: ['in_service'],
  cancel: ['created', 'paid'],
  refund: ['in_service', 'completed'],
} as const satisfies Record<string, readonly OrderState[]>;
export type OrderMove = keyof typeof ORDER_MOVES;
/** Whether an order in `state` may be moved so. */
export const mayMove = (move: OrderMove, state: OrderState): boolean => (ORDER_MOVES[move] as readonly OrderState[]).includes(state);
/** The longest reason an order keeps. */
export const ORDER_REASON_MAX = 200;
/** The most an order may be, fen: a package's highest price. */
export const ORDER_AMOUNT_MAX = 100_000_000;
/** Units one delivery may record at most. */
export const ORDER_DELIVER_MAX = 100_000;

/** An order number: `OD`, the platform's local time to the second, 6 digits. */
export const orderNo = z
  .string()
  .trim()
  .regex(/^OD\d{20}$/, said({ 'zh-CN': '不是有效的订单号', 'en-US': 'not an order number' }));
/** The agency's own number for an order, unique per agency (what an import matches on). */
export const externalNo = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:/-]+$/, said({ 'zh-CN': '只能包含字母、数字和 _ . : / -', 'en-US': 'letters, digits and _ . : / - only' }));

/**
 * The most that may be refunded of an order in its state: the whole amount once paid and before service; in service
 * what is left of the time and of the units, the smaller share (the platform keeps the larger of either used); once
 * completed the whole amount (a dispute's outcome, with a reason); nothing otherwise. `now` and the days are in
 * milliseconds; amounts in fen, rounded down.
 */
export function refundableAmount(order: {
  state: OrderState;
  amount: number;
  duration_days: number;
  quota: number;
  delivered: number;
  started_at: string | null;
  service_end_at: string | null;
  now: number;
}): number {
  if (order.state === 'paid' || order.state === 'completed') return order.amount;
  if (order.state !== 'in_service' || !order.started_at || !order.service_end_at) return 0;
  const start = Date.parse(order.started_at);
  const end = Date.parse(order.service_end_at);
  const timeLeft = end > start ? Math.min(1, Math.max(0, (end - order.now) / (end - start))) : 0;
  const unitsLeft = order.quota > 0 ? Math.max(0, order.quota - order.delivered) / order.quota : 1;
  return Math.floor(order.amount * Math.min(timeLeft, unitsLeft));
}

/** What 订单中心 filters by; an absent field does not filter. */
export const orderFilterFields = {
  /** The order number or the agency's own number, contained. */
  keyword: fields.text(64).optional(),
  state: z.enum(ORDER_STATES).optional(),
  business_id: fields.id.optional(),
  package_id: fields.id.optional(),
  agency_id: fields.id.optional(),
  merchant_id: fields.id.optional(),
  region_id: fields.id.optional(),
  pay_by: z.enum(ORDER_PAY_BY).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  /** Days placed and days paid, in the platform's time zone. */
  created: dayRange.optional(),
  paid: dayRange.optional(),
  /** What was paid, fen. */
  amount_min: jsonInt(0, ORDER_AMOUNT_MAX).optional(),
  amount_max: jsonInt(0, ORDER_AMOUNT_MAX).optional(),
};
export const orderFilter = z.object(orderFilterFields).strict().refine(amountRangeOrdered, AMOUNT_RANGE);
export type OrderFilter = z.output<typeof orderFilter>;

/** An order as 订单中心 lists it: the copy of the package bought, who sold and who bought it, its money and times. */
export const orderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  external_no: z.string().nullable(),
  remark: z.string(),
  agency_id: z.number().int(),
  agency_name: z.string(),
  agency_mobile: z.string(),
  merchant_id: z.number().int(),
  customer_name: z.string(),
  region_id: z.number().int().nullable(),
  business_id: z.number().int(),
  business_name: z.string(),
  package_id: z.number().int(),
  package_name: z.string(),
  /** The package's price when bought, fen. */
  price: z.number().int(),
  duration_days: z.number().int(),
  /** Units of service bought; 0 = no limit. */
  quota: z.number().int(),
  delivered: z.number().int(),
  pay_by: z.enum(ORDER_PAY_BY),
  /** What is paid, fen: the price, or the agency's discounted price. */
  amount: z.number().int(),
  discount_bp: z.number().int(),
  commission_rate_bp: z.number().int(),
  refunded: z.number().int(),
  /** The agency's commission on the order, fen (0 before it is earned, or for an order the agency paid). */
  commission: z.number().int(),
  state: z.enum(ORDER_STATES),
  source: z.enum(ORDER_SOURCES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  started_at: z.string().nullable(),
  service_end_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type OrderRow = z.output<typeof orderRow>;

/** One entry of an order's history: the move, who made it (a staff, an app user, or the platform's sweep) and why. */
export const orderEvent = z.object({
  id: z.number().int(),
  action: z.enum(ORDER_ACTIONS),
  from_state: z.enum(ORDER_STATES).nullable(),
  to_state: z.enum(ORDER_STATES),
  /** Money the move made (paid, refunded, commission), fen; units for a delivery. */
  amount: z.number().int().nullable(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type OrderEvent = z.output<typeof orderEvent>;

/** The agency's commission on an order: on what was kept, at the rate fixed when the order was placed. */
export const orderCommission = z.object({
  agency_id: z.number().int(),
  base: z.number().int(),
  rate_bp: z.number().int(),
  amount: z.number().int(),
  state: z.enum(COMMISSION_STATES),
  release_at: z.string(),
  released_at: z.string().nullable(),
  /** Taken back from the agency after a refund past the window, fen; `clawback_due` is what its cash could not cover yet. */
  clawed_back: z.number().int(),
  clawback_due: z.number().int(),
});
export type OrderCommission = z.output<typeof orderCommission>;

/** One movement of one of the order's transfers, as the ledger keeps it. */
export const orderPosting = z.object({
  transfer_id: z.number().int(),
  kind: z.enum(TRANSFER_KIND_CODES),
  state: z.enum(TRANSFER_STATES),
  account_kind: z.enum(ACCOUNT_KIND_CODES),
  owner_id: z.number().int(),
  amount: z.number().int(),
  pending: z.boolean(),
  at: z.string(),
});
export type OrderPosting = z.output<typeof orderPosting>;

export const orderDetails = orderRow.extend({
  /** The customer's app account (who pays an order of `pay_by customer`), or none yet. */
  payer_user_id: z.number().int().nullable(),
  /** The most a refund may be now, fen (`refundableAmount`). */
  refundable: z.number().int(),
  /** 业务开通表's values, as 开始服务 recorded them. */
  set_values: z.record(z.string(), z.unknown()),
  events: z.array(orderEvent),
  commissions: z.array(orderCommission),
  postings: z.array(orderPosting),
});
export type OrderDetails = z.output<typeof orderDetails>;

/** A commission as an agency's 收益 tab lists it: with its order, newest first. */
export const commissionRecord = orderCommission.extend({
  id: z.number().int(),
  order_no: z.string(),
  business_name: z.string(),
  package_name: z.string(),
  customer_name: z.string(),
  created_at: z.string(),
});
export type CommissionRecord = z.output<typeof commissionRecord>;

/** A cancellation or refund as an agency's 退单 tab lists it: the move with its order. */
export const orderReturn = z.object({
  /** The move's own number in the order's history. */
  id: z.number().int(),
  order_no: z.string(),
  business_name: z.string(),
  package_name: z.string(),
  customer_name: z.string(),
  action: z.enum(['cancel', 'refund']),
  /** Fen given back to the payer (0 for an order cancelled before it was paid). */
  amount: z.number().int(),
  reason: z.string(),
  /** The staff or app user who made it; 系统 for the sweep. */
  by: z.string(),
  at: z.string(),
});
export type OrderReturn = z.output<typeof orderReturn>;

/** The filtered set's figures above 订单中心's table. */
export const orderTotals = z.object({ count: z.number().int(), amount: z.number(), refunded: z.number(), commission: z.number() });
export type OrderTotals = z.output<typeof orderTotals>;

/** What 订单中心's filters and 新增订单 offer: every business with its packages (off sale marked), every region. */
export const orderOptions = z.object({
  businesses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      enabled: z.boolean(),
      packages: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), duration_days: z.number().int(), quota: z.number().int(), enabled: z.boolean() })),
    }),
  ),
  regions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** 业务开通表's fields: what 开始服务 asks of an order (the service's account, its contact…). */
  set_form: z.array(fieldDefinitionRow),
});
export type OrderOptions = z.output<typeof orderOptions>;

/** An agency or a customer as 新增订单's pickers offer it. */
export const orderAgencyChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  level_name: z.string(),
  commission_rate_bp: z.number().int(),
  discount_bp: z.number().int(),
  /** The businesses it may sell now (业务申请 approved, not revoked). */
  business_ids: z.array(z.number().int()),
});
export const orderCustomerChoice = z.object({ id: z.number().int(), customer_name: z.string(), agency_id: z.number().int(), agency_name: z.string(), has_account: z.boolean() });

/** 导入订单 (docs/marketplace.md › Order import): at most this many rows and bytes in one workbook. */
export const ORDER_IMPORT_MAX_ROWS = 20_000;
export const ORDER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The import's columns in order: the header each is read by (either language) and whether a row must fill it. */
export const ORDER_IMPORT_COLUMNS = [
  { key: 'external_no', header: { 'zh-CN': '外部单号', 'en-US': 'External no.' }, required: true },
  { key: 'customer_name', header: { 'zh-CN': '客户名称', 'en-US': 'Customer' }, required: true },
  { key: 'business_name', header: { 'zh-CN': '业务', 'en-US': 'Business' }, required: true },
  { key: 'package_name', header: { 'zh-CN': '套餐', 'en-US': 'Package' }, required: true },
  { key: 'pay_by', header: { 'zh-CN': '付款方', 'en-US': 'Payer' }, required: false },
  { key: 'remark', header: { 'zh-CN': '备注', 'en-US': 'Remark' }, required: false },
] as const;
export type OrderImportColumn = (typeof ORDER_IMPORT_COLUMNS)[number]['key'];
/** The longest remark an order keeps. */
export const ORDER_REMARK_MAX = 200;

/** One refused row of an import: the sheet's row number (the header is row 1), the column's key and header, and why. */
export const orderImportProblem = z.object({ row: z.number().int(), field: z.string(), column: z.string(), message: z.string() });
export type OrderImportProblem = z.output<typeof orderImportProblem>;
/** What an import did: orders added, and rows matching an order imported before with the same content. */
export const orderImportResult = z.object({ added: z.number().int(), unchanged: z.number().int() });
export type OrderImportResult = z.output<typeof orderImportResult>;

const byOrder = z.object({ order_no: orderNo }).strict();
const reason = fields.text(ORDER_REASON_MAX);
const orderLabels = {
  order_no: { 'zh-CN': '订单', 'en-US': 'Order' },
  agency_id: { 'zh-CN': '代理', 'en-US': 'Agency' },
  merchant_id: { 'zh-CN': '客户', 'en-US': 'Customer' },
  package_id: { 'zh-CN': '业务套餐', 'en-US': 'Package' },
  pay_by: { 'zh-CN': '付款方', 'en-US': 'Payer' },
  external_no: { 'zh-CN': '外部单号', 'en-US': 'External number' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  amount: { 'zh-CN': '金额', 'en-US': 'Amount' },
  n: { 'zh-CN': '交付数量', 'en-US': 'Units delivered' },
  reason: { 'zh-CN': '原因', 'en-US': 'Reason' },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
} as const;
/** A move of an order: the state it is in is checked under the order's lock (40900 naming `state` when it moved meanwhile). */
const move = <B extends z.ZodType>(path: string, code: string, summary: string, body: B) =>
  defineCall({ method: 'POST', path: `/api/order/${path}`, tag: 'order', summary, permission: operation(code), body, data: orderDetails, labels: orderLabels });

/** 订单中心 (`/agencyorder_center/index`): every business's orders, read by keyset, and the moves staff make. */
export const orderCalls = {
  orderList: defineCall({
    method: 'POST',
    path: '/api/order/order_list',
    tag: 'order',
    summary: 'Orders newest first, by keyword (order or external number), state, business, package, agency, customer, region, payer, source, days placed and paid, and amount; keyset pages',
    permission: operation('order.view'),
    body: z
      .object({ ...orderFilterFields, cursor: fields.cursor.optional(), limit: fields.limit })
      .strict()
      .refine(amountRangeOrdered, AMOUNT_RANGE),
    data: keysetPageOf(orderRow),
  }),
  orderTotals: defineCall({
    method: 'POST',
    path: '/api/order/order_totals',
    tag: 'order',
    summary: 'The filtered orders’ count and the sums of what was paid, refunded and earned as commission (fen); kept 30 s per filter',
    permission: operation('order.view'),
    body: orderFilter,
    data: orderTotals,
  }),
  orderExport: defineCall({
    method: 'POST',
    path: '/api/order/order_export',
    tag: 'order',
    summary: 'Every order the filter finds, newest first, as an .xlsx workbook streamed in keyset batches',
    permission: operation('order.export'),
    body: orderFilter,
    data: z.null(),
    response: 'blob',
  }),
  orderOptions: defineCall({
    method: 'POST',
    path: '/api/order/order_options',
    tag: 'order',
    summary: 'Every business with its packages, and every region: what the order centre filters by and 新增订单 offers',
    permission: operation('order.view'),
    data: orderOptions,
  }),
  orderAgencies: defineCall({
    method: 'POST',
    path: '/api/order/order_agencies',
    tag: 'order',
    summary: 'Agencies by keyword (name or mobile; active ones), or those of the ids given (to name a choice); up to 20, each with its level’s rate and discount and the businesses it may sell',
    permission: operation('order.view'),
    body: z.object({ keyword: fields.text(50).optional(), ids: z.array(fields.id).max(50).optional() }).strict(),
    data: z.array(orderAgencyChoice),
  }),
  orderCustomers: defineCall({
    method: 'POST',
    path: '/api/order/order_customers',
    tag: 'order',
    summary: 'Customers by keyword (客户名称), of one agency when given, or those of the ids given; up to 20, each saying whether it has an app account to pay from',
    permission: operation('order.view'),
    body: z.object({ keyword: fields.text(50).optional(), agency_id: fields.id.optional(), ids: z.array(fields.id).max(50).optional() }).strict(),
    data: z.array(orderCustomerChoice),
  }),
  commissionList: defineCall({
    method: 'POST',
    path: '/api/order/commission_list',
    tag: 'order',
    summary:
      'Commissions newest first (the agency drawer’s 收益), of one agency and state when given, with the filtered set’s sums (fen): ' +
      'held till their window closes, released, clawed back after a refund, and still due from the agency',
    permission: operation('order.view'),
    body: z.object({ agency_id: fields.id.optional(), state: z.enum(COMMISSION_STATES).optional(), page: fields.page, limit: fields.limit }).strict(),
    data: z.object({ count: z.number().int(), held: z.number(), released: z.number(), clawed_back: z.number(), clawback_due: z.number(), data: z.array(commissionRecord) }),
  }),
  returnList: defineCall({
    method: 'POST',
    path: '/api/order/return_list',
    tag: 'order',
    summary: 'Cancellations and refunds newest first (the agency drawer’s 退单), of one agency and move when given, with what they gave back (fen)',
    permission: operation('order.view'),
    body: z.object({ agency_id: fields.id.optional(), action: z.enum(['cancel', 'refund']).optional(), page: fields.page, limit: fields.limit }).strict(),
    data: z.object({ count: z.number().int(), sum_amount: z.number(), data: z.array(orderReturn) }),
  }),
  orderDetails: defineCall({
    method: 'POST',
    path: '/api/order/order_details',
    tag: 'order',
    summary: 'One order with its history, commission and every posting its money made (40400 for no such order)',
    permission: operation('order.view'),
    body: byOrder,
    data: orderDetails,
  }),
  orderAdd: defineCall({
    method: 'POST',
    path: '/api/order/order_add',
    tag: 'order',
    summary:
      'Place an order for an agency’s customer: the package on sale, the agency active and approved for its business, the customer the agency’s. ' +
      'The same idempotency_key with the same body answers the first order; with another, 40900. An order of ¥ 0.00 is paid at once',
    permission: operation('order.add'),
    body: z
      .object({
        agency_id: fields.id,
        merchant_id: fields.id,
        package_id: fields.id,
        pay_by: z.enum(ORDER_PAY_BY),
        external_no: externalNo.optional(),
        remark: fields.text(ORDER_REMARK_MAX).optional(),
        idempotency_key: idempotencyKey,
      })
      .strict(),
    data: orderDetails,
    labels: orderLabels,
  }),
  orderImportTemplate: defineCall({
    method: 'POST',
    path: '/api/order/order_import_template',
    tag: 'order',
    summary: '导入订单’s workbook with its header row only (blob answer): 外部单号, 客户名称, 业务, 套餐, 付款方 (客户 / 代理), 备注',
    permission: operation('order.import'),
    body: z.object({}).strict(),
    data: z.null(),
    response: 'blob',
  }),
  orderImport: defineCall({
    method: 'POST',
    path: '/api/order/order_import',
    tag: 'order',
    summary:
      `导入订单: an agency's orders from an .xlsx sent as multipart/form-data, the field \`agency_id\` first, then \`file\` (at most ${ORDER_IMPORT_MAX_BYTES / 1024 / 1024} MB, ${ORDER_IMPORT_MAX_ROWS} rows), ` +
      'columns by the template’s headers. Each row: the customer the agency’s, the business and package on sale and the agency approved for it; its 外部单号 unique. ' +
      'Imported orders await payment. A row matching an order imported before with the same content is unchanged; with other content it is refused. ' +
      'All or nothing: any refused row writes nothing and answers 40000 whose data.rows lists every refusal {row, field, column, message}',
    permission: operation('order.import'),
    // Multipart: no body schema here; the server reads the fields and the file part itself.
    data: orderImportResult,
  }),
  orderStart: move(
    'order_start',
    'order.start',
    '开始服务: a paid order goes into service with 业务开通表’s values (checked by its fields: a bad or missing required one is 40000 naming values.<key>), kept as its set_values; its service ends at the end of the day its duration later, in the platform’s zone',
    z.object({ order_no: orderNo, values: z.record(z.string(), z.unknown()).default({}) }).strict(),
  ),
  orderDeliver: move(
    'order_deliver',
    'order.deliver',
    '交付: units of service given on an order in service (no more than its quota leaves, 40000 naming n); reaching the quota completes it',
    z.object({ order_no: orderNo, n: jsonInt(1, ORDER_DELIVER_MAX) }).strict(),
  ),
  orderComplete: move('order_complete', 'order.complete', '完成: an order in service is completed; its agency’s commission is held till the refund window closes', byOrder),
  orderCancel: move(
    'order_cancel',
    'order.cancel',
    '取消: an order not yet in service is cancelled, with a reason; a paid one is refunded in full',
    z.object({ order_no: orderNo, reason: reason.min(1) }).strict(),
  ),
  orderRefund: move(
    'order_refund',
    'order.refund',
    '退款: part of an order in service or completed goes back to its payer (at most what the refund rule leaves, 40000 naming amount), with a reason; it ends the order',
    z.object({ order_no: orderNo, amount: jsonInt(1, ORDER_AMOUNT_MAX), reason: reason.min(1) }).strict(),
  ),
};

/** The apps' orders: an agency or a customer's account places, pays, cancels and reads its own. */
export const orderAppCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api_user/order/create',
    tag: 'order',
    summary:
      'An agency places an order for one of its customers (merchant_id), or a customer’s account for itself (merchant_id left out; pay_by customer); ' +
      'the same idempotency_key with the same body answers the first order',
    permission: 'app-user',
    body: z.object({ merchant_id: fields.id.optional(), package_id: fields.id, pay_by: z.enum(ORDER_PAY_BY), idempotency_key: idempotencyKey }).strict(),
    data: orderRow,
    labels: orderLabels,
  }),
  pay: defineCall({
    method: 'POST',
    path: '/api_user/order/pay',
    tag: 'order',
    summary: 'The payer pays an order from its cash balance (余额不足 is 40900 naming amount: top up first); paying it again answers the order',
    permission: 'app-user',
    body: z.object({ order_no: orderNo }).strict(),
    data: orderRow,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/api_user/order/cancel',
    tag: 'order',
    summary: 'The agency or the customer cancels an order not yet in service; a paid one is refunded in full',
    permission: 'app-user',
    body: z.object({ order_no: orderNo, reason: reason.optional() }).strict(),
    data: orderRow,
  }),
  list: defineCall({
    method: 'POST',
    path: '/api_user/order/list',
    tag: 'order',
    summary: 'The signed-in user’s orders, newest first: those it sold as an agency and those it bought as a customer',
    permission: 'app-user',
    body: z.object({ page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(orderRow),
  }),
  details: defineCall({
    method: 'POST',
    path: '/api_user/order/details',
    tag: 'order',
    summary: 'One of the signed-in user’s orders with its history (another’s is 40400)',
    permission: 'app-user',
    body: byOrder,
    data: orderRow.extend({ events: z.array(orderEvent) }),
  }),
};

/** The order module's share of the contract (`contractModules`). */
export const orderContract = defineContractModule({ name: 'order', calls: [orderCalls, orderAppCalls] });
