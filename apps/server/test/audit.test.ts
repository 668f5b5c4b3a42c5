import { auditCalls, auditChanges, casePlatform, EXPORT_ROWS_HEADER, settingsCalls, type AuditEntry, type CallBody } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { readAll } from './helpers/users';

let t: TestApp;
let admin: string;
/** Staff who edits 案例平台 records, and one who may only read the log. */
let editor: Awaited<ReturnType<typeof createStaffWith>>;
let auditor: Awaited<ReturnType<typeof createStaffWith>>;
let platformId: number;

const platform = casePlatform.calls;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  editor = await createStaffWith(t, ['case.platform.view', 'case.platform.edit']);
  auditor = await createStaffWith(t, ['system.audit.view']);
  platformId = (await ok(t, platform.add!, { name: '抖音', remark: '短视频', sort: 1 }, editor.token)).id;
  await ok(t, platform.edit!, { id: platformId, name: '抖音国际', sort: 5 }, editor.token);
});
afterAll(() => t?.close());

const list = (body: CallBody<typeof auditCalls.logList>, token = auditor.token) => ok(t, auditCalls.logList, body, token);
const everything = (body: Omit<CallBody<typeof auditCalls.logList>, 'cursor'>, token = auditor.token) =>
  readAll<AuditEntry>((cursor) => list({ ...body, ...(cursor ? { cursor } : {}) }, token));

/** Entries written straight into the log, at chosen times: what the filters and the order are tested on. */
async function record(entries: { action: string; at: string; staffId?: number | null; target?: string | null; detail?: Record<string, unknown> }[]) {
  const rows = await t.database.db
    .insert(auditLog)
    .values(entries.map((e) => ({ action: e.action, createdAt: new Date(e.at), staffId: e.staffId ?? null, target: e.target ?? null, detail: e.detail ?? null, ip: '203.0.113.9' })))
    .returning({ id: auditLog.id });
  return rows.map((r) => r.id);
}

/** The ids of the day-range test's entries within `time`. */
const idsOn = async (time: [string, string]) => (await everything({ action: ['test.days'], time })).map((e) => e.id);

describe('the operation log', () => {
  it('lists a change made through the API with who, what, which record, when, from where, and the record before and after', async () => {
    const { data } = await list({ action: ['case.platform.edit'] });
    expect(data).toHaveLength(1);
    const [entry] = data as [AuditEntry];
    expect(entry).toMatchObject({
      staff_id: editor.staffId,
      staff_num: editor.staffNum,
      staff_name: expect.stringMatching(/^测试员工/),
      action: 'case.platform.edit',
      target: `case.platform:${platformId}`,
      target_name: '抖音国际',
    });
    expect(entry.ip).toBeTruthy();
    expect(Date.now() - Date.parse(entry.created_at)).toBeLessThan(60_000);

    const details = await ok(t, auditCalls.logDetails, { id: entry.id }, auditor.token);
    expect(details.detail).toMatchObject({ before: { name: '抖音', sort: 1, remark: '短视频' }, after: { name: '抖音国际', sort: 5, remark: '短视频' } });
    const changed = auditChanges(details.detail).filter((c) => c.changed).map((c) => c.field);
    expect(changed).toEqual(expect.arrayContaining(['name', 'sort']));
    expect(changed).not.toContain('remark');
  });

  it('answers 40400 for an entry that does not exist', async () => {
    expectError(await invoke(t, auditCalls.logDetails, { id: 2_000_000_000 }, auditor.token), 40400);
  });

  it('lists newest first, then the higher id, and pages by cursor without repeating or skipping an entry', async () => {
    // Three entries share a time: the id orders them.
    const ids = await record([
      { action: 'test.order', at: '2025-01-01T00:00:00.000Z' },
      { action: 'test.order', at: '2025-01-03T00:00:00.000Z' },
      { action: 'test.order', at: '2025-01-02T00:00:00.000Z' },
      { action: 'test.order', at: '2025-01-02T00:00:00.000Z' },
      { action: 'test.order', at: '2025-01-02T00:00:00.000Z' },
      { action: 'test.order', at: '2024-12-31T23:59:59.999Z' },
      { action: 'test.order', at: '2025-01-02T00:00:00.000Z' },
    ]);
    const expected = [ids[1], ids[6], ids[4], ids[3], ids[2], ids[0], ids[5]];
    const firstPage = await list({ action: ['test.order'], limit: 3 });
    expect(firstPage.count).toBe(7);
    expect(firstPage.data.map((e) => e.id)).toEqual(expected.slice(0, 3));
    const second = await list({ action: ['test.order'], limit: 3, cursor: firstPage.next_cursor! });
    expect(second.count).toBe(7);
    expect(second.data.map((e) => e.id)).toEqual(expected.slice(3, 6));
    const all = await everything({ action: ['test.order'], limit: 2 });
    expect(all.map((e) => e.id)).toEqual(expected);

    // Without a filter too: the whole log newest first.
    const log = await everything({ limit: 200 });
    const times = log.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages entries recorded within the same millisecond apart by the microsecond', async () => {
    const [a, b] = await record([
      { action: 'test.micro', at: '2025-02-01T00:00:00.000Z' },
      { action: 'test.micro', at: '2025-02-01T00:00:00.000Z' },
    ]);
    // A microsecond apart: a cursor rounded to the millisecond would skip or repeat one of them.
    await t.database.db.execute(sql`update audit_log set created_at = created_at + interval '1 microsecond' where id = ${a}`);
    const pages = await everything({ action: ['test.micro'], limit: 1 });
    expect(pages.map((e) => e.id)).toEqual([a, b]);
  });

  it('filters by staff (number, or part of the name), action, target kind and record, and keyword', async () => {
    const other = await createStaffWith(t, ['case.platform.view', 'case.platform.edit']);
    const otherId = (await ok(t, platform.add!, { name: '小红书', remark: '种草笔记' }, other.token)).id;

    const byNumber = await everything({ staff: editor.staffNum });
    expect(byNumber.length).toBeGreaterThanOrEqual(2);
    expect(new Set(byNumber.map((e) => e.staff_id))).toEqual(new Set([editor.staffId]));
    const byName = await everything({ staff: '测试员工' });
    expect(byName.map((e) => e.staff_id)).toEqual(expect.arrayContaining([editor.staffId, other.staffId]));
    expect((await list({ staff: '没有这个人' })).count).toBe(0);

    const adds = await everything({ action: ['case.platform.add'] });
    expect(adds.map((e) => e.target).sort()).toEqual([`case.platform:${platformId}`, `case.platform:${otherId}`].sort());
    const both = await everything({ action: ['case.platform.add', 'case.platform.edit'] });
    expect(both).toHaveLength(3);

    const kind = await everything({ target_kind: 'case.platform' });
    expect(kind.every((e) => e.target!.startsWith('case.platform:'))).toBe(true);
    expect(kind).toHaveLength(3);
    const one = await everything({ target_kind: 'case.platform', target_id: String(platformId) });
    expect(one.map((e) => e.action).sort()).toEqual(['case.platform.add', 'case.platform.edit']);
    // The kind is a whole code: `case` does not take in `case.platform`, and `%` is no wildcard.
    expect((await list({ target_kind: 'case' })).count).toBe(0);

    // The keyword finds words in the record before and after, the target and the IP.
    expect((await everything({ keyword: '种草' })).map((e) => e.target)).toEqual([`case.platform:${otherId}`]);
    expect((await everything({ keyword: '短视' })).map((e) => e.action).sort()).toEqual(['case.platform.add', 'case.platform.edit']);
    expect((await list({ keyword: '100%' })).count).toBe(0);

    const combined = await everything({ staff: other.staffNum, action: ['case.platform.add'], keyword: '小红书' });
    expect(combined.map((e) => e.target)).toEqual([`case.platform:${otherId}`]);
  });

  it('takes a day range as days in the platform’s time zone', async () => {
    const [lastOfFirst, firstOfSecond, lastOfSecond] = await record([
      { action: 'test.days', at: '2026-03-01T15:59:59.999Z' }, // 2026-03-01 23:59:59.999 in Shanghai
      { action: 'test.days', at: '2026-03-01T16:00:00.000Z' }, // 2026-03-02 00:00 in Shanghai, 17:00 on 03-01 in Berlin
      { action: 'test.days', at: '2026-03-02T22:59:59.000Z' }, // 2026-03-03 06:59 in Shanghai, 23:59 on 03-02 in Berlin
    ]);
    expect(await idsOn(['2026-03-02', '2026-03-02'])).toEqual([firstOfSecond]);
    expect(await idsOn(['2026-03-01', '2026-03-01'])).toEqual([lastOfFirst]);
    expect(await idsOn(['2026-03-01', '2026-03-03'])).toEqual([lastOfSecond, firstOfSecond, lastOfFirst]);

    const { website } = await ok(t, settingsCalls.systemDetails);
    await ok(t, settingsCalls.systemEdit, { website, time_zone: 'Europe/Berlin' }, admin);
    try {
      expect(await idsOn(['2026-03-02', '2026-03-02'])).toEqual([lastOfSecond]);
      expect(await idsOn(['2026-03-01', '2026-03-01'])).toEqual([firstOfSecond, lastOfFirst]);
    } finally {
      await ok(t, settingsCalls.systemEdit, { website, time_zone: 'Asia/Shanghai' }, admin);
    }
  });

  it('shows the access guard’s refusals: a lesser staff’s list and export are 40300, and appear in the log', async () => {
    const lesser = await createStaffWith(t, ['case.platform.view']);
    expectError(await invoke(t, auditCalls.logList, {}, lesser.token), 40300);
    expectError(await invoke(t, auditCalls.logDetails, { id: 1 }, lesser.token), 40300);
    const exported = await t.app.inject({ method: 'POST', url: auditCalls.logExport.path, payload: {}, headers: { 'x-token': lesser.token } });
    expect(exported.json()).toMatchObject({ code: 40300 });
    // Reading the log does not let one export it.
    const reader = await t.app.inject({ method: 'POST', url: auditCalls.logExport.path, payload: {}, headers: { 'x-token': auditor.token } });
    expect(reader.json()).toMatchObject({ code: 40300 });

    const refused = await everything({ action: ['permission.denied'], staff: lesser.staffNum });
    expect(refused.map((e) => e.target).sort()).toEqual(['POST /api/audit/log_details', 'POST /api/audit/log_export', 'POST /api/audit/log_list']);
    const details = await ok(t, auditCalls.logDetails, { id: refused[0]!.id }, auditor.token);
    expect(details.detail).toEqual({ operation: expect.stringMatching(/^system\.audit\./) });
  });

  it('refuses bad input with 40000 naming the field', async () => {
    expect(expectError(await invoke(t, auditCalls.logList, { target_id: '12' }, auditor.token), 40000).field).toBe('target_id');
    expect(expectError(await invoke(t, auditCalls.logList, { cursor: 'bm90LWEtY3Vyc29y' }, auditor.token), 40000).field).toBe('cursor');
    expect(expectError(await invoke(t, auditCalls.logList, { time: ['2026-03-02', '2026-03-01'] }, auditor.token), 40000).field).toBe('time');
    expect(expectError(await invokeUnchecked(t, auditCalls.logList, { action: ['DROP TABLE'] }, auditor.token), 40000).field).toMatch(/^action/);
    // Bodies are strict: a key the call does not take is refused, by name.
    const unknown = await invokeUnchecked(t, auditCalls.logList, { detail: {} }, auditor.token);
    expectError(unknown, 40000);
    expect(unknown.message).toContain('detail');
    expect(expectError(await invokeUnchecked(t, auditCalls.logDetails, { id: 'x' }, auditor.token), 40000).field).toBe('id');
  });

  it('offers no call that edits or deletes an entry', () => {
    expect(Object.values(auditCalls).map((c) => c.path).sort()).toEqual(['/api/audit/log_details', '/api/audit/log_export', '/api/audit/log_list']);
  });
});

describe('exporting the operation log', () => {
  let exporter: Awaited<ReturnType<typeof createStaffWith>>;
  beforeAll(async () => {
    exporter = await createStaffWith(t, ['system.audit.view', 'system.audit.export']);
  });

  async function exportSheet(body: CallBody<typeof auditCalls.logExport>, language?: string) {
    const headers = { 'x-token': exporter.token, ...(language ? { 'accept-language': language } : {}) };
    const res = await t.app.inject({ method: 'POST', url: auditCalls.logExport.path, payload: body, headers });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { res, rows, sheet: workbook.worksheets[0]!.name };
  }

  it('streams the filtered entries in the list’s order, named, with the changes and the details', async () => {
    const filter = { target_kind: 'case.platform', target_id: String(platformId) };
    const listed = await everything(filter);
    const { res, rows, sheet } = await exportSheet(filter);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operation-log-\d{8}-\d{4}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(/^操作日志-\d{8}-\d{4}\.xlsx$/);
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe(String(listed.length));
    expect(sheet).toBe('操作日志');
    const [header, ...data] = rows as [string[], ...unknown[][]];
    expect(header).toEqual(['时间', '员工', '工号', '操作', '操作代码', '对象', '对象名称', 'IP', '变更', '详情']);
    const col = (name: string) => header.indexOf(name);
    expect(data.map((r) => r[col('操作代码')])).toEqual(listed.map((e) => e.action));
    const edit = data.find((r) => r[col('操作代码')] === 'case.platform.edit')!;
    const entry = listed.find((e) => e.action === 'case.platform.edit')!;
    // Times in the platform's zone (Asia/Shanghai, UTC+8) as the screens show them.
    const shanghai = new Date(Date.parse(entry.created_at) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(edit[col('时间')]).toBe(shanghai);
    expect(edit[col('员工')]).toMatch(/^测试员工/);
    expect(edit[col('工号')]).toBe(editor.staffNum);
    expect(edit[col('操作')]).toBe('编辑案例平台');
    expect(edit[col('对象')]).toBe(`案例平台 #${platformId}`);
    expect(edit[col('对象名称')]).toBe('抖音国际');
    expect(String(edit[col('变更')]).split('\n')).toEqual(expect.arrayContaining(['平台名称: 抖音 → 抖音国际', '排序: 1 → 5']));
    expect(JSON.parse(String(edit[col('详情')]))).toMatchObject({ before: { name: '抖音' }, after: { name: '抖音国际' } });
    const add = data.find((r) => r[col('操作代码')] === 'case.platform.add')!;
    expect(add[col('操作')]).toBe('新增案例平台');
    expect(String(add[col('变更')])).toContain('平台名称: — → 抖音');
  });

  it('writes the workbook in English when asked, refusals named as such', async () => {
    const { res, rows, sheet } = await exportSheet({ action: ['permission.denied'] }, 'en-US,en;q=0.9');
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(/^operation-log-\d{8}-\d{4}\.xlsx$/);
    expect(sheet).toBe('Operation log');
    const [header, ...data] = rows as [string[], ...unknown[][]];
    expect(header.slice(0, 4)).toEqual(['Time', 'Staff', 'Staff number', 'Action']);
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(data.map((r) => r[header.indexOf('Action')]))).toEqual(new Set(['Refused: no permission']));
  });

  it('holds exactly the rows it announced, and is recorded itself with its filter and row count', async () => {
    const { res, rows } = await exportSheet({});
    const announced = Number(res.headers[EXPORT_ROWS_HEADER]);
    expect(rows.length - 1).toBe(announced);
    const recorded = await everything({ action: ['system.audit.export'], staff: exporter.staffNum });
    expect(recorded[0]!.target).toBe('audit_log');
    const details = await ok(t, auditCalls.logDetails, { id: recorded[0]!.id }, auditor.token);
    expect(details.detail).toMatchObject({ filter: {}, rows: announced, time_zone: 'Asia/Shanghai' });
  });

  it('exports an empty result as the header row only', async () => {
    const { res, rows } = await exportSheet({ keyword: '不会出现的词语' });
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('0');
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with 40000 naming the field, before any file', async () => {
    const res = await t.app.inject({ method: 'POST', url: auditCalls.logExport.path, payload: { target_id: '1' }, headers: { 'x-token': exporter.token } });
    expect(res.json()).toMatchObject({ code: 40000, data: { field: 'target_id' } });
  });
});
