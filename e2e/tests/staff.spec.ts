import { expect, test, type Page } from '@playwright/test';
import { screenshot, takingShots } from '../support/screenshot';
import { adminToken, apiOk, openAsAdmin } from '../support/session';

/**
 * 员工管理 (/man/employee, issue 18): a person found by the letter index, a record added with a custom field of form
 * personnel_info and found in the list, and a record deleted with a reason that its history keeps. Screenshots of the
 * screen at 1280 px and 390 px are taken when E2E_SHOTS is set.
 */
test.use({ viewport: { width: 1280, height: 900 } });
test.slow();

interface HistoryEntry {
  action: string;
  reason: string | null;
}

/** A picture of the page (E2E_SHOTS), at a phone's width when `phone` (the viewport put back after). */
async function shoot(page: Page, name: string, phone = false) {
  if (!takingShots) return;
  const size = page.viewportSize()!;
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, name);
  if (phone) await page.setViewportSize(size);
}

const suffix = () => String(Date.now()).slice(-6);
/** A mobile number no other record of this run holds. */
const mobileOf = (seed: string) => `139${seed.padStart(8, '0')}`;
const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const staffRow = (page: Page, name: string) => page.locator('.staff-page .ant-table-row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('员工管理: find by letter, add with a custom field, delete with a reason', async ({ page, request }) => {
  const admin = await adminToken(request);
  const seed = suffix();
  const department = await apiOk<{ id: number }>(request, admin, '/api/department/department_add', { name: `测试部${seed}`, parent_id: 0 });
  await apiOk(request, admin, '/api/field/personnel_info_definition_add', { key: `badge_${seed}`, type: 'text', label: { 'zh-CN': '工牌号', 'en-US': 'Badge' } });
  // 曾 read as a surname is Zeng: the person is under Z.
  const inOffice = `曾晓${seed}`;
  await apiOk(request, admin, '/api/personnel/staff_add', { name: inOffice, mobile: mobileOf(`1${seed}`), department_id: department.id, post: '测试工程师', status: 'probation' });

  await openAsAdmin(page, request, '/man/employee');
  await expect(page.locator('.staff-page .ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'staff-1280');

  // The letter index: Z lists the person; clicking them opens their record.
  await page.getByRole('navigation', { name: '字母索引' }).getByRole('button', { name: /^Z（/ }).click();
  await page.locator('.staff-letters__people').getByRole('button', { name: new RegExp(inOffice) }).click();
  const record = drawer(page, `员工档案：${inOffice}`);
  await expect(record).toBeVisible();
  await expect(record.getByText('测试工程师')).toBeVisible();
  await shoot(page, 'staff-record-1280');
  await record.getByRole('button', { name: '关闭' }).click();

  // A new record with the custom field, found in the list by its department.
  const added = `王测${seed}`;
  await page.getByRole('button', { name: '新增员工' }).click();
  const form = drawer(page, '新增员工');
  await form.getByLabel('姓名').fill(added);
  await form.getByLabel('手机号').fill(mobileOf(`2${seed}`));
  await form.getByLabel('工牌号').fill(`B-${seed}`);
  await form.getByLabel('部门').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`测试部${seed}`).click();
  // The form is longer than the drawer: the sticky save bar covers it right down to the drawer's bottom edge.
  const belowBar = await form.evaluate((dialog) => {
    const body = dialog.querySelector<HTMLElement>('.ant-drawer-body')!;
    const bar = dialog.querySelector<HTMLElement>('.staff-form__actions')!;
    const edge = body.getBoundingClientRect();
    const x = edge.left + edge.width / 2;
    const covered = Array.from({ length: 30 }, (_, up) => bar.contains(document.elementFromPoint(x, edge.bottom - 1 - up)));
    return { scrolls: body.scrollHeight > body.clientHeight, covered };
  });
  expect(belowBar).toEqual({ scrolls: true, covered: Array(30).fill(true) });
  await shoot(page, 'staff-form-1280');
  await shoot(page, 'staff-form-390', true);
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('员工档案已保存')).toBeVisible();
  await expect(form).toBeHidden();

  await page.locator('.staff-departments').getByText(`测试部${seed}`, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/man/employee\\?department=${department.id}$`));
  await expect(staffRow(page, added)).toBeVisible();
  await expect(staffRow(page, inOffice)).toBeVisible();
  await staffRow(page, added).getByRole('button', { name: added }).click();
  await expect(drawer(page, `员工档案：${added}`).getByText(`B-${seed}`)).toBeVisible();
  await drawer(page, `员工档案：${added}`).getByRole('button', { name: '关闭' }).click();

  // Deleted with a reason: gone from the list, the reason in the history.
  const [{ id }] = (await apiOk<{ data: { id: number }[] }>(request, admin, '/staff/findPage?pageNo=0&pageSize=5', { name: added })).data as [{ id: number }];
  await staffRow(page, added).getByRole('button', { name: '删除' }).click();
  const confirm = drawer(page, `删除员工：${added}`);
  await confirm.getByLabel('删除原因').fill('重复建档');
  await confirm.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText(`已删除 ${added}`)).toBeVisible();
  await expect(staffRow(page, added)).toHaveCount(0);
  const history = await apiOk<HistoryEntry[]>(request, admin, '/api/personnel/staff_history', { id });
  expect(history[0]).toMatchObject({ action: 'delete', reason: '重复建档' });

  // The phone layout: the tree and the index fold into a drawer, the table scrolls.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: '部门与索引' })).toBeVisible();
  await shoot(page, 'staff-390');
  await page.getByRole('button', { name: '部门与索引' }).click();
  await expect(page.getByRole('dialog', { name: '部门与索引' }).getByRole('navigation', { name: '字母索引' })).toBeVisible();
  await shoot(page, 'staff-390-side');
});
