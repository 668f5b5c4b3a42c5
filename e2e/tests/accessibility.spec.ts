import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { ACTIVE_PAGE, openAsAdmin, visit } from '../support/session';
import { wordsBrokenAcrossLines } from '../support/words';

/**
 * The built screens, by menu path, with the title their tab and the page title show, in walks of about ten screens each:
 * the walks run side by side on the run's workers, and each moves inside the app from screen to screen.
 */
const WALKS: Record<string, [path: string, title: string][]> = {
  'users, notifications and settings of the site': [
    ['/user/list', '全部用户'],
    ['/user/authentication', '用户实名认证'],
    ['/user/login_log', '登录记录'],
    ['/notification/publish', '发布通知'],
    ['/notification/manage', '管理通知'],
    ['/permission/notification/system', '系统通知'],
    ['/permission/notification/type', '通知类型'],
    ['/permission/page', '功能设置'],
    ['/permission/role', '角色设置'],
    ['/permission/loginpage', '登录设置'],
    ['/permission/homepage', '系统设置'],
  ],
  'help, logs, calendars, the industry tree, relevance and the field forms': [
    ['/permission/help/upgrade_log', '升级日志'],
    ['/permission/help/manual', '帮助手册'],
    ['/permission/help/introduction', '功能介绍'],
    ['/permission/operation_log', '操作日志'],
    ['/permission/calendar/time', '时间设置'],
    ['/permission/calendar/calendar', '时间日历'],
    // Screens on the shared ResourcePage are checked by the resource walk (resources.spec.ts: list, form and details);
    // here, those with pages of their own.
    ['/permission/general/industry', '行业设置'],
    ['/permission/relevance', '关联设置'],
    // The four field-definition screens share one page: the form with every kind of editor is checked.
    ['/permission/customer/info', '客户信息设置'],
  ],
  'finance, approvals and HR': [
    // 财务设置 (docs/finance.md › Settings): the limits' form above the presets (the two lists are walked as resources).
    ['/permission/finance/recharge', '充值设置'],
    // Finance records (docs/finance.md › Records): the filters, totals and row actions.
    ['/finance/user_recharge', '用户充值记录'],
    ['/finance/agency_withdraw', '代理提现记录'],
    // The ledger's books share one page (docs/finance.md › Books): a cash book and a bean book.
    ['/finance/user_earnings', '用户收益记录'],
    ['/finance/bean/expense', '金豆消费记录'],
    ['/finance/adjustment', '调账记录'],
    ['/finance/reconciliation', '财务对账'],
    // Approvals (docs/approvals.md): the flows' table and one of the two process settings forms.
    ['/permission/personnel/flow', '流程'],
    ['/permission/personnel/resign', '离职'],
    // Staff and HR (docs/personnel.md): the staff screen with its letter index and tree, and the dashboard's charts.
    ['/man/employee', '员工管理'],
    ['/human/dashboard', '人力看板'],
  ],
  // The marketplace (docs/marketplace.md): the catalogue, the agencies', customers' and products' record lists, the
  // applications, and the settings documents (its resources are walked by resources.spec.ts).
  'the marketplace': [
    ['/business/list', '全部业务'],
    ['/agency/list', '全部代理'],
    ['/agency/business_apply', '业务申请'],
    ['/merchant/info', '客户信息管理'],
    ['/merchant/product', '产品信息管理'],
    ['/agencyorder_center/index', '订单中心'],
    ['/permission/agency/basic', '基础设置'],
    ['/permission/agency/apply', '代理申请'],
    ['/permission/agency/login', '代理登录'],
    ['/permission/agency/activity', '代理活跃度'],
  ],
};

/** Waits until nothing in view is still loading. */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible')).toHaveCount(0);
}

/** Closes the open drawer, which only shows, so nothing is confirmed. */
async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Soft: one run lists every page's findings, each named by the page, rule, element and what is wrong. */
async function check(page: Page, where: string, within?: string) {
  await settled(page);
  expect.soft(await seriousViolations(page, within), where).toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

test('the sign-in page, the dashboard and the top bar’s menu and drawers have no serious or critical accessibility violations (axe)', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '聚企中台' })).toBeVisible();
  await check(page, 'sign-in page');

  await openAsAdmin(page, request, '/dashboard');
  await expect(page.getByRole('heading', { name: '您好，超级管理员' })).toBeVisible();
  await check(page, 'dashboard');

  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await check(page, 'user menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '消息通知' }).click();
  await expect(page.getByRole('dialog', { name: '消息通知' }).getByRole('tab', { name: '消息通知', selected: true })).toBeVisible();
  await check(page, 'notification drawer');
  await closeDrawer(page);

  await page.getByRole('button', { name: '待办审批' }).click();
  await expect(page.getByRole('dialog', { name: '待办审批' }).getByRole('tab', { name: '待我审批', selected: true })).toBeVisible();
  await check(page, 'approval to-do drawer');
  await closeDrawer(page);

  await page.getByRole('button', { name: '帮助', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '帮助' }).getByRole('group', { name: '功能说明' })).toBeVisible();
  await check(page, 'help drawer');
  await closeDrawer(page);
});

for (const [walk, screens] of Object.entries(WALKS)) {
  test(`every built screen has no serious or critical accessibility violations (axe): ${walk}`, async ({ page, request }) => {
    // axe takes a second or two a screen alone, twice that beside another journey on a busy machine.
    test.setTimeout(30_000 + screens.length * 8_000);
    const [[firstPath, firstTitle], ...rest] = screens;
    await openAsAdmin(page, request, firstPath);
    await expect(page).toHaveTitle(`${firstTitle} - 聚企中台`);
    await check(page, `${firstPath}, with the shell around it`);
    for (const [path, title] of rest) {
      await visit(page, path);
      await expect(page).toHaveTitle(`${title} - 聚企中台`);
      // A walk's screen after its first is checked within its page: the shell around it was checked once per walk.
      await check(page, path, ACTIVE_PAGE);
    }
  });
}

test('a whole tall page, a drawer, a phone and the dark theme have no serious or critical accessibility violations (axe)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // axe judges the contrast of text in view only: 人力看板's lists (an empty one's text among them) are below its charts.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await openAsAdmin(page, request, '/human/dashboard');
  await expect(page).toHaveTitle('人力看板 - 聚企中台');
  await check(page, '/human/dashboard, whole');
  await page.setViewportSize({ width: 1280, height: 720 });

  await visit(page, '/user/list');
  await page.locator('.user-cell__name').first().click();
  await expect(page.getByRole('dialog').getByText('邀请人数')).toBeVisible();
  await check(page, 'user detail drawer');

  // A phone: the top bar names its section in a button, which opens the list of sections.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/list');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: '功能分区：用户' }).click();
  await expect(page.getByRole('menuitem', { name: '通知' })).toBeVisible();
  await check(page, '/user/list at 390 px, sections open');

  // The dark theme's own colours: a table; the sidebar's group holding the current page (设置 › 客户设置) and a purple
  // tag (唯一) on 客户信息设置; 时间日历's today; 人力看板 whole.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => localStorage.setItem('juqi-theme', 'dark'));
  await page.goto('/user/list');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await check(page, '/user/list, dark theme');
  for (const [path, title] of [
    ['/permission/customer/info', '客户信息设置'],
    ['/permission/calendar/calendar', '时间日历'],
    ['/human/dashboard', '人力看板'],
  ]) {
    await page.setViewportSize({ width: 1280, height: path === '/human/dashboard' ? 1600 : 720 });
    await visit(page, path);
    await expect(page).toHaveTitle(`${title} - 聚企中台`);
    await check(page, `${path}, dark theme`);
  }
});

/** Names the menu entry at `path` `nameEn` in English in the menus the page loads next (an admin may rename entries). */
async function renameMenuEntry(page: Page, path: string, nameEn: string) {
  interface Entry {
    path: string;
    name_en: string;
    children: Entry[];
  }
  const rename = (entries: Entry[]) => {
    for (const entry of entries) {
      if (entry.path === path) entry.name_en = nameEn;
      rename(entry.children);
    }
  };
  await page.route('**/api/staff/menu_list', async (route) => {
    const response = await route.fetch();
    const answer = await response.json();
    rename(answer.data.menuList);
    await route.fulfill({ response, json: answer });
  });
}

test('in English, a word is never broken across two lines, and a phone’s top bar shows its section’s whole name; axe passes there too', async ({
  page,
  request,
}) => {
  // Six pages, each measured word by word and walked by axe: about 30 s alone, twice that beside another journey on a
  // busy machine.
  test.setTimeout(150_000);
  const checkWords = async (where: string) => {
    await settled(page);
    expect.soft(await wordsBrokenAcrossLines(page), where).toEqual([]);
    await check(page, where);
  };
  await openAsAdmin(page, request, '/dashboard');
  await page.evaluate(() => localStorage.setItem('juqi-language', 'en-US'));

  // 全部用户 with every column: its 性别 (gender) among them, and every user's Unknown, the longest of its values.
  await page.evaluate(() => localStorage.setItem('juqi-user-list-hidden-columns', '[]'));
  await page.route('**/api/user/lists', async (route) => {
    const response = await route.fetch();
    const answer = await response.json();
    for (const user of answer.data.data) user.gender = 0;
    await route.fulfill({ response, json: answer });
  });
  await page.goto('/user/list');
  await expect(page.locator('.ant-table-row').first().getByText('Unknown')).toBeVisible();
  await checkWords('/user/list, every column');

  // 员工管理: the department tree's title beside its button.
  await visit(page, '/man/employee');
  await expect(page.getByRole('region', { name: 'Departments' })).toBeVisible();
  await checkWords('/man/employee');

  // 设置's sidebar with every group open, one entry named by a word longer than the sidebar's line.
  await renameMenuEntry(page, '/permission/relevance', 'Internationalisations');
  await page.goto('/permission/page');
  const sidebar = page.locator('.shell-sider');
  await expect(sidebar.getByRole('menuitem', { name: 'Internationalisations' })).toBeVisible();
  const closedGroups = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closedGroups.count()) > 0) await closedGroups.first().click();
  await checkWords('设置 sidebar, every group open');

  // A phone: the section button shows a name of two words, or one long word, whole.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, section] of [
    ['/man/employee', 'Human resources'],
    ['/notification/publish', 'Notifications'],
  ]) {
    await page.goto(path);
    const button = page.getByRole('button', { name: `Section: ${section}` });
    await expect(button).toBeVisible();
    const cut = await button.evaluate((box) => box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight);
    expect.soft(cut, `${section} cut in the top bar`).toBe(false);
    await checkWords(`${path} at 390 px`);
  }
});
