import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { deleteRow, rowMenuItem } from '../support/row-menu';
import { openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });
// The journey also takes its screens at two widths.
test.slow();

const PATH = '/permission/relevance';
const table = (page: Page) => page.locator('.resource-page .ant-table-tbody');
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const drawerOf = (page: Page, region: string) => page.getByRole('dialog', { name: `${region} · 所辖城市` });
/** The picker's entry titled `title` (a held city names its region: 上海市（华东区）). */
const cityNode = (drawer: Locator, title: string) => drawer.getByRole('treeitem', { name: title, exact: true });

async function addRegion(page: Page, name: string) {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('大区名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toBeVisible();
}

/** A region's 城市（n） in its row's menu (the menu left open). */
const citiesItem = (page: Page, region: string) => rowMenuItem(page, rowOf(page, region), /^城市/);

/** How many cities a region's row counts: its menu's 城市（n）, read and the menu closed. */
async function expectCities(page: Page, region: string, count: number) {
  await expect(await citiesItem(page, region)).toHaveText(`城市（${count}）`, { timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** Opens a region's cities from its row's 城市（n）. */
async function openCities(page: Page, region: string) {
  await (await citiesItem(page, region)).click();
  const drawer = drawerOf(page, region);
  await expect(drawer.getByText(/^已选 \d+ 个城市$/)).toBeVisible();
  return drawer;
}

/** Finds a city by the words typed and checks it. */
async function pick(drawer: Locator, words: string, city: string) {
  await drawer.getByRole('searchbox', { name: '搜索城市名称或拼音' }).fill(words);
  await cityNode(drawer, city).getByRole('checkbox').click();
}

/** Closes the cities drawer with its choice unchanged: nothing to lose, so nothing is confirmed. */
async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('关联设置: a region takes 上海市 and 杭州市, another cannot take them until the first is deleted', async ({ page, request }) => {
  await openAsAdmin(page, request, PATH);
  // The demo's regions, with their cities counted.
  await expectCities(page, '华北区', 5);
  await addRegion(page, '华东区');
  await expectCities(page, '华东区', 0);

  // Give 华东区 上海市 (by name) and 杭州市 (by pinyin).
  let drawer = await openCities(page, '华东区');
  await pick(drawer, '上海', '上海市');
  await pick(drawer, 'hangzhou', '杭州市');
  const chosen = drawer.getByRole('region', { name: '已选城市' });
  await expect(chosen).toHaveText('上海市杭州市');
  await expect(drawer.getByText('已选 2 个城市')).toBeVisible();
  // A city of a demo region cannot be taken: it names its region.
  await drawer.getByRole('searchbox', { name: '搜索城市名称或拼音' }).fill('北京');
  await expect(cityNode(drawer, '北京市（华北区）')).toHaveClass(/ant-tree-treenode-disabled/);
  expect.soft(await seriousViolations(page), 'the city picker').toEqual([]);
  await drawer.getByRole('searchbox', { name: '搜索城市名称或拼音' }).fill('');
  await screenshot(page, 'relevance-cities-zh-CN-1280');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('已保存').last()).toBeVisible();
  await expectCities(page, '华东区', 2);

  // Opened again, it holds their names.
  drawer = await openCities(page, '华东区');
  await expect(drawer.getByRole('region', { name: '已选城市' })).toHaveText('上海市杭州市');
  await closeDrawer(page);

  // A second region sees 上海市 disabled, named as 华东区's.
  await addRegion(page, '华中区');
  drawer = await openCities(page, '华中区');
  await drawer.getByRole('searchbox', { name: '搜索城市名称或拼音' }).fill('上海');
  const held = cityNode(drawer, '上海市（华东区）');
  await expect(held).toHaveClass(/ant-tree-treenode-disabled/);
  await held.getByRole('checkbox').click({ force: true });
  await expect(drawer.getByText('已选 0 个城市')).toBeVisible();
  await screenshot(page, 'relevance-held-zh-CN-1280');
  await closeDrawer(page);

  // Deleting 华东区 frees its cities: 华中区 takes 上海市.
  await deleteRow(page, rowOf(page, '华东区'));
  await expect(rowOf(page, '华东区')).toHaveCount(0);
  drawer = await openCities(page, '华中区');
  await pick(drawer, '上海', '上海市');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  await expectCities(page, '华中区', 1);

  // The list and the picker on a phone.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expectCities(page, '华中区', 1);
  await screenshot(page, 'relevance-zh-CN-390');
  drawer = await openCities(page, '华中区');
  await screenshot(page, 'relevance-cities-zh-CN-390');
  await closeDrawer(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(rowOf(page, '华中区')).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'relevance-zh-CN-1280');

  // Tidy up for the journeys that follow on this server.
  await deleteRow(page, rowOf(page, '华中区'));
  await expect(rowOf(page, '华中区')).toHaveCount(0);
});
