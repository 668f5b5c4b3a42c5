import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';
import { sheetRows } from '../support/xlsx';

test.use({ viewport: { width: 1440, height: 900 } });

interface UserRow {
  id: number;
  name: string;
  mobile: string;
  type_user: number;
  locked: boolean;
}
interface KeysetPage<T> {
  count: number;
  data: T[];
  next_cursor: string | null;
}
interface Verification {
  id: number;
  user_id: number;
  user_name: string;
  user_mobile: string;
  state: number;
}

/** `2026-03-01 09:30:00` as clocks in Asia/Shanghai, the platform's default zone, show the instant. */
const shanghaiClock = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);

/** The virtual table's row showing a user's name (its rows are divs, not table rows). */
const tableRow = (page: Page, name: string): Locator =>
  page.locator('.ant-table-row').filter({ has: page.locator('.user-cell__name', { hasText: new RegExp(`^${name}$`) }) });

async function choose(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).click();
}

test.describe('users area (issue 7)', () => {
  test('the all-users filter lives in the URL: a reload shows the same list', async ({ page, request }) => {
    const admin = await adminToken(request);
    const agents = await apiOk<KeysetPage<UserRow>>(request, admin, '/api/user/lists', { type_user: 1, quantity: 2, limit: 5 });
    expect(agents.count).toBeGreaterThan(0);

    await openAsAdmin(page, request, '/user/list');
    await expect(page).toHaveTitle('全部用户 - 聚企中台');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await choose(page, '用户类型', '代理');
    await choose(page, '订单数', '50-100');
    await expect(page).toHaveURL(/\/user\/list\?type_user=1&quantity=2$/);
    await expect(page.getByText(`共 ${agents.count} 位用户`)).toBeVisible();
    await expect(tableRow(page, agents.data[0]!.name).first()).toBeVisible();
    await screenshot(page, 'users-filtered');

    await page.reload();
    await expect(page).toHaveURL(/\/user\/list\?type_user=1&quantity=2$/);
    await expect(page.getByText(`共 ${agents.count} 位用户`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: '用户类型' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('代理');
    // Only one tab for the page, whatever its filter.
    await expect(page.getByRole('tab', { name: '全部用户' })).toHaveCount(1);

    // A link with a filter opens the list filtered.
    await page.goto(`/user/list?keyword=${agents.data[0]!.mobile}`);
    await expect(page.getByText('共 1 位用户')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: '姓名 / 手机号 / ID' })).toHaveValue(agents.data[0]!.mobile);
  });

  test('a user opened from the list shows the profile; locking asks for a reason and shows at once', async ({ page, request }) => {
    const admin = await adminToken(request);
    const { data } = await apiOk<KeysetPage<UserRow>>(request, admin, '/api/user/lists', { locked: false, authentication_state: 0, limit: 1 });
    const target = data[0]!;

    await openAsAdmin(page, request, `/user/list?keyword=${target.mobile}`);
    const row = tableRow(page, target.name);
    await row.locator('.user-cell__name').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('邀请人数')).toBeVisible();
    await expect(drawer.getByText(target.mobile, { exact: true })).toBeVisible();
    await screenshot(page, 'user-detail');
    await drawer.getByRole('tab', { name: /锁定记录/ }).click();
    await expect(drawer.getByText('没有锁定或解锁记录')).toBeVisible();

    await drawer.getByRole('button', { name: '锁定' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `锁定用户：${target.name}` });
    await dialog.getByRole('button', { name: /锁\s*定/ }).click();
    await expect(dialog.getByText('请填写锁定原因')).toBeVisible();
    await dialog.getByLabel('原因').fill('端到端测试：多次异常登录');
    await dialog.getByRole('button', { name: /锁\s*定/ }).click();
    await expect(page.getByText(`已锁定 ${target.name}`)).toBeVisible();
    await expect(drawer.getByRole('button', { name: '解锁' })).toBeVisible();
    await expect(drawer.getByRole('tabpanel', { name: /锁定记录/ }).getByText('端到端测试：多次异常登录')).toBeVisible();
    await screenshot(page, 'user-locked');

    // The drawer only shows (the lock was its modal's): it closes at once; the row behind shows the lock.
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toBeHidden();
    await expect(row.getByText('已锁定')).toBeVisible();

    const detail = await apiOk<{ user: UserRow; lock_records: { action: string; reason: string }[] }>(request, admin, '/api/user/details', { id: target.id });
    expect(detail.user.locked).toBe(true);
    expect(detail.lock_records[0]).toMatchObject({ action: 'lock', reason: '端到端测试：多次异常登录' });
  });

  test('a submission under review is approved after looking at its documents', async ({ page, request }) => {
    const admin = await adminToken(request);
    const { data } = await apiOk<KeysetPage<Verification>>(request, admin, '/api/user/authentication_lists', { state: 1, type: 1, limit: 1 });
    const submission = data[0]!;

    await page.setViewportSize({ width: 1280, height: 900 });
    await openAsAdmin(page, request, `/user/authentication?state=1&mobile=${submission.user_mobile}`);
    await expect(page).toHaveTitle('用户实名认证 - 聚企中台');
    const row = page.locator('.ant-table-row').filter({ hasText: submission.user_mobile });
    await expect(row.getByText('待审核')).toBeVisible();
    const documents = await apiOk<{ documents: { kind: string; url: string }[] }>(request, admin, '/api/user/user_enterprise_verification_find', {
      id: submission.id,
    });
    expect(documents.documents.map((d) => d.url)).toEqual([0, 1, 2].map((i) => `/api/user/verification_document?id=${submission.id}&index=${i}`));
    // The documents come through the checked call (the session's token, no-store), not from a public /uploads URL.
    const documentAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/verification_document');
    await row.getByRole('button', { name: '审核' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(`实名认证：${submission.user_name}`)).toBeVisible();
    const answer = await documentAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    expect(answer.headers()['cache-control']).toBe('no-store');
    for (const name of ['身份证正面', '身份证反面', '手持身份证']) {
      const image = drawer.getByRole('img', { name });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: name }).toBeGreaterThan(0);
    }
    await expect(drawer.getByText('图片无法加载')).toHaveCount(0);
    await screenshot(page, 'verification-review-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await drawer.getByText('提交的资料').scrollIntoViewIfNeeded();
    await screenshot(page, 'verification-review-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Every document was seen: the usual question, not the warning about unseen documents.
    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    const confirm = page.locator('.ant-popconfirm');
    await expect(confirm).toContainText('确定通过这份认证吗？');
    await confirm.getByRole('button', { name: /通\s*过/ }).click();
    await expect(page.getByText('已通过认证')).toBeVisible();
    await expect(drawer.getByText('已通过').first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: /驳\s*回/ })).toBeHidden();

    const detail = await apiOk<Verification>(request, admin, '/api/user/user_enterprise_verification_find', { id: submission.id });
    expect(detail.state).toBe(2);
    const user = await apiOk<{ user: { authentication_state: number } }>(request, admin, '/api/user/details', { id: submission.user_id });
    expect(user.user.authentication_state).toBe(2);
  });

  test('one user’s sign-in records come with that user, who can be locked and unlocked there', async ({ page, request }) => {
    const admin = await adminToken(request);
    // A user with sign-ins who is not locked: the demo data locks some users at random, and an earlier journey locks one.
    const all = await apiOk<KeysetPage<{ user_id: number; user_name: string }>>(request, admin, '/api/user/login_log_list_all', { result: 'success', limit: 50 });
    let subject: { user_id: number; user_name: string } | undefined;
    for (const record of all.data) {
      const { user } = await apiOk<{ user: UserRow }>(request, admin, '/api/user/details', { id: record.user_id });
      if (!user.locked) {
        subject = record;
        break;
      }
    }
    const { user_id: userId, user_name: name } = subject!;
    const own = await apiOk<KeysetPage<unknown>>(request, admin, '/api/user/login_log_list', { user_id: userId, limit: 1 });

    await openAsAdmin(page, request, '/user/login_log');
    await expect(page).toHaveTitle('登录记录 - 聚企中台');
    await page.getByRole('searchbox', { name: '用户ID' }).fill(String(userId));
    await page.getByRole('searchbox', { name: '用户ID' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/user/login_log\\?user_id=${userId}$`));
    await expect(page.getByText(`用户 ${userId} 的登录记录`)).toBeVisible();
    await expect(page.getByText(`共 ${own.count} 条登录记录`)).toBeVisible();
    await screenshot(page, 'login-records-of-user');

    await page.getByRole('button', { name: '锁定' }).click();
    const lockDialog = page.locator('.ant-modal').filter({ hasText: `锁定用户：${name}` });
    await lockDialog.getByLabel('原因').fill('端到端测试：撞库');
    await lockDialog.getByRole('button', { name: /锁\s*定/ }).click();
    await expect(page.getByText(`已锁定 ${name}`)).toBeVisible();
    await page.getByRole('button', { name: '解锁' }).click();
    const unlockDialog = page.locator('.ant-modal').filter({ hasText: `解锁用户：${name}` });
    await unlockDialog.getByRole('button', { name: /解\s*锁/ }).click();
    await expect(page.getByText(`已解锁 ${name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: '锁定' })).toBeVisible();

    const detail = await apiOk<{ user: UserRow; lock_records: { action: string }[] }>(request, admin, '/api/user/details', { id: userId });
    expect(detail.user.locked).toBe(false);
    expect(detail.lock_records.map((r) => r.action).slice(0, 2)).toEqual(['unlock', 'lock']);
  });

  test.describe('from a browser in another time zone', () => {
    // The screen, the file and its name all read times in the platform's zone (Asia/Shanghai), not the browser's.
    test.use({ timezoneId: 'America/New_York' });

    test('the whole filtered set is exported to a real Excel workbook', async ({ page, request }) => {
      const admin = await adminToken(request);
      const { count } = await apiOk<KeysetPage<UserRow>>(request, admin, '/api/user/lists', { type_user: 1, limit: 1 });
      expect(count).toBeGreaterThan(100); // more than the table loads at first: the export is not only the loaded rows

      await openAsAdmin(page, request, '/user/list?type_user=1');
      await expect(page.getByText(`共 ${count} 位用户`)).toBeVisible();
      await expect(page.getByText('时间为 UTC+08:00（Asia/Shanghai）')).toBeVisible();
      const firstRowOnScreen = await page.locator('.ant-table-row').first().innerText();
      const startedAt = new Date();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '导出 Excel' }).click();
      const file = await download;
      const stamps = [startedAt, new Date()].map((at) => shanghaiClock(at).slice(0, 16).replace(/[-:]/g, '').replace(' ', '-'));
      expect(stamps.map((stamp) => `用户导出-${stamp}.xlsx`)).toContain(file.suggestedFilename());
      await expect(page.getByText(`已导出 ${count} 位用户`)).toBeVisible();

      const saved = test.info().outputPath(file.suggestedFilename());
      await file.saveAs(saved);
      const bytes = fs.readFileSync(saved);
      // A zip (PK\x03\x04), as every .xlsx is.
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      const rows = sheetRows(bytes);
      expect(rows[0]!.slice(0, 4)).toEqual(['ID', '姓名', '手机号', '用户类型']);
      expect(rows).toHaveLength(count + 1);
      expect(rows.slice(1).every((r) => r[3] === '代理')).toBe(true);
      // The list's first row is the file's first row: its registration time, to the minute, is the one on screen.
      const registered = rows[1]![rows[0]!.indexOf('注册时间')]!;
      expect(registered).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(firstRowOnScreen).toContain(registered.slice(0, 16));
    });
  });
});
