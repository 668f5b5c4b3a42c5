import { expect, test } from '@playwright/test';
import { adminToken, api, ADMIN, codeSentTo, staffWithMenus, submitSignIn } from '../support/session';

test.describe('sign-in page (issue 3)', () => {
  test('signs in by staff number and password, then signs out', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - 聚企中台');
    await expect(page.getByRole('heading', { name: '聚企中台' })).toBeVisible();
    await page.getByLabel('工号').fill(`  ${ADMIN.staffNum} `);
    await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
    await submitSignIn(page);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: '您好，超级管理员' })).toBeVisible();
    const token = (await page.context().cookies()).find((c) => c.name === 'juqi_token')?.value;
    expect(token).toBeTruthy();

    await page.goto('/user/list?page=2');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Flist%3Fpage%3D2');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'juqi_token')).toBeUndefined();
    // The session ended on the server, not only in the browser.
    expect((await api(request, token!, 'GET /api/staff/info')).code).toBe(50008);
    // Signing out also closed the tabs.
    expect(await page.evaluate(() => sessionStorage.getItem('juqi-visited-tabs'))).toContain('"tabs":[]');
  });

  test('signs in by phone and SMS code read from the development outbox', async ({ page, request }) => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    await staffWithMenus(request, await adminToken(request), ['/case', '/case/list'], { phone });
    await page.goto('/login?redirect=%2Fcase%2Flist');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    await page.getByLabel('手机号').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('手机号格式不正确')).toBeVisible();

    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const resend = page.getByRole('button', { name: /秒后重新获取/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^(60|59) 秒后重新获取$/);
    await expect(page.getByLabel('验证码', { exact: true })).toBeFocused();
    await page.getByLabel('验证码', { exact: true }).fill(await codeSentTo(phone));
    await submitSignIn(page);
    await expect(page).toHaveURL('/case/list');
    await expect(page.getByText('功能内测中，敬请期待……')).toBeVisible();
  });

  test('a wrong staff number or password shows the catalogue message, without saying which', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入工号')).toBeVisible();
    await page.getByLabel('工号').fill('no-such-staff');
    await page.getByLabel('密码', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.locator('.sign-in__error:visible')).toHaveText('账号或密码错误');
    await expect(page.locator('.ant-message')).toContainText('账号或密码错误');
    await expect(page).toHaveURL('/login');
  });

  test('the sign-in page follows the language choice', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Sign in - 聚企中台');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});
