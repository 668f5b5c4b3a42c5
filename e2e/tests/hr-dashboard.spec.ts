import { expect, test } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';

test.use({ viewport: { width: 1280, height: 800 } });

const DEPARTMENT_CHART = '各部门在职人数柱状图，按状态分段';

test('人力看板 shows the figures and overdue probations apart, and a click on a department’s bar opens 员工管理 filtered by it', async ({ page, request }) => {
  const admin = await adminToken(request);
  // A department of its own, last in the tree, with five regular staff: a bar wide enough to click.
  const suffix = Date.now() % 100_000;
  const name = `看板${suffix}`;
  const { id } = await apiOk<{ id: number }>(request, admin, '/api/department/department_add', { name, parent_id: 0, sort: 9999 });
  for (let i = 0; i < 5; i += 1) {
    await apiOk(request, admin, '/api/personnel/staff_add', { name: `${name}员${i}`, mobile: `136${String(suffix * 10 + i).padStart(8, '0')}`, department_id: id, status: 'regular' });
  }
  // In no department, whose probation ended long ago and who is still in probation: overdue, not "none due".
  await apiOk(request, admin, '/api/personnel/staff_add', { name: `${name}逾期`, mobile: `136${String(suffix * 10 + 5).padStart(8, '0')}`, status: 'probation', probation_end: '2020-06-30' });
  const { statuses, probation_ending } = await apiOk<{ statuses: Record<string, number>; probation_ending: { overdue: { count: number } } }>(
    request,
    admin,
    '/api/personnel/dashboard',
    {},
  );
  expect(probation_ending.overdue.count).toBeGreaterThan(0);

  await openAsAdmin(page, request, '/human/dashboard');
  await expect(page).toHaveTitle('人力看板 - 聚企中台');
  const inOffice = page.locator('.hr-dashboard__figure').filter({ hasText: '在职' });
  await expect(inOffice.locator('.ant-statistic-content-value')).toHaveText(String(statuses.probation! + statuses.regular! + statuses.resigning!));
  const probations = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '试用期到期' }) });
  await expect(probations.getByText(`已逾期 ${probation_ending.overdue.count} 人`)).toBeVisible();
  await expect(probations.getByText(/^逾期 \d+ 天$/).first()).toBeVisible();

  // The department's name on the axis, and its bar starting just right of the axis line at the same height.
  const label = page.getByRole('img', { name: DEPARTMENT_CHART }).locator('text', { hasText: name });
  await expect(label).toBeVisible();
  const box = (await label.boundingBox())!;
  await page.mouse.click(box.x + box.width + 14, box.y + box.height / 2);

  await expect(page).toHaveURL(`/man/employee?department=${id}&status=regular`);
  await expect(page).toHaveTitle('员工管理 - 聚企中台');
  await expect(page.getByText(`${name}员0`)).toBeVisible();
});
