import { expect, test } from '@playwright/test';
import { openAsAdmin } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

test('全部业务: the businesses as the apps show them, filtered in the URL; a business’s showcase with its packages', async ({ page, request }) => {
  await openAsAdmin(page, request, '/business/list');
  const tile = (name: string) => page.locator('.business-tile').filter({ has: page.getByRole('button', { name, exact: true }) });
  const video = tile('短视频代运营');
  await expect(video).toBeVisible();
  await expect(video.getByText('¥ 2,980.00 – ¥ 12,800.00')).toBeVisible();
  await expect(video.getByText('在售套餐 3 / 共 3 个')).toBeVisible();
  await expect(page.getByText('共 6 个业务')).toBeVisible();

  // Off sale only: the one the demo keeps off sale.
  await page.getByRole('combobox', { name: '上架' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="否"]').click();
  await expect(page.getByText('共 1 个业务')).toBeVisible();
  await expect(tile('搜索引擎推广').getByText('已下架')).toBeVisible();
  await expect(page).toHaveURL(/enabled=false/);
  await page.getByRole('button', { name: '清空筛选' }).click();
  await expect(page.getByText('共 6 个业务')).toBeVisible();

  await page.getByRole('button', { name: '短视频代运营', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('row').filter({ hasText: '旗舰版' }).getByText('¥ 12,800.00')).toBeVisible();
  await expect(drawer.locator('.ant-table-tbody').getByRole('row')).toHaveCount(3);
  await expect(drawer.getByText('抖音、快手、视频号账号的策划、拍摄、剪辑与发布。')).toBeVisible();
  // The open business is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: '基础版' })).toBeVisible();
  await screenshot(page, 'business-show-zh-CN-1280');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await expect(page).not.toHaveURL(/open=/);

  for (const language of takingShots ? ['en-US', 'zh-CN'] : []) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(page.locator('.business-tile').first()).toBeVisible();
      await screenshot(page, `business-list-${language}-${width}`);
    }
  }
});
