import type { Locator, Page } from '@playwright/test';

/**
 * Opens a list row's menu — 更多 beside 详情 and 编辑, or the row's one 操作 menu on a phone — and answers its entry
 * named `name` (the open menu's: a closed one stays in the page, hidden).
 */
export async function rowMenuItem(page: Page, row: Locator, name: string | RegExp): Promise<Locator> {
  await row.getByRole('button', { name: /更多|^操作$/ }).click();
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name });
}

/** Deletes a list row through its menu, confirming. */
export async function deleteRow(page: Page, row: Locator): Promise<void> {
  await (await rowMenuItem(page, row, /删除/)).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /^删\s*除$/ }).click();
}
