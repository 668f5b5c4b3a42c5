import { expect, test, type Page } from '@playwright/test';
import { openAsAdmin } from '../support/session';

/** Chromium reports every blocked script, style, picture or request on the console. */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('the content security policy (issue 5)', () => {
  test('the built web app has no inline script, and its answer carries the policy', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['content-security-policy']).toContain("script-src 'self';");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  test('the sign-in page renders under it with nothing refused', async ({ page }) => {
    const violations = collectViolations(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the shell and an antd screen keep antd's styles, with nothing refused", async ({ page, request }) => {
    const violations = collectViolations(page);
    await openAsAdmin(page, request, '/permission/role');
    const create = page.getByRole('button', { name: '新增角色' });
    await expect(create).toBeVisible();
    // antd's CSS-in-JS styles arrive as <style> elements: were they refused, the primary button would have no fill (the
    // theme's blue, #0066eb: lib/antd-config.tsx).
    await expect(create).toHaveCSS('background-color', 'rgb(0, 102, 235)');
    await expect(page.locator('.shell-sider')).toHaveCSS('width', '180px');
    await create.click();
    const form = page.getByRole('dialog', { name: '新增角色' });
    await expect(form).toBeVisible();
    await expect(page.locator('.ant-modal-container')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('.ant-modal-mask')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.45)');
    await page.goto('/permission/page');
    await expect(page.getByRole('button', { name: /新增/ }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the API documentation renders under it', async ({ page }) => {
    const violations = collectViolations(page);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /聚企中台 API/ })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
