import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

interface UpgradeEntry {
  id: number;
  name: string;
  version_number: string;
  up_time: string;
  content: string;
}

/** Opens the help drawer from the top bar's 帮助 button. */
async function openHelp(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '帮助', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: '帮助' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Picks an option of an antd Select by its label. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** The functions' explanations: a group of disclosure buttons, one open at a time. */
const functions = (drawer: Locator) => drawer.getByRole('group', { name: '功能说明' });
/** The header of a function's explanation (a button that opens it). */
const panel = (drawer: Locator, name: string) => functions(drawer).getByRole('button', { name, exact: true });

/** The antd Select around the combobox of that name, which shows the chosen label. */
const selectNamed = (page: Page, name: string) => page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name }) });

/** Pastes HTML into the focused rich-text editor, as copying from a web page would. */
async function pasteHtml(editor: Locator, html: string) {
  await editor.click();
  await editor.evaluate((el, payload) => {
    const data = new DataTransfer();
    data.setData('text/html', payload);
    data.setData('text/plain', payload.replace(/<[^>]*>/g, ''));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

test.describe('help drawer (§2.4)', () => {
  test('feature introduction: two dependent dropdowns and an accordion of explanations', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    const drawer = await openHelp(page);
    await expect(drawer.getByRole('tab', { name: '功能介绍', selected: true })).toBeVisible();

    const top = drawer.getByRole('combobox', { name: '一级分类' });
    const sub = drawer.getByRole('combobox', { name: '二级分类' });
    // The first category and its first subcategory are chosen; the first function is open.
    await expect(selectNamed(page, '一级分类')).toContainText('用户与代理');
    await expect(selectNamed(page, '二级分类')).toContainText('用户管理');
    await expect(panel(drawer, '全部用户')).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByText('按用户类型、来源、等级、注册时间等条件筛选用户')).toBeVisible();
    // An accordion: opening the second closes the first.
    await panel(drawer, '实名认证').click();
    await expect(panel(drawer, '实名认证')).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(drawer, '全部用户')).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer.locator('.help-functions strong', { hasText: '已认证' })).toBeVisible();

    // The subcategory list follows the top category, and the accordion follows the subcategory.
    await choose(page, top, '内容营销');
    await expect(selectNamed(page, '二级分类')).toContainText('自动发布工具');
    await expect(panel(drawer, '定时发布')).toBeVisible();
    await expect(panel(drawer, '全部用户')).toHaveCount(0);
    await sub.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveText(['自动发布工具', '素材管理']);
    await options.filter({ hasText: '素材管理' }).click();
    await expect(panel(drawer, '智能标题生成')).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(drawer, '素材审核')).toBeVisible();
    await expect(panel(drawer, '定时发布')).toHaveCount(0);
    await screenshot(page, 'help-introduction');
  });

  test('help manual: the list, a page with its name, explanation and content, and a back link', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    const drawer = await openHelp(page);
    await drawer.getByRole('tab', { name: '帮助手册' }).click();
    const list = drawer.getByRole('navigation', { name: '手册目录' });
    await expect(list.getByRole('menuitem')).toHaveText(['系统设置', '功能设置', '角色设置', '员工管理', '发布通知']);

    await list.getByRole('menuitem', { name: '角色设置' }).click();
    const article = drawer.locator('article.help-manual');
    await expect(article.getByRole('heading', { name: '角色设置' })).toBeVisible();
    await expect(article.locator('.rich-text')).not.toBeEmpty();
    await expect(article.locator('.ant-typography-secondary')).not.toBeEmpty();
    await screenshot(page, 'help-manual');
    await article.getByRole('button', { name: '返回' }).click();
    await expect(list.getByRole('menuitem')).toHaveCount(5);
  });

  test('help manual opens on the page the staff is on, marked 当前页面 in the list', async ({ page, request }) => {
    await openAsAdmin(page, request, '/permission/role');
    const drawer = await openHelp(page);
    await drawer.getByRole('tab', { name: '帮助手册' }).click();
    await expect(drawer.getByRole('heading', { name: '角色设置' })).toBeVisible();
    await drawer.getByRole('button', { name: '返回' }).click();
    await expect(drawer.getByRole('menuitem', { name: /角色设置/ })).toContainText('当前页面');
  });

  test('upgrade log: a timeline of versions, newest first, with name, version, date and notes', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    const drawer = await openHelp(page);
    await drawer.getByRole('tab', { name: '升级日志' }).click();
    const entries = drawer.locator('.help-timeline__entry');
    await expect(entries.first()).toBeVisible();
    const labels = await entries.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    const seeded = ['v2.0.0 中台 2.0', 'v1.3.0 通知与公告', 'v1.2.0 自动发布工具', 'v1.1.0 代理与客户管理', 'v1.0.0 聚企中台正式上线'];
    // Other tests may add versions; the seeded ones keep their order.
    expect(labels.filter((l) => seeded.includes(l!))).toEqual(seeded);
    const newest = drawer.getByRole('region', { name: 'v2.0.0 中台 2.0' });
    await expect(newest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(newest.locator('.rich-text')).not.toBeEmpty();
    const dates = await entries.locator('time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')!));
    expect(dates).toEqual([...dates].sort((a, b) => b.localeCompare(a)));
    await screenshot(page, 'help-upgrade-log');
  });

  test('the drawer only shows help, so it closes at once, by Esc or by 关闭, asking nothing', async ({ page, request }) => {
    await openAsAdmin(page, request, '/dashboard');
    const drawer = await openHelp(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await openHelp(page);
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  });
});

test.describe('help settings: rich text is stored and shown without script', () => {
  test('an admin edits an upgrade-log entry; pasted script and handlers are gone from what is stored and shown', async ({ page, request }) => {
    const admin = await adminToken(request);
    const stamp = Date.now() % 100_000;
    const version = `v9.${stamp}.0`;
    const entry = await apiOk<{ id: number }>(request, admin, '/api/help/upgrade_log_add', {
      name: `e2e 版本 ${stamp}`,
      version_number: version,
      up_time: '2026-01-15',
      content: '<p>初稿</p>',
    });
    // Any script that ran would leave a mark or open a dialog.
    page.on('dialog', (dialog) => {
      throw new Error(`a script opened a dialog: ${dialog.message()}`);
    });

    await openAsAdmin(page, request, '/permission/help/upgrade_log');
    const row = page.getByRole('row').filter({ hasText: version });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const form = page.getByRole('dialog', { name: '编辑 · 升级日志' });
    const editor = form.getByRole('textbox', { name: '更新内容' });
    await expect(editor).toContainText('初稿');
    await editor.press('ControlOrMeta+a');
    await pasteHtml(
      editor,
      '<p>修复<strong>已知问题</strong></p><script>window.xssMark = "script"</script>' +
        '<p><img src="/uploads/none.png" onerror="window.xssMark = \'img\'">图片说明</p>' +
        '<p><a href="javascript:window.xssMark = \'link\'">危险链接</a></p>',
    );
    await expect(editor.locator('strong')).toHaveText('已知问题');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('已保存')).toBeVisible();

    const stored = await apiOk<UpgradeEntry>(request, admin, '/api/help/upgrade_log_find', { id: entry.id });
    expect(stored.content).toContain('<strong>已知问题</strong>');
    expect(stored.content).toContain('图片说明');
    expect(stored.content).not.toMatch(/<script|onerror|javascript:/i);

    // A client that skips the editor gets the same treatment from the server.
    await apiOk(request, admin, '/api/help/upgrade_log_edit', {
      id: entry.id,
      content:
        '<p>接口直写<strong>加粗</strong></p><script>window.xssMark = "api"</script><img src="x" onerror="window.xssMark = \'api-img\'">' +
        '<svg><script>window.xssMark = "svg"</script></svg><iframe srcdoc="<script>parent.xssMark = 1</script>"></iframe>',
    });
    const direct = await apiOk<UpgradeEntry>(request, admin, '/api/help/upgrade_log_find', { id: entry.id });
    expect(direct.content).toContain('<strong>加粗</strong>');
    expect(direct.content).not.toMatch(/<script|onerror|<svg|<iframe|srcdoc/i);

    // Shown in the settings screen's details and in the help drawer's timeline: the text, no script, nothing ran.
    await page.reload();
    await page.getByRole('row').filter({ hasText: version }).getByRole('button', { name: /详\s*情/ }).click();
    const details = page.getByRole('dialog', { name: '详情 · 升级日志' });
    await expect(details.locator('.rich-text strong', { hasText: '加粗' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    const drawer = await openHelp(page);
    await drawer.getByRole('tab', { name: '升级日志' }).click();
    const timelineEntry = drawer.getByRole('region', { name: `${version} e2e 版本 ${stamp}` });
    await expect(timelineEntry.locator('.rich-text strong')).toHaveText('加粗');
    expect(await page.locator('main script, [role="dialog"] script, .rich-text iframe, .rich-text svg').count()).toBe(0);
    expect(await page.evaluate(() => (window as { xssMark?: unknown }).xssMark)).toBeUndefined();

    await apiOk(request, admin, '/api/help/upgrade_log_del', { id: entry.id });
  });
});

test.describe('help settings: what an admin writes is what the drawer shows', () => {
  test('a manual written for a page opens first when help is asked on that page', async ({ page, request }) => {
    const admin = await adminToken(request);
    const name = `实名认证说明 ${Date.now() % 100_000}`;
    await openAsAdmin(page, request, '/permission/help/manual');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog', { name: '新增 · 帮助手册' });
    await form.getByLabel('页面名称').fill(name);
    await form.getByLabel('页面路径').fill('/user/authentication');
    await form.getByLabel('说明', { exact: true }).fill('审核个人与企业的实名认证资料');
    const editor = form.getByRole('textbox', { name: '内容' });
    await editor.click();
    await editor.pressSequentially('先核对证件，');
    await editor.press('ControlOrMeta+b');
    await editor.pressSequentially('再通过或驳回');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('/user/authentication');

    await page.goto('/user/authentication');
    const drawer = await openHelp(page);
    await drawer.getByRole('tab', { name: '帮助手册' }).click();
    await expect(drawer.getByRole('heading', { name })).toBeVisible();
    await expect(drawer.getByText('审核个人与企业的实名认证资料')).toBeVisible();
    await expect(drawer.locator('.rich-text strong')).toHaveText('再通过或驳回');

    const { data } = await apiOk<{ data: { id: number; name: string }[] }>(request, admin, '/api/help/help_manual', { keyword: '/user/authentication' });
    await apiOk(request, admin, '/api/help/help_manual_del', { id: data.find((m) => m.name === name)!.id });
  });

  test('a function added under a subcategory appears in the drawer’s accordion there', async ({ page, request }) => {
    const admin = await adminToken(request);
    const name = `通知模板 ${Date.now() % 100_000}`;
    await openAsAdmin(page, request, '/permission/help/introduction');
    await page.getByRole('button', { name: '新增功能' }).click();
    const form = page.getByRole('dialog', { name: '新增功能' });
    await choose(page, form.getByLabel('所属分类'), '通知设置');
    await form.getByLabel('功能名称').fill(name);
    const editor = form.getByRole('textbox', { name: '功能说明' });
    await editor.click();
    await editor.pressSequentially('为每种通知配置');
    await editor.press('ControlOrMeta+b');
    await editor.pressSequentially('模板参数');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('通知设置');

    const drawer = await openHelp(page);
    await choose(page, drawer.getByRole('combobox', { name: '一级分类' }), '系统设置');
    await choose(page, drawer.getByRole('combobox', { name: '二级分类' }), '通知设置');
    // Sort 0 puts it before the seeded 通知类型 (sort 10), so it is the one open.
    await expect(functions(drawer).getByRole('button')).toHaveText([name, '通知类型']);
    await expect(panel(drawer, name)).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.locator('.help-functions .ant-collapse-item-active .rich-text strong')).toHaveText('模板参数');

    const rows = await apiOk<{ data: { id: number; name: string }[] }>(request, admin, '/api/help/function_introduction', { keyword: name });
    await apiOk(request, admin, '/api/help/function_delete', { id: rows.data[0]!.id });
  });
});
