import { departmentCalls, fieldFormCalls, personnelCalls, type CallBody, type StaffFindFilter } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, personnelHistory, personnelStaff } from '../src/lib/db/schema';
import { demoIdCard } from '../src/modules/personnel/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectRefused, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { requestOf } from './helpers/bad-input';
import { changedTables, JOURNAL_TABLES, ACTIVITY_COLUMNS, snapshotDatabase } from './helpers/snapshot';

/** Staff records out to Excel and back: the filtered export, the all-or-nothing import, re-imports that change nothing. */
let t: TestApp;
let admin: string;
let rd: number;
let company: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  rd = (await ok(t, departmentCalls.add, { name: '研发部', parent_id: 0 }, admin)).id;
  await ok(t, departmentCalls.add, { name: '市场部', parent_id: 0 }, admin);
  company = (await ok(t, personnelCalls.companies, {}, admin))[0]!.name;
  const options = [
    { value: 'senior', label: { 'zh-CN': '高级', 'en-US': 'Senior' } },
    { value: 'junior', label: { 'zh-CN': '初级', 'en-US': 'Junior' } },
  ];
  await ok(t, fieldFormCalls.personnel_info.definitionAdd, { key: 'test_level', type: 'select', label: { 'zh-CN': '职级', 'en-US': 'Level' }, options }, admin);
  await ok(t, fieldFormCalls.personnel_info.definitionAdd, { key: 'test_allowance', type: 'number', unit: 'fen', min: 0, max: 100_000_000, label: { 'zh-CN': '津贴', 'en-US': 'Allowance' } }, admin);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.delete(personnelHistory);
  await t.database.db.delete(personnelStaff);
});

const card = (sequence: number) => demoIdCard('110105', '1990-03-07', sequence);
const masked = (number: string) => `${number.slice(0, 6)}********${number.slice(14)}`;
const add = (body: CallBody<typeof personnelCalls.add>) => ok(t, personnelCalls.add, body, admin);
const historyCount = async () => (await t.database.db.select({ n: count() }).from(personnelHistory))[0]!.n;
const imports = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'personnel.import'));
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });

const HEADER = ['姓名', '性别', '身份证号', '手机号', '所属公司', '部门', '岗位', '状态', '职级'];

async function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('人员档案').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function sheetOf(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))));
  return rows;
}

async function exported(filter: StaffFindFilter, token = admin, language = 'zh-CN') {
  const res = await t.app.inject({ method: 'POST', url: personnelCalls.export.path, payload: filter, headers: { 'x-token': token, 'accept-language': language } });
  return { res, rows: res.statusCode === 200 ? await sheetOf(res.rawPayload) : [] };
}

async function importFile(content: Buffer, token = admin, filename = 'staff.xlsx', headers: Record<string, string> = {}) {
  const request = requestOf(personnelCalls.import, { kind: 'fit', encoding: 'multipart', value: {}, file: { filename, contentType: 'application/octet-stream', content } });
  return (await t.app.inject({ ...request, headers: { ...request.headers, ...headers, 'x-token': token } })).json();
}

describe('exporting staff records', () => {
  it('writes the findPage-filtered set with names for codes, masked cards and custom fields by their text', async () => {
    const number = card(11);
    await add({ name: '张三', gender: 'male', id_card: number, mobile: '13900000001', department_id: rd, post: '工程师', status: 'probation', extra: { test_level: 'senior' } });
    await add({ name: '李四', mobile: '13900000002', department_id: rd });
    await add({ name: '王五', mobile: '13900000003' });

    const { res, rows } = await exported({ department: rd });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="staff-records-\d{8}-\d{4}\.xlsx"/);
    const [header, ...data] = rows;
    expect(header).toEqual(expect.arrayContaining([...HEADER, '邮箱', '入职日期', '紧急联系电话']));
    expect(data.map((r) => r[0])).toEqual(['李四', '张三']);
    const col = (name: string) => header!.indexOf(name);
    const zhang = data[1]!;
    expect([zhang[col('性别')], zhang[col('身份证号')], zhang[col('部门')], zhang[col('状态')], zhang[col('职级')]]).toEqual(['男', masked(number), '研发部', '试用期', '高级']);
    expect(JSON.stringify(rows)).not.toContain(number);

    const english = await exported({ department: rd }, admin, 'en-US');
    expect(english.rows[0]).toEqual(expect.arrayContaining(['Name', 'ID card', 'Status', 'Level']));
    expect(english.rows[2]).toEqual(expect.arrayContaining(['Male', 'Probation', 'Senior']));
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'personnel.export'));
    expect(entry).toMatchObject({ target: 'staff_records', detail: { rows: 2 } });
  });

  it('answers the template as the export’s header row alone, and each call needs its own operation (40300)', async () => {
    const res = await t.app.inject({ method: 'POST', url: personnelCalls.importTemplate.path, payload: {}, headers: { 'x-token': admin } });
    expect(await sheetOf(res.rawPayload)).toEqual([expect.arrayContaining(HEADER)]);

    const viewer = await signInWith(t, ['personnel.view', 'personnel.edit']);
    expect((await exported({}, viewer)).res.json().code).toBe(40300);
    expect((await importFile(await workbookOf([HEADER]), viewer)).code).toBe(40300);
    const template = await t.app.inject({ method: 'POST', url: personnelCalls.importTemplate.path, payload: {}, headers: { 'x-token': viewer } });
    expect(template.json().code).toBe(40300);
  });
});

describe('importing staff records', () => {
  it('adds the rows with their history and one audit entry; the same file again changes nothing', async () => {
    const number = card(21);
    const file = await workbookOf([
      HEADER,
      ['赵六', '女', number.toLowerCase(), '13900000011', company, '研发部', '测试', '正式', '初级'],
      ['钱七', '', '', 13900000012, '', '', '', '', ''],
    ]);
    expect((await importFile(file)).data).toEqual({ added: 2, updated: 0, unchanged: 0 });
    const { data } = await ok(t, personnelCalls.findPage, {}, admin);
    expect(data.map((r) => [r.name, r.mobile, r.department_name, r.company_name, r.status])).toEqual([
      ['钱七', '13900000012', null, null, 'candidate'],
      ['赵六', '13900000011', '研发部', company, 'regular'],
    ]);
    expect((await ok(t, personnelCalls.details, { id: data[1]!.id }, admin)).extra).toMatchObject({ test_level: 'junior' });
    expect(await historyCount()).toBe(2);
    expect((await imports()).map((e) => e.detail)).toEqual([{ file: 'staff.xlsx', added: 2, updated: 0, unchanged: 0 }]);

    const before = await snapshot();
    expect((await importFile(file)).data).toEqual({ added: 0, updated: 0, unchanged: 2 });
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect(await imports()).toHaveLength(1);
  });

  it('re-imports its own export unchanged, masked cards standing for the stored ones', async () => {
    // Money written as yuan (¥ 1,234.50) is read back as the fen it stands for.
    await add({ name: '孙八', id_card: card(31), mobile: '13900000021', department_id: rd, status: 'probation', extra: { test_level: 'senior', test_allowance: 123_450 } });
    await add({ name: '周九', mobile: '13900000022' });
    const { res, rows } = await exported({});
    expect(rows.flat()).toContain('¥ 1,234.50');
    const history = await historyCount();
    expect((await importFile(res.rawPayload, admin, 'export.xlsx')).data).toEqual({ added: 0, updated: 0, unchanged: 2 });
    expect(await historyCount()).toBe(history);
  });

  it('updates a matched record where it differs only, with an edit in its history', async () => {
    const number = card(41);
    const { id } = await add({ name: '吴十', id_card: number, mobile: '13900000031', department_id: rd, post: '工程师', extra: { test_level: 'junior' } });
    const file = await workbookOf([
      ['姓名', '身份证号', '手机号', '部门', '岗位', '职级'],
      ['吴十', number, '13900000031', '市场部', '工程师', '初级'],
    ]);
    expect((await importFile(file)).data).toEqual({ added: 0, updated: 1, unchanged: 0 });
    const [edit] = (await ok(t, personnelCalls.history, { id }, admin)).filter((h) => h.action === 'edit');
    expect(Object.keys(edit!.to!)).toEqual(['department_id']);
    const details = await ok(t, personnelCalls.details, { id }, admin);
    expect([details.department_name, details.post, details.extra.test_level, details.gender]).toEqual(['市场部', '工程师', 'junior', 'unknown']);
  });

  it('refuses the whole file when any row is refused, reporting every refused row by number and field', async () => {
    await add({ name: '郑一', mobile: '13900000041' });
    const badCard = card(51).slice(0, 17) + (card(51).endsWith('0') ? '1' : '0');
    const file = await workbookOf([
      HEADER,
      ['冯二', '', card(52), '13900000042', '', '', '', '', ''],
      ['陈三', '', badCard, '13900000043', '', '', '', '', ''],
      ['褚四', '', '', '13900000044', '', '财务部', '', '', '特级'],
      ['卫五', '', '', '13900000042', '', '', '', '', ''],
      ['', '', '', '13900000045', '', '', '', '', ''],
    ]);
    const before = await snapshot();
    const answer = await importFile(file);
    const details = expectError(answer, 40000);
    expect(details.field).toBe('file');
    expect(details.rows!.map((r) => [r.row, r.field, r.column])).toEqual([
      [3, 'id_card', '身份证号'],
      [4, 'department_id', '部门'],
      [4, 'test_level', '职级'],
      [5, 'mobile', '手机号'],
      [6, 'name', '姓名'],
    ]);
    // Each row's message in the request's language (Chinese by default), zod's issues and the server's alike.
    expect(details.rows!.map((r) => r.message)).toEqual(['不是有效的身份证号（地区、出生日期或校验位不符）', '没有名为“财务部”的部门', '没有名为“特级”的选项', '与第 2 行重复', '必填']);
    expect(answer.message).toBe('文件：5 处数据未通过校验，未导入任何数据');
    const english = await importFile(file, admin, 'staff.xlsx', { 'accept-language': 'en-US' });
    expect(english.message).toBe('File: 5 problems found; nothing was imported');
    expect(expectError(english, 40000).rows!.map((r) => r.message)).toEqual([
      'not an identity card number (region, birth date, check character)',
      'no department named “财务部”',
      'no option named “特级”',
      'the same as row 2',
      'is required',
    ]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('refuses a file that is not an .xlsx by its bytes, and a sheet with an unknown column (40000 naming file)', async () => {
    expectRefused(await importFile(Buffer.from('姓名,手机号\n张三,13900000001\n')), 'file');
    expectRefused(await importFile(await workbookOf([HEADER]), admin, 'staff.csv'), 'file');
    const unknown = expectError(await importFile(await workbookOf([['姓名', '工号'], ['张三', '1']])), 40000);
    expect(unknown.rows).toEqual([expect.objectContaining({ row: 1, field: 'file', column: '工号' })]);
  });

  it('takes no whole identity card from a staff without personnel.id_card.view, whether or not it is on file, nor an empty cell clearing one', async () => {
    const number = card(41);
    await add({ name: '钱多', id_card: number, mobile: '13900000041' });
    const clerk = await signInWith(t, ['personnel.import']);
    const header = ['姓名', '身份证号', '手机号'];
    const refusedRows = async (rows: string[][]) => expectError(await importFile(await workbookOf([header, ...rows]), clerk), 40000).rows;

    const before = await snapshot();
    // The record's own row with its whole number was `unchanged` (20000, nothing written) and any other number a refused
    // mobile: a yes/no answer per row, a whole birth date per file.
    for (const idCard of [number, card(42)]) expect(await refusedRows([['钱多', idCard, '13900000041']])).toEqual([expect.objectContaining({ row: 2, field: 'id_card', column: '身份证号' })]);
    expect(await refusedRows([['新人', card(43), '13900000042']])).toEqual([expect.objectContaining({ row: 2, field: 'id_card' })]);
    expect(await refusedRows([['钱多', '', '13900000041']])).toEqual([expect.objectContaining({ row: 2, field: 'id_card' })]);
    expect(changedTables(before, await snapshot())).toEqual([]);

    // The export's masked number still matches by mobile, and new staff come without one.
    const file = await workbookOf([header, ['钱多', masked(number), '13900000041'], ['新人', '', '13900000042']]);
    expect((await importFile(file, clerk)).data).toEqual({ added: 1, updated: 0, unchanged: 1 });
  });

  it('refuses rows moving the leaving date of a record linked to an account granted more (40300, recorded), as staff_edit does', async () => {
    const account = await createStaffWith(t, ['user.export']);
    const clerk = await createStaffWith(t, ['personnel.import']);
    const { id } = await add({ name: '孙离', mobile: '13900000051', status: 'regular' });
    await ok(t, personnelCalls.linkAccount, { id, account_id: account.staffId }, admin);

    const before = await snapshot();
    const leaving = await workbookOf([['姓名', '手机号', '离职日期'], ['孙离', '13900000051', '2030-01-31']]);
    expectError(await importFile(leaving, clerk.token), 40300);
    expect(changedTables(before, await snapshot())).toEqual([]);
    const refusals = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.staffId, clerk.staffId)));
    expect(refusals.map((row) => [row.target, row.detail])).toEqual([[`staff:${account.staffId}`, { action: 'personnel.import' }]]);

    // Other columns of the same record stay the clerk's; a manager holding the account's grants moves the date.
    expect((await importFile(await workbookOf([['姓名', '手机号', '岗位'], ['孙离', '13900000051', '会计']]), clerk.token)).data).toMatchObject({ updated: 1 });
    const manager = await createStaffWith(t, ['personnel.import', 'user.export']);
    expect((await importFile(leaving, manager.token)).data).toMatchObject({ updated: 1 });
    const [row] = await t.database.db.select().from(personnelStaff).where(eq(personnelStaff.id, id));
    expect(row).toMatchObject({ leavingDate: '2030-01-31', leavingSetBy: manager.staffId });
  });
});
