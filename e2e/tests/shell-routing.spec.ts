import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin, powerIds, staffWithMenus, submitSignIn, signInByApi, useToken, ADMIN } from '../support/session';

/** Window focus after working elsewhere: the shell refetches the staff's menus. */
const refocus = (page: Page) =>
  page.evaluate(() => {
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
  });

test.describe('routing rules (§2.1)', () => {
  test('without a token every route goes to sign in with the path and query, and comes back after sign-in', async ({ page }) => {
    await page.goto('/user/list?page=3');
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Flist%3Fpage%3D3');
    await expect(page).toHaveTitle('登录 - 聚企中台');
    await page.getByLabel('工号').fill(ADMIN.staffNum);
    await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
    await submitSignIn(page);
    await expect(page).toHaveURL('/user/list?page=3');
    await expect(page).toHaveTitle('全部用户 - 聚企中台');
    await expect(page.getByText(/共 \d+ 位用户/)).toBeVisible();
  });

  test('/ and /dashboard need a token too; /404 is public', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/login?redirect=%2F');
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
    await page.goto('/404');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  });

  test('signed in: / opens the dashboard, /login goes home, unknown paths go to /404', async ({ page, request }) => {
    await openAsAdmin(page, request, '/');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: '您好，超级管理员' })).toBeVisible();
    await expect(page).toHaveTitle('首页 - 聚企中台');
    await page.goto('/login?redirect=%2Fuser%2Flist');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL('/404');
    await expect(page).toHaveTitle('404 - 聚企中台');
  });

  test('each permitted menu path is a route titled by its menu name; one without a screen shows the placeholder', async ({ page, request }) => {
    await openAsAdmin(page, request, '/target/company');
    await expect(page.getByText('功能内测中，敬请期待……')).toBeVisible();
    await expect(page).toHaveTitle('公司目标 - 聚企中台');
    // A section opens its first child; /man/employee sits in the /human section.
    await page.goto('/human');
    await expect(page).toHaveURL('/human/dashboard');
    await page.goto('/man/employee');
    await expect(page.getByRole('menuitem', { name: '人力资源' })).toHaveClass(/ant-menu-item-selected/);
  });

  test('a staff member sees only permitted routes, and a role edit shows without signing out', async ({ page, request }) => {
    const admin = await adminToken(request);
    const staff = await staffWithMenus(request, admin, ['/user', '/user/list']);
    await useToken(page.context(), await signInByApi(request, staff.staffNum, staff.password));

    // The menu alone opens the page; reading its list needs the operation too, which this role lacks.
    await page.goto('/user/list');
    await expect(page).toHaveTitle('全部用户 - 聚企中台');
    await expect(page.getByText('没有权限查看此页面')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '设置' })).toHaveCount(0);
    // A page the role does not open: /404 inside the shell, whose menus take the staff on.
    await page.goto('/user/login_log');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.getByRole('menu', { name: '功能分区' }).getByRole('menuitem', { name: '用户' }).click();
    await expect(page).toHaveURL('/user/list');

    await page.goto('/user/list');
    await expect(page).toHaveTitle('全部用户 - 聚企中台');
    // A single child: no sidebar yet.
    await expect(page.getByRole('button', { name: '切换侧边栏' })).toHaveCount(0);
    await apiOk(request, admin, '/api/power/role_grant', {
      id: staff.roleId,
      power_ids: await powerIds(request, admin, ['/user', '/user/list', '/user/login_log', '/case', '/case/list']),
    });
    await refocus(page);
    await expect(page.getByRole('menuitem', { name: '登录记录' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '案例' })).toBeVisible();
    await page.getByRole('menuitem', { name: '登录记录' }).click();
    await expect(page).toHaveURL('/user/login_log');
    await expect(page).toHaveTitle('登录记录 - 聚企中台');
  });

  test('a token the server no longer knows: token cleared, the error shown, sign in with a redirect', async ({ page }) => {
    await useToken(page.context(), 'not-a-real-token');
    await page.goto('/user/list?page=2');
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Flist%3Fpage%3D2');
    await expect(page.locator('.ant-message')).toContainText('登录已失效，请重新登录');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'juqi_token')).toBeUndefined();
  });
});

/** Clicks a top section as a user would: in the bar, or under its … when the bar is too narrow to show them all. */
async function openSection(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('menu', { name: '功能分区' });
  await expect(bar.getByRole('menuitem').first()).toBeVisible();
  const inBar = bar.getByRole('menuitem', { name });
  if (await inBar.isVisible()) return inBar.click();
  await bar.locator('.ant-menu-overflow-item-rest').hover();
  await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name }).click();
}

/**
 * Lets a test click a sidebar item in the very commit that first shows it, before the effects of that render run: the
 * moment a staff member's click can fall between a section appearing and what the section does next (its redirect to
 * its first page). React tells the DevTools hook of every commit; a stand-in hook, installed before the app loads, looks
 * for the item then and clicks it.
 */
async function armCommitClicks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const app = window as unknown as { onCommit?: () => void };
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', { value: { supportsFiber: true, inject: () => 1, onCommitFiberRoot: () => app.onCommit?.() } });
  });
}

/** Clicks the sidebar item named `name` in the commit that first shows it; `clickedAt` answers the path shown then. */
async function clickSidebarItemOnceShown(page: Page, name: string): Promise<{ clickedAt: () => Promise<string | undefined> }> {
  await page.evaluate((itemName) => {
    const app = window as unknown as { onCommit?: () => void; clickedAt?: string };
    app.clickedAt = undefined;
    app.onCommit = () => {
      const item = [...document.querySelectorAll<HTMLElement>('.shell-sider [role="menuitem"]')].find((element) => element.textContent === itemName);
      if (!item) return;
      app.onCommit = undefined;
      app.clickedAt = location.pathname;
      item.click();
    };
  }, name);
  return { clickedAt: () => page.evaluate(() => (window as unknown as { clickedAt?: string }).clickedAt) };
}

test.describe('tabs follow navigation', () => {
  test('a sidebar item clicked the moment its section shows wins, and every tab keeps its visit order', async ({ page, request }) => {
    await armCommitClicks(page);
    await openAsAdmin(page, request, '/dashboard');
    const strip = page.locator('.shell-tabs');
    // The top bar opens a section's first page; a dashboard card opens the section's own path, whose redirect to its
    // first page has still to run when the click lands (`shownAtClick`). The item is never the section's first child,
    // so the click and that first page race.
    const rounds: { from: 'top bar' | 'dashboard'; section: string; shownAtClick: string; item: string; itemPath: string }[] = [
      { from: 'top bar', section: '用户', shownAtClick: '/user/list', item: '登录记录', itemPath: '/user/login_log' },
      { from: 'dashboard', section: '财务', shownAtClick: '/finance', item: '用户充值记录', itemPath: '/finance/user_recharge' },
      { from: 'top bar', section: '设置', shownAtClick: '/permission/page', item: '角色设置', itemPath: '/permission/role' },
      { from: 'dashboard', section: '目标', shownAtClick: '/target', item: '公司目标', itemPath: '/target/company' },
      { from: 'dashboard', section: '用户', shownAtClick: '/user', item: '用户实名认证', itemPath: '/user/authentication' },
      { from: 'top bar', section: '应用', shownAtClick: '/apps/center', item: '购买记录', itemPath: '/apps/purchase' },
      { from: 'dashboard', section: '设置', shownAtClick: '/permission', item: '登录设置', itemPath: '/permission/loginpage' },
      { from: 'top bar', section: '代理', shownAtClick: '/agency/list', item: '业务申请', itemPath: '/agency/business_apply' },
    ];
    const visited = ['首页'];
    for (const { from, section, shownAtClick, item, itemPath } of rounds) {
      // The logo leads home; the 首页 tab may be scrolled out of the strip by then.
      if (from === 'dashboard') await page.locator('.shell-brand').click();
      const click = await clickSidebarItemOnceShown(page, item);
      if (from === 'top bar') await openSection(page, section);
      else await page.locator('.dashboard').getByRole('link').filter({ has: page.getByText(section, { exact: true }) }).click();
      if (!visited.includes(item)) visited.push(item);
      const tab = strip.getByRole('tab', { name: item, exact: true });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(itemPath);
      expect(await click.clickedAt()).toBe(shownAtClick);
      // However many tabs are open, the strip scrolls the current one into view.
      await expect(tab).toBeInViewport();
      const shown = await strip.getByRole('tab').allInnerTexts();
      expect(shown.filter((title) => visited.includes(title))).toEqual(visited);
    }
  });
});
