import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, api, apiOk, openAsAdmin, signInByApi, staffWithMenus } from '../support/session';
import { screenshot } from '../support/screenshot';
import { sheetRows } from '../support/xlsx';

test.use({ viewport: { width: 1280, height: 800 } });

const LOG = '/permission/operation_log';
const PLATFORMS = '/permission/case/platform';

/** A row of the log's (virtual) table holding the text. */
const logRow = (page: Page, text: string) => page.locator('.records-page .ant-table-row').filter({ hasText: text });

/** `20260301-0930`: the file-name stamp of an instant in Asia/Shanghai, the platform's default zone. */
const shanghaiStamp = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

test('an edit made in 案例平台 is found in 操作日志 with its record before and after, and exported', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  // Names of its own, so a rerun against the same data finds no leftover.
  const name = `日志平台${Date.now() % 100000}`;
  const renamed = `${name}改`;
  const { id } = await apiOk<{ id: number }>(request, admin, '/api/case/platform_add', { name, remark: '操作日志测试', sort: 3 });

  // The change, made through the screen as staff would.
  await openAsAdmin(page, request, `${PLATFORMS}?keyword=${encodeURIComponent(name)}`);
  const platformRow = page.locator('.resource-page .ant-table-tbody').getByRole('row').filter({ hasText: name });
  await platformRow.getByRole('button', { name: /编\s*辑/ }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByLabel('平台名称')).toHaveValue(name);
  await form.getByLabel('平台名称').fill(renamed);
  await form.getByLabel('排序').fill('8');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();

  // Found in the log by its record: the kind, then the id.
  await page.goto(LOG);
  await expect(page).toHaveTitle('操作日志 - 聚企中台');
  // The kinds are many and drawn as the list scrolls: the kind is found by typing its name.
  await page.getByRole('combobox', { name: '对象类型' }).fill('案例平台');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^案例平台$/ }).click();
  await page.getByRole('searchbox', { name: '对象 ID' }).fill(String(id));
  await page.getByRole('searchbox', { name: '对象 ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`target_kind=case.platform&target_id=${id}`));
  await expect(page.getByText('共 2 条', { exact: true })).toBeVisible();
  const edited = logRow(page, '编辑案例平台');
  await expect(edited).toContainText(`案例平台 #${id}`);
  await expect(edited).toContainText(renamed);
  await expect(edited).toContainText('超级管理员');
  await expect(logRow(page, '新增案例平台')).toContainText(name);

  // The details: the record before and after, the changed fields marked.
  await edited.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('修改了 3 个字段')).toBeVisible(); // name, sort, updated_at
  const nameRow = drawer.locator('tr.audit-change').filter({ hasText: '平台名称' });
  await expect(nameRow).toHaveClass(/audit-change--changed/);
  await expect(nameRow.locator('.audit-change__before')).toHaveText(name);
  await expect(nameRow.locator('.audit-change__after')).toHaveText(renamed);
  await expect(drawer.locator('tr.audit-change').filter({ hasText: '备注' })).not.toHaveClass(/audit-change--changed/);
  await screenshot(page, 'operation-log-drawer-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'operation-log-drawer-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // The export: the same two entries, named, with the change.
  const startedAt = new Date();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const file = await download;
  expect([startedAt, new Date()].map((at) => `操作日志-${shanghaiStamp(at)}.xlsx`)).toContain(file.suggestedFilename());
  await expect(page.getByText(/已导出 2 条记录/)).toBeVisible();
  const saved = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  const [header, ...rows] = sheetRows(fs.readFileSync(saved));
  expect(header).toEqual(['时间', '员工', '工号', '操作', '操作代码', '对象', '对象名称', 'IP', '变更', '详情']);
  expect(rows.map((r) => r[3])).toEqual(['编辑案例平台', '新增案例平台']);
  expect(rows[0]![8]!.split('\n')).toEqual(expect.arrayContaining([`平台名称: ${name} → ${renamed}`, '排序: 3 → 8']));
});

test('a lesser staff’s refused call shows in 操作日志; the list and a record’s details at 1280 and 390 px', async ({ page, request }) => {
  // Eight pages to load and photograph on a shared two-core machine.
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const lesser = await staffWithMenus(request, admin, [PLATFORMS]);
  const token = await signInByApi(request, lesser.staffNum, lesser.password);
  expect((await api(request, token, '/api/audit/log_list', {})).code).toBe(40300);

  await openAsAdmin(page, request, `${LOG}?staff=${lesser.staffNum}`);
  const refused = logRow(page, '无权限，已拒绝');
  await expect(refused).toContainText('POST /api/audit/log_list');
  await expect(refused).toContainText(lesser.staffNum);
  await refused.getByRole('button', { name: '详情' }).click();
  await expect(page.getByRole('dialog').getByText('查看操作日志（system.audit.view）')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The whole log, both languages, wide and narrow.
  await page.goto(LOG);
  for (const language of ['zh-CN', 'en-US']) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.reload();
      await expect(page.locator('.records-page .ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await screenshot(page, `operation-log-${language}-${width}`);
    }
  }
  // On a phone the filters fold into 筛选; the search and the export stay in view.
  await page.evaluate(() => localStorage.setItem('juqi-language', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('searchbox', { name: '搜索对象、IP 或变更内容' })).toBeVisible();
  await expect(page.getByRole('button', { name: '导出 Excel' })).toBeVisible();
  await page.getByRole('button', { name: /^筛选/ }).click();
  await expect(page.getByRole('combobox', { name: '操作' })).toBeVisible();
  await screenshot(page, 'operation-log-filters-390');
});
