import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, ADMIN, apiOk, openAsAdmin, signInByApi, staffWithMenus, useToken } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';

/**
 * 审批 (issue 18, docs/approvals.md): a transfer an HR clerk requests from 员工管理's record, approved by a named staff in
 * their own browser and then by the admin with a comment, moves the record; a resignation the clerk requests, approved
 * by the admin, leaves the person 离职中. Nobody decides their own request, so the requests come from the clerk's own
 * browser. Screenshots of the flows page, the request form and the 待办审批 drawer at 1280 px and 390 px.
 */
test.use({ viewport: { width: 1280, height: 900 } });
test.slow();

const PHONE = { width: 390, height: 844 };

/** `YYYY-MM-DD`, `days` from today in Asia/Shanghai (the platform's zone). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** A picture at 1280 px, then at a phone's width (the viewport put back after). */
async function shootBoth(page: Page, name: string) {
  if (!takingShots) return;
  await screenshot(page, `${name}-1280`);
  const size = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(size);
}

const todoDrawer = (page: Page) => page.getByRole('dialog', { name: '待办审批' });

/** Opens the top bar's 待办审批 drawer and answers the to-do about `title` (`调岗申请 · 某人`). */
async function openTodo(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: '待办审批' }).click();
  // The drawer keeps the tab it was left on.
  await todoDrawer(page).getByRole('tab', { name: '待我审批' }).click();
  const todo = todoDrawer(page).getByRole('list', { name: '待我审批' }).getByRole('listitem').filter({ hasText: title });
  await expect(todo).toBeVisible();
  return todo;
}

/** 通过 on a to-do, with an optional comment; the to-do leaves the list. */
async function approve(page: Page, todo: Locator, title: string, comment?: string) {
  await todo.getByRole('button', { name: /^通\s*过$/ }).click();
  const decision = page.getByRole('dialog', { name: `通过 · ${title}` });
  if (comment) await decision.getByLabel('审批意见').fill(comment);
  await decision.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(decision).toBeHidden();
  await expect(todo).toHaveCount(0);
}

/** Closes the 待办审批 drawer: it only lists, so it closes at once. */
async function closeTodos(page: Page) {
  await todoDrawer(page).getByRole('button', { name: '关闭' }).click();
  await expect(todoDrawer(page)).toBeHidden();
}

test('审批: a transfer through two approvers moves the record; a resignation leaves the person 离职中', async ({ page, request, browser }) => {
  const admin = await adminToken(request);
  const seed = String(Date.now()).slice(-6);
  const [from, to] = [`市场部${seed}`, `品牌部${seed}`];
  const fromDepartment = await apiOk<{ id: number }>(request, admin, '/api/department/department_add', { name: from, parent_id: 0 });
  await apiOk(request, admin, '/api/department/department_add', { name: to, parent_id: 0 });
  const name = `柏调${seed}`;
  await apiOk(request, admin, '/api/personnel/staff_add', { name, mobile: `137${seed.padStart(8, '0')}`, department_id: fromDepartment.id, post: '运营专员', status: 'regular' });

  // The transfer's first approver: a staff account of its own, with no menu (anyone signed in sees their to-dos). The
  // requests come from an HR clerk's browser: the admin, an approver, may not decide a request of their own.
  const approver = await staffWithMenus(request, admin, []);
  const clerk = await staffWithMenus(request, admin, ['/human', '/man/employee'], { operations: ['personnel.view', 'personnel.edit'] });
  const clerkContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  await useToken(clerkContext, await signInByApi(request, clerk.staffNum, clerk.password));
  const clerkPage = await clerkContext.newPage();
  const { accounts } = await apiOk<{ accounts: { id: number; staff_num: string }[] }>(request, admin, '/api/approval/approver_options', {});
  const accountId = (staffNum: string) => accounts.find((account) => account.staff_num === staffNum)!.id;
  const transferFlow = await apiOk<{ id: number }>(request, admin, '/api/approval/flow_add', {
    name: `调岗审批${seed}`,
    kind: 'transfer',
    steps: [
      { approver: 'account', account_id: accountId(approver.staffNum) },
      { approver: 'account', account_id: accountId(ADMIN.staffNum) },
    ],
  });
  const resignFlow = await apiOk<{ id: number }>(request, admin, '/api/approval/flow_add', {
    name: `离职审批${seed}`,
    kind: 'resign',
    steps: [{ approver: 'account', account_id: accountId(ADMIN.staffNum) }],
  });
  const transferSettings = await apiOk<{ types: string[] }>(request, admin, '/api/personnel/transfer_settings', {});
  await apiOk(request, admin, '/api/personnel/transfer_settings_save', { types: transferSettings.types, flow_id: transferFlow.id });
  const resignSettings = await apiOk<{ reasons: string[]; handover_items: string[] }>(request, admin, '/api/personnel/resign_settings', {});
  await apiOk(request, admin, '/api/personnel/resign_settings_save', { reasons: resignSettings.reasons, handover_items: resignSettings.handover_items, flow_id: resignFlow.id });

  // The flows page names each step's approver; both flows are in use.
  await openAsAdmin(page, request, '/permission/personnel/flow');
  const flowRow = page.locator('.ant-table-row').filter({ hasText: `调岗审批${seed}` });
  await expect(flowRow).toContainText('使用中', { timeout: 30_000 });
  await expect(flowRow).toContainText(/指定员工：测试\w+ → 指定员工：/);
  await shootBoth(page, 'approval-flows');

  // 调岗申请 from the person's record in 员工管理, in the clerk's browser.
  await clerkPage.goto(`/man/employee?name=${encodeURIComponent(name)}`);
  await clerkPage.locator('.staff-page .ant-table-row').getByRole('button', { name, exact: true }).click();
  const clerkRecord = clerkPage.getByRole('dialog', { name: `员工档案：${name}` });
  await clerkRecord.getByRole('button', { name: '调岗申请' }).click();
  const transferForm = clerkPage.getByRole('dialog', { name: `调岗申请 · ${name}` });
  await expect(transferForm).toContainText(`审批流程：调岗审批${seed}`);
  await transferForm.getByLabel('调岗类型').click();
  await clerkPage.locator('.ant-select-dropdown:visible').getByTitle('平调').click();
  await transferForm.getByLabel('调入部门').click();
  await clerkPage.locator('.ant-select-dropdown:visible').getByTitle(to).click();
  await transferForm.getByLabel('新岗位').fill('品牌经理');
  const effective = dayAhead(3);
  await transferForm.getByLabel('生效日期').fill(effective);
  await transferForm.getByLabel('生效日期').press('Enter');
  await shootBoth(clerkPage, 'approval-transfer-request');
  await transferForm.getByRole('button', { name: '提交申请' }).click();
  await expect(clerkPage.getByText('申请已提交，等待审批')).toBeVisible();
  await expect(transferForm).toBeHidden();
  // The record shows the transfer waiting, and a second one cannot be asked for meanwhile.
  await expect(clerkRecord.locator('.ant-alert').filter({ hasText: '调岗申请审批中' })).toContainText(`生效日期 ${effective}`);
  await expect(clerkRecord.getByRole('button', { name: '调岗申请' })).toBeDisabled();
  await clerkRecord.getByRole('button', { name: '关闭' }).click();

  // Step 1: the named staff approves in their own browser.
  const approverContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  await useToken(approverContext, await signInByApi(request, approver.staffNum, approver.password));
  const approverPage = await approverContext.newPage();
  await approverPage.goto('/');
  const transferTitle = `调岗申请 · ${name}`;
  const firstTodo = await openTodo(approverPage, transferTitle);
  await expect(firstTodo).toContainText('第 1/2 步');
  await shootBoth(approverPage, 'approval-todos');
  await approve(approverPage, firstTodo, transferTitle);
  await approverContext.close();

  // Step 2: the admin's notice 待审批 opens the request in 待办审批, where the admin approves it with a comment; the
  // clerk's 我的申请 then lists both approvals in the request's details.
  await page.goto(`/man/employee?name=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: '消息通知' }).click();
  await page.getByRole('dialog', { name: '消息通知' }).locator('.inform-item', { hasText: `待审批：${name}的调岗申请` }).click();
  const noticed = page.getByRole('dialog', { name: transferTitle });
  await expect(noticed).toContainText(`生效日期 ${effective}`);
  await expect(page.getByRole('dialog', { name: '消息通知' })).toBeHidden();
  await noticed.getByRole('button', { name: '关闭' }).click();
  const lastTodo = todoDrawer(page).getByRole('list', { name: '待我审批' }).getByRole('listitem').filter({ hasText: transferTitle });
  await expect(lastTodo).toContainText('第 2/2 步');
  await approve(page, lastTodo, transferTitle, '同意调岗');
  await closeTodos(page);
  await clerkPage.getByRole('button', { name: '待办审批' }).click();
  await todoDrawer(clerkPage).getByRole('tab', { name: '我的申请' }).click();
  const mine = todoDrawer(clerkPage).getByRole('list', { name: '我的申请' }).getByRole('listitem').filter({ hasText: transferTitle });
  await expect(mine).toContainText('已通过');
  await mine.getByRole('button', { name: '详情' }).click();
  const details = clerkPage.getByRole('dialog', { name: transferTitle });
  await expect(details).toContainText('同意调岗');
  await expect(details.locator('.ant-timeline-item')).toHaveCount(3); // submitted, approved twice
  await details.getByRole('button', { name: '关闭' }).click();
  await closeTodos(clerkPage);

  // The record moved, and its history names the request.
  const record = page.getByRole('dialog', { name: `员工档案：${name}` });
  await page.locator('.staff-page .ant-table-row').getByRole('button', { name, exact: true }).click();
  await expect(record.locator('.ant-descriptions-item').filter({ hasText: /^部门/ })).toContainText(to);
  await expect(record.locator('.ant-descriptions-item').filter({ hasText: /^岗位/ })).toContainText('品牌经理');
  await expect(record.getByText(new RegExp(`调岗申请 #\\d+：平调，生效日期 ${effective}`))).toBeVisible();
  await record.getByRole('button', { name: '关闭' }).click();

  // 离职申请 from the same record in the clerk's browser, approved by the admin: the admin's list shows the person leaving.
  await clerkPage.locator('.staff-page .ant-table-row').getByRole('button', { name, exact: true }).click();
  await clerkRecord.getByRole('button', { name: '离职申请' }).click();
  const resignForm = clerkPage.getByRole('dialog', { name: `离职申请 · ${name}` });
  await resignForm.getByLabel('离职日期').fill(dayAhead(7));
  await resignForm.getByLabel('离职日期').press('Enter');
  await resignForm.getByLabel('离职原因').click();
  await clerkPage.locator('.ant-select-dropdown:visible').getByTitle('个人发展').click();
  await resignForm.getByRole('button', { name: '提交申请' }).click();
  await expect(resignForm).toBeHidden();
  await clerkContext.close();

  // The admin's to-dos were read before the clerk asked: a reload reads them again.
  await page.reload();
  const resignTitle = `离职申请 · ${name}`;
  await approve(page, await openTodo(page, resignTitle), resignTitle);
  await closeTodos(page);
  // The list on screen follows the applied change without a reload.
  await expect(page.locator('.staff-page .ant-table-row').filter({ hasText: name })).toContainText('离职中');
});

/** Whether any of the element and what it holds is cut short: its content wider or taller than its box. */
const cut = (locator: Locator) =>
  locator.evaluate((element) => [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth || part.scrollHeight > part.clientHeight));

test('新增流程: two accounts of one name are told apart by their whole staff numbers, in the options and once chosen', async ({ page, request }) => {
  const admin = await adminToken(request);
  // Staff numbers alike but for their ends: a picker cutting them short shows the two as one.
  const seed = Date.now().toString(36);
  const numbers = [1, 2].map((n) => `approver-zhangwei-${seed}-${n}`);
  for (const staffNum of numbers) {
    await apiOk(request, admin, '/api/staff/staff_add', { staff_num: staffNum, password: 'E2e-Pass-2026', name: '张伟', phone: null, role_ids: [] });
  }
  await openAsAdmin(page, request, '/permission/personnel/flow');
  await page.getByRole('button', { name: '新增流程' }).click();
  const form = page.getByRole('dialog', { name: '新增流程' });
  await form.getByLabel('第 1 步 审批人').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('指定员工').click();
  const pickerName = '第 1 步 选择员工账号';
  await form.getByLabel(pickerName).fill(seed);

  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(2);
  for (const [index, staffNum] of numbers.entries()) {
    await expect(options.nth(index)).toHaveText(`张伟（${staffNum}）`);
    expect(await cut(options.nth(index))).toBe(false);
  }
  await options.nth(1).click();
  const chosen = form.locator('.ant-select-content').filter({ has: page.getByLabel(pickerName) });
  await expect(chosen).toHaveText(`张伟（${numbers[1]}）`);
  expect(await cut(chosen)).toBe(false);
});
