import { regionResource, relevanceCalls } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { seedRelevance } from '../src/modules/relevance/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** 关联设置: regions and their cities; the region CRUD itself is covered by the generated resource tests. */
const SHANGHAI = '310000';
const HANGZHOU = '330100';
const NANJING = '320100';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const addRegion = async (name: string) => (await ok(t, regionResource.calls.add!, { name }, admin)).id;
const citiesOf = async (id: number, token = admin) => (await ok(t, relevanceCalls.regionCities, { id }, token)).map((c) => c.code);
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
const regionOfCity = (code: string) => t.app.access.regions!.regionOfCity(code);

describe('regions’ cities (关联设置)', () => {
  it('sets a region’s cities, then replaces them, each change audited with the cities before and after', async () => {
    const east = await addRegion('华东区');
    expect(await citiesOf(east)).toEqual([]);

    // Repeats count once; the answer is by province (上海 310000 before 浙江 330000).
    await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [HANGZHOU, SHANGHAI, HANGZHOU] }, admin);
    expect(await ok(t, relevanceCalls.regionCities, { id: east }, admin)).toEqual([
      { code: SHANGHAI, name: '上海市', province_name: '上海市' },
      { code: HANGZHOU, name: '杭州市', province_name: '浙江省' },
    ]);

    await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [NANJING, SHANGHAI] }, admin);
    expect(await citiesOf(east)).toEqual([SHANGHAI, NANJING]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'relevance.region.cities'), eq(auditLog.target, `relevance.region:${east}`)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.detail)).toEqual([
      { before: { name: '华东区', city_codes: [], cities: [] }, after: { name: '华东区', city_codes: [SHANGHAI, HANGZHOU], cities: ['上海市', '杭州市'] } },
      { before: { name: '华东区', city_codes: [SHANGHAI, HANGZHOU], cities: ['上海市', '杭州市'] }, after: { name: '华东区', city_codes: [SHANGHAI, NANJING], cities: ['上海市', '南京市'] } },
    ]);

    // An empty list frees them all.
    await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [] }, admin);
    expect(await citiesOf(east)).toEqual([]);
    await ok(t, regionResource.calls.delete!, { id: east }, admin);
  });

  it('refuses a code that is no city (40000) and a city another region holds (40900, naming both), changing nothing', async () => {
    const east = await addRegion('华东一区');
    const other = await addRegion('华东二区');
    await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [SHANGHAI, HANGZHOU] }, admin);

    let before = await snapshot();
    expect(expectError(await invoke(t, relevanceCalls.regionCitiesSet, { id: other, city_codes: [NANJING, '999999'] }, admin), 40000)).toMatchObject({ field: 'city_codes' });
    expect(expectError(await invokeUnchecked(t, relevanceCalls.regionCitiesSet, { id: other, city_codes: ['31000'] }, admin), 40000).field).toMatch(/^city_codes/);
    expect(expectError(await invokeUnchecked(t, relevanceCalls.regionCitiesSet, { id: other, city_codes: Array(401).fill(SHANGHAI) }, admin), 40000).field).toMatch(/^city_codes/);
    expect(changedTables(before, await snapshot())).toEqual([]);

    before = await snapshot();
    const refused = await invoke(t, relevanceCalls.regionCitiesSet, { id: other, city_codes: [NANJING, HANGZHOU, SHANGHAI] }, admin);
    expect(expectError(refused, 40900)).toMatchObject({ field: 'city_codes' });
    expect(refused.message).toBe('上海市、杭州市已属于华东一区');
    const english = await invoke(t, relevanceCalls.regionCitiesSet, { id: other, city_codes: [SHANGHAI] }, admin, { headers: { 'accept-language': 'en-US' } });
    expect(english.message).toBe('上海市 already belongs to 华东一区');
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect(await citiesOf(other)).toEqual([]);

    // A missing region is 40400.
    expectError(await invoke(t, relevanceCalls.regionCitiesSet, { id: 999_999, city_codes: [NANJING] }, admin), 40400);
    expectError(await invoke(t, relevanceCalls.regionCities, { id: 999_999 }, admin), 40400);
    for (const id of [east, other]) await ok(t, regionResource.calls.delete!, { id }, admin);
  });

  it('frees a deleted region’s cities for another region, and lists which region holds each city', async () => {
    const east = await addRegion('华东区');
    const other = await addRegion('长三角');
    await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [SHANGHAI, HANGZHOU] }, admin);

    const cities = await ok(t, relevanceCalls.cityRegions, undefined, admin);
    expect(cities.length).toBeGreaterThan(360);
    expect(cities.find((c) => c.code === SHANGHAI)).toEqual({
      code: SHANGHAI,
      name: '上海市',
      province_code: '310000',
      province_name: '上海市',
      pinyin: 'shanghaishi',
      initials: 'shs',
      enabled: true,
      region_id: east,
      region_name: '华东区',
    });
    expect(cities.find((c) => c.code === NANJING)).toMatchObject({ region_id: null, region_name: null });
    expect(cities.filter((c) => c.region_id !== null).map((c) => c.code)).toEqual([SHANGHAI, HANGZHOU]);

    expect(await regionOfCity(SHANGHAI)).toEqual({ id: east, name: '华东区' });
    expect(await regionOfCity(NANJING)).toBeNull();
    expect(await regionOfCity('999999')).toBeNull();

    await ok(t, regionResource.calls.delete!, { id: east }, admin);
    expect(await regionOfCity(SHANGHAI)).toBeNull();
    await ok(t, relevanceCalls.regionCitiesSet, { id: other, city_codes: [SHANGHAI] }, admin);
    expect(await regionOfCity(SHANGHAI)).toEqual({ id: other, name: '长三角' });
    await ok(t, regionResource.calls.delete!, { id: other }, admin);
  });

  it('lets staff who may only view read the cities, and refuses them a change (40300)', async () => {
    const east = await addRegion('华东区');
    await ok(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [SHANGHAI] }, admin);
    const viewer = await signInWith(t, ['relevance.region.view']);
    expect(await citiesOf(east, viewer)).toEqual([SHANGHAI]);
    expect((await ok(t, relevanceCalls.cityRegions, undefined, viewer)).find((c) => c.code === SHANGHAI)?.region_name).toBe('华东区');
    const before = await snapshot();
    expectError(await invoke(t, relevanceCalls.regionCitiesSet, { id: east, city_codes: [HANGZHOU] }, viewer), 40300);
    expect(changedTables(before, await snapshot())).toEqual([]);
    const outsider = await signInWith(t, []);
    expectError(await invoke(t, relevanceCalls.cityRegions, undefined, outsider), 40300);
    expectError(await invoke(t, relevanceCalls.regionCities, { id: east }, outsider), 40300);
    await ok(t, regionResource.calls.delete!, { id: east }, admin);
  });

  it('gives a demo two regions while there is none, and leaves regions staff made alone', async () => {
    const seed = () => seedRelevance({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await seed();
    const regions = (await ok(t, regionResource.calls.list, { limit: 200 }, admin)).data;
    expect(regions.map((r) => r.name)).toEqual(['华北区', '华南区']);
    expect(await regionOfCity('110000')).toMatchObject({ name: '华北区' });
    expect(await regionOfCity('440300')).toMatchObject({ name: '华南区' });
    await ok(t, regionResource.calls.delete!, { id: regions[0]!.id }, admin);
    await seed();
    expect((await ok(t, regionResource.calls.list, {}, admin)).data.map((r) => r.name)).toEqual(['华南区']);
  });
});
