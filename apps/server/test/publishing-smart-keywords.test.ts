import { extensionLabel, keyword, keywordIndex, keywordType, publishingCalls, workingKeyword } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectRefused, invoke, ok, signInAsAdmin } from './helpers/auth';

/**
 * 智能关键词 without a model (docs/publishing.md › Material): the master library's keywords related to a seed word,
 * highest latest index first, each said kept or not; the chosen kept as the tool's keywords, once.
 */
let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  const industry = (await ok(t, keywordType.calls.add!, { name: '行业词' }, admin)).id;
  const region = (await ok(t, keywordType.calls.add!, { name: '地域词' }, admin)).id;
  ids.industry = industry;
  ids.region = region;
  for (const [word, type, enabled] of [
    ['装修公司', industry, true],
    ['装修报价', industry, true],
    ['杭州装修公司', region, true],
    ['装修公司排名', industry, true],
    ['装修公司哪家好', industry, false],
    ['婚纱摄影', region, true],
  ] as const)
    ids[word] = (await ok(t, keyword.calls.add!, { word, type_id: type, enabled }, admin)).id;
  for (const [word, period, start, value] of [
    ['杭州装修公司', 1, '2026-12-01', 500],
    ['装修报价', 3, '2026-11-01', 900],
    ['装修报价', 1, '2026-12-02', 100],
  ] as const)
    await ok(t, keywordIndex.calls.add!, { keyword_id: ids[word]!, period, period_start: start, value }, admin);
});
afterAll(() => t?.close());

const suggest = (body: Parameters<typeof ok<typeof publishingCalls.keywordSuggest>>[2]) => ok(t, publishingCalls.keywordSuggest, body, admin);

describe('智能关键词', () => {
  it('lists the library’s keywords holding the seed or of its type and industry, the latest index highest first, the seed and switched-off ones left out', async () => {
    const found = await suggest({ seed: ' 装修公司 ' });
    expect(found).toMatchObject({ source: 'library', seed: '装修公司', seed_known: true });
    expect(found.keywords.map((one) => [one.word, one.type_name, one.index_value, one.index_start])).toEqual([
      ['杭州装修公司', '地域词', 500, '2026-12-01'],
      // The latest start entered, not the highest value: the day after the month.
      ['装修报价', '行业词', 100, '2026-12-02'],
      ['装修公司排名', '行业词', null, null],
    ]);
    // A type narrows; a seed the library does not hold finds only what holds it.
    expect((await suggest({ seed: '装修公司', type_id: ids.region! })).keywords.map((one) => one.word)).toEqual(['杭州装修公司']);
    expect(await suggest({ seed: '婚纱' })).toMatchObject({ seed_known: false, keywords: [expect.objectContaining({ word: '婚纱摄影', kept: false })] });
    expect((await suggest({ seed: '装修公司', limit: 1 })).keywords).toHaveLength(1);
  });

  it('keeps the chosen as the tool’s keywords with their tag and source, once; refuses a keyword or tag that is not there', async () => {
    const tag = (await ok(t, extensionLabel.calls.add!, { name: '地域拓展' }, admin)).id;
    expect(await ok(t, publishingCalls.keywordKeep, { library_ids: [ids.杭州装修公司!, ids.装修报价!], label_id: tag }, admin)).toEqual({ added: 2, unchanged: 0 });
    const kept = await ok(t, workingKeyword.calls.list, { label_id: tag }, admin);
    expect(kept.data.map((row) => [row.word, row.library_id]).sort()).toEqual([
      ['杭州装修公司', ids.杭州装修公司],
      ['装修报价', ids.装修报价],
    ]);
    expect((await suggest({ seed: '装修公司' })).keywords.map((one) => [one.word, one.kept])).toEqual([
      ['杭州装修公司', true],
      ['装修报价', true],
      ['装修公司排名', false],
    ]);
    expect(await ok(t, publishingCalls.keywordKeep, { library_ids: [ids.杭州装修公司!] }, admin)).toEqual({ added: 0, unchanged: 1 });

    expectRefused(await invoke(t, publishingCalls.keywordKeep, { library_ids: [999_999] }, admin), 'library_ids', '关键词');
    expectRefused(await invoke(t, publishingCalls.keywordKeep, { library_ids: [ids.装修公司排名!], label_id: 999_999 }, admin), 'label_id', '拓展词标签');
    expect((await ok(t, workingKeyword.calls.list, { keyword: '装修公司排名' }, admin)).count).toBe(0);
  });
});
