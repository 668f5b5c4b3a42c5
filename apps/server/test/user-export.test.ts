import { EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_ROWS_HEADER, REGISTER_CHANNELS, userCalls, type CallBody } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin, signInWith } from './helpers/auth';
import { generate, insertUser, openBalances, readAll } from './helpers/users';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  // More than one export batch (2,000 rows).
  await generate(t, 2600);
  const sample = await insertUser(t, { name: '导出样例', mobile: '17099990000', totalSpentCents: 5, registeredAt: new Date('2024-02-29T16:00:00.000Z'), locked: true, lockReason: '测试' });
  await openBalances(t, [{ userId: sample.id, balance: 123456 }]);
  await insertUser(t, { name: '小程序用户', registerChannel: 'mini_program', typeUser: 1, withdrawState: 3, withdrawType: 2, authenticationState: 2, authenticationType: 2 });
  await insertUser(t, { name: '苹果用户', registerChannel: 'app_ios' });
});
afterAll(() => t?.close());

async function exportSheet(body: CallBody<typeof userCalls.export>, token = admin, language?: string) {
  const headers = { 'x-token': token, ...(language ? { 'accept-language': language } : {}) };
  const res = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: body, headers });
  if (res.statusCode !== 200) return { res, rows: [] as unknown[][] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { res, rows };
}

const cnTime = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '');
/** A blank cell is read back as undefined. */
const cell = (v: unknown) => (v === undefined || v === null ? '' : v);

describe('exporting users to Excel', () => {
  it('streams exactly the filtered rows, in the list’s order, with every column', async () => {
    const filter = { type_user: 2, system_id: 1, sort: 'order_count', order: 'desc' } as const;
    const listed = await readAll((cursor) => ok(t, userCalls.lists, { ...filter, limit: 200, ...(cursor ? { cursor } : {}) }, admin));
    const { res, rows } = await exportSheet(filter);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}-\d{4}\.xlsx"; filename\*=UTF-8''/);
    expect(Number(res.headers[EXPORT_ROWS_HEADER])).toBe(listed.length);
    expect(Number(res.headers[EXPORT_ESTIMATED_BYTES_HEADER])).toBeGreaterThan(0);
    expect(rows[0]).toEqual(expect.arrayContaining(['ID', '姓名', '手机号', '用户类型', '订单数', '余额(元)', '注册时间', '锁定']));
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const data = rows.slice(1);
    expect(data).toHaveLength(listed.length);
    expect(listed.length).toBeGreaterThan(1000);
    data.forEach((r, i) => {
      const u = listed[i]!;
      expect(r[col('ID')]).toBe(u.id);
      expect(r[col('姓名')]).toBe(u.name);
      expect(r[col('手机号')]).toBe(u.mobile);
      expect(r[col('用户类型')]).toBe('用户');
      expect(r[col('用户来源')]).toBe('系统用户');
      expect(r[col('等级')]).toBe(u.level_name);
      expect(cell(r[col('服务岗位')])).toBe(u.pw_name);
      expect(r[col('订单数')]).toBe(u.order_count);
      expect(cell(r[col('最近下单时间')])).toBe(cnTime(u.last_order_at));
      expect(r[col('余额(元)')]).toBe(u.balance_cents / 100);
      expect(r[col('累计消费(元)')]).toBe(u.total_spent_cents / 100);
      expect(r[col('注册时间')]).toBe(cnTime(u.registered_at));
      expect(cell(r[col('城市')])).toBe(u.city);
      expect(r[col('锁定')]).toBe(u.locked ? '是' : '否');
      expect(r[col('实名状态')]).toBe(['未认证', '认证中', '已认证'][u.authentication_state]);
      expect(r[col('注册渠道')]).toBe(REGISTER_CHANNELS.find((c) => c.value === u.register_channel)!.name['zh-CN']);
    });
  });

  it('writes registration channels and the other codes by their names, never the codes', async () => {
    const { rows } = await exportSheet({ keyword: '小程序用户' });
    const [header, row] = rows as [string[], unknown[]];
    const value = (name: string) => row[header.indexOf(name)];
    expect(value('注册渠道')).toBe('微信小程序');
    expect(value('用户类型')).toBe('代理');
    expect(value('提现状态')).toBe('提现失败');
    expect(value('提现方式')).toBe('支付宝');
    expect(value('实名状态')).toBe('已认证');
    expect(value('认证类型')).toBe('企业认证');
    const everyone = await exportSheet({});
    const channels = new Set(everyone.rows.slice(1).map((r) => r[everyone.rows[0]!.indexOf('注册渠道')]));
    expect([...channels].sort()).toEqual(['H5 网页', 'PC 网页', 'iOS App', '安卓 App', '微信小程序']);
  });

  it('writes the workbook in English when Accept-Language asks for it', async () => {
    const { res, rows } = await exportSheet({ keyword: '小程序用户' }, admin, 'en-US,en;q=0.9');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''users-\d{8}-\d{4}\.xlsx$/);
    const [header, row] = rows as [string[], unknown[]];
    const value = (name: string) => row[header.indexOf(name)];
    expect(header).toEqual(expect.arrayContaining(['ID', 'Name', 'Mobile', 'Channel', 'Withdrawal', 'Locked']));
    expect(value('Channel')).toBe('WeChat mini program');
    expect(value('Type')).toBe('Agent');
    expect(value('Withdrawal')).toBe('Withdrawal failed');
    expect(value('Payout account')).toBe('Alipay');
    expect(value('Verified as')).toBe('Enterprise');
    expect(value('Locked')).toBe('No');
    const ios = await exportSheet({ keyword: '苹果用户' }, admin, 'en-US');
    expect(ios.rows[1]![ios.rows[0]!.indexOf('Channel')]).toBe('iOS app');
  });

  it('exports everyone without a filter, money as yuan with two decimals and times in China time', async () => {
    const { res, rows } = await exportSheet({});
    const total = (await ok(t, userCalls.lists, {}, admin)).count;
    expect(Number(res.headers[EXPORT_ROWS_HEADER])).toBe(total);
    expect(rows.length - 1).toBe(total);
    const header = rows[0] as string[];
    const sample = rows.find((r) => r[header.indexOf('姓名')] === '导出样例')!;
    expect(sample[header.indexOf('余额(元)')]).toBe(1234.56);
    expect(sample[header.indexOf('累计消费(元)')]).toBe(0.05);
    expect(sample[header.indexOf('注册时间')]).toBe('2024-03-01 00:00:00');
    expect(sample[header.indexOf('锁定')]).toBe('是');
    expect(sample[header.indexOf('锁定原因')]).toBe('测试');
    const ids = rows.slice(1).map((r) => r[0] as number);
    expect(new Set(ids).size).toBe(total);
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.export'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged.at(-1)!.detail).toMatchObject({ rows: total });
  });

  it('exports an empty filter result as a header row only', async () => {
    const { res, rows } = await exportSheet({ keyword: '不存在的名字' });
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('0');
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with a 40000 envelope naming the field, and staff without the operation', async () => {
    const bad = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: { quantity: 9 }, headers: { 'x-token': admin } });
    expect(bad.json()).toMatchObject({ code: 40000, data: { field: 'quantity' } });
    const other = await signInWith(t, ['user.list']);
    const refused = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: {}, headers: { 'x-token': other } });
    expect(refused.json().code).toBe(40300);
  });
});
