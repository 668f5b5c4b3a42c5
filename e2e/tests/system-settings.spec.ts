import { expect, test, type APIRequestContext } from '@playwright/test';
import { pngImage } from '../support/png';
import { adminToken, api, apiOk, openAsAdmin, signInByApi, staffWithMenus, useToken } from '../support/session';
import { screenshot } from '../support/screenshot';

const DEFAULTS = { website: '聚企中台', pc_logo: '', time_zone: 'Asia/Shanghai' };

/** Other journeys read the default name in their titles: every run of this one ends by putting it back. */
async function restoreDefaults(request: APIRequestContext) {
  await apiOk(request, await adminToken(request), '/api/set/system', DEFAULTS);
}

test.afterEach(async ({ request }) => restoreDefaults(request));

test.describe('系统设置 /permission/homepage', () => {
  test('the admin uploads a logo and renames the site: the top bar, the title and the sign-in page follow; lesser staff only read', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const website = `巨企运营台${Date.now().toString(36).slice(-4)}`;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAsAdmin(page, request, '/permission/homepage');
    await expect(page).toHaveTitle('系统设置 - 聚企中台');
    await expect(page.getByLabel('网站名称')).toHaveValue('聚企中台');
    await expect(page.locator('.shell-brand')).toContainText('聚企中台');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /上传 Logo/ }).click();
    await (await chooser).setFiles({ name: 'brand.png', mimeType: 'image/png', buffer: pngImage(160, 32) });
    const logo = page.getByRole('img', { name: '当前 Logo' });
    await expect(logo).toHaveAttribute('src', /^\/uploads\/logo\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const logoUrl = (await logo.getAttribute('src'))!;
    // Uploaded, not yet saved: the top bar still shows the name.
    await expect(page.locator('.shell-brand img')).toHaveCount(0);

    await page.getByLabel('网站名称').fill(website);
    await expect(page.getByTestId('top-bar-preview').getByRole('img', { name: website })).toHaveAttribute('src', logoUrl);
    await screenshot(page, 'system-settings-1280');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('系统设置已保存')).toBeVisible();

    // Without a reload: the top bar shows the new logo, named by the new website name, and the title carries it.
    await expect(page.locator('.shell-brand img')).toHaveAttribute('src', logoUrl);
    await expect(page.locator('.shell-brand img')).toHaveAttribute('alt', website);
    await expect(page).toHaveTitle(`系统设置 - ${website}`);
    await page.getByRole('tab', { name: '首页' }).click();
    await expect(page).toHaveTitle(`首页 - ${website}`);

    // The picture is public: the sign-in page shows it to a visitor without a session.
    expect((await request.get(logoUrl)).status()).toBe(200);
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const signIn = await visitor.newPage();
    await signIn.goto('/login');
    await expect(signIn.getByRole('img', { name: website })).toHaveAttribute('src', logoUrl, { timeout: 30_000 });
    await expect(signIn.getByRole('img', { name: website })).toHaveJSProperty('naturalWidth', 160);
    await visitor.close();

    // A staff member whose role shows the page but grants no settings.system.edit.
    const made = await staffWithMenus(request, await adminToken(request), ['/permission/homepage']);
    const staffToken = await signInByApi(request, made.staffNum, made.password);
    expect((await api(request, staffToken, '/api/set/system', { website: '越权修改' })).code).toBe(40300);
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await useToken(other, staffToken);
    const staffPage = await other.newPage();
    await staffPage.goto('/permission/homepage');
    // A fresh browser fetches every chunk: on a busy machine that takes more than the default wait.
    await expect(staffPage.getByText('您没有修改权限，仅可查看')).toBeVisible({ timeout: 30_000 });
    await expect(staffPage.getByLabel('网站名称')).toHaveValue(website);
    await expect(staffPage.getByLabel('网站名称')).toBeDisabled();
    await expect(staffPage.getByRole('img', { name: '当前 Logo' })).toHaveAttribute('src', logoUrl);
    await expect(staffPage.getByRole('button', { name: /保\s*存|Logo/ })).toHaveCount(0);
    await expect(staffPage).toHaveTitle(`系统设置 - ${website}`);
    await screenshot(staffPage, 'system-settings-read-only-390');
    await other.close();
  });

  test('removing the logo brings the website name back to the top bar; a phone shows the form in one column', async ({ page, request }) => {
    const admin = await adminToken(request);
    const file = await uploadLogo(request, admin);
    await apiOk(request, admin, '/api/set/system', { ...DEFAULTS, pc_logo: file });
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsAdmin(page, request, '/permission/homepage');
    await expect(page.locator('.shell-brand img')).toHaveAttribute('src', file);
    await screenshot(page, 'system-settings-390');

    await page.getByRole('button', { name: /移除 Logo/ }).click();
    await expect(page.getByText('未设置 Logo，顶栏和登录页显示网站名称')).toBeVisible();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('系统设置已保存')).toBeVisible();
    await expect(page.locator('.shell-brand img')).toHaveCount(0);
    await expect(page.locator('.shell-brand')).toContainText('聚企中台');
    expect((await apiOk<{ pc_logo: string }>(request, null, 'GET /api/set/system_details')).pc_logo).toBe('');
  });
});

/** Uploads a logo as the web does (multipart, type img, module logo); answers its URL. */
async function uploadLogo(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/api/file/save', {
    headers: { 'X-Token': token },
    multipart: { type: 'img', module: 'logo', file: { name: 'logo.png', mimeType: 'image/png', buffer: pngImage(120, 32) } },
  });
  const body = (await res.json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(20000);
  return body.data.url;
}
