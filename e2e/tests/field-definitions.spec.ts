import { expect, test, type Locator, type Page } from '@playwright/test';
import { pngImage } from '../support/png';
import { openAsAdmin } from '../support/session';
import { screenshot } from '../support/screenshot';

/**
 * The four field-definition screens (issue 17): on each, a field of a special type is added, the live preview is filled
 * with it (a signature, a place, detail-table rows, a picture through the upload tray), saved as a preview, and after a
 * reload the saved preview shows the values.
 */
test.use({ viewport: { width: 1280, height: 900 } });
test.slow();

const preview = (page: Page) => page.locator('.field-preview');
const samples = (page: Page) => page.locator('.field-samples');
/** The preview's form item labelled `label`. */
const previewItem = (page: Page, label: string) => preview(page).locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) }).first();
/** An option of the open select (not a group's title, which may read the same). */
const option = (page: Page, title: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

interface NewField {
  key: string;
  type: string;
  zh: string;
  en: string;
}

/** Adds a field through the drawer; `more` fills what the type asks beyond key, type and names. */
async function addField(page: Page, field: NewField, more?: (drawer: Locator) => Promise<void>) {
  await page.getByRole('button', { name: '新增字段' }).click();
  const drawer = page.getByRole('dialog', { name: '新增字段' });
  await drawer.getByLabel('字段标识').fill(field.key);
  // The type list is long and drawn as it scrolls: the type is found by typing its name.
  await drawer.getByLabel('字段类型').fill(field.type);
  await option(page, field.type).click();
  await drawer.getByLabel('名称（中文）').fill(field.zh);
  await drawer.getByLabel('名称（英文）').fill(field.en);
  await more?.(drawer);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('.field-page__definitions').getByText(field.key, { exact: true })).toBeVisible();
  await expect(previewItem(page, field.zh)).toBeVisible();
}

/** Saves the preview and waits for its row in 试填记录. */
async function saveSample(page: Page) {
  await preview(page).getByRole('button', { name: '保存试填' }).click();
  await expect(page.getByText('试填记录已保存')).toBeVisible();
}

/** Reloads the screen and answers the saved preview's row in 试填记录 (the newest first). */
async function savedRow(page: Page): Promise<Locator> {
  await page.reload();
  const row = samples(page).locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.scrollIntoViewIfNeeded();
  return row;
}

test('客户信息设置: a handwritten signature is drawn, saved with the preview and shown after a reload', async ({ page, request }) => {
  await openAsAdmin(page, request, '/permission/customer/info');
  await addField(page, { key: 'customer_sign', type: '手写签名', zh: '客户签名', en: 'Signature' });
  await previewItem(page, '客户名称').getByRole('textbox').fill('签名测试客户');

  const pad = preview(page).getByRole('img', { name: '客户签名签名区' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [[60, -20], [120, 20], [180, -15], [240, 10]]) await page.mouse.move(box.x + dx!, box.y + box.height / 2 + dy!, { steps: 5 });
  await page.mouse.up();
  await preview(page).getByRole('button', { name: '确认签名' }).click();
  const signed = previewItem(page, '客户签名').getByRole('img', { name: '客户签名' });
  await expect(signed).toHaveAttribute('src', /^\/uploads\/field\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
  await screenshot(page, 'customer-info-signed');
  await saveSample(page);

  const row = await savedRow(page);
  await expect(row).toContainText('签名测试客户');
  const shown = row.getByRole('img', { name: '客户签名' });
  await expect(shown).toBeVisible();
  // The picture is really there: the browser loaded it.
  expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(page, 'customer-info-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'customer-info-390');
});

test('客户注册设置: a place is picked by province and city, typed and saved, and shown after a reload', async ({ page, request }) => {
  await openAsAdmin(page, request, '/permission/customer/register');
  await addField(page, { key: 'store_position', type: '定位', zh: '门店位置', en: 'Store position' });
  await previewItem(page, '企业名称').getByRole('textbox').fill('巨奇注册测试');
  await previewItem(page, '联系人').getByRole('textbox').fill('王五');
  await previewItem(page, '手机号').getByRole('textbox').fill('13800138000');

  const place = previewItem(page, '门店位置');
  await place.getByRole('combobox', { name: '省 / 市' }).click();
  await page.locator('.ant-cascader-dropdown:visible').getByText('广东省', { exact: true }).click();
  await page.locator('.ant-cascader-dropdown:visible').getByText('深圳市', { exact: true }).click();
  await place.getByPlaceholder('请输入详细地址').fill('南山区科技园 1 号');
  await place.getByLabel('经度').fill('113.94');
  await place.getByLabel('纬度').fill('22.54');
  await saveSample(page);

  const row = await savedRow(page);
  await expect(row).toContainText('巨奇注册测试');
  await expect(row).toContainText('南山区科技园 1 号');
  await screenshot(page, 'customer-register-1280');
});

test('产品信息设置: a detail table gets two rows in the preview, saved and counted after a reload', async ({ page, request }) => {
  await openAsAdmin(page, request, '/permission/customer/product');
  await addField(page, { key: 'specs', type: '明细表', zh: '规格明细', en: 'Specifications' }, async (drawer) => {
    // A detail table starts with one column to fill.
    await drawer.getByLabel('列标识 1').fill('spec');
    await drawer.getByLabel('列名（中文） 1').fill('规格');
    await drawer.getByLabel('列名（英文） 1').fill('Spec');
    await drawer.getByRole('button', { name: '添加列' }).click();
    await drawer.getByLabel('列标识 2').fill('count');
    await drawer.getByLabel('列类型 2').fill('整数');
    await option(page, '整数').click();
    await drawer.getByLabel('列名（中文） 2').fill('数量');
    await drawer.getByLabel('列名（英文） 2').fill('Count');
  });
  await previewItem(page, '产品名称').getByRole('textbox').fill('明细测试产品');
  await previewItem(page, '价格').getByRole('spinbutton').fill('199');

  const table = preview(page).locator('.field-detail-table').first();
  await preview(page).getByRole('button', { name: '添加一行' }).click();
  await preview(page).getByRole('button', { name: '添加一行' }).click();
  await preview(page).getByLabel('第 1 行规格').fill('大号');
  await preview(page).getByLabel('第 1 行数量').fill('2');
  await preview(page).getByLabel('第 2 行规格').fill('小号');
  await preview(page).getByLabel('第 2 行数量').fill('5');
  await expect(table).toBeVisible();
  await saveSample(page);

  const row = await savedRow(page);
  await expect(row).toContainText('明细测试产品');
  await expect(row).toContainText('2 行');
  await screenshot(page, 'product-info-1280');
});

test('人员信息: a picture uploads through the tray with its progress, is saved with the preview and shown after a reload', async ({ page, request }) => {
  await openAsAdmin(page, request, '/permission/personnel/info');
  await addField(page, { key: 'id_photo', type: '图片', zh: '证件照', en: 'ID photo' });
  await previewItem(page, '姓名').getByRole('textbox').fill('赵六');
  await previewItem(page, '手机号').getByRole('textbox').fill('13900139001');

  // Slow uploads, so the tray's progress can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
  const chooser = page.waitForEvent('filechooser');
  await previewItem(page, '证件照').getByRole('button', { name: '上传图片' }).click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pngImage(32, 32, 900_000) });
  const item = page.getByRole('region', { name: '附件上传托盘' }).getByRole('listitem', { name: 'photo.png' });
  await expect.poll(async () => Number((await item.getByRole('progressbar').getAttribute('aria-valuenow')) ?? '0')).toBeGreaterThan(5);
  await expect(item.getByRole('img', { name: '上传完成' })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(previewItem(page, '证件照').locator('img')).toHaveCount(1);
  await saveSample(page);

  const row = await savedRow(page);
  await expect(row).toContainText('赵六');
  await expect(row.getByRole('img', { name: 'photo.png' })).toBeVisible();
  await screenshot(page, 'personnel-info-1280');
});
