import { expect, test, type Page } from '@playwright/test';
import { openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

const PATH = '/permission/case/platform';
const table = (page: Page) => page.locator('.resource-page .ant-table-tbody');
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('案例平台: search, add, edit and delete a platform, each seen in the list', async ({ page, request }) => {
  // A name of its own, so a rerun against the same data finds no leftover.
  const name = `平台${Date.now() % 100000}`;
  const renamed = `${name}改`;

  await openAsAdmin(page, request, PATH);
  await expect(rowOf(page, '抖音')).toBeVisible();
  await expect(rowOf(page, '小红书')).toBeVisible();
  await expect(rowOf(page, '快手')).toBeVisible();

  // Search by keyword: the URL keeps it, the list narrows.
  await page.getByRole('searchbox', { name: '搜索平台名称' }).fill('小红');
  await page.getByRole('searchbox', { name: '搜索平台名称' }).press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(rowOf(page, '小红书')).toBeVisible();
  await expect(rowOf(page, '抖音')).toHaveCount(0);
  await page.getByRole('button', { name: /清空筛选/ }).click();
  await expect(rowOf(page, '抖音')).toBeVisible();

  // Add: an empty name is refused on its field; then a valid one shows in the list.
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入平台名称')).toBeVisible();
  await dialog.getByLabel('平台名称').fill(name);
  await dialog.getByLabel('备注').fill('端到端测试');
  await dialog.getByLabel('排序').fill('99');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toContainText('端到端测试');

  // Edit: a taken name is marked on the field; a new one replaces the old in the list.
  await rowOf(page, name).getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog.getByLabel('平台名称')).toHaveValue(name);
  await dialog.getByLabel('平台名称').fill('抖音');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('该平台名称已存在')).toBeVisible();
  await dialog.getByLabel('平台名称').fill(renamed);
  await dialog.getByLabel('启用').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, renamed)).toContainText('停用');
  await expect(rowOf(page, name)).toHaveCount(0);

  // Screenshots: both languages, wide and narrow.
  for (const language of ['en-US', 'zh-CN']) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(table(page).getByRole('row').first()).toBeVisible();
      await screenshot(page, `case-platform-${language}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(rowOf(page, renamed)).toBeVisible();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await screenshot(page, 'case-platform-form-zh-CN');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Delete, after confirmation.
  await rowOf(page, renamed).getByRole('button', { name: /删\s*除/ }).click();
  await page.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(rowOf(page, renamed)).toHaveCount(0);
  await expect(rowOf(page, '抖音')).toBeVisible();
});
