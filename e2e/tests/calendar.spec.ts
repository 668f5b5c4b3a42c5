import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

const CALENDAR = '/permission/calendar/calendar';
const WORK_TIME = '/permission/calendar/time';
/** A date's cell in the month grid: a button named by the date, its weekday and what the day is. */
const dayCell = (page: Page, day: string) => page.getByRole('button', { name: new RegExp(`^${day} `) });
/** A row of the year's list of holidays and make-up days. */
const yearRow = (page: Page, text: string) => page.locator('.calendar-year').getByRole('row').filter({ hasText: text });
const tab = (page: Page, name: string) => page.locator('.shell-tabs').getByRole('tab', { name });

/** Opens the calendar at a month and waits for its days' status (the first load shares two busy cores). */
async function openCalendar(page: Page, month: string) {
  await openAsAdmin(page, page.request, `${CALENDAR}?month=${month}`);
  await expect(dayCell(page, `${month}-01`)).toHaveAccessibleName(/，/, { timeout: 30_000 });
}

test.afterAll(async ({ request }) => {
  // Leaves the work week as the demo has it, whatever the journey reached.
  const admin = await adminToken(request);
  await apiOk(request, admin, '/api/calendar/work_time_edit', { work_days: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '18:00', break_start: '12:00', break_end: '13:00' });
});

test('时间日历: the demo’s 2026 holidays show as rest; a day marked a holiday shows as rest and is set back', async ({ page }) => {
  await openCalendar(page, '2026-10');
  await expect(page.getByText('2026年10月')).toBeVisible();
  await expect(dayCell(page, '2026-10-01')).toHaveAccessibleName('2026-10-01 周四，休息日，节假日：国庆节');
  await expect(dayCell(page, '2026-10-10')).toHaveAccessibleName('2026-10-10 周六，工作日，调休上班：国庆节调休');
  await expect(yearRow(page, '国庆节调休').first()).toBeVisible();
  await screenshot(page, 'calendar-1280');

  // November 2026 has no public holiday: 11 November is a plain Wednesday.
  await page.getByRole('button', { name: '下个月' }).click();
  await expect(page).toHaveURL(/month=2026-11/);
  await expect(dayCell(page, '2026-11-11')).toHaveAccessibleName('2026-11-11 周三，工作日');

  await dayCell(page, '2026-11-11').click();
  const dialog = page.getByRole('dialog', { name: '2026-11-11 周三' });
  await expect(dialog.getByText('按工作周为工作日')).toBeVisible();
  await dialog.getByLabel('节假日').check();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入名称')).toBeVisible();
  await dialog.getByLabel('名称').fill('公司年会');
  await screenshot(page, 'calendar-day-1280');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(dayCell(page, '2026-11-11')).toHaveAccessibleName('2026-11-11 周三，休息日，节假日：公司年会');
  await expect(dayCell(page, '2026-11-11')).toContainText('公司年会');
  await expect(yearRow(page, '公司年会')).toContainText('节假日');

  // Back to normal: the date follows the working week again, and leaves the year's list.
  await dayCell(page, '2026-11-11').click();
  await dialog.getByLabel('按工作周（工作日）').check();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(dayCell(page, '2026-11-11')).toHaveAccessibleName('2026-11-11 周三，工作日');
  await expect(yearRow(page, '公司年会')).toHaveCount(0);
});

test('时间设置: Saturday made a working day shows as working in the open calendar', async ({ page }) => {
  await openCalendar(page, '2026-11');
  await expect(dayCell(page, '2026-11-14')).toHaveAccessibleName('2026-11-14 周六，休息日');

  await page.goto(WORK_TIME);
  const saturday = page.getByLabel('周六', { exact: true });
  await expect(saturday).not.toBeChecked();
  await expect(page.getByText('每周工作 5 天，每天工作 8 小时')).toBeVisible();
  await screenshot(page, 'work-time-1280');
  await saturday.check();
  await expect(page.getByText('每周工作 6 天，每天工作 8 小时')).toBeVisible();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('时间设置已保存')).toBeVisible();

  // The calendar's tab, still open, follows the new working week.
  await tab(page, '时间日历').click();
  await expect(page).toHaveURL(/month=2026-11/);
  await expect(dayCell(page, '2026-11-14')).toHaveAccessibleName('2026-11-14 周六，工作日');
  await expect(dayCell(page, '2026-11-15')).toHaveAccessibleName('2026-11-15 周日，休息日');

  await tab(page, '时间设置').click();
  await saturday.uncheck();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  // The first save's notice may still be showing; the calendar below tells whether this one took.
  await expect(page.getByText('时间设置已保存').last()).toBeVisible();
  await tab(page, '时间日历').click();
  await expect(dayCell(page, '2026-11-14')).toHaveAccessibleName('2026-11-14 周六，休息日');
});

test('on a phone the month grid keeps each date with its 休 / 班 within the screen, and a tap opens the day', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openCalendar(page, '2026-10');
  const first = dayCell(page, '2026-10-01');
  await expect(first).toHaveAccessibleName(/国庆节/);
  await expect(first).toContainText('休');
  // Seven columns fit the width: the week's last day is in view, nothing scrolls sideways.
  const sunday = (await dayCell(page, '2026-10-04').boundingBox())!;
  expect(sunday.x + sunday.width).toBeLessThanOrEqual(390);
  expect(sunday.height).toBeGreaterThanOrEqual(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'calendar-390');

  await first.click();
  const dialog = page.getByRole('dialog', { name: '2026-10-01 周四' });
  await expect(dialog.getByLabel('名称')).toHaveValue('国庆节');
  await screenshot(page, 'calendar-day-390');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  await page.goto(WORK_TIME);
  await expect(page.getByLabel('周日', { exact: true })).toBeVisible();
  await screenshot(page, 'work-time-390');
});
