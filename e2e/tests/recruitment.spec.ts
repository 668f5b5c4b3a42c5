import { expect, test } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';
import { rowMenuItem } from '../support/row-menu';
import { screenshot } from '../support/screenshot';

/**
 * 人事设置 › 线索 (issue 18): a lead added through the form, converted into a candidate's staff record placed in a
 * department, and found among 员工管理's candidates.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('线索: add a lead, convert it, find the candidate in 员工管理', async ({ page, request }) => {
  const admin = await adminToken(request);
  const seed = String(Date.now()).slice(-6);
  const department = `招聘部${seed}`;
  await apiOk(request, admin, '/api/department/department_add', { name: department, parent_id: 0 });
  const name = `韩测${seed}`;

  await openAsAdmin(page, request, '/permission/personnel/lead');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('姓名').fill(name);
  await form.getByLabel('手机号').fill(`136${seed.padStart(8, '0')}`);
  await form.getByLabel('应聘岗位').fill('短视频编导');
  await form.getByLabel('来源').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('内部推荐').click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();

  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('新线索');
  await screenshot(page, 'recruitment-leads-1280');
  await (await rowMenuItem(page, row, /转为员工/)).click();
  const convert = page.getByRole('dialog', { name: `将 ${name} 转为员工` });
  await convert.getByLabel('所属部门').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(department).click();
  await convert.getByRole('button', { name: /转为员工/ }).click();
  await expect(row).toContainText('已转员工');
  // Converted: its menu offers no 转为员工 any more.
  await expect(await rowMenuItem(page, row, /删除/)).toBeVisible();
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: /转为员工/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The lead's history holds the step, with who took it.
  await row.getByRole('button', { name: /详\s*情/ }).click();
  const details = page.getByRole('dialog').filter({ hasText: '详情 · 招聘线索' });
  await details.getByRole('tab', { name: '历史' }).click();
  await expect(details.getByRole('tabpanel', { name: '历史' })).toContainText('新线索 → 已转员工');
  await expect(details.getByRole('tabpanel', { name: '历史' })).toContainText('超级管理员');
  await screenshot(page, 'recruitment-lead-history-1280');
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  await page.getByRole('link', { name: '查看候选人' }).click();
  await expect(page).toHaveURL(/\/man\/employee\?status=candidate/);
  await expect(page.locator('.staff-page .ant-table-row').filter({ hasText: name })).toContainText(department);
});
