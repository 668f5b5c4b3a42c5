import { industryResource, keyword, keywordCalls, keywordIndex, keywordType, KEYWORD_IMPORT_MAX_ROWS, KEYWORD_IMPORT_PROBLEMS_SHOWN } from '@juqi/contract';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, keyword as keywordTable } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, ok, signInAsAdmin, signInWith, type Answer } from './helpers/auth';
import { requestOf } from './helpers/bad-input';
import { row, sheetXml, xlsxOf } from './helpers/xlsx';

/**
 * 导入关键词 (docs/publishing.md › Keyword library): master keywords from a workbook of up to 100,000 rows, all or
 * nothing with the refused rows named, idempotent.
 */
let t: TestApp;
let admin: string;
let trade: number;
const HEADER = ['关键词', '关键词类型', '所属行业', '备注'];

/** A workbook of inline-string rows under the header (written directly: 100,000 rows in well under a second). */
const workbookOf = (rows: readonly (readonly string[])[]) => xlsxOf({ sheet: sheetXml(rows.map((cells, i) => row(i + 1, cells)).join('')) });

/** A workbook sent to one of the two imports as a file of that name. */
async function sendFile<C extends typeof keywordCalls.import | typeof keywordCalls.indexImport>(call: C, filename: string, content: Buffer, token = admin) {
  const request = requestOf(call, { kind: 'fit', encoding: 'multipart', value: {}, file: { filename, contentType: 'application/octet-stream', content } });
  return (await t.app.inject({ ...request, headers: { ...request.headers, 'x-token': token } })).json() as Answer<C>;
}
const importFile = (content: Buffer, token?: string) => sendFile(keywordCalls.import, 'keywords.xlsx', content, token);
const importRows = (rows: readonly (readonly string[])[], token?: string) => importFile(workbookOf(rows), token);
const importIndexes = (rows: readonly (readonly string[])[], token?: string) => sendFile(keywordCalls.indexImport, 'index.xlsx', workbookOf(rows), token);
const keywordCount = async () => (await t.database.db.select({ n: count() }).from(keywordTable))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  trade = (await ok(t, keywordType.calls.add!, { name: '行业词' }, admin)).id;
  await ok(t, keywordType.calls.add!, { name: '地域词' }, admin);
  await ok(t, keywordType.calls.add!, { name: '停用词类', enabled: false }, admin);
});
afterAll(() => t?.close());

/** The i-th row of a good file: types alternating, every tenth row an industry, every seventh a remark. */
const good = (i: number) => [`关键词${i}`, i % 2 ? '行业词' : '地域词', i % 10 === 0 ? '餐饮美食' : '', i % 7 === 0 ? '导入' : ''];

describe('导入关键词', () => {

  it(`a file with refused rows names them (the first ${KEYWORD_IMPORT_PROBLEMS_SHOWN}, counting all) and writes nothing; corrected, all go in; again, nothing changes`, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`复核${i}`, ...good(i).slice(1)]);
    // Every 5th row is refused: 2,000 problems, more than the report lists.
    const bad = rows.map((cells, i) => (i % 5 === 2 ? [cells[0]!, '无此类型', '', ''] : cells));
    const before = await keywordCount();
    const refused = await importRows([HEADER, ...bad]);
    const details = expectError(refused, 40000);
    expect(refused.message).toContain('2000 处数据未通过校验');
    expect(details.rows).toHaveLength(KEYWORD_IMPORT_PROBLEMS_SHOWN);
    expect(details.problems).toBe(2000);
    expect(details.rows![0]).toEqual({ row: 4, field: 'type', column: '关键词类型', message: '没有此关键词类型' });
    expect(await keywordCount()).toBe(before);

    expect(expectOk(await importRows([HEADER, ...rows]))).toEqual({ added: rows.length, unchanged: 0 });
    expect(expectOk(await importRows([HEADER, ...rows]))).toEqual({ added: 0, unchanged: rows.length });
    expect(await keywordCount()).toBe(before + rows.length);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'keyword.keyword.import')).orderBy(auditLog.id);
    expect(entries.map((entry) => entry.detail)).toEqual([
      { file: 'keywords.xlsx', added: rows.length, unchanged: 0 },
      { file: 'keywords.xlsx', added: 0, unchanged: rows.length },
    ]);
  });

  it(`takes ${KEYWORD_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, and refuses a row more before reading any`, async () => {
    const rows = Array.from({ length: KEYWORD_IMPORT_MAX_ROWS }, (_, i) => good(i));
    const before = await keywordCount();
    expect(expectOk(await importRows([HEADER, ...rows]))).toEqual({ added: KEYWORD_IMPORT_MAX_ROWS, unchanged: 0 });
    expect(await keywordCount()).toBe(before + KEYWORD_IMPORT_MAX_ROWS);
    const [food] = (await ok(t, industryResource.calls.list, { keyword: '餐饮美食' }, admin)).data;
    // Every tenth row named its industry: the list finds them by it.
    expect((await ok(t, keyword.calls.list, { keyword: '关键词', industry_id: food!.id, limit: 1 }, admin)).count).toBe(KEYWORD_IMPORT_MAX_ROWS / 10);
    const over = await importFile(xlsxOf({ sheet: sheetXml(row(1, HEADER) + row(KEYWORD_IMPORT_MAX_ROWS + 2, ['多一行', '行业词'])) }));
    expect(expectError(over, 40000).field).toBe('file');
  }, 120_000);

  it('keeps words folded, counts a repeat as unchanged, names industries (a name held twice by its parent) and refuses what it does not know', async () => {
    await ok(t, industryResource.calls.add!, { name: '重名行业' }, admin);
    const parents = [(await ok(t, industryResource.calls.add!, { name: '上级甲' }, admin)).id, (await ok(t, industryResource.calls.add!, { name: '上级乙' }, admin)).id];
    for (const parent_id of parents) await ok(t, industryResource.calls.add!, { name: '同名子行业', parent_id }, admin);
    const refused = expectError(
      await importRows([
        HEADER,
        ['长词'.repeat(26), '行业词', '', ''],
        ['', '行业词', '', ''],
        ['停用', '停用词类', '', ''],
        ['无行业', '行业词', '不存在的行业', ''],
        ['重名', '行业词', '同名子行业', ''],
        ['备注长', '行业词', '', '字'.repeat(201)],
        ['缺类型', '', '', ''],
      ]),
      40000,
    ).rows!;
    expect(refused.map(({ row: at, field, message }) => [at, field, message])).toEqual([
      [2, 'word', '不能超过 50 个字'],
      [3, 'word', '必填'],
      [4, 'type', '该关键词类型已停用'],
      [5, 'industry', '没有此行业'],
      [6, 'industry', '有多个同名行业，请写作“上级行业/行业”'],
      [7, 'remark', '不能超过 200 个字'],
      [8, 'type', '必填'],
    ]);

    const answer = await importRows([['Keyword', 'Type', 'Industry'], ['ＳＥＯ　优化', '行业词', '上级乙/同名子行业'], ['SEO 优化', '行业词', ''], ['seo 优化', '行业词', '重名行业']]);
    expect(expectOk(answer)).toEqual({ added: 2, unchanged: 1 });
    const kept = await t.database.db.select({ word: keywordTable.word, industryId: keywordTable.industryId }).from(keywordTable).where(and(eq(keywordTable.typeId, trade), eq(keywordTable.word, 'SEO 优化')));
    const child = (await ok(t, industryResource.calls.list, { parent_id: parents[1]!, limit: 10 }, admin)).data[0]!;
    expect(kept).toEqual([{ word: 'SEO 优化', industryId: child.id }]);
  });

  it('refuses a sheet whose header is not the template’s, and asks for its own operation', async () => {
    const noType = expectError(await importRows([['关键词', '类别'], ['a', 'b']]), 40000).rows!;
    expect(noType.map((problem) => [problem.row, problem.field, problem.column])).toEqual([
      [1, 'file', '类别'],
      [1, 'type', '关键词类型'],
    ]);
    expect(expectError(await importRows([HEADER]), 40000).field).toBe('file');
    expectError(await importRows([HEADER, ['a', '行业词']], await signInWith(t, [keyword.operations.view, keyword.operations.add!])), 40300);
    const template = await t.app.inject({ method: 'POST', url: keywordCalls.importTemplate.path, headers: { 'x-token': admin }, payload: {} });
    expect(template.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
  });
});

describe('导入指数', () => {
  const INDEX_HEADER = ['关键词', '关键词类型', '周期', '周期开始', '指数', '来源'];
  let single: number;

  beforeAll(async () => {
    expectOk(await importRows([HEADER, ['指数甲', '行业词'], ['双类词', '行业词'], ['双类词', '地域词']]));
    single = (await ok(t, keyword.calls.list, { keyword: '指数甲' }, admin)).data[0]!.id;
  });

  it('checks every row against the library, the period and its start, and writes nothing when one is refused', async () => {
    const refused = expectError(
      await importIndexes([
        INDEX_HEADER,
        ['无此词', '', '日', '2026-12-01', '1', ''],
        ['双类词', '', '日', '2026-12-01', '1', ''],
        ['指数甲', '地域词', '日', '2026-12-01', '1', ''],
        ['指数甲', '', '季', '2026-12-01', '1', ''],
        ['指数甲', '', '周', '2026-12-06', '1', ''],
        ['指数甲', '', '日', '2026-02-30', '1', ''],
        ['指数甲', '', '月', '2026-12-01', '1.5', ''],
        ['指数甲', '', '月', '2026-11-01', '2000000001', ''],
        ['指数甲', '', 'day', '2026/12/1', '1', ''],
        ['指数甲', '', '日', '2026-12-01', '2', ''],
      ]),
      40000,
    ).rows!;
    expect(refused.map(({ row: at, field, message }) => [at, field, message])).toEqual([
      [2, 'word', '总关键词库中没有此关键词'],
      [3, 'type', '该关键词属于多个类型，请填写关键词类型'],
      [4, 'type', '该关键词不属于此类型'],
      [5, 'period', '周期须为“日”“周”或“月”'],
      [6, 'period_start', '周指数须从周一开始'],
      [7, 'period_start', '须为日期，如 2026-12-07'],
      [8, 'value', '须为 0–2000000000 的整数'],
      [9, 'value', '须为 0–2000000000 的整数'],
      [11, 'period_start', '与第 10 行重复'],
    ]);
    expect(await ok(t, keywordCalls.indexTrend, { keyword_id: single, period: 1 }, admin)).toEqual([]);
  });

  it('adds new values, updates changed ones, counts equal ones unchanged, and the trend shows them', async () => {
    const first = [INDEX_HEADER, ['指数甲', '', '日', '2026-12-01', '100', '百度'], ['指数甲', '', 'day', '2026/12/2', '110', '百度'], ['双类词', '地域词', '周', '2026-11-30', '700', '']];
    expect(expectOk(await importIndexes(first))).toEqual({ added: 3, updated: 0, unchanged: 0 });
    const second = [INDEX_HEADER, ['指数甲', '', '日', '2026-12-01', '100', '百度'], ['指数甲', '', '日', '2026-12-02', '115', '百度'], ['指数甲', '', 'Day', '2026-12-03', '90', '']];
    expect(expectOk(await importIndexes(second))).toEqual({ added: 1, updated: 1, unchanged: 1 });
    expect(await ok(t, keywordCalls.indexTrend, { keyword_id: single, period: 1 }, admin)).toEqual([
      { period_start: '2026-12-01', value: 100 },
      { period_start: '2026-12-02', value: 115 },
      { period_start: '2026-12-03', value: 90 },
    ]);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'keyword.index.import')).orderBy(auditLog.id);
    expect(entries.map((entry) => entry.detail)).toEqual([
      { file: 'index.xlsx', added: 3, updated: 0, unchanged: 0 },
      { file: 'index.xlsx', added: 1, updated: 1, unchanged: 1 },
    ]);
    expectError(await importIndexes(first, await signInWith(t, [keywordIndex.operations.view, keywordIndex.operations.add!])), 40300);
  });
});
