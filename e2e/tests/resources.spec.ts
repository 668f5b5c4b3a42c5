import { allResources, menuTree, stateName, type MenuDefinition, type Resource, type ResourceField } from '@juqi/contract';
import fs from 'node:fs';
import fc from 'fast-check';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { deleteRow, rowMenuItem } from '../support/row-menu';
import { ACTIVE_PAGE, openAsAdmin, visit } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';
import { sheetRows } from '../support/xlsx';

test.use({ viewport: { width: 1280, height: 800 } });

const PATH = '/permission/case/platform';
const table = (page: Page) => page.locator('.resource-page .ant-table-tbody');
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('案例平台: search, add, edit and delete a platform, each seen in the list', async ({ page, request }) => {
  // A name of its own, so a rerun against the same data finds no leftover.
  const name = `平台${Date.now() % 100000}`;
  const renamed = `${name}改`;

  await openAsAdmin(page, request, PATH);
  await expect(rowOf(page, '抖音')).toBeVisible();
  await expect(rowOf(page, '小红书')).toBeVisible();
  await expect(rowOf(page, '快手')).toBeVisible();

  // Search by keyword: the URL keeps it, the list narrows.
  await page.getByRole('searchbox', { name: '搜索平台名称' }).fill('小红');
  await page.getByRole('searchbox', { name: '搜索平台名称' }).press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(rowOf(page, '小红书')).toBeVisible();
  await expect(rowOf(page, '抖音')).toHaveCount(0);
  await page.getByRole('button', { name: /清空筛选/ }).click();
  await expect(rowOf(page, '抖音')).toBeVisible();

  // Add: an empty name is refused on its field; then a valid one shows in the list.
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入平台名称')).toBeVisible();
  await dialog.getByLabel('平台名称').fill(name);
  await dialog.getByLabel('备注').fill('端到端测试');
  await dialog.getByLabel('排序').fill('99');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toContainText('端到端测试');

  // Edit: a taken name is marked on the field; a new one replaces the old in the list.
  await rowOf(page, name).getByRole('button', { name: /编\s*辑/ }).click();
  await expect(dialog.getByLabel('平台名称')).toHaveValue(name);
  await dialog.getByLabel('平台名称').fill('抖音');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('该平台名称已存在')).toBeVisible();
  await dialog.getByLabel('平台名称').fill(renamed);
  await dialog.getByRole('radiogroup', { name: '启用' }).getByRole('radio', { name: '否' }).check();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, renamed)).toContainText('否');
  await expect(rowOf(page, name)).toHaveCount(0);

  // Export: the disabled platforms, every one of them, to a workbook with the list's labels.
  await page.goto(`${PATH}?enabled=false`);
  await expect(rowOf(page, renamed)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^案例平台-\d{8}-\d{4}\.xlsx$/);
  const [header, ...data] = sheetRows(fs.readFileSync((await file.path())!));
  expect(header).toEqual(['平台名称', '备注', '排序', '启用', '更新时间']);
  expect(data.find((cells) => cells[0] === renamed)).toEqual([renamed, '端到端测试', '99', '否', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)]);
  expect(data.every((cells) => cells.includes('否'))).toBe(true);
  await expect(page.getByText(`已导出 ${data.length} 条案例平台`)).toBeVisible();
  await page.goto(PATH);

  // Screenshots (E2E_SHOTS): both languages, wide and narrow.
  for (const language of takingShots ? ['en-US', 'zh-CN'] : []) {
    await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(table(page).getByRole('row').first()).toBeVisible();
      await screenshot(page, `case-platform-${language}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(rowOf(page, renamed)).toBeVisible();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await screenshot(page, 'case-platform-form-zh-CN');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // Delete, after confirmation.
  await deleteRow(page, rowOf(page, renamed));
  await expect(rowOf(page, renamed)).toHaveCount(0);
  await expect(rowOf(page, '抖音')).toBeVisible();
});

test('业务设置: a business’s packages in its details — added, edited and deleted in place, found on 套餐设置 by business; a business with packages is kept', async ({ page, request }) => {
  const name = `月卡${Date.now() % 100000}`;
  await openAsAdmin(page, request, '/permission/business/business');
  // 业务设置 holds the businesses and 业务开通表's fields (the field engine's), each a tab.
  await page.locator(ACTIVE_PAGE).getByRole('tab', { name: '业务开通表' }).click();
  await expect(page.locator(ACTIVE_PAGE).getByText('服务账号').first()).toBeVisible();
  await screenshot(page, 'business-set-form-zh-CN-1280');
  await page.locator(ACTIVE_PAGE).getByRole('tab', { name: '业务列表' }).click();
  const business = rowOf(page, '短视频代运营');
  await business.getByRole('button', { name: /详\s*情/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: /^业务套餐（\d+）$/ }).click();
  const packages = drawer.getByRole('tabpanel', { name: /^业务套餐/ }).locator('.ant-table-tbody');
  await expect(packages.getByRole('cell', { name: '旗舰版', exact: true })).toBeVisible();
  // Another business's packages are not here.
  await expect(packages.getByRole('cell', { name: '模板站', exact: true })).toHaveCount(0);
  const count = Number((await drawer.getByRole('tab', { name: /^业务套餐/ }).textContent())!.match(/\d+/)![0]);

  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '新增 · 业务套餐' });
  await expect(form.getByLabel('所属业务')).toHaveCount(0);
  await form.getByLabel('套餐名称', { exact: true }).fill(name);
  await form.getByLabel('价格', { exact: true }).fill('1280.5');
  await form.getByLabel('服务数量', { exact: true }).fill('12');
  await screenshot(page, 'business-package-form-zh-CN');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();
  const added = packages.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(added).toContainText('¥ 1,280.50');
  await expect(drawer.getByRole('tab', { name: `业务套餐（${count + 1}）` })).toBeVisible();
  for (const width of takingShots ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, `business-details-packages-zh-CN-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await added.getByRole('button', { name: /编\s*辑/ }).click();
  const edit = page.getByRole('dialog').filter({ hasText: '编辑 · 业务套餐' });
  await expect(edit.getByLabel('套餐名称', { exact: true })).toHaveValue(name);
  await edit.getByLabel('服务天数', { exact: true }).fill('90');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(edit).toBeHidden();
  await expect(added).toContainText('90');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // A business holding packages is not deleted: the refusal says why.
  await deleteRow(page, business);
  await expect(page.getByText('该业务下还有业务套餐，请先删除业务套餐')).toBeVisible();
  await expect(business).toBeVisible();

  // 套餐设置 lists every business's packages, filtered by one picked by name.
  await visit(page, '/permission/business/package');
  const screen = page.locator(`${ACTIVE_PAGE}[data-path="/permission/business/package"] .resource-page`);
  await screen.getByLabel('所属业务').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '短视频代运营' }).click();
  await expect(page).toHaveURL(/business_id=\d+/);
  const listed = screen.locator('.ant-table-tbody').getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(listed).toContainText('短视频代运营');
  await expect(screen.locator('.ant-table-tbody').getByRole('cell', { name: '模板站', exact: true })).toHaveCount(0);
  await screenshot(page, 'business-packages-zh-CN-1280');
  await deleteRow(page, listed);
  await expect(listed).toHaveCount(0);
});

/** A value of the pattern's shape that fits the field, as a person would type it (no edge spaces). */
const matching = (pattern: RegExp, max: number): string =>
  fc.sample(
    fc.stringMatching(pattern).filter((v) => v.length >= 3 && v.length <= max && v.trim() === v),
    1,
  )[0]!;

/** A value for a field the form requires, typed as a person would, by the field's kind. */
async function fillField(dialog: Locator, page: Page, field: ResourceField, value: string) {
  const label = field.label['zh-CN'];
  switch (field.kind) {
    case 'text':
      // A shaped value (a version, a colour) is drawn from its pattern; the name field has none.
      return dialog.getByLabel(label, { exact: true }).fill(field.pattern ? matching(field.pattern, field.max) : value);
    case 'textarea':
      return dialog.getByLabel(label, { exact: true }).fill(value);
    case 'richtext': {
      const editor = dialog.getByRole('textbox', { name: label });
      await editor.click();
      return editor.pressSequentially(value);
    }
    case 'number':
      return dialog.getByLabel(label, { exact: true }).fill(String(field.min));
    case 'select':
    case 'reference':
      // A record picker is a searchable select whose options are the lookup's first records.
      await dialog.getByLabel(label, { exact: true }).click();
      return page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    case 'date':
      await dialog.getByLabel(label, { exact: true }).fill('2026-01-15');
      return dialog.getByLabel(label, { exact: true }).press('Enter');
    case 'boolean':
    case 'sort':
      return undefined;
  }
}

/** The state a new record of a resource with states starts in: its state field's default. */
function initialStateOf(resource: Resource<Record<string, ResourceField>>): number | undefined {
  const field = resource.states && resource.fields[resource.states.field];
  return field?.kind === 'select' ? field.default : undefined;
}

/** Closes the open details drawer, which only shows, so nothing is confirmed. */
async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
}

/** Screens the walk must reach on the shared ResourcePage: a resource whose page becomes its own drops out knowingly. */
const WALKED_AT_LEAST = [
  '/permission/case/platform',
  '/permission/help/manual',
  '/permission/help/upgrade_log',
  '/permission/finance/recharge',
  '/permission/finance/package',
  '/permission/finance/function_charge',
  '/permission/business/business',
  '/permission/business/package',
  '/permission/general/city',
  '/permission/agency/level',
  '/permission/keyword/master',
  '/permission/keyword/index',
  '/automatic_publishing_tool/account',
  '/automatic_publishing_tool/material/custom_title',
  '/automatic_publishing_tool/material/keyword',
  '/automatic_publishing_tool/material/extension_label',
  '/permission/application/llm',
];

/**
 * What the walk types into fields a resource's own rule ties together, by screen and field: an agency level's
 * threshold must rise with its rank, so the walk's level takes a rank and a threshold (in yuan) above the seeded ones;
 * a publishing account gives what its platform needs; a material its body; a model provider its https address and key.
 */
const WALK_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/permission/agency/level': { level: '98', threshold: '19999999' },
  // A WordPress account (the platform first offered) needs its site, user and application password.
  '/automatic_publishing_tool/account': { url: 'https://walk.example.com', username: 'walker', credential: 'walk-application-password' },
  // A material is submitted for review (its first action) only with a body.
  '/automatic_publishing_tool/material/custom_title': { body: '巡检正文' },
  // A model provider is reached over https, with its key.
  '/permission/application/llm': { base_url: 'https://models.example.com/v1', api_key: 'sk-walk-0123456789' },
};

/**
 * One resource screen, opened in the active tab: the list, then (when it adds) a record added, found, seen in its
 * details, edited and deleted, with axe over the list, the form and the details.
 */
async function walkResource(page: Page, resource: Resource<Record<string, ResourceField>>) {
  const screen = page.locator(`${ACTIVE_PAGE} .resource-page`);
  // A resource with a page of its own (a tree, a month calendar) renders no ResourcePage.
  const walked = await screen
    .or(page.locator(`${ACTIVE_PAGE} .ant-card`))
    .first()
    .waitFor()
    .then(() => screen.count());
  if (!walked) {
    expect(WALKED_AT_LEAST, `${resource.menu} is walked on ResourcePage`).not.toContain(resource.menu);
    return;
  }
  // A screen of several sections (总关键词库: keywords, types) names a resource's tab by its label; the first is open.
  const section = page.locator(ACTIVE_PAGE).locator('.section-tabs').getByRole('tab', { name: resource.label['zh-CN'], exact: true });
  if ((await section.count()) && (await section.getAttribute('aria-selected')) !== 'true') {
    await section.click();
    await expect(section).toHaveAttribute('aria-selected', 'true');
  }
  await expect(screen.locator('.ant-spin-spinning')).toHaveCount(0);
  expect.soft(await seriousViolations(page), `${resource.menu} list`).toEqual([]);

  const fields = Object.entries(resource.fields as Record<string, ResourceField>);
  const [nameKey] = fields.find(([, field]) => field.kind === 'text' && !field.pattern) ?? [];
  if (!resource.calls.add || !nameKey) return;
  const name = `巡检${Date.now() % 1_000_000}`;
  const dialog = page.getByRole('dialog');
  await screen.getByRole('button', { name: /新\s*增/ }).click();
  for (const [key, field] of fields) {
    const own = WALK_VALUES[resource.menu]?.[key];
    if (own) await (field.kind === 'richtext' ? fillField(dialog, page, field, own) : dialog.getByLabel(field.label['zh-CN'], { exact: true }).fill(own));
    else if (key === nameKey || field.required) await fillField(dialog, page, field, key === nameKey ? name : `${name}-${key}`);
  }
  expect.soft(await seriousViolations(page, '.ant-modal-root'), `${resource.menu} form`).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  if (resource.keyword?.includes(nameKey)) {
    const search = screen.getByRole('searchbox');
    await search.fill(name);
    await search.press('Enter');
    await expect(screen.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
  }
  const row = screen.locator('.ant-table-tbody .ant-table-row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /详\s*情/ }).click();
  await expect(page.getByRole('dialog').getByText(name, { exact: true })).toBeVisible();
  expect.soft(await seriousViolations(page, '.ant-drawer'), `${resource.menu} details`).toEqual([]);
  await closeDrawer(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A resource with states: the first action a new record offers, taken from the row's 更多, moves it on.
  const [actionName, action] = Object.entries(resource.states?.actions ?? {}).find(([, one]) => one.from.includes(initialStateOf(resource)!)) ?? [];
  if (action) {
    await (await rowMenuItem(page, row, action.label['zh-CN'])).click();
    if (action.reason) {
      const asked = page.getByRole('dialog').filter({ has: page.getByLabel('原因') });
      await asked.getByLabel('原因').fill(`巡检${actionName}`);
      await asked.getByRole('button', { name: new RegExp(`^${action.label['zh-CN'].split('').join('\\s*')}$`) }).click();
    } else if (action.confirm) {
      await page.locator('.ant-modal-confirm').getByRole('button', { name: new RegExp(action.label['zh-CN'].split('').join('\\s*')) }).click();
    }
    await expect(row).toContainText(stateName(resource, action.to)!['zh-CN']);
  }

  if (resource.calls.edit) {
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const input = dialog.getByLabel(resource.fields[nameKey]!.label['zh-CN'], { exact: true });
    await expect(input).toHaveValue(name);
    await input.fill(`${name}改`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
  }
  const edited = screen.locator('.ant-table-tbody .ant-table-row').filter({ hasText: resource.calls.edit ? `${name}改` : name });
  if (resource.keyword?.includes(nameKey)) await screen.getByRole('button', { name: /清空筛选/ }).click();
  await expect(edited).toBeVisible();
  if (resource.calls.delete) {
    await deleteRow(page, edited);
    await expect(edited).toHaveCount(0);
  }
}

/**
 * Every declared resource whose screen is the shared ResourcePage, in walks that the run's workers share: a walk opens
 * the app once and moves inside it from screen to screen (visit), so axe is put in the page once per walk too. A new
 * resource is walked with no test of its own (screens with a page of their own have their own journeys).
 */
const WALKS = 3;
/** A child list shown only in its parent's details (an account's posting windows) has no screen of its own: its parent's walk shows it. */
const onScreens = (allResources as Resource<Record<string, ResourceField>>[]).filter(
  (resource) => !resource.parent || allResources.find((one) => one.module === resource.parent!.resource.module && one.thing === resource.parent!.resource.thing)?.menu !== resource.menu,
);
const walks = Array.from({ length: WALKS }, (_unused, index) => onScreens.filter((_resource, at) => at % WALKS === index));

/** The menu's name of a path, which the tab and the page's title show. */
function menuName(path: string, tree: MenuDefinition[] = menuTree): string | undefined {
  for (const entry of tree) {
    const found = entry.path === path ? entry.name : menuName(path, entry.children ?? []);
    if (found) return found;
  }
  return undefined;
}

test.describe('every resource screen', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const [index, resources] of walks.entries()) {
    test(`walk ${index + 1} of ${WALKS}: open, search, add, see the details, edit and delete, with no serious accessibility finding`, async ({ page, request }) => {
      // A screen takes 10–25 s on a busy machine.
      test.setTimeout(45_000 * resources.length);
      for (const [at, resource] of resources.entries()) {
        await test.step(resource.menu, async () => {
          if (at === 0) await openAsAdmin(page, request, resource.menu);
          else await visit(page, resource.menu);
          // The screen before stays mounted behind its tab until the new one is shown; two menu entries share a name
          // (套餐设置), so the shown pane is told by its path.
          await expect(page).toHaveTitle(`${menuName(resource.menu)} - 聚企中台`);
          await expect(page.locator(`${ACTIVE_PAGE}[data-path="${resource.menu}"]`)).toBeVisible();
          await walkResource(page, resource);
        });
      }
    });
  }
});

test('the walk covers the screens it must reach on ResourcePage', () => {
  expect(allResources.map((resource) => resource.menu)).toEqual(expect.arrayContaining(WALKED_AT_LEAST));
});
