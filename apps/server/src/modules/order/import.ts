import {
  externalNo,
  ORDER_IMPORT_COLUMNS,
  ORDER_IMPORT_MAX_BYTES,
  ORDER_IMPORT_MAX_ROWS,
  ORDER_PAY_BY_NAMES,
  ORDER_REMARK_MAX,
  type Locale,
  type OrderImportColumn,
  type OrderPayBy,
  type Texts,
} from '@juqi/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../lib/db/client';
import { agencyBusiness, business, businessPackage, merchant } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { CELL_REQUIRED, cellTooLong, ImportReport } from '../../lib/import/report';
import { sendImportTemplate } from '../../lib/import/template';
import { receiveWorkbook, type UploadedWorkbook } from '../../lib/import/upload';
import { importRows } from '../../lib/import/columns';
import { readWorkbook } from '../../lib/import/workbook';
import { activeSeller, priced } from './service';
import { orders } from './table';

/** The import's upload: the shared one (lib/import/upload.ts) at this import's byte limit. */
export const uploadedOrders = (request: FastifyRequest): Promise<UploadedWorkbook> => receiveWorkbook(request, ORDER_IMPORT_MAX_BYTES);

/** An order a row asks for, checked: what the import writes. */
export interface ImportedOrder {
  externalNo: string;
  merchantId: number;
  packageId: number;
  businessId: number;
  businessName: string;
  packageName: string;
  price: number;
  durationDays: number;
  quota: number;
  payBy: OrderPayBy;
  amount: number;
  discountBp: number;
  commissionRateBp: number;
  payerUserId: number | null;
  remark: string;
}

/** 客户名称 as its unique index holds it, so the file's names are looked up by the index. */
const customerNameKey = sql<string>`${merchant.extra} ->> 'customer_name'`;
/** A payer by its name in either language, or by its code. */
const payerOf = (text: string): OrderPayBy | undefined =>
  ORDER_PAY_BY_NAMES.find((p) => p.value === text || p.name['zh-CN'] === text || p.name['en-US'].toLowerCase() === text.toLowerCase() || p.name['zh-CN'].startsWith(text))?.value;
/** What makes two imports of one 外部单号 the same order. */
const sameContent = (a: { merchantId: number; packageId: number; payBy: OrderPayBy; remark: string }, b: typeof a) =>
  a.merchantId === b.merchantId && a.packageId === b.packageId && a.payBy === b.payBy && a.remark === b.remark;

/** The checked rows of an import: the agency's orders to add, and how many rows an earlier import made already. */
export type CheckedImport = Awaited<ReturnType<typeof checkOrderImport>>;

/** The agency an import is for: the `agency_id` field sent before the file, an active agency (40000 naming it otherwise). */
async function importingAgency(db: Executor, fields: Record<string, string>) {
  const id = /^\d{1,9}$/.test(fields.agency_id ?? '') ? Number(fields.agency_id) : 0;
  if (!id) throw AppError.invalid('agency_id', { 'zh-CN': '请选择代理（在文件之前发送 agency_id）', 'en-US': 'choose the agency (send agency_id before the file)' });
  return { id, ...(await activeSeller(db, id)) };
}

/**
 * 导入订单 (docs/marketplace.md › Order import): reads an agency's workbook within its limits, checks every row against
 * what the agency may sell and whom it sells to, and answers the orders to add and how many rows are unchanged — or
 * refuses the whole file with every problem. Reads only: the service writes.
 */
export async function checkOrderImport(db: Executor, file: UploadedWorkbook, locale: Locale) {
  const seller = await importingAgency(db, file.fields);
  const report = new ImportReport(locale);
  const sheet = await readWorkbook(file.data, { maxRows: ORDER_IMPORT_MAX_ROWS, maxColumns: ORDER_IMPORT_COLUMNS.length });

  const { rows, header } = importRows(sheet, ORDER_IMPORT_COLUMNS, report);

  // What the rows name, read at once: the agency's customers, the businesses it may sell with their packages, and the
  // orders it imported before under the numbers the file gives.
  const customers = new Map(
    (
      await db
        .select({ id: merchant.id, name: customerNameKey, userId: merchant.userId })
        .from(merchant)
        .where(and(eq(merchant.agencyId, seller.id), inArray(customerNameKey, [...new Set(rows.map((r) => r.cell('customer_name')))])))
    ).map((c) => [c.name, c]),
  );
  const packages = await db
    .select({ pkg: businessPackage, businessName: business.name, businessEnabled: business.enabled, allowed: sql<boolean>`${agencyBusiness.enabled} is true` })
    .from(businessPackage)
    .innerJoin(business, eq(business.id, businessPackage.businessId))
    .leftJoin(agencyBusiness, and(eq(agencyBusiness.businessId, business.id), eq(agencyBusiness.agencyId, seller.id)));
  const earlier = new Map(
    (
      await db
        .select({ externalNo: orders.externalNo, merchantId: orders.merchantId, packageId: orders.packageId, payBy: orders.payBy, remark: orders.remark })
        .from(orders)
        .where(and(eq(orders.agencyId, seller.id), isNotNull(orders.externalNo), inArray(orders.externalNo, [...new Set(rows.map((r) => r.cell('external_no')))])))
    ).map((o) => [o.externalNo!, o]),
  );

  const planned: ImportedOrder[] = [];
  const firstRowOf = new Map<string, number>();
  let unchanged = 0;
  for (const { row, cell } of rows) {
    const before = report.count;
    const problem = (key: OrderImportColumn, message: Texts) => report.add(row, key, header(key), message);
    const number = externalNo.safeParse(cell('external_no'));
    if (!number.success) problem('external_no', cell('external_no') ? { 'zh-CN': '外部单号须为 1–64 位字母、数字或 _ . : / -', 'en-US': '1–64 letters, digits or _ . : / -' } : CELL_REQUIRED);
    else if (firstRowOf.has(number.data)) problem('external_no', { 'zh-CN': `与第 ${firstRowOf.get(number.data)} 行重复`, 'en-US': `repeats row ${firstRowOf.get(number.data)}` });
    else firstRowOf.set(number.data, row);
    const customer = customers.get(cell('customer_name'));
    if (!customer) problem('customer_name', cell('customer_name') ? { 'zh-CN': '该代理没有此客户', 'en-US': 'not a customer of this agency' } : CELL_REQUIRED);
    const named = packages.filter((p) => p.businessName === cell('business_name'));
    const found = named.find((p) => p.pkg.name === cell('package_name'));
    if (!named.length) problem('business_name', cell('business_name') ? { 'zh-CN': '没有此业务', 'en-US': 'no such business' } : CELL_REQUIRED);
    else if (!named[0]!.businessEnabled) problem('business_name', { 'zh-CN': '该业务已下架', 'en-US': 'the business is off sale' });
    else if (!named[0]!.allowed) problem('business_name', { 'zh-CN': '该代理未获准销售此业务', 'en-US': 'the agency may not sell this business' });
    else if (!found) problem('package_name', cell('package_name') ? { 'zh-CN': '该业务没有此套餐', 'en-US': 'the business has no such package' } : CELL_REQUIRED);
    else if (!found.pkg.enabled) problem('package_name', { 'zh-CN': '该套餐已下架', 'en-US': 'the package is off sale' });
    const payBy = cell('pay_by') ? payerOf(cell('pay_by')) : 'customer';
    if (!payBy) problem('pay_by', { 'zh-CN': '付款方须为“客户”或“代理”', 'en-US': 'the payer is 客户 (customer) or 代理 (agency)' });
    const remark = cell('remark');
    if (remark.length > ORDER_REMARK_MAX) problem('remark', cellTooLong(ORDER_REMARK_MAX));
    if (report.count > before || !number.success || !customer || !found || !payBy) continue;

    const asked = { merchantId: customer.id, packageId: found.pkg.id, payBy, remark };
    const imported = earlier.get(number.data);
    if (imported) {
      if (sameContent(imported, asked)) unchanged++;
      else problem('external_no', { 'zh-CN': '已导入且内容不同', 'en-US': 'imported before with other content' });
      continue;
    }
    planned.push({
      externalNo: number.data,
      ...asked,
      businessId: found.pkg.businessId,
      businessName: found.businessName,
      packageName: found.pkg.name,
      price: found.pkg.price,
      durationDays: found.pkg.durationDays,
      quota: found.pkg.quota,
      ...priced(found.pkg.price, payBy, seller),
      payerUserId: payBy === 'agency' ? seller.id : customer.userId,
    });
  }
  report.refuseIfAny();
  return { agencyId: seller.id, regionId: seller.regionId, planned, unchanged };
}

/** The import's workbook with its header row only: what an agency fills. */
export const sendOrderImportTemplate = (reply: FastifyReply): Promise<void> =>
  sendImportTemplate(reply, { fileName: { 'zh-CN': '导入订单模板', 'en-US': 'order-import-template' }, sheetName: { 'zh-CN': '订单', 'en-US': 'Orders' }, columns: ORDER_IMPORT_COLUMNS, wide: 'remark' });
