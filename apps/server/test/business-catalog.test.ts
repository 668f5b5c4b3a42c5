import { businessCatalogCalls, businessPackage, businessResource, fieldLookupCalls } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';

/**
 * 全部业务 (docs/marketplace.md › 全部业务): the businesses as the apps show them, their packages on sale in figures.
 * The businesses and packages are written through 业务设置's and 套餐设置's own calls.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const addBusiness = async (name: string, sort: number, enabled = true) =>
  (await ok(t, businessResource.calls.add!, { name, summary: `${name}简介`, content: `<p>${name}<script>alert(1)</script></p>`, sort, enabled, industry_id: null }, admin)).id;
const addPackage = (business_id: number, name: string, price: number, enabled = true, sort = 0) =>
  ok(t, businessPackage.calls.add!, { business_id, name, price, duration_days: 30, quota: 0, description: '', sort, enabled }, admin);

describe('全部业务', () => {
  let video: number;
  let site: number;
  let idle: number;
  beforeAll(async () => {
    video = await addBusiness('目录·短视频', 10);
    site = await addBusiness('目录·官网', 20);
    idle = await addBusiness('目录·停售', 30, false);
    await addPackage(video, '旗舰', 1_280_000, true, 3);
    await addPackage(video, '基础', 298_000, true, 1);
    await addPackage(video, '旧版', 99_000, false, 2);
    await addPackage(idle, '托管', 250_000);
  });

  it('lists the businesses in 业务设置’s order with their packages on sale in figures: count, cheapest, dearest', async () => {
    const { count, data } = await ok(t, businessCatalogCalls.catalog, { keyword: '目录', page: 1, limit: 20 }, admin);
    expect(count).toBe(3);
    expect(data.map(({ name, packages_on_sale, package_count, price_from, price_to, enabled }) => [name, packages_on_sale, package_count, price_from, price_to, enabled])).toEqual([
      ['目录·短视频', 2, 3, 298_000, 1_280_000, true],
      ['目录·官网', 0, 0, null, null, true],
      ['目录·停售', 1, 1, 250_000, 250_000, false],
    ]);
    const onSale = await ok(t, businessCatalogCalls.catalog, { keyword: '目录', enabled: true, page: 1, limit: 1 }, admin);
    expect([onSale.count, onSale.data.map((card) => card.id)]).toEqual([2, [video]]);
    const second = await ok(t, businessCatalogCalls.catalog, { keyword: '目录', enabled: true, page: 2, limit: 1 }, admin);
    expect(second.data.map((card) => card.id)).toEqual([site]);
  });

  it('shows a business’s introduction, sanitised, and every package in 套餐设置’s order; an unknown id is 40400', async () => {
    const shown = await ok(t, businessCatalogCalls.show, { id: video }, admin);
    expect(shown.content).toBe('<p>目录·短视频</p>');
    expect(shown.packages.map(({ name, price, enabled }) => [name, price, enabled])).toEqual([
      ['基础', 298_000, true],
      ['旧版', 99_000, false],
      ['旗舰', 1_280_000, true],
    ]);
    expect(shown).toMatchObject({ name: '目录·短视频', packages_on_sale: 2, price_from: 298_000 });
    expectError(await invoke(t, businessCatalogCalls.show, { id: 2_000_000 }, admin), 40400);
  });

  it('offers the businesses on sale to business pickers in 业务设置’s order, and names one off sale by id', async () => {
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'business', keyword: '目录' }, admin)).items).toEqual([
      { id: video, name: '目录·短视频' },
      { id: site, name: '目录·官网' },
    ]);
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'business', ids: [idle, 999_999] }, admin)).items).toEqual([{ id: idle, name: '目录·停售' }]);
  });

  it('is read with 全部业务’s operation, not 业务设置’s (40300)', async () => {
    const reader = await signInWith(t, ['business.view']);
    expect((await ok(t, businessCatalogCalls.catalog, { keyword: '目录', page: 1, limit: 20 }, reader)).count).toBe(3);
    expectError(await invoke(t, businessResource.calls.list, {}, reader), 40300);
    const settingsOnly = await signInWith(t, ['business.setting.view']);
    expectError(await invoke(t, businessCatalogCalls.show, { id: video }, settingsOnly), 40300);
  });
});
