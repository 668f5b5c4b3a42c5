import { expect, test } from '@playwright/test';
import { startFakeWordPress } from '../support/fake-wordpress';
import { rowMenuItem } from '../support/row-menu';
import { screenshot } from '../support/screenshot';
import { adminToken, openAsAdmin, signInByApi, staffWithMenus, useToken } from '../support/session';

const WP_USER = 'editor';
const WP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

/**
 * `2026-12-07 23:15`: the wall clock in Asia/Shanghai (the platform's zone) of the first whole minute at least 12 s ahead
 * — time to send the form and see it waiting; a time a little past would still be taken (the server allows a minute).
 */
function nextMinute(): { text: string; at: number } {
  const at = Math.ceil((Date.now() + 12_000) / 60_000) * 60_000;
  const text = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(at);
  return { text, at };
}

test('a WordPress account checked, a material written and approved by someone else, published at a time with its link', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const wordpress = await startFakeWordPress(WP_USER, WP_PASSWORD);
  try {
    const name = `e2e博客${Date.now() % 100_000}`;
    const title = `杭州装修避坑指南 ${Date.now() % 100_000}`;

    // 账号管理: the account, then 测试连接 with its kept password.
    await openAsAdmin(page, request, '/automatic_publishing_tool/account');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('账号名称').fill(name);
    await form.getByLabel('地址').fill(wordpress.url);
    await form.getByLabel('用户名').fill(WP_USER);
    await form.getByLabel('凭据').fill(WP_PASSWORD);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    const account = page.locator('.ant-table-row').filter({ hasText: name });
    await expect(account.getByText('••••••')).toBeVisible();
    await (await rowMenuItem(page, account, '测试连接')).click();
    await expect(page.getByText('平台返回：Site Editor')).toBeVisible();
    await page.getByRole('button', { name: '关 闭' }).click();

    // 自定义标题: the material written and submitted.
    await page.goto('/automatic_publishing_tool/material/custom_title');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await form.getByLabel('标题', { exact: true }).fill(title);
    await form.getByLabel('关键词', { exact: true }).fill('装修公司');
    const body = form.getByRole('textbox', { name: '正文' });
    await body.click();
    await body.pressSequentially('选装修公司先看资质，再看案例。');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    const drafted = page.locator('.ant-table-row').filter({ hasText: title });
    await (await rowMenuItem(page, drafted, '提交审核')).click();
    await expect(drafted.getByText('待审核')).toBeVisible();

    // 素材审核, by a reviewer: the writer may not approve their own.
    const reviewer = await staffWithMenus(request, await adminToken(request), ['/automatic_publishing_tool/material/audit'], { operations: ['publishing.material.view', 'publishing.material.review'] });
    const reviewing = await browser.newContext();
    try {
      await useToken(reviewing, await signInByApi(request, reviewer.staffNum, reviewer.password));
      const review = await reviewing.newPage();
      await review.goto('/automatic_publishing_tool/material/audit');
      const waiting = review.locator('.ant-table-row').filter({ hasText: title });
      await (await rowMenuItem(review, waiting, '通过')).click();
      await review.locator('.ant-modal-confirm').getByRole('button', { name: /通\s*过/ }).click();
      await expect(waiting).toBeHidden();
    } finally {
      await reviewing.close();
    }

    // 定时发布: at the next whole minute; the list shows it published, with the post's link.
    await page.goto('/automatic_publishing_tool/publish/timed');
    await page.getByRole('button', { name: /定时发布/ }).first().click();
    const publish = page.getByRole('dialog');
    await publish.getByLabel('素材').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: title }).click();
    await publish.getByLabel('发布账号').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
    const when = nextMinute();
    await publish.getByLabel('发布时间').fill(when.text);
    await publish.getByLabel('发布时间').press('Enter');
    await screenshot(page, 'publishing-timed-form-zh-CN');
    await publish.getByRole('button', { name: /定时发布/ }).click();
    await expect(page.getByText('已安排 1 篇发布')).toBeVisible();
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    await expect(row.getByText('待发布')).toBeVisible();

    // What a user does while waiting: reload the list until it says so.
    await expect(async () => {
      await page.reload();
      await expect(row.getByText('已发布')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 120_000, intervals: [5_000] });
    const post = wordpress.posts.find((one) => one.title === title)!;
    expect(post).toBeDefined();
    await expect(row.getByRole('link', { name: post.link })).toHaveAttribute('href', post.link);
    await screenshot(page, 'publishing-published-zh-CN');
  } finally {
    await wordpress.close();
  }
});
