import { expect, test } from '@playwright/test';
import { adminToken, apiOk, openAsAdmin } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

test('客户信息管理 and 产品信息管理: a customer added to an agency with a field staff defined in 客户信息设置, moved to another agency and read back in its history, given a product found in 产品信息管理', async ({ page, request }) => {
  const admin = await adminToken(request);
  // A field of staff's own in 客户信息设置, once: the customers' form draws it.
  const fields = await apiOk<{ key: string }[]>(request, admin, '/api/field/customer_info_definition_list');
  if (!fields.some((f) => f.key === 'store_count'))
    await apiOk(request, admin, '/api/field/customer_info_definition_add', { key: 'store_count', type: 'number', label: { 'zh-CN': '门店数量', 'en-US': 'Stores' } });
  const { data: agencies } = await apiOk<{ data: { id: number; name: string; mobile: string }[] }>(request, admin, '/api/agency/agency_list', { status: 'active', limit: 2 });
  const [from, to] = agencies as [{ id: number; name: string; mobile: string }, { id: number; name: string; mobile: string }];
  const name = `测试客户${Date.now()}有限公司`;

  await openAsAdmin(page, request, '/merchant/info');
  const list = page.locator('.records-page');
  await expect(list.getByText(/^共 \d+ 个客户$/)).toBeVisible();
  await screenshot(page, 'merchant-list-zh-CN-1280');
  await page.getByRole('button', { name: /新增客户/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增客户' });
  await dialog.getByRole('combobox', { name: '所属代理' }).fill(from.mobile);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${from.name} · ${from.mobile}"]`).click();
  await dialog.getByLabel('客户名称', { exact: true }).fill(name);
  await dialog.getByLabel('联系人', { exact: true }).fill('王五');
  await dialog.getByLabel('门店数量', { exact: true }).fill('12');
  await screenshot(page, 'merchant-add-zh-CN-1280');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  // Opened at once: its agency and the values, the staff's own field among them.
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByText(`${from.name} · ${from.mobile}`)).toBeVisible();
  await expect(drawer.getByText('门店数量')).toBeVisible();
  await expect(drawer.getByText('12', { exact: true })).toBeVisible();
  await screenshot(page, 'merchant-details-zh-CN-1280');

  // 转移 to another agency with a reason; the history says where to and why.
  await drawer.getByRole('button', { name: /^转\s*移$/ }).click();
  const move = page.getByRole('dialog', { name: `转移客户 · ${name}` });
  await move.getByRole('combobox', { name: '转移到代理' }).fill(to.mobile);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${to.name} · ${to.mobile}"]`).click();
  await move.getByRole('textbox', { name: '原因' }).fill('客户要求更换服务代理');
  await move.getByRole('button', { name: /^转\s*移$/ }).click();
  await expect(move).toBeHidden();
  await expect(drawer.getByText(`${to.name} · ${to.mobile}`)).toBeVisible();
  await drawer.getByRole('tab', { name: '历史' }).click();
  await expect(drawer.getByText(`转移到 ${to.name}`)).toBeVisible();
  await expect(drawer.getByText('原因：客户要求更换服务代理')).toBeVisible();

  // A product added in the customer's 产品 tab, then found in 产品信息管理 filtered by the customer.
  await drawer.getByRole('tab', { name: '产品' }).click();
  await drawer.getByRole('button', { name: /新增产品/ }).click();
  const addProduct = page.getByRole('dialog', { name: '新增产品' });
  await addProduct.getByLabel('产品名称', { exact: true }).fill('招牌双人套餐');
  await addProduct.getByLabel('价格', { exact: true }).fill('128');
  await addProduct.getByRole('button', { name: /保\s*存/ }).click();
  await expect(addProduct).toBeHidden();
  await expect(drawer.locator('.ant-list-item').filter({ hasText: '招牌双人套餐' })).toBeVisible();
  await screenshot(page, 'merchant-products-tab-zh-CN-1280');
  const { data: found } = await apiOk<{ data: { id: number; customer_name: string }[] }>(request, admin, '/api/merchant/merchant_list', { keyword: name, limit: 1 });
  await page.goto(`/merchant/product?merchant_id=${found[0]!.id}`);
  const products = page.locator('.records-page');
  await expect(products.getByText('共 1 个产品')).toBeVisible();
  const productRow = products.locator('.ant-table-row').filter({ hasText: '招牌双人套餐' });
  await expect(productRow.getByText(name)).toBeVisible();
  await expect(productRow.getByText('128')).toBeVisible();
  await screenshot(page, 'merchant-products-zh-CN-1280');
  await page.goto(`/merchant/info?id=${found[0]!.id}`);

  // The same 客户名称 again is refused on its field, whichever agency.
  await drawer.getByRole('button', { name: /关闭|Close/ }).first().click();
  await page.getByRole('button', { name: /新增客户/ }).click();
  const again = page.getByRole('dialog', { name: '新增客户' });
  await again.getByRole('combobox', { name: '所属代理' }).fill(from.mobile);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${from.name} · ${from.mobile}"]`).click();
  await again.getByLabel('客户名称', { exact: true }).fill(name);
  await again.getByRole('button', { name: /保\s*存/ }).click();
  await expect(again.locator('.ant-form-item-explain-error').getByText('该客户已存在')).toBeVisible();
  await again.getByRole('button', { name: /取\s*消/ }).click();

  // Found by its name in the URL's keyword.
  await page.goto(`/merchant/info?keyword=${encodeURIComponent(name)}`);
  await expect(list.getByText('共 1 个客户')).toBeVisible();
  await expect(list.locator('.ant-table-row').filter({ hasText: to.name })).toBeVisible();

  for (const width of takingShots ? [390] : []) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/merchant/info');
    await expect(list.locator('.ant-table-row').first()).toBeVisible();
    await screenshot(page, `merchant-list-zh-CN-${width}`);
  }
  if (takingShots) {
    await page.evaluate(() => localStorage.setItem('juqi-language', 'en-US'));
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ['/merchant/info', '/merchant/product', '/agency/business_apply']) {
      await page.goto(path);
      await expect(list.locator('.ant-table-row, .ant-empty').first()).toBeVisible();
      await screenshot(page, `${path.slice(1).replace('/', '-')}-en-US-1280`);
    }
    await page.goto(`/merchant/info?id=${found[0]!.id}`);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await screenshot(page, 'merchant-details-en-US-1280');
    await page.evaluate(() => localStorage.setItem('juqi-language', 'zh-CN'));
  }
});
