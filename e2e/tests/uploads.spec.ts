import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pngImage } from '../support/png';
import { DATA_DIR, openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

/** Where the server keeps files the help editor uploads (module `help`). */
const helpUploads = path.join(DATA_DIR, 'uploads', 'help');

/** Files stored under the help module so far. */
function storedHelpFiles(): string[] {
  if (!fs.existsSync(helpUploads)) return [];
  return (fs.readdirSync(helpUploads, { recursive: true }) as string[]).filter((f) => /\.[a-z]+$/.test(f));
}

/** Slows the page's uploads to `bytesPerSecond`, so progress can be watched and uploads cancelled midway. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** Opens the 新增 form of the upgrade-log settings, whose rich-text editor uploads images through the tray. */
async function openEditor(page: Page, request: Parameters<typeof openAsAdmin>[1]): Promise<Locator> {
  await openAsAdmin(page, request, '/permission/help/upgrade_log');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog', { name: '新增 · 升级日志' });
  await expect(form.getByRole('textbox', { name: '更新内容' })).toBeVisible();
  return form;
}

/** Picks an image with the editor's 插入图片 button. */
async function insertImage(page: Page, form: Locator, name: string, bytes: number) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: '插入图片' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: pngImage(8, 8, bytes) });
}

/** Pictures in the editor's document (not ProseMirror's own separator images). */
const editorImages = (form: Locator) => form.getByRole('textbox', { name: '更新内容' }).locator('img[src]');

const tray = (page: Page) => page.getByRole('region', { name: '附件上传托盘' });
const trayItem = (page: Page, name: string) => tray(page).getByRole('listitem', { name });
const percentOf = async (item: Locator) => Number((await item.getByRole('progressbar').getAttribute('aria-valuenow')) ?? '0');

test.describe('upload tray 附件上传 (§2.4, §4 Upload)', () => {
  test('an image uploads with its progress shown, is marked done, and lands in the editor', async ({ page, request }) => {
    test.setTimeout(90_000);
    const form = await openEditor(page, request);
    await throttleUploads(page, 400 * 1024);
    const before = storedHelpFiles().length;
    await insertImage(page, form, 'banner.png', 1_200_000);

    await expect(tray(page)).toBeVisible();
    await expect(tray(page)).toContainText('附件上传');
    const item = trayItem(page, 'banner.png');
    await expect(item).toContainText('1.14 MB');
    // The bar moves while the bytes go out.
    await expect.poll(() => percentOf(item)).toBeGreaterThan(5);
    const midway = await percentOf(item);
    expect(midway).toBeLessThan(100);
    await screenshot(page, 'upload-tray-progress');

    await expect(item.getByRole('img', { name: '上传完成' })).toBeVisible({ timeout: 30_000 });
    await expect(tray(page)).toContainText('1/1 已完成');
    await expect(editorImages(form)).toHaveAttribute('src', /^\/uploads\/help\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(storedHelpFiles().length).toBe(before + 1);
    await screenshot(page, 'upload-tray-done');
  });

  test('an upload is cancelled from the tray: it disappears, nothing is stored and nothing is inserted', async ({ page, request }) => {
    test.setTimeout(90_000);
    const form = await openEditor(page, request);
    await throttleUploads(page, 100 * 1024);
    const before = storedHelpFiles();
    await insertImage(page, form, 'poster.png', 2_000_000);

    const item = trayItem(page, 'poster.png');
    await expect.poll(() => percentOf(item)).toBeGreaterThan(0);
    await item.getByRole('button', { name: '取消上传 poster.png' }).click();
    await expect(item).toHaveCount(0);
    await expect(tray(page)).toHaveCount(0);
    // Give an upload that was not really stopped the time to finish.
    await page.waitForTimeout(1500);
    expect(storedHelpFiles()).toEqual(before);
    await expect(editorImages(form)).toHaveCount(0);
  });

  test('closing the tray with unfinished uploads asks first, then cancels them all', async ({ page, request }) => {
    test.setTimeout(120_000);
    const form = await openEditor(page, request);
    await throttleUploads(page, 100 * 1024);
    const before = storedHelpFiles();
    await insertImage(page, form, 'first.png', 2_000_000);
    await insertImage(page, form, 'second.png', 2_000_000);
    await expect(tray(page).getByRole('listitem')).toHaveCount(2);
    await expect(tray(page)).toContainText('0/2 已完成');

    // Collapsing hides the list but keeps the uploads going.
    await tray(page).getByRole('button', { name: '收起' }).click();
    await expect(tray(page).getByRole('listitem')).toHaveCount(0);
    await tray(page).getByRole('button', { name: '展开' }).click();
    await expect(tray(page).getByRole('listitem')).toHaveCount(2);
    await screenshot(page, 'upload-tray-two');

    await tray(page).getByRole('button', { name: '关闭' }).click();
    const ask = page.getByRole('dialog', { name: '关闭窗口，将取消上传任务，是否继续?' });
    await expect(ask).toBeVisible();
    await screenshot(page, 'upload-tray-close-confirm');
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    await expect(ask).toBeHidden();
    await expect(tray(page).getByRole('listitem')).toHaveCount(2);
    const first = await percentOf(trayItem(page, 'first.png'));
    await expect.poll(() => percentOf(trayItem(page, 'first.png'))).toBeGreaterThan(first);

    await tray(page).getByRole('button', { name: '关闭' }).click();
    await ask.getByRole('button', { name: /继\s*续/ }).click();
    await expect(tray(page)).toHaveCount(0);
    await page.waitForTimeout(1500);
    expect(storedHelpFiles()).toEqual(before);
    await expect(editorImages(form)).toHaveCount(0);
  });
});
