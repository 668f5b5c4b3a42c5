import { fieldFormCalls, fieldLookupCalls, industryResource, keyword, keywordCalls, keywordIndex, keywordType, startsPeriod } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { changedTables, JOURNAL_TABLES, ACTIVITY_COLUMNS, snapshotDatabase } from './helpers/snapshot';

/**
 * 总关键词库's own rules on top of the generated resource tests (test/resources.test.ts): a keyword folded and unique
 * within its type, and the types named to a keyword's picker through the module lookup (docs/resources.md › References).
 */
let t: TestApp;
let admin: string;
let food: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  food = (await ok(t, industryResource.calls.list, { keyword: '餐饮美食' }, admin)).data[0]!.id;
});
afterAll(() => t?.close());

const addType = async (name: string, enabled = true) => (await ok(t, keywordType.calls.add!, { name, enabled }, admin)).id;
const addKeyword = (word: string, typeId: number, extra: { industry_id?: number } = {}) => invoke(t, keyword.calls.add!, { word, type_id: typeId, ...extra }, admin);

const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });

/** The call's error, checking it left every table but the journals as it was. */
async function refused(answer: () => ReturnType<typeof invoke>, code: 40000 | 40900 | 40300) {
  const before = await snapshot();
  const details = expectError(await answer(), code);
  expect(changedTables(before, await snapshot())).toEqual([]);
  return details;
}

describe('master keywords (总关键词库)', () => {
  it('keeps a keyword folded, once within its type, and the same words in another type', async () => {
    const [trade, region] = [await addType('行业词-测试'), await addType('地域词-测试')];
    const { id } = (await addKeyword('  ＳＥＯ   优化 ', trade, { industry_id: food })).data as { id: number };
    expect(await ok(t, keyword.calls.details, { id }, admin)).toMatchObject({ word: 'SEO 优化', type_id: trade, industry_id: food, enabled: true });

    const taken = await refused(() => addKeyword('SEO 优化', trade), 40900);
    expect(taken.field).toBe('word');
    expect((await addKeyword('SEO 优化', region)).code).toBe(20000);
    // Moving a keyword into a type holding its word is the same refusal.
    const other = ((await addKeyword('seo 优化', region)).data as { id: number }).id;
    expect((await refused(() => invoke(t, keyword.calls.edit!, { id: other, type_id: trade, word: 'ＳＥＯ 优化' }, admin), 40900)).field).toBe('word');

    // The list filters by type and finds by the folded word.
    const byType = await ok(t, keyword.calls.list, { type_id: trade, keyword: 'SEO' }, admin);
    expect(byType.data.map((row) => row.word)).toEqual(['SEO 优化']);
  });

  it('refuses a type no record has, and keeps a type or an industry a keyword holds', async () => {
    expectRefused(await invoke(t, keyword.calls.add!, { word: '无类型', type_id: 999_999 }, admin), 'type_id', keyword.calls.add!);
    const held = await addType('被引用类型');
    const { id } = (await addKeyword('被引用', held, { industry_id: food })).data as { id: number };
    await refused(() => invoke(t, keywordType.calls.delete!, { id: held }, admin), 40900);
    await refused(() => invoke(t, industryResource.calls.delete!, { id: food }, admin), 40900);
    await ok(t, keyword.calls.delete!, { id }, admin);
    await ok(t, keywordType.calls.delete!, { id: held }, admin);
  });
});

describe('the keyword types’ lookup', () => {
  it('offers the types on to whoever views keywords, names any by id, and no one else', async () => {
    const on = await addType('查找-启用');
    const off = await addType('查找-停用', false);
    const viewer = await signInWith(t, [keyword.operations.view]);
    const offered = await ok(t, fieldLookupCalls.lookup, { lookup: 'keyword_type', keyword: '查找-' }, viewer);
    expect(offered).toEqual({ available: true, items: [{ id: on, name: '查找-启用' }] });
    // A keyword of a type switched off still shows its type's name.
    expect((await ok(t, fieldLookupCalls.lookup, { lookup: 'keyword_type', ids: [off, 999_999] }, viewer)).items).toEqual([{ id: off, name: '查找-停用' }]);
    expectError(await invoke(t, fieldLookupCalls.lookup, { lookup: 'keyword_type' }, await signInWith(t, [keywordType.operations.view])), 40300);
  });

  it('takes a picker type or a module lookup, one of the two', async () => {
    expectRefused(await invokeUnchecked(t, fieldLookupCalls.lookup, { type: 'industry', lookup: 'keyword_type' }, admin), 'type', fieldLookupCalls.lookup);
    expectRefused(await invokeUnchecked(t, fieldLookupCalls.lookup, {}, admin), 'type', fieldLookupCalls.lookup);
    expectRefused(await invokeUnchecked(t, fieldLookupCalls.lookup, { lookup: 'nothing' }, admin), 'lookup', fieldLookupCalls.lookup);
  });

  it('is no choice for staff’s own fields: a definition naming a module lookup is refused', async () => {
    const add = fieldFormCalls.customer_info.definitionAdd;
    const body = { key: 'kw_type', type: 'single_user', label: { 'zh-CN': '关键词类型', 'en-US': 'Keyword type' }, lookup: 'keyword_type' };
    expectRefused(await invokeUnchecked(t, add, body, admin), 'lookup', add);
  });
});

describe('keyword indexes (指数管理)', () => {
  it('tells a period’s first day: any day, a Monday, the 1st', () => {
    expect(['2026-12-06', '2026-12-07'].map((day) => startsPeriod(day, 1))).toEqual([true, true]);
    expect(['2026-12-06', '2026-12-07', '2024-02-26'].map((day) => startsPeriod(day, 2))).toEqual([false, true, true]);
    expect(['2026-12-01', '2026-12-07', '2024-02-29'].map((day) => startsPeriod(day, 3))).toEqual([true, false, false]);
  });

  it('keeps one value per keyword, period and start that begins its period, and answers a trend oldest first', async () => {
    const type = await addType('指数-类型');
    const word = ((await addKeyword('指数词', type)).data as { id: number }).id;
    const add = (period: 1 | 2 | 3, period_start: string, value: number) => invoke(t, keywordIndex.calls.add!, { keyword_id: word, period, period_start, value }, admin);
    for (const [day, value] of [['2026-11-30', 120], ['2026-12-07', 150], ['2026-11-23', 90]] as const) expect((await add(2, day, value)).code).toBe(20000);
    expect((await refused(() => add(2, '2026-12-08', 1), 40000)).field).toBe('period_start');
    expect((await refused(() => add(3, '2026-12-07', 1), 40000)).field).toBe('period_start');
    expect((await refused(() => add(2, '2026-12-07', 1), 40900)).field).toBe('period_start');
    // The same start as a day and as a month's first day are other periods.
    expect((await add(1, '2026-12-07', 30)).code).toBe(20000);
    expect((await add(3, '2026-12-01', 600)).code).toBe(20000);

    const viewer = await signInWith(t, [keywordIndex.operations.view]);
    expect(await ok(t, keywordCalls.indexTrend, { keyword_id: word, period: 2 }, viewer)).toEqual([
      { period_start: '2026-11-23', value: 90 },
      { period_start: '2026-11-30', value: 120 },
      { period_start: '2026-12-07', value: 150 },
    ]);
    expect(await ok(t, keywordCalls.indexTrend, { keyword_id: word, period: 2, period_start: ['2026-11-24', '2026-12-31'] }, viewer)).toHaveLength(2);
    expect(await ok(t, keywordCalls.indexTrend, { keyword_id: word, period: 3 }, viewer)).toEqual([{ period_start: '2026-12-01', value: 600 }]);
    expectRefused(await invokeUnchecked(t, keywordCalls.indexTrend, { keyword_id: word, period: 4 }, viewer), 'period', keywordCalls.indexTrend);
    expectError(await invoke(t, keywordCalls.indexTrend, { keyword_id: word, period: 2 }, await signInWith(t, [keyword.operations.view])), 40300);

    // A keyword's values go with it.
    await ok(t, keyword.calls.delete!, { id: word }, admin);
    expect(await ok(t, keywordCalls.indexTrend, { keyword_id: word, period: 2 }, viewer)).toEqual([]);
  });
});
