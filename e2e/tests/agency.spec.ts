import { expect, test, type Page } from '@playwright/test';
import { adminToken, api, apiOk, appUserToken, notYetTexted, openAsAdmin, staffWithMenus } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

const LEVELS = '/permission/agency/level';
const table = (page: Page) => page.locator('.resource-page .ant-table-tbody');
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('代理等级: the levels with their thresholds in yuan and rates as percentages; a threshold out of order refused on its field', async ({ page, request }) => {
  await openAsAdmin(page, request, LEVELS);
  const diamond = rowOf(page, '钻石代理');
  await expect(diamond).toBeVisible();
  for (const text of ['5', '¥ 1,000,000.00', '25.00%', '75.00%']) await expect(diamond.getByRole('cell', { name: text, exact: true })).toBeVisible();
  await expect(rowOf(page, '普通代理').getByRole('cell', { name: '¥ 0.00', exact: true })).toBeVisible();

  // Edit 黄金代理 to ask less than 白银代理: refused on the threshold, naming the level below.
  await rowOf(page, '黄金代理').getByRole('button', { name: /编\s*辑/ }).click();
  const dialog = page.getByRole('dialog');
  const threshold = dialog.getByLabel('升级门槛', { exact: true });
  await expect(threshold).toHaveValue('200000.00');
  await expect(dialog.getByLabel('佣金比例', { exact: true })).toHaveValue('18.00');
  await threshold.fill('40000');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('须高于等级 2（白银代理）的 ¥ 50,000.00')).toBeVisible();
  await screenshot(page, 'agency-level-form-zh-CN');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  for (const language of takingShots ? ['en-US', 'zh-CN'] : []) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(table(page).getByRole('row').first()).toBeVisible();
      await screenshot(page, `agency-levels-${language}-${width}`);
    }
  }
});

test('基础设置, 代理登录 and 代理活跃度: each settings document opens at its defaults, refuses a band line above the other on its field, and keeps what is saved', async ({ page, request }) => {
  await openAsAdmin(page, request, '/permission/agency/basic');
  await expect(page.getByLabel('佣金冻结期（天）', { exact: true })).toHaveValue('7');
  await expect(page.getByText('订单完成后佣金冻结的天数，期满无退款方可提现')).toBeVisible();
  await screenshot(page, 'agency-basic-zh-CN-1280');

  // 代理登录: the platforms ticked, saved and read back; the five platforms restored after.
  await page.goto('/permission/agency/login');
  const pc = page.getByRole('checkbox', { name: 'PC', exact: true });
  await expect(pc).toBeChecked();
  await pc.uncheck();
  await page.getByLabel('同时在线设备数', { exact: true }).fill('2');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'PC', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: '小程序', exact: true })).toBeChecked();
  await expect(page.getByLabel('同时在线设备数', { exact: true })).toHaveValue('2');
  await screenshot(page, 'agency-login-zh-CN-1280');
  await page.getByRole('checkbox', { name: 'PC', exact: true }).check();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();

  await page.goto('/permission/agency/activity');
  const normal = page.getByLabel('一般分数线', { exact: true });
  await expect(normal).toHaveValue('20');
  await normal.fill('80');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-form-item-explain-error').getByText('须低于活跃分数线 60')).toBeVisible();
  await page.getByLabel('活跃分数线', { exact: true }).fill('120');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('一般分数线', { exact: true })).toHaveValue('80');
  await expect(page.getByLabel('活跃分数线', { exact: true })).toHaveValue('120');

  for (const language of takingShots ? ['en-US', 'zh-CN'] : []) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(page.locator('form input').first()).toBeVisible();
      await screenshot(page, `agency-activity-${language}-${width}`);
    }
  }
});

test('代理申请: the application form’s fields, the two the product relies on fixed, shown in its live preview; 业务申请表 its second tab', async ({ page, request }) => {
  await openAsAdmin(page, request, '/permission/agency/apply');
  const definitions = page.locator('.field-page__definitions');
  for (const key of ['real_name', 'mobile', 'team_size', 'customer_resources']) await expect(definitions.getByText(key, { exact: true })).toBeVisible();
  const preview = page.locator('.field-preview');
  await expect(preview.getByText('团队规模', { exact: true })).toBeVisible();
  await expect(preview.getByText('客户资源', { exact: true })).toBeVisible();
  // 业务申请表 is the screen's second tab.
  await page.getByRole('tab', { name: '业务申请表' }).click();
  await expect(page.locator('.field-page__definitions').getByText('sales_plan', { exact: true })).toBeVisible();
  await expect(page.locator('.field-preview').getByText('销售计划', { exact: true })).toBeVisible();
  await screenshot(page, 'business-apply-form-zh-CN-1280');
  await page.getByRole('tab', { name: '代理申请表' }).click();
  for (const width of takingShots ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    await expect(page.locator('.field-preview').getByText('团队规模', { exact: true })).toBeVisible();
    await screenshot(page, `agency-apply-form-zh-CN-${width}`);
  }
});

test('代理申请: a user applies in the apps, the approver approves it in 待办审批, and the user is an agency', async ({ page, request }) => {
  const admin = await adminToken(request);
  const me = await apiOk<{ staff_id: number }>(request, admin, 'GET /api/staff/info');
  // The flow: the administrator decides; 基础设置 chooses it.
  const flow = await apiOk<{ id: number }>(request, admin, '/api/approval/flow_add', { name: `代理审核${Date.now()}`, kind: 'agency_apply', steps: [{ approver: 'account', account_id: me.staff_id }] });
  const basic = await apiOk<Record<string, unknown>>(request, admin, 'GET /api/agency/basic_details');
  await apiOk(request, admin, '/api/agency/basic_edit', { ...basic, apply_flow_id: flow.id });

  // A verified ordinary user applies from the apps.
  const { data } = await apiOk<{ data: { id: number; name: string; mobile: string }[] }>(request, admin, '/api/user/lists', { type_user: 2, authentication_state: 2, locked: false, limit: 20 });
  const user = notYetTexted(data)[0]!;
  const token = await appUserToken(request, user.mobile);
  await apiOk(request, token, '/api_user/agency/apply', { city_code: '330100', values: { real_name: user.name, mobile: user.mobile, company_name: '星火传媒' } });

  await openAsAdmin(page, request, '/');
  await page.getByRole('button', { name: '待办审批' }).click();
  const drawer = page.getByRole('dialog', { name: '待办审批' });
  await drawer.getByRole('tab', { name: '待我审批' }).click();
  const todo = drawer.getByRole('list', { name: '待我审批' }).getByRole('listitem').filter({ hasText: `代理申请 · ${user.name}` });
  await expect(todo).toBeVisible();
  await expect(todo.getByText(`${user.name}（App 用户）`, { exact: false })).toBeVisible();
  await expect(todo.getByText('城市 杭州市 · ')).toBeVisible();
  await screenshot(page, 'agency-apply-todo-zh-CN-1280');
  await todo.getByRole('button', { name: /^通\s*过$/ }).click();
  const decision = page.getByRole('dialog', { name: `通过 · 代理申请 · ${user.name}` });
  await decision.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(decision).toBeHidden();
  await expect(todo).toHaveCount(0);

  // The apps see it approved; the user is an agency at the entry level.
  const status = await api<{ is_agency: boolean; application: { state: string } }>(request, token, '/api_user/agency/apply_status');
  expect(status.data).toMatchObject({ is_agency: true, application: { state: 'approved' } });

  // 全部代理 lists it; its drawer shows the form as approved; staff suspend it with a reason, read back in its history.
  await page.goto(`/agency/list?keyword=${user.mobile}`);
  const list = page.locator('.records-page');
  await expect(list.getByText('共 1 个代理')).toBeVisible();
  const row = list.locator('.ant-table-row').filter({ hasText: user.mobile });
  await expect(row.getByText('普通代理')).toBeVisible();
  await expect(row.getByText('浙江省 · 杭州市')).toBeVisible();
  await row.getByRole('button', { name: user.name }).click();
  const agency = page.getByRole('dialog', { name: user.name });
  await expect(agency.getByText('申请单 #')).toBeVisible();
  await agency.getByRole('tab', { name: '申请表' }).click();
  await expect(agency.getByText('星火传媒')).toBeVisible();
  await agency.getByRole('button', { name: /^暂\s*停$/ }).click();
  const pause = page.getByRole('dialog', { name: `暂停 · ${user.name}` });
  await pause.getByRole('textbox', { name: '原因' }).fill('资料核查中');
  await pause.getByRole('button', { name: /^暂\s*停$/ }).click();
  await expect(pause).toBeHidden();
  await expect(agency.getByRole('button', { name: /^恢\s*复$/ })).toBeVisible();
  await agency.getByRole('tab', { name: '历史' }).click();
  await expect(agency.getByText('原因：资料核查中')).toBeVisible();
  await expect(row.getByText('已暂停')).toBeVisible();

  // Staff file for another verified user from 全部代理, through a flow decided by someone else (nobody decides a request
  // they filed): it waits among the requests they filed, about that user.
  const reviewer = await staffWithMenus(request, admin, ['/agency/list']);
  const byRole = await apiOk<{ id: number }>(request, admin, '/api/approval/flow_add', { name: `代理审核（角色）${Date.now()}`, kind: 'agency_apply', steps: [{ approver: 'role', role_id: reviewer.roleId }] });
  await apiOk(request, admin, '/api/agency/basic_edit', { ...basic, apply_flow_id: byRole.id });
  const { data: others } = await apiOk<{ data: { name: string; mobile: string }[] }>(request, admin, '/api/user/lists', { type_user: 2, authentication_state: 2, locked: false, limit: 5 });
  const other = others.find((u) => u.mobile !== user.mobile)!;
  await agency.getByRole('button', { name: /关闭|Close/ }).first().click();
  await page.getByRole('button', { name: /为用户提交代理申请/ }).click();
  const filing = page.getByRole('dialog', { name: '为用户提交代理申请' });
  await filing.getByRole('combobox', { name: '申请用户' }).fill(other.mobile);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: other.mobile }).click();
  await filing.getByRole('combobox', { name: '城市' }).fill('杭州');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="浙江省 · 杭州市"]').click();
  await filing.getByLabel('姓名', { exact: true }).fill(other.name || '代理申请人');
  await filing.getByLabel('联系电话', { exact: true }).fill(other.mobile);
  await screenshot(page, 'agency-application-add-zh-CN-1280');
  await filing.getByRole('button', { name: /保\s*存/ }).click();
  await expect(filing).toBeHidden();
  await expect(page.getByText('已提交代理申请')).toBeVisible();
  const mine = await apiOk<{ data: { kind: string; state: string; subject_name: string }[] }>(request, admin, '/api/approval/my_requests', { kind: 'agency_apply', page: 1, limit: 5 });
  expect(mine.data[0]).toMatchObject({ kind: 'agency_apply', state: 'pending', subject_name: other.name });
});

test('全部代理: the demo agencies filtered by level in the URL, one opened, its level changed with a reason, its records elsewhere in tabs', async ({ page, request }) => {
  await openAsAdmin(page, request, '/agency/list');
  const list = page.locator('.records-page');
  await expect(list.getByText(/^共 \d+ 个代理$/)).toBeVisible();
  await page.getByRole('combobox', { name: '代理等级' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="白银代理"]').click();
  await expect(page).toHaveURL(/level=2/);
  const first = list.locator('.ant-table-row').first();
  await expect(first.getByText('白银代理')).toBeVisible();
  await screenshot(page, 'agency-list-zh-CN-1280');
  const name = (await first.locator('.agency-cell__name').innerText()).trim();
  await first.locator('.agency-cell__name').click();
  const agency = page.getByRole('dialog', { name });
  await expect(agency.getByText('可提现余额')).toBeVisible();
  await screenshot(page, 'agency-details-zh-CN-1280');
  await agency.getByRole('button', { name: '调整等级' }).click();
  const dialog = page.getByRole('dialog', { name: `调整等级 · ${name}` });
  await dialog.getByRole('combobox', { name: '新等级' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="3 · 黄金代理"]').click();
  await dialog.getByRole('textbox', { name: '原因' }).fill('年度大客户');
  await dialog.getByRole('button', { name: '调整等级' }).click();
  await expect(dialog).toBeHidden();
  await agency.getByRole('tab', { name: '历史' }).click();
  await expect(agency.getByText('白银代理 → 黄金代理')).toBeVisible();
  // The tabs of the agency's records elsewhere: each counts them and links to all of them, filtered by the agency.
  for (const [tab, path] of [['客户', '/merchant/info'], ['充值记录', '/finance/user_recharge'], ['登录记录', '/user/login_log']] as const) {
    await agency.getByRole('tab', { name: tab }).click();
    const panel = agency.getByRole('tabpanel', { name: tab });
    await expect(panel.getByText(/^共 \d+ 条/)).toBeVisible();
    await expect(panel.getByRole('link', { name: '查看全部' })).toHaveAttribute('href', new RegExp(`^${path}\\?(agency_id|user_id)=\\d+$`));
  }
  await screenshot(page, 'agency-customers-tab-zh-CN-1280');
  if (takingShots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'agency-details-zh-CN-390');
    await agency.getByRole('button', { name: /关闭|Close/ }).first().click();
    await screenshot(page, 'agency-list-zh-CN-390');
  }
});

test('业务申请: an agency applies in the apps to sell a business, the approver approves it, 业务申请 and the agency’s 可售业务 show it, and staff revoke it', async ({ page, request }) => {
  const admin = await adminToken(request);
  const me = await apiOk<{ staff_id: number }>(request, admin, 'GET /api/staff/info');
  const flow = await apiOk<{ id: number }>(request, admin, '/api/approval/flow_add', { name: `业务审核${Date.now()}`, kind: 'business_apply', steps: [{ approver: 'account', account_id: me.staff_id }] });
  const basic = await apiOk<Record<string, unknown>>(request, admin, 'GET /api/agency/basic_details');
  await apiOk(request, admin, '/api/agency/basic_edit', { ...basic, business_apply_flow_id: flow.id });

  // An active demo agency with no application yet applies for the first business on sale.
  const agencies = await apiOk<{ data: { id: number; name: string; mobile: string }[] }>(request, admin, '/api/agency/agency_list', { status: 'active', limit: 50 });
  const applied = await apiOk<{ data: { agency_id: number }[] }>(request, admin, '/api/agency/business_apply_list', { page: 1, limit: 100 });
  const agency = notYetTexted(agencies.data).find((a) => !applied.data.some((row) => row.agency_id === a.id))!;
  const { data: businesses } = await apiOk<{ data: { id: number; name: string }[] }>(request, admin, '/api/business/all_list', { enabled: true, page: 1, limit: 12 });
  const business = businesses[0]!;
  const token = await appUserToken(request, agency.mobile);
  await apiOk(request, token, '/api_user/business/apply', { business_id: business.id, values: { sales_plan: '面向本地餐饮商户推广', expected_customers: 'some' } });

  await openAsAdmin(page, request, '/agency/business_apply');
  const list = page.locator('.records-page');
  const row = list.locator('.ant-table-row').filter({ hasText: agency.name }).first();
  await expect(row.getByText('审批中')).toBeVisible();
  await expect(row.getByText(business.name)).toBeVisible();
  await screenshot(page, 'business-apply-list-zh-CN-1280');

  await page.getByRole('button', { name: '待办审批' }).click();
  const drawer = page.getByRole('dialog', { name: '待办审批' });
  await drawer.getByRole('tab', { name: '待我审批' }).click();
  const todo = drawer.getByRole('list', { name: '待我审批' }).getByRole('listitem').filter({ hasText: `业务申请 · ${agency.name}` });
  await expect(todo.getByText(`业务 ${business.name}`)).toBeVisible();
  await todo.getByRole('button', { name: /^通\s*过$/ }).click();
  const decision = page.getByRole('dialog', { name: `通过 · 业务申请 · ${agency.name}` });
  await decision.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(decision).toBeHidden();
  await page.keyboard.press('Escape');

  // 业务申请 shows it approved; the application opens with 业务申请表's values.
  await page.goto(`/agency/business_apply?keyword=${agency.mobile}&state=approved`);
  const approved = list.locator('.ant-table-row').filter({ hasText: business.name });
  await expect(approved.getByText('已通过')).toBeVisible();
  await approved.getByRole('button', { name: /^#\d+$/ }).click();
  const application = page.getByRole('dialog', { name: /^业务申请 #\d+$/ });
  await expect(application.getByText('面向本地餐饮商户推广')).toBeVisible();
  await screenshot(page, 'business-apply-details-zh-CN-1280');

  // The agency's 可售业务 lists the business; staff revoke it with a reason, read back in its history.
  await page.goto(`/agency/list?id=${agency.id}`);
  const details = page.getByRole('dialog', { name: agency.name });
  await details.getByRole('tab', { name: '可售业务' }).click();
  const item = details.locator('.ant-list-item').filter({ hasText: business.name });
  await expect(item.getByText('可销售')).toBeVisible();
  await screenshot(page, 'agency-businesses-zh-CN-1280');
  await item.getByRole('button', { name: `撤销 ${business.name}` }).click();
  const revoke = page.getByRole('dialog', { name: `撤销可售业务 · ${agency.name} · ${business.name}` });
  await revoke.getByRole('textbox', { name: '原因' }).fill('客户投诉核查');
  await revoke.getByRole('button', { name: /^撤\s*销$/ }).click();
  await expect(revoke).toBeHidden();
  await expect(item.getByText('已撤销')).toBeVisible();
  await details.getByRole('tab', { name: '历史' }).click();
  await expect(details.getByText('原因：客户投诉核查')).toBeVisible();
  const mine = await api<{ business_id: number; selling: boolean }[]>(request, token, '/api_user/business/apply_list');
  expect(mine.data.find((a) => a.business_id === business.id)).toMatchObject({ selling: false });

  for (const width of takingShots ? [390] : []) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/agency/business_apply');
    await expect(list.locator('.ant-table-row').first()).toBeVisible();
    await screenshot(page, `business-apply-list-zh-CN-${width}`);
  }
});

test('视频平台认证: an agency submits an account with a picture in the apps; staff see the picture in its drawer and approve it, and its history says so', async ({ page, request }) => {
  const admin = await adminToken(request);
  const agencies = await apiOk<{ data: { id: number; name: string; mobile: string }[] }>(request, admin, '/api/agency/agency_list', { status: 'active', limit: 50 });
  const agency = notYetTexted(agencies.data).at(-1)!;
  const token = await appUserToken(request, agency.mobile);
  const account = `星火视频${Date.now() % 100_000}`;
  // The apps send the fields first, then the picture (a 1 × 1 PNG).
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const answer = await request.post('/api_user/agency/certification_submit', {
    headers: { 'x-token': token },
    multipart: { platform: 'xiaohongshu', account_name: account, account_id: 'xh-2026', documents: { name: '主页.png', mimeType: 'image/png', buffer: png } },
  });
  expect(await answer.json()).toMatchObject({ code: 20000, data: { state: 1, account_name: account } });

  await openAsAdmin(page, request, `/agency/list?id=${agency.id}`);
  const drawer = page.getByRole('dialog', { name: agency.name });
  await drawer.getByRole('tab', { name: '视频平台认证' }).click();
  const card = drawer.locator('.ant-card').filter({ hasText: account });
  await expect(card.getByText('审核中')).toBeVisible();
  await expect(card.getByRole('img', { name: '小红书认证材料 1' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await screenshot(page, 'agency-certification-zh-CN-1280');
  await card.getByRole('button', { name: /通\s*过/ }).click();
  await expect(page.getByText('已通过认证')).toBeVisible();
  await expect(card.getByText('已认证')).toBeVisible();
  await drawer.getByRole('tab', { name: '历史' }).click();
  await expect(drawer.getByText('视频平台认证通过').last()).toBeVisible();
  await expect(drawer.getByText(`小红书 · ${account}`).last()).toBeVisible();
});
