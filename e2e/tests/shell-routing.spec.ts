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
    await page.goto('/user/login_log');
    await expect(page).toHaveURL('/404');

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

test.describe('tabs follow navigation', () => {
  test('a top section and then a sidebar item, clicked with no wait between them, each leave their tab in visit order', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    const strip = page.locator('.shell-tabs');
    // [section, sidebar item]: the item is never the section's first child, so the section's first page and the click
    // race; built screens (用户, 设置) also race their page's code being fetched for the first time.
    const rounds: [string, string][] = [
      ['用户', '登录记录'],
      ['财务', '用户充值记录'],
      ['设置', '角色设置'],
      ['目标', '公司目标'],
      ['用户', '用户实名认证'],
      ['应用', '购买记录'],
      ['设置', '登录设置'],
      ['代理', '业务申请'],
    ];
    const visited = ['首页'];
    for (const [section, item] of rounds) {
      await openSection(page, section);
      await page.locator('.shell-sider').getByRole('menuitem', { name: item }).click();
      if (!visited.includes(item)) visited.push(item);
      const tab = strip.getByRole('tab', { name: item, exact: true });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      // However many tabs are open, the strip scrolls the current one into view.
      await expect(tab).toBeInViewport();
      // The section's first page may or may not have shown before the click; every other tab keeps its visit order.
      const shown = await strip.getByRole('tab').allInnerTexts();
      expect(shown.filter((title) => visited.includes(title))).toEqual(visited);
    }
  });
});
