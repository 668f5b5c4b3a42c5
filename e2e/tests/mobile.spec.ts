import { expect, test, type Locator } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 390, height: 844 } });

/** Visible, and what a tap anywhere across it reaches: no pinned column or other layer lies over any part of it. */
async function expectUncovered(target: Locator) {
  await expect(target).toBeVisible();
  const covered = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const middle = box.top + box.height / 2;
    return [box.left + 2, box.left + box.width / 2, box.right - 2].filter((x) => {
      const hit = document.elementFromPoint(x, middle);
      return hit === null || !(hit === element || element.contains(hit));
    });
  });
  expect(covered, `${await target.textContent()} is covered at x = ${covered.join(', ')}`).toEqual([]);
}

/** The header cells of pinned columns (the scroll bar's corner cell is pinned too, and is not a column). */
const pinnedHeaders = '.ant-table-thead th:is(.ant-table-cell-fix-start, .ant-table-cell-fix-end):not(.ant-table-cell-scrollbar)';
/** The 筛选 button, with or without its count (antd spaces out a two-character label: 筛 选). */
const FILTERS_BUTTON = /^筛 ?选( \(\d+\))?$/;

test('a phone gets the user list with one pinned column, its filters in a drawer and its details in one column', async ({ page, request }) => {
  const admin = await adminToken(request);
  const agents = await apiOk<{ count: number }>(request, admin, '/api/user/lists', { type_user: 1, limit: 1 });

  await openAsAdmin(page, request, '/user/list');
  const rows = page.locator('.ant-table-row');
  await expect(rows.first()).toBeVisible();

  // Only the actions stay pinned; their header and the first rows' 详情 are in view, on top, inside the table.
  await expect(page.locator(pinnedHeaders)).toHaveCount(1);
  await expectUncovered(page.getByRole('columnheader', { name: '操作' }));
  for (const row of (await rows.all()).slice(0, 5)) await expectUncovered(row.getByRole('button', { name: '详情' }));
  // The table fits in its card, which fits the screen: the rows are the one thing that scrolls, and they have most of it.
  const card = (await page.locator('.user-page').boundingBox())!;
  const table = (await page.locator('.infinite-table').boundingBox())!;
  expect(table.y + table.height).toBeLessThanOrEqual(card.y + card.height);
  expect(table.height).toBeGreaterThan(844 / 2);
  expect(await page.locator('.shell-pane:not([hidden])').evaluate((pane) => pane.scrollHeight - pane.clientHeight)).toBeLessThanOrEqual(1);
  await screenshot(page, 'user-list-390');

  // The filters wait behind 筛选; one chosen in its drawer filters the list, and the button counts it.
  const bar = page.getByRole('search');
  await expect(bar.getByRole('combobox', { name: '用户类型' })).toHaveCount(0);
  await bar.getByRole('button', { name: FILTERS_BUTTON }).click();
  const drawer = page.getByRole('dialog', { name: '筛选' });
  await drawer.getByRole('combobox', { name: '用户类型' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^代理$/ }).click();
  await expect(page).toHaveURL(/\/user\/list\?type_user=1$/);
  await expect(drawer.getByRole('button', { name: '清空筛选 (1)' })).toBeEnabled();
  await screenshot(page, 'user-filters-390');
  await drawer.getByRole('button', { name: '完 成' }).click();
  await expect(bar.getByRole('button', { name: FILTERS_BUTTON })).toHaveText('筛选 (1)');
  await expect(page.getByText(`共 ${agents.count} 位用户`)).toBeVisible();

  // 详情 opens the user; the profile is one label and value a row, no label broken over lines.
  await rows.first().getByRole('button', { name: '详情' }).click();
  const details = page.getByRole('dialog').filter({ hasText: '邀请人数' });
  await expect(details.getByText('邀请人数')).toBeVisible();
  const labels = await details
    .locator('.ant-descriptions-item-label')
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const text = document.createRange();
        text.selectNodeContents(cell);
        return { text: cell.textContent, left: cell.getBoundingClientRect().left, lines: new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size };
      }),
    );
  expect(labels.length).toBeGreaterThan(10);
  for (const label of labels) expect(label, `${label.text}`).toMatchObject({ left: labels[0]!.left, lines: 1 });
  await screenshot(page, 'user-detail-390');
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // A desktop keeps the bar as it was: the filters inline, no 筛选 button; and the pinned ID, user and actions.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar.getByRole('combobox', { name: '用户类型' })).toBeVisible();
  await expect(bar.getByRole('button', { name: FILTERS_BUTTON })).toHaveCount(0);
  await expect(page.locator(pinnedHeaders)).toHaveCount(3);
  await screenshot(page, 'user-list-1280');
});
