// 通知设置 (notification settings): the notification types, whose names every screen reads, and the system events that
// notify chosen roles. What a test changes it puts back, so the other journeys meet the seeded names and settings.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { screenshot, takingShots } from '../support/screenshot';
import { adminToken, apiOk, openAsAdmin, signInByApi, staffWithMenus } from '../support/session';

const TYPES = '/permission/notification/type';
const EVENTS = '/permission/notification/system';
const ANNOUNCED = 'inform.announcement.published';

interface EventSettings {
  code: string;
  enabled: boolean;
  channels: string[];
  role_ids: number[];
  type: number;
  title: string;
  content: string;
}

const rowOf = (page: Page, text: string) => page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: text });

/** Both widths, for a look at the screen. */
async function shots(page: Page, name: string) {
  if (!takingShots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function eventSettings(request: APIRequestContext, code: string): Promise<EventSettings> {
  const admin = await adminToken(request);
  const { updated_at: _, ...settings } = (await apiOk<(EventSettings & { updated_at: string })[]>(request, admin, '/api/inform/system_event_list')).find((e) => e.code === code)!;
  return settings;
}

test.use({ viewport: { width: 1280, height: 800 } });
// A screen's first load can take a while on a busy machine: the chunk, then its calls.
const FIRST_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 180_000 });

test('通知类型: a renamed type shows by its new name in the notification drawer’s type filter and on its items, without a reload', async ({ page, request }) => {
  const admin = await adminToken(request);
  const { staff_id: adminId } = await apiOk<{ staff_id: number }>(request, admin, 'GET /api/staff/info');
  await apiOk(request, admin, '/api/inform/add_notifications', { type: 3, title: '类型改名验证', content: '这条通知属于第 3 类。', target: 'staff', staff_ids: [adminId] });
  const renamed = `版本发布通知${Date.now() % 1000}`;

  try {
    await openAsAdmin(page, request, TYPES);
    await expect(rowOf(page, '版本迭代通知')).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'notification-types');

    await rowOf(page, '版本迭代通知').getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('中文名称')).toHaveValue('版本迭代通知');
    await dialog.getByLabel('颜色').fill('purple');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('颜色格式不正确')).toBeVisible();
    await dialog.getByLabel('颜色').fill('#531dab');
    await dialog.getByLabel('中文名称').fill(renamed);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'notification-type-form');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, renamed)).toContainText('#531dab');

    // The drawer, opened in the same page: its filter and its items name the type as just saved.
    await page.getByRole('button', { name: '消息通知' }).click();
    const drawer = page.getByRole('dialog', { name: '消息通知' });
    await expect(drawer.locator('.inform-item', { hasText: '类型改名验证' })).toContainText(renamed, FIRST_LOAD);
    await drawer.getByRole('combobox', { name: '通知类型' }).click();
    await expect(page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${renamed}"]`)).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="版本迭代通知"]')).toHaveCount(0);
    await screenshot(page, 'notification-type-renamed-in-drawer');
  } finally {
    await apiOk(request, admin, '/api/inform/type_edit', { id: 3, name: '版本迭代通知', color: '#722ed1' });
  }
});

test('系统通知: an announcement notifies the chosen role’s staff until the event is turned off', async ({ page, request }) => {
  const admin = await adminToken(request);
  // Who the event notifies (through their role), and who the announcements pop up for (so no other journey meets them).
  const watcher = await staffWithMenus(request, admin, ['/user/list']);
  const watcherToken = await signInByApi(request, watcher.staffNum, watcher.password);
  const audience = await staffWithMenus(request, admin, ['/user/list']);
  const { staff_id: audienceId } = await apiOk<{ staff_id: number }>(request, await signInByApi(request, audience.staffNum, audience.password), 'GET /api/staff/info');
  const announce = (title: string) =>
    apiOk(request, admin, '/api/inform/add_announcement', { class: 'Message', title, close_type: ['voluntarily_close'], target: 'staff', staff_ids: [audienceId] });
  const watcherTitles = async () =>
    (await apiOk<{ data: { title: string }[] }>(request, watcherToken, '/api/inform/list_notifications', { limit: 50 })).data.map((n) => n.title);
  const seeded = await eventSettings(request, ANNOUNCED);

  try {
    await openAsAdmin(page, request, EVENTS);
    const row = rowOf(page, '发布弹窗公告');
    await expect(row).toContainText('未选择角色，不会发送', FIRST_LOAD);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'system-events');

    // Choose the watcher's role in the edit form.
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog', { name: '编辑系统通知' });
    await dialog.getByRole('combobox', { name: '接收角色' }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="e2e-${watcher.staffNum.slice(3)}"]`).click();
    await dialog.locator('.ant-modal-title').click();
    await expect(dialog.getByText('新公告：五一劳动节放假安排')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'system-event-form');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`e2e-${watcher.staffNum.slice(3)}`);

    await announce('周五系统维护');
    expect(await watcherTitles()).toContain('新公告：周五系统维护');

    // Off, from its switch: it stays off after a reload, and the next announcement notifies nobody.
    await row.getByRole('switch', { name: '启用：发布弹窗公告' }).click();
    await expect(page.getByText('已停用')).toBeVisible();
    await page.reload();
    await expect(rowOf(page, '发布弹窗公告').getByRole('switch')).not.toBeChecked(FIRST_LOAD);
    await announce('周六系统维护');
    expect(await watcherTitles()).not.toContain('新公告：周六系统维护');
  } finally {
    await apiOk(request, admin, '/api/inform/system_event_edit', seeded);
  }
});
