import { expect, test, type Page } from '@playwright/test';
import { openAsAdmin } from '../support/session';

const tabStrip = (page: Page) => page.locator('.shell-tabs');
const tab = (page: Page, name: string) => tabStrip(page).getByRole('tab', { name, exact: true });
const visiblePane = (page: Page) => page.locator('.shell-pane:visible');
const sidebar = (page: Page) => page.locator('.shell-sider');
const refocus = (page: Page) =>
  page.evaluate(() => {
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
  });

/** Opens a path with a full load and waits until its tab is the selected one. */
async function visit(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(tab(page, title).and(page.locator('[aria-selected="true"]'))).toBeVisible();
}

/** Right-clicks a tab and picks an entry of its context menu. */
async function tabMenu(page: Page, name: string, action: string) {
  await tab(page, name).click({ button: 'right' });
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: action, exact: true }).click();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

test.describe('layout (§2.3)', () => {
  test('the sidebar is 180 px, collapses, and remembers it in the sidebarStatus cookie', async ({ page, request }) => {
    await openAsAdmin(page, request, '/user/list');
    await expect(sidebar(page)).toBeVisible();
    expect((await sidebar(page).boundingBox())?.width).toBe(180);
    const toggle = page.getByRole('button', { name: '切换侧边栏' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(64);
    const status = async () => (await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value;
    expect(await status()).toBe('0');
    await page.reload();
    await expect(page.getByRole('button', { name: '切换侧边栏' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: '切换侧边栏' }).click();
    expect(await status()).toBe('1');
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(180);
  });

  test('a section with a single child has no sidebar', async ({ page, request }) => {
    await openAsAdmin(page, request, '/case/list');
    await expect(page.getByText('功能内测中，敬请期待……')).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: '切换侧边栏' })).toHaveCount(0);
    await page.goto('/man/employee');
    await expect(sidebar(page).getByRole('menuitem', { name: '员工管理' })).toBeVisible();
  });

  test('below 992 px the layout is mobile: sidebar closed, opened as an overlay', async ({ page, request }) => {
    await page.setViewportSize({ width: 992, height: 800 });
    await openAsAdmin(page, request, '/user/list');
    await expect(page.locator('.shell')).toHaveAttribute('data-device', 'desktop');
    await expect(sidebar(page)).toBeVisible();

    await page.setViewportSize({ width: 991, height: 800 });
    await expect(page.locator('.shell')).toHaveAttribute('data-device', 'mobile');
    await expect(sidebar(page)).toHaveCount(0);
    await page.getByRole('button', { name: '切换侧边栏' }).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page)).toHaveCSS('position', 'fixed');
    await sidebar(page).getByRole('menuitem', { name: '登录记录' }).click();
    await expect(page).toHaveURL('/user/login_log');
    await expect(sidebar(page)).toHaveCount(0);

    await page.setViewportSize({ width: 992, height: 800 });
    await expect(page.locator('.shell')).toHaveAttribute('data-device', 'desktop');
    await expect(sidebar(page)).toBeVisible();
  });

  test('the top bar has the site name, section tabs and the message, help, settings and user buttons', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    await expect(page.locator('.shell-brand')).toContainText('聚企中台');
    await expect(page.getByRole('menu', { name: '功能分区' })).toBeVisible();

    await page.getByRole('button', { name: '消息通知' }).click();
    const drawer = page.getByRole('dialog', { name: '消息通知' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('tab', { name: '消息通知' })).toBeVisible();
    await expect(drawer.getByRole('tab', { name: '公告' })).toBeVisible();
    // A drawer that only shows closes at once, with nothing to confirm.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

    await page.getByRole('button', { name: '帮助' }).click();
    await expect(page.getByRole('dialog', { name: '帮助' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '帮助' })).toBeHidden();
    await page.getByRole('button', { name: '界面设置' }).click();
    await expect(page.getByRole('dialog', { name: '界面设置' })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a drawer opened over the sidebar closes it and comes on top; a tapped button leaves no tooltip', async ({ page, request }) => {
    await openAsAdmin(page, request, '/user/list');
    await page.getByRole('button', { name: '切换侧边栏' }).tap();
    await expect(sidebar(page)).toBeVisible();

    await page.getByRole('button', { name: '消息通知' }).tap();
    const drawer = page.getByRole('dialog', { name: '消息通知' });
    await expect(drawer).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.locator('.shell-sider-mask')).toHaveCount(0);
    // On top: what is under the point at the drawer's middle belongs to the drawer.
    const box = (await drawer.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('.ant-drawer')),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(true);
    await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
  });
});

test.describe('tab strip', () => {
  test('visited pages are tabs; the same route with other query parameters is its own tab', async ({ page, request }) => {
    await openAsAdmin(page, request, '/case/list?page=1');
    await expect(tab(page, '案例列表')).toHaveCount(1);
    await visit(page, '/case/list?page=2', '案例列表');
    await expect(tab(page, '案例列表')).toHaveCount(2);
    await expect(tab(page, '首页')).toBeVisible();
  });

  test('a page whose query holds its filters keeps one tab, which returns to its latest filters', async ({ page, request }) => {
    await openAsAdmin(page, request, '/user/list?type_user=1');
    await visit(page, '/user/list?type_user=2', '全部用户');
    await expect(tab(page, '全部用户')).toHaveCount(1);
    await visit(page, '/user/login_log', '登录记录');
    await tab(page, '全部用户').click();
    await expect(page).toHaveURL('/user/list?type_user=2');
  });

  test('the dashboard tab is pinned: no ×, and Close is disabled in its menu', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    await expect(tab(page, '首页').locator('.shell-tab__close')).toHaveCount(0);
    await tab(page, '首页').click({ button: 'right' });
    const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
    await expect(menu).toHaveCSS('width', '105px');
    await expect(menu.getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute('aria-disabled', 'true');
    await menu.getByRole('menuitem', { name: '关闭所有' }).click();
    await expect(tab(page, '首页')).toBeVisible();
  });

  test('context menu: Refresh remounts one page, Close, Close Others and Close All', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    // Tabs persist across loads, so plain navigations open them.
    await visit(page, '/user/list', '全部用户');
    await visit(page, '/user/login_log', '登录记录');
    await visit(page, '/finance/user_recharge', '用户充值记录');
    await visit(page, '/permission/finance/recharge', '充值设置');
    await expect(tabStrip(page).getByRole('tab')).toHaveCount(5);

    // Refresh: the page is mounted anew (a mark put on its DOM is gone); the other tabs keep theirs.
    await visiblePane(page).evaluate((el) => el.setAttribute('data-mark', 'before'));
    await tabMenu(page, '充值设置', '刷新');
    await expect(visiblePane(page)).not.toHaveAttribute('data-mark', 'before');

    await tabMenu(page, '用户充值记录', '关闭');
    await expect(tab(page, '用户充值记录')).toHaveCount(0);
    await expect(page).toHaveURL('/permission/finance/recharge');

    await tabMenu(page, '登录记录', '关闭其他');
    await expect(page).toHaveURL('/user/login_log');
    await expect(tabStrip(page).getByRole('tab')).toHaveText(['首页', '登录记录']);

    await tabMenu(page, '登录记录', '关闭所有');
    await expect(page).toHaveURL('/dashboard');
    await expect(tabStrip(page).getByRole('tab')).toHaveText(['首页']);
  });

  test('a tab closes by its ×, a middle-click or Delete; tabs too many for the strip are listed by a button after it', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    await visit(page, '/user/list', '全部用户');
    await visit(page, '/user/login_log', '登录记录');
    await visit(page, '/finance/user_recharge', '用户充值记录');

    // The × closes its tab without going to it.
    await tab(page, '全部用户').locator('.shell-tab__close').click();
    await expect(tab(page, '全部用户')).toHaveCount(0);
    await expect(page).toHaveURL('/finance/user_recharge');
    await tab(page, '登录记录').click({ button: 'middle' });
    await expect(tab(page, '登录记录')).toHaveCount(0);
    // Delete closes the focused tab; the page goes to the last tab left, the focus to the tab before the closed one.
    await tab(page, '用户充值记录').focus();
    await page.keyboard.press('Delete');
    await expect(tabStrip(page).getByRole('tab')).toHaveCount(1);
    await expect(page).toHaveURL('/dashboard');
    // Focused by the keyboard, a tab's name also holds its place ("Tab 1 of 1"), as antd speaks it.
    await expect(tabStrip(page).getByRole('tab', { name: '首页' })).toBeFocused();

    const allTabs = page.getByRole('button', { name: '全部标签页' });
    await expect(allTabs).toHaveCount(0);
    await page.setViewportSize({ width: 600, height: 800 });
    for (const [path, title] of [
      ['/user/list', '全部用户'],
      ['/user/login_log', '登录记录'],
      ['/finance/user_recharge', '用户充值记录'],
      ['/finance/agency_withdraw', '代理提现记录'],
      ['/permission/finance/recharge', '充值设置'],
    ]) {
      await visit(page, path, title);
    }
    await allTabs.click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '全部用户' }).click();
    await expect(page).toHaveURL('/user/list');
    await expect(tab(page, '全部用户')).toBeInViewport();
  });

  test("a page keeps its typed text, scroll and DOM when you leave its tab and come back, also on nested routes", async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await openAsAdmin(page, request, '/dashboard');
    const search = page.getByRole('searchbox', { name: '查找功能' });
    await search.fill('公司');
    await expect(page.getByRole('link', { name: '公司目标' })).toBeVisible();
    await visiblePane(page).evaluate((el) => el.scrollTo(0, 150));

    await page.getByRole('link', { name: '公司目标' }).click();
    await expect(page).toHaveURL('/target/company');
    // The URL changes before React shows the new pane: wait for the page itself.
    await expect(visiblePane(page).getByText('功能内测中，敬请期待……')).toBeVisible();
    await visiblePane(page).evaluate((el) => el.setAttribute('data-mark', 'kept'));

    await tab(page, '首页').click();
    await expect(search).toBeVisible();
    await expect(search).toHaveValue('公司');
    await expect.poll(() => visiblePane(page).evaluate((el) => el.scrollTop)).toBe(150);

    await tab(page, '公司目标').click();
    await expect(visiblePane(page)).toHaveAttribute('data-mark', 'kept');
  });

  test('open tabs survive a reload (F5)', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    await visit(page, '/user/list', '全部用户');
    await visit(page, '/man/employee?tab=2', '员工管理');
    await page.reload();
    await expect(tabStrip(page).getByRole('tab')).toHaveText(['首页', '全部用户', '员工管理']);
    await tab(page, '全部用户').click();
    await expect(page).toHaveURL('/user/list');
  });
});

test.describe('requests and errors (§8)', () => {
  test('a forced 50014 on several calls shows one logged-out dialog; Re-Login clears the token and reloads', async ({ page, request }) => {
    await openAsAdmin(page, request, '/case/list');
    await expect(page.getByText('功能内测中，敬请期待……')).toBeVisible();
    await page.route('**/api/staff/**', (route) =>
      route.fulfill({ status: 401, json: { code: 50014, message: '登录已过期，请重新登录', data: null } }),
    );
    await refocus(page);
    await refocus(page);
    const dialog = page.getByRole('dialog', { name: 'Confirm logout' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You have been logged out, you can cancel to stay on this page, or log in again');
    await expect(page.locator('.ant-message')).toContainText('登录已过期，请重新登录');
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(1);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL('/case/list');

    await refocus(page);
    await page.getByRole('button', { name: 'Re-Login' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fcase%2Flist');
    expect((await page.context().cookies()).find((c) => c.name === 'juqi_token')).toBeUndefined();
  });

  test('a dropped connection shows the transport toast with error code 500', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    await expect(page.getByRole('heading', { name: '您好，超级管理员' })).toBeVisible();
    await page.route('**/api/**', (route) => route.abort('connectionreset'));
    await refocus(page);
    await expect(page.locator('.ant-message')).toContainText('错误代码：500');
  });
});

test.describe('languages and look', () => {
  // With antd's animations on, as most operators have them: the menu's closing animation raced the language's re-render.
  test.use({ reducedMotion: 'no-preference' });

  test('en-US from the user menu switches the UI and antd texts; the dark theme applies', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, 超级管理员' })).toBeVisible();
    // The choice closes the menu; nothing of it stays over the page.
    await expect(page.locator('.ant-dropdown:visible, .ant-dropdown-menu-submenu-popup:visible')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page).toHaveTitle('Dashboard - 聚企中台');
    await expect(page.getByText('1 function', { exact: true }).first()).toBeVisible();
    // Menus, tabs and the page title take the entries' English names.
    await page.getByRole('menuitem', { name: / Users$/ }).click();
    await expect(page).toHaveTitle('All users - 聚企中台');
    await expect(page.locator('.shell-sider').getByRole('menuitem', { name: 'Identity verification' })).toBeVisible();
    await expect(page.locator('.shell-tabs')).toContainText('All users');
    await page.getByRole('menuitem', { name: / Settings$/ }).click();
    await expect(page.locator('.shell-sider').getByRole('menuitem', { name: 'Functions' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Hello, 超级管理员' })).toBeVisible();
    // antd's own texts follow: the drawer's close button reads Close.
    await page.getByRole('button', { name: 'Display settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Display settings' });
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(settings).toBeHidden();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.ant-dropdown:visible, .ant-dropdown-menu-submenu-popup:visible')).toHaveCount(0);
    await expect(page.locator('.shell-main')).not.toHaveCSS('background-color', 'rgb(245, 245, 245)');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hello, 超级管理员' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
