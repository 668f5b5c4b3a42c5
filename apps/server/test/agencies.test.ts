import { agencyListCalls, regionResource, relevanceCalls, type AgencyFilter } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agency, users } from '../src/lib/db/schema';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { insertUser, openBalances } from './helpers/users';

/**
 * 全部代理 (docs/marketplace.md › Agencies): every user of type 1 has its agency row; the list filters and reads by
 * keyset; the details carry 代理申请表's values and form; suspension, resumption and the level set by hand move an agency
 * under its lock, each audited with its reason and read back as its history.
 */
let t: TestApp;
let admin: string;
const HANGZHOU = '330100';
const NINGBO = '330200';
const BEIJING = '110000';
let east: number;
/** Three agencies of this file, joined a day apart: 甲 first. */
let jia: number;
let yi: number;
let bing: number;

const seed = () => seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
const list = (filter: Partial<AgencyFilter> & { cursor?: string; limit?: number } = {}) => ok(t, agencyListCalls.agencyList, { keyword: '代理测试', ...filter }, admin);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  east = (await ok(t, regionResource.calls.add!, { name: '华东大区（全部代理）' }, admin)).id;
  await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [HANGZHOU, NINGBO] }, admin);
  const agent = (name: string, day: string, values: Parameters<typeof insertUser>[1]) =>
    insertUser(t, { name, typeUser: 1, registeredAt: new Date(`2026-03-0${day}T02:00:00Z`), ...values }).then((u) => u.id);
  jia = await agent('代理测试甲', '1', { cityCode: HANGZHOU, level: 2, mobile: '13911110001' });
  yi = await agent('代理测试乙', '2', { cityCode: BEIJING, level: 0 });
  bing = await agent('代理测试丙', '3', { cityCode: null, level: 0 });
  await insertUser(t, { name: '代理测试普通用户', typeUser: 2, cityCode: HANGZHOU });
  await openBalances(t, [{ userId: jia, balance: 12_345, income: 50_000 }]);
  await seed();
});
afterAll(() => t?.close());

const names = async (filter: Partial<AgencyFilter>) => (await list(filter)).data.map((r) => r.name);

describe('agency rows', () => {
  it('are added for every user of type 1 without one, in the user’s city and its region, joined when registered; again, nothing', async () => {
    const rows = await t.database.db.select().from(agency);
    expect(rows.map((r) => [r.userId, r.cityCode, r.regionId, r.applicationId, r.status, r.joinedAt.toISOString()]).sort()).toEqual(
      [
        [jia, HANGZHOU, east, null, 'active', '2026-03-01T02:00:00.000Z'],
        [yi, BEIJING, null, null, 'active', '2026-03-02T02:00:00.000Z'],
        [bing, null, null, null, 'active', '2026-03-03T02:00:00.000Z'],
      ].sort(),
    );
    await seed();
    expect(await t.database.db.select().from(agency)).toHaveLength(3);
  });
});

describe('全部代理', () => {
  it('lists agencies newest joined first with their level, place, post and money from the ledger', async () => {
    const page = await list();
    expect(page.count).toBe(3);
    expect(page.data.map((r) => r.name)).toEqual(['代理测试丙', '代理测试乙', '代理测试甲']);
    expect(page.data[2]).toMatchObject({ id: jia, level: 2, level_name: '白银代理', status: 'active', city: '杭州市', province: '浙江省', region: '华东大区（全部代理）', balance_cents: 12_345, total_income_cents: 50_000, application_id: null });
    expect(page.data[0]).toMatchObject({ city_code: null, city: '', region: '', balance_cents: 0 });
  });

  it('filters by keyword (name or mobile), level, region, city, status and the days joined', async () => {
    expect(await names({ keyword: '13911110001' })).toEqual(['代理测试甲']);
    expect(await names({ keyword: '测试乙' })).toEqual(['代理测试乙']);
    expect(await names({ level: 0 })).toEqual(['代理测试丙', '代理测试乙']);
    expect(await names({ region_id: east })).toEqual(['代理测试甲']);
    expect(await names({ city_code: BEIJING })).toEqual(['代理测试乙']);
    expect(await names({ joined: ['2026-03-02', '2026-03-03'] })).toEqual(['代理测试丙', '代理测试乙']);
    expect(await names({ status: 'suspended' })).toEqual([]);
    // The ordinary user is no agency.
    expect(await names({ keyword: '普通用户' })).toEqual([]);
  });

  it('offers its filters every level and region, and the cities agencies are in', async () => {
    const options = await ok(t, agencyListCalls.agencyOptions, undefined, admin);
    expect(options.levels.map((l) => l.name)).toEqual(['普通代理', '青铜代理', '白银代理', '黄金代理', '铂金代理', '钻石代理']);
    expect(options.regions).toContainEqual({ id: east, name: '华东大区（全部代理）' });
    expect(options.cities).toEqual([
      { code: BEIJING, name: '北京市', province: '北京市' },
      { code: HANGZHOU, name: '杭州市', province: '浙江省' },
    ]);
  });

  it('reads page after page by cursor, the first page’s count carried; a cursor it did not make is 40000 naming cursor', async () => {
    const first = await list({ limit: 2 });
    expect(first.data.map((r) => r.id)).toEqual([bing, yi]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await list({ limit: 2, cursor: first.next_cursor! });
    expect(second).toMatchObject({ count: 3, next_cursor: null });
    expect(second.data.map((r) => r.id)).toEqual([jia]);
    expect(expectError(await invoke(t, agencyListCalls.agencyList, { cursor: 'bm90LWEtY3Vyc29y' }, admin), 40000)).toMatchObject({ field: 'cursor' });
  });

  it('opens an agency with 代理申请表’s form and values; a user who is no agency is 40400', async () => {
    await t.database.db.update(agency).set({ extra: { real_name: '甲', company_name: '甲公司' } }).where(eq(agency.userId, jia));
    const details = await ok(t, agencyListCalls.agencyDetails, { id: jia }, admin);
    expect(details).toMatchObject({ id: jia, name: '代理测试甲', balance_cents: 12_345, frozen_cents: 0, bean_balance: 0, extra: { real_name: '甲', company_name: '甲公司' }, locked: false });
    expect(details.form.map((f) => f.key).slice(0, 3)).toEqual(['real_name', 'mobile', 'company_name']);
    const ordinary = await insertUser(t, { typeUser: 2 });
    expectError(await invoke(t, agencyListCalls.agencyDetails, { id: ordinary.id }, admin), 40400);
  });

  it('exports the filtered set, money in yuan', async () => {
    const res = await t.app.inject({ method: 'POST', url: agencyListCalls.agencyExport.path, payload: { keyword: '代理测试', region_id: east }, headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]!.slice(0, 4)).toEqual(['代理ID', '代理', '手机号', '代理等级']);
    expect(rows[1]!.slice(0, 4)).toEqual([jia, '代理测试甲', '13911110001', '白银代理']);
    expect(rows[1]!.slice(9, 11)).toEqual([123.45, 500]);
  });
});

describe('an agency’s changes', () => {
  it('suspends with a reason and resumes; the same move twice is 40900 naming status; both read back as its history', async () => {
    expect(expectError(await invoke(t, agencyListCalls.agencySuspend, { id: yi, reason: ' ' }, admin), 40000)).toMatchObject({ field: 'reason' });
    expectError(await invoke(t, agencyListCalls.agencyResume, { id: yi }, admin), 40900);
    expectOk(await invoke(t, agencyListCalls.agencySuspend, { id: yi, reason: '投诉核查中' }, admin));
    expect((await list({ status: 'suspended' })).data.map((r) => r.id)).toEqual([yi]);
    expect(expectError(await invoke(t, agencyListCalls.agencySuspend, { id: yi, reason: '再次' }, admin), 40900)).toMatchObject({ field: 'status' });
    expectOk(await invoke(t, agencyListCalls.agencyResume, { id: yi }, admin));
    const history = await ok(t, agencyListCalls.agencyHistory, { id: yi }, admin);
    expect(history.map((h) => [h.action, h.reason, h.staff_name !== null])).toEqual([
      ['suspend', '投诉核查中', true],
      ['resume', null, true],
    ]);
    expectError(await invoke(t, agencyListCalls.agencySuspend, { id: 2_000_000, reason: '无' }, admin), 40400);
  });

  it('sets a level by hand with a reason: a level no record has is 40000 naming level, the level held 40900', async () => {
    expect(expectError(await invoke(t, agencyListCalls.levelSet, { id: bing, level: 42, reason: '调整' }, admin), 40000)).toMatchObject({ field: 'level' });
    expect(expectError(await invoke(t, agencyListCalls.levelSet, { id: bing, level: 0, reason: '调整' }, admin), 40900)).toMatchObject({ field: 'level' });
    expectOk(await invoke(t, agencyListCalls.levelSet, { id: bing, level: 3, reason: '年度大客户' }, admin));
    const [user] = await t.database.db.select({ level: users.level }).from(users).where(eq(users.id, bing));
    expect(user!.level).toBe(3);
    expect((await ok(t, agencyListCalls.agencyHistory, { id: bing }, admin)).map((h) => [h.action, h.from, h.to, h.reason])).toEqual([['level_set', 0, 3, '年度大客户']]);
  });

  it('each need their own operation: a staff who may view changes nothing', async () => {
    const viewer = await signInWith(t, ['agency.view']);
    expect((await ok(t, agencyListCalls.agencyList, { keyword: '代理测试' }, viewer)).count).toBe(3);
    expectError(await invoke(t, agencyListCalls.agencySuspend, { id: jia, reason: '越权' }, viewer), 40300);
    expectError(await invoke(t, agencyListCalls.levelSet, { id: jia, level: 1, reason: '越权' }, viewer), 40300);
    const exportRes = await t.app.inject({ method: 'POST', url: agencyListCalls.agencyExport.path, payload: {}, headers: { 'x-token': viewer } });
    expect(exportRes.json()).toMatchObject({ code: 40300 });
    const [row] = await t.database.db.select({ status: agency.status }).from(agency).where(eq(agency.userId, jia));
    expect(row!.status).toBe('active');
    expectError(await invoke(t, agencyListCalls.agencyList, {}, await signInWith(t, ['agency.level.view'])), 40300);
  });

  it.runIf(testEngine === 'postgres')('two staff suspending one agency at once: one suspends it, the other is told 40900', async () => {
    const answers = await Promise.all([1, 2].map((n) => invoke(t, agencyListCalls.agencySuspend, { id: jia, reason: `并发 ${n}` }, admin)));
    expect(answers.map((a) => a.code).sort()).toEqual([20000, 40900]);
    expect((await ok(t, agencyListCalls.agencyHistory, { id: jia }, admin)).filter((h) => h.action === 'suspend')).toHaveLength(1);
  });
});
