import { businessPackage, businessResource, merchantCalls, orderCalls } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyBusiness, auditLog } from '../src/lib/db/schema';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, invoke, ok, signInAsAdmin, signInWith, type Answer } from './helpers/auth';
import { requestOf } from './helpers/bad-input';
import { insertUser } from './helpers/users';

/**
 * 导入订单 (docs/marketplace.md › Order import): an agency's orders from a workbook, all or nothing, every refused row
 * named; idempotent by the agency's own numbers.
 */
let t: TestApp;
let admin: string;
let agencyId: number;
const HEADER = ['外部单号', '客户名称', '业务', '套餐', '付款方', '备注'];
const CUSTOMERS = ['导入客户甲有限公司', '导入客户乙有限公司', '导入客户丙有限公司'];

async function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('订单').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importFile(rows: (string | number)[][], agency: number | string = agencyId, token = admin) {
  const content = await workbookOf(rows);
  const request = requestOf(orderCalls.orderImport, { kind: 'fit', encoding: 'multipart', value: { agency_id: String(agency) }, file: { filename: 'orders.xlsx', contentType: 'application/octet-stream', content } });
  return (await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': token } })).json() as Answer<typeof orderCalls.orderImport>;
}

/** The rows an import refused, as its 40000 lists them. */
const refusedRows = (answer: Answer<typeof orderCalls.orderImport>) => expectError(answer, 40000).rows!;
const orderCount = async () => (await ok(t, orderCalls.orderList, { agency_id: agencyId, limit: 1 }, admin)).count;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  const video = (await ok(t, businessResource.calls.add!, { name: '导入短视频', summary: '', content: '', sort: 0, enabled: true, industry_id: null }, admin)).id;
  const other = (await ok(t, businessResource.calls.add!, { name: '导入建站', summary: '', content: '', sort: 0, enabled: true, industry_id: null }, admin)).id;
  for (const [business_id, name, price, enabled] of [[video, '基础版', 100_000, true], [video, '旧版', 50_000, false], [other, '建站版', 200_000, true]] as const)
    await ok(t, businessPackage.calls.add!, { business_id, name, price, duration_days: 30, quota: 0, description: '', sort: 0, enabled }, admin);
  ({ id: agencyId } = await insertUser(t, { name: '导入代理', typeUser: 1, level: 1 }));
  await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
  // Allowed as an approved 业务申请 allows it (business-applications.test.ts walks that flow).
  await t.database.db.insert(agencyBusiness).values({ agencyId, businessId: video, enabled: true, approvedAt: new Date() });
  for (const name of CUSTOMERS) expectOk(await invoke(t, merchantCalls.merchantAdd, { agency_id: agencyId, values: { customer_name: name } }, admin));
});
afterAll(() => t?.close());

describe('导入订单', () => {
  it('10,000 rows with 3 % refused: the report names exactly those rows and nothing goes in; corrected, all go in; the same file again changes nothing', async () => {
    const good = (i: number): (string | number)[] => [`IMP-${i}`, CUSTOMERS[i % 3]!, '导入短视频', '基础版', i % 5 === 0 ? '代理' : '客户', i % 7 === 0 ? '年度框架单' : ''];
    const rows = Array.from({ length: 10_000 }, (_, i) => good(i));
    // Every 33rd row is refused, for one of four reasons.
    const bad = new Map<number, string>();
    for (let i = 16; i < rows.length; i += 33) {
      const reason = ['customer_name', 'package_name', 'business_name', 'pay_by'][bad.size % 4]!;
      bad.set(i + 2, reason);
      if (reason === 'customer_name') rows[i]![1] = '别家的客户';
      if (reason === 'package_name') rows[i]![3] = '旧版';
      if (reason === 'business_name') rows[i]![2] = '导入建站';
      if (reason === 'pay_by') rows[i]![4] = '平台';
    }
    expect(bad.size).toBe(303);

    const refused = refusedRows(await importFile([HEADER, ...rows]));
    expect(refused.map((p) => [p.row, p.field])).toEqual([...bad.entries()].map(([row, field]) => [row, field]));
    expect(refused[0]).toMatchObject({ row: 18, field: 'customer_name', column: '客户名称', message: '该代理没有此客户' });
    expect(await orderCount()).toBe(0);

    const corrected = [HEADER, ...rows.map((_, i) => good(i))];
    expect(await importFile(corrected)).toMatchObject({ code: 20000, data: { added: 10_000, unchanged: 0 } });
    expect(await orderCount()).toBe(10_000);
    const [one] = (await ok(t, orderCalls.orderList, { agency_id: agencyId, keyword: 'IMP-35', limit: 200 }, admin)).data.filter((o) => o.external_no === 'IMP-35');
    expect(one).toMatchObject({ state: 'created', source: 'import', pay_by: 'agency', customer_name: CUSTOMERS[2], remark: '年度框架单', amount: 95_000, commission_rate_bp: 0 });

    expect(await importFile(corrected)).toMatchObject({ code: 20000, data: { added: 0, unchanged: 10_000 } });
    expect(await orderCount()).toBe(10_000);
    const audits = await t.database.db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, 'order.import'));
    expect(audits.map((a) => a.detail)).toEqual([expect.objectContaining({ added: 10_000, unchanged: 0 })]);
  }, 120_000);

  it('refuses a row imported before with other content, a number twice in one file, an unknown column and a missing one', async () => {
    const changed = await importFile([HEADER, ['IMP-1', CUSTOMERS[0]!, '导入短视频', '基础版', '客户', '']]);
    expect(refusedRows(changed)).toEqual([expect.objectContaining({ row: 2, field: 'external_no', message: '已导入且内容不同' })]);
    const twice = await importFile([HEADER, ['NEW-1', CUSTOMERS[0]!, '导入短视频', '基础版', '', ''], ['NEW-1', CUSTOMERS[1]!, '导入短视频', '基础版', '', '']]);
    expect(refusedRows(twice)).toEqual([expect.objectContaining({ row: 3, field: 'external_no', message: '与第 2 行重复' })]);
    const columns = await importFile([['外部单号', '客户名称', '业务', '价格'], ['NEW-2', CUSTOMERS[0]!, '导入短视频', '1']]);
    expect(refusedRows(columns).map((p) => [p.field, p.column])).toEqual([
      ['file', '价格'],
      ['package_name', '套餐'],
    ]);
    expect(expectError(await importFile([HEADER]), 40000)).toMatchObject({ field: 'file' });
  });

  it('asks for an active agency first and its own operation', async () => {
    expect(expectError(await importFile([HEADER, ['X-1', CUSTOMERS[0]!, '导入短视频', '基础版', '', '']], ''), 40000)).toMatchObject({ field: 'agency_id' });
    expect(expectError(await importFile([HEADER, ['X-1', CUSTOMERS[0]!, '导入短视频', '基础版', '', '']], 999_999), 40000)).toMatchObject({ field: 'agency_id' });
    expectError(await importFile([HEADER], agencyId, await signInWith(t, ['order.view'])), 40300);
    const template = await t.app.inject({ method: 'POST', url: orderCalls.orderImportTemplate.path, headers: { 'x-token': admin }, payload: {} });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
  });
});
