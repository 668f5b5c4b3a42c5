import { expect, test } from '@playwright/test';

test('the server serves the web app, which reads the site name from the API', async ({ page }) => {
  await page.goto('/');
  // Signed out, the app opens its sign-in page, titled with the site name.
  await expect(page.getByRole('heading', { name: '聚企中台' })).toBeVisible();
});

test('a deep link is answered with the web app (history-mode routing)', async ({ page, request }) => {
  const res = await request.get('/user/list?page=3');
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['cache-control']).toBe('no-cache');
  await page.goto('/user/list?page=3');
  await expect(page).toHaveURL('/login?redirect=%2Fuser%2Flist%3Fpage%3D3');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});

test('built assets are cached for a year and API answers are never cached', async ({ request, page }) => {
  const assets: string[] = [];
  page.on('response', (r) => r.url().includes('/assets/') && assets.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0]!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const api = await request.get('/api/nope');
  expect(await api.json()).toMatchObject({ code: 40400 });
  expect(api.headers()['cache-control']).toBe('no-store');
});
