import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin, powerIds, submitSignIn } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

/** The grant tree's node for a catalogue entry, found by its exact name and path. */
const treeNode = (page: Page, name: string, path: string) =>
  page
    .getByRole('dialog')
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText(name, { exact: true }) })
    .filter({ has: page.getByText(path, { exact: true }) });

/** A catalogue entry's id and the ids of everything under it. */
async function subtreeIds(request: APIRequestContext, token: string, id: number): Promise<number[]> {
  interface Node {
    id: number;
    children: Node[];
  }
  const { tree } = await apiOk<{ tree: Node[] }>(request, token, '/api/power/powerparticulars');
  const all = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...all(n.children)]);
  const root = all(tree).find((n) => n.id === id)!;
  return all([root]).map((n) => n.id);
}

test.describe('settings screens (issue 3)', () => {
  test('a role created and granted a menu on the role screen gives its staff only that menu', async ({ page, request, browser }) => {
    const admin = await adminToken(request);
    const suffix = Date.now().toString(36);
    const roleName = `e2e角色${suffix}`;

    await openAsAdmin(page, request, '/permission/role');
    await expect(page).toHaveTitle('角色设置 - 聚企中台');
    await expect(page.getByRole('cell', { name: '人事专员', exact: true })).toBeVisible();
    await screenshot(page, 'role-page');

    await page.getByRole('button', { name: '新增角色' }).click();
    const form = page.getByRole('dialog', { name: '新增角色' });
    await form.getByLabel('角色名称').fill(roleName);
    await form.getByLabel('备注').fill('端到端测试创建');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    await page.getByPlaceholder('搜索角色名称').fill(roleName);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: roleName });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();

    await row.getByRole('button', { name: '授权' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(`角色授权：${roleName}`)).toBeVisible();
    await treeNode(page, '全部用户', '/user/list').locator('.ant-tree-checkbox').click();
    // Checking a page checks the section above it; the section's box shows half, as its other pages are not granted.
    await expect(treeNode(page, '全部用户', '/user/list').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(treeNode(page, '用户', '/user').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await screenshot(page, 'grant-drawer');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('授权已保存')).toBeVisible();
    await expect(drawer).toBeHidden();

    const roleId = (await apiOk<{ data: { id: number; name: string }[] }>(request, admin, '/api/power/role_list', { keyword: roleName })).data[0]!.id;
    const grants = await apiOk<{ power_ids: number[] }>(request, admin, '/api/power/role_grants', { id: roleId });
    // The page, everything under it (its operations), and its section.
    const [section, list] = await powerIds(request, admin, ['/user', '/user/list']);
    expect(grants.power_ids).toEqual([section!, ...(await subtreeIds(request, admin, list!))].sort((a, b) => a - b));

    const staffNum = `e2er${suffix}`;
    const password = 'E2e-Pass-2026';
    await apiOk(request, admin, '/api/staff/staff_add', { staff_num: staffNum, password, name: '角色测试员', role_ids: [roleId] });
    // The role list counts the new holder, and a held role cannot be deleted.
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: '删除' })).toBeDisabled();

    const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const staffPage = await other.newPage();
    await staffPage.goto('/login?redirect=%2Fuser%2Flist');
    await staffPage.getByLabel('工号').fill(staffNum);
    await staffPage.getByLabel('密码', { exact: true }).fill(password);
    await submitSignIn(staffPage);
    await expect(staffPage).toHaveURL('/user/list');
    const sections = staffPage.getByRole('menu', { name: '功能分区' }).getByRole('menuitem');
    await expect(sections).toHaveCount(1);
    await expect(sections.first()).toHaveText('用户');
    await staffPage.goto('/permission/role');
    await expect(staffPage).toHaveURL('/404');
    await other.close();
  });

  test('a menu added on the function screen shows in the sidebar at once, and can be deleted', async ({ page, request }) => {
    const suffix = Date.now().toString(36);
    const name = `测试页${suffix}`;
    await openAsAdmin(page, request, '/permission/page');
    // A full load of the app, then the whole catalogue as a tree table: beside an accessibility walk on a busy machine
    // this took past the default 10 s once.
    await expect(page.getByRole('row').filter({ hasText: '/permission/role' })).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'function-page');
    await page.getByRole('button', { name: '全部展开' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'role.grant' })).toBeVisible();
    await screenshot(page, 'function-page-expanded');
    await page.getByRole('button', { name: '全部收起' }).click();

    const settingsRow = page.getByRole('row').filter({ has: page.getByText('设置', { exact: true }) }).first();
    await settingsRow.getByRole('button', { name: '新增子菜单' }).click();
    const form = page.getByRole('dialog', { name: /新增子菜单/ });
    await form.getByLabel('名称', { exact: true }).fill(name);
    await form.getByLabel('英文名称').fill(`E2E menu ${suffix}`);
    await form.getByLabel('路径').fill(`/permission/e2e_${suffix}`);
    await screenshot(page, 'function-form');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('已保存')).toBeVisible({ timeout: 15_000 });
    await expect(form).toBeHidden();

    // The shell's menus were refetched: the new entry is in the sidebar without signing out or reloading.
    const sidebarItem = page.locator('.shell-sider').getByRole('menuitem', { name });
    await expect(sidebarItem).toBeVisible();
    await sidebarItem.click();
    await expect(page).toHaveURL(`/permission/e2e_${suffix}`);
    await expect(page.getByText('功能内测中，敬请期待……')).toBeVisible();

    await page.goto('/permission/page');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`E2E menu ${suffix}`);
    await row.getByRole('button', { name: `删除 ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: /删\s*除/ }).click();
    await expect(page.getByText('已删除')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.locator('.shell-sider').getByRole('menuitem', { name })).toHaveCount(0);
  });

  test('login settings refuse an SMS template without {code} and save one with it', async ({ page, request }) => {
    const admin = await adminToken(request);
    const before = await apiOk<{ sms_template: string }>(request, admin, 'GET /api/set/login_details');
    await openAsAdmin(page, request, '/permission/loginpage');
    const template = page.getByLabel('短信验证码模板');
    await expect(template).toHaveValue(before.sms_template);
    await screenshot(page, 'login-settings-page');

    await template.fill('您的验证码已发送');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('模板必须包含 {code}')).toBeVisible();

    await template.fill('【聚企】验证码 {code}，5 分钟内有效');
    await expect(page.getByText('【聚企】验证码 123456，5 分钟内有效')).toBeVisible();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('登录设置已保存')).toBeVisible();
    const after = await apiOk<{ sms_template: string }>(request, admin, 'GET /api/set/login_details');
    expect(after.sms_template).toBe('【聚企】验证码 {code}，5 分钟内有效');
    // Put it back for the other tests of this run (the SMS sign-in reads the outbox, not the text, but keep it tidy).
    await apiOk(request, admin, '/api/set/login', { ...after, sms_template: before.sms_template });
  });
});
