import { createRequire } from 'node:module';
import { CITY_DATA_SOURCE, cityResource, generalCalls } from '@juqi/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, generalCity } from '../src/lib/db/schema';
import { CITY_SORT_START, divisionCities } from '../src/modules/general/divisions';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** 城市设置: the cities as the division data has them, and what staff may change. */
const calls = cityResource.calls;
type Row = { id: number; code: string; name: string; province_code: string; province_name: string; hot: boolean; enabled: boolean; sort: number };

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const list = async (body: Record<string, unknown>, token = admin) => (await ok(t, calls.list, body as never, token)) as { count: number; data: Row[] };
const byCode = async (code: string) => (await t.database.db.select().from(generalCity).where(eq(generalCity.code, code)))[0]!;

describe('the cities (城市设置)', () => {
  it('holds every city of the division package, by GB/T 2260 code, and names the package it came from', async () => {
    const stored = await t.database.db.select().from(generalCity).orderBy(asc(generalCity.code));
    const expected = divisionCities();
    expect(stored.map(({ code, name, provinceCode, provinceName, pinyin, initials }) => ({ code, name, provinceCode, provinceName, pinyin, initials }))).toEqual(expected);
    expect(stored.length).toBeGreaterThan(360);
    // Every city starts in the middle of the order, so staff can put one before or after the rest.
    expect(stored.every((c) => c.sort === CITY_SORT_START && c.enabled && !c.hot)).toBe(true);
    expect(stored.every((c) => /^\d{6}$/.test(c.code) && /^\d{2}0000$/.test(c.provinceCode))).toBe(true);
    // Municipalities are one city under their own code; prefecture-level cities and directly governed ones are cities.
    expect(expected.find((c) => c.code === '110000')).toMatchObject({ name: '北京市', provinceName: '北京市' });
    expect(expected.find((c) => c.code === '440100')).toMatchObject({ name: '广州市', provinceName: '广东省', pinyin: 'guangzhoushi', initials: 'gzs' });
    expect(expected.find((c) => c.code === '429004')).toMatchObject({ name: '仙桃市', provinceName: '湖北省' });
    expect(expected.some((c) => c.name.includes('直辖'))).toBe(false);
    const installed = createRequire(import.meta.url)(`${CITY_DATA_SOURCE.package}/package.json`) as { version: string };
    expect(installed.version).toBe(CITY_DATA_SOURCE.version);
  });

  it('lists the provinces for the province filter, in code order', async () => {
    const provinces = await ok(t, generalCalls.cityProvinces, undefined, admin);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市' });
    expect(provinces.find((p) => p.code === '440000')?.name).toBe('广东省');
    const codes = provinces.map((p) => p.code);
    expect(codes).toEqual(codes.slice().sort());
  });

  it('finds cities by name, pinyin or initials, and filters by province, hot and enabled', async () => {
    for (const keyword of ['广州', 'guangzhou', 'GZS']) expect((await list({ keyword })).data.map((c) => c.code)).toContain('440100');
    const guangdong = await list({ province_code: '440000', limit: 200 });
    expect(guangdong.count).toBe(21);
    expect(guangdong.data.every((c) => c.province_name === '广东省')).toBe(true);

    await ok(t, calls.edit!, { id: (await byCode('440300')).id, hot: true, sort: 1 }, admin);
    await ok(t, calls.edit!, { id: (await byCode('710000')).id, enabled: false }, admin);
    const hot = await list({ hot: true, limit: 200 });
    expect(hot.data.map((c) => c.code)).toEqual(['440300']);
    expect((await list({ hot: false, limit: 1 })).count).toBe((await list({ limit: 1 })).count - 1);
    expect((await list({ enabled: false })).data.map((c) => c.code)).toEqual(['710000']);
    expect((await list({ enabled: true, province_code: '710000' })).count).toBe(0);
    // The declared order: smaller sort first.
    expect((await list({ limit: 1 })).data[0]?.code).toBe('440300');
  });

  it('lets staff change a city’s order, enabled and hot, audited; the division data is refused naming the field', async () => {
    const chengdu = await byCode('510100');
    await ok(t, calls.edit!, { id: chengdu.id, hot: true, sort: 3, enabled: true }, admin);
    expect(await ok(t, calls.details, { id: chengdu.id }, admin)).toMatchObject({ code: '510100', name: '成都市', hot: true, sort: 3 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'general.city.edit'), eq(auditLog.target, `general.city:${chengdu.id}`)));
    expect(entry?.detail).toMatchObject({ before: { hot: false }, after: { hot: true, sort: 3 } });

    // Repeating the data is fine; changing it is not.
    await ok(t, calls.edit!, { id: chengdu.id, name: '成都市', code: '510100' }, admin);
    const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
    for (const [field, value] of [['name', '蓉城'], ['code', '510199'], ['province_code', '500000'], ['province_name', '四川'], ['pinyin', 'rongcheng']] as const) {
      const before = await snapshot();
      expect(expectError(await invoke(t, calls.edit!, { id: chengdu.id, [field]: value, hot: false }, admin), 40000)).toMatchObject({ field });
      expect(changedTables(before, await snapshot())).toEqual([]);
    }
    // Cities are never added or deleted: the calls are not offered.
    expect(calls.add).toBeUndefined();
    expect(calls.delete).toBeUndefined();
  });

  it('lets staff who may only view list the cities but not change them (40300)', async () => {
    const viewer = await signInWith(t, ['general.city.view']);
    expect((await list({ hot: true }, viewer)).count).toBeGreaterThan(0);
    expect((await ok(t, generalCalls.cityProvinces, undefined, viewer)).length).toBe(34);
    const shenzhen = await byCode('440300');
    expectError(await invoke(t, calls.edit!, { id: shenzhen.id, hot: false }, viewer), 40300);
    expect((await byCode('440300')).hot).toBe(true);
    const outsider = await signInWith(t, []);
    expectError(await invoke(t, generalCalls.cityProvinces, undefined, outsider), 40300);
  });
});
