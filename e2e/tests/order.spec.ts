import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACTIVE_PAGE, adminToken, apiOk, appUserToken, notYetTexted, openAsAdmin } from '../support/session';
import { screenshot, takingShots } from '../support/screenshot';

test.use({ viewport: { width: 1280, height: 800 } });

// 订单中心 (docs/marketplace.md › Orders, Money): staff place an order for an agency's customer, the customer pays it
// in the app from a top-up, staff serve and complete it, and the agency's commission shows in its details, its 订单
// tab and 用户收益记录.

interface AgencyChoice {
  id: number;
  name: string;
  mobile: string;
  commission_rate_bp: number;
  business_ids: number[];
}
interface Options {
  businesses: { id: number; name: string; enabled: boolean; packages: { id: number; name: string; price: number; enabled: boolean }[] }[];
}

/** Fen as the screens show yuan: ¥ 1,234.50. */
const yuan = (fen: number) => `¥ ${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/**
 * A user of type 2 not yet anyone's customer (the demo gives some customers accounts), signed up in the app as the
 * agency's customer, with cash to pay. One sign-in: the SMS codes' rate limit is the server's, shared by every journey.
 */
async function customerOf(request: APIRequestContext, admin: string, agencyId: number, name: string, cash: number) {
  const { data: customers } = await apiOk<{ data: { user_id: number | null }[] }>(request, admin, '/api/merchant/merchant_list', { limit: 200 });
  const linked = new Set(customers.map((c) => c.user_id));
  const { data } = await apiOk<{ data: { id: number; mobile: string }[] }>(request, admin, '/api/user/lists', { type_user: 2, locked: false, limit: 50 });
  const user = notYetTexted(data.filter((u) => !linked.has(u.id)))[0]!;
  const token = await appUserToken(request, user.mobile);
  await apiOk(request, token, '/api_user/merchant/register', { agency_id: agencyId, values: { company_name: name, contact_name: '陈静', mobile: user.mobile } });
  const made = await apiOk<{ order: { order_no: string } }>(request, token, '/api_user/finance/top_up', { amount: cash, channel: 'alipay', idempotency_key: `e2e-order-${Date.now()}` });
  await apiOk(request, token, '/api_user/finance/fake_pay', { order_no: made.order.order_no });
  return { token, mobile: user.mobile };
}

test('订单中心: an order placed for a customer, paid in the app, served and completed; the commission in the agency’s details, its 订单 and 收益 tabs and 用户收益记录', async ({ page, request }) => {
  const admin = await adminToken(request);
  // No 冻结期 for this journey: the commission is released as the order completes (the sweep's release is the server tests').
  const basic = await apiOk<Record<string, unknown>>(request, admin, 'GET /api/agency/basic_details');
  await apiOk(request, admin, '/api/agency/basic_edit', { ...basic, commission_hold_days: 0 });
  try {
    // An agency of the demo's that has customers: the demo lets those sell every business.
    const { data: customers } = await apiOk<{ data: { agency_id: number }[] }>(request, admin, '/api/merchant/merchant_list', { limit: 50 });
    const agencies = await apiOk<AgencyChoice[]>(request, admin, '/api/order/order_agencies', { ids: [...new Set(customers.map((c) => c.agency_id))] });
    const agency = agencies.find((a) => a.business_ids.length > 0 && a.commission_rate_bp > 0)!;
    const { businesses } = await apiOk<Options>(request, admin, '/api/order/order_options');
    const business = businesses.find((b) => b.enabled && agency.business_ids.includes(b.id) && b.packages.some((p) => p.enabled && p.price > 0))!;
    const pkg = business.packages.find((p) => p.enabled && p.price > 0)!;
    const customerName = `订单测试${Date.now()}有限公司`;
    const customer = await customerOf(request, admin, agency.id, customerName, pkg.price);
    const commission = Math.floor((pkg.price * agency.commission_rate_bp) / 10_000);

    // 新增订单: the agency, its customer, a package of a business it sells; the customer pays.
    await openAsAdmin(page, request, '/agencyorder_center/index');
    await expect(page.getByText(/^共 \d+ 笔 · 金额 /)).toBeVisible();
    await screenshot(page, 'order-centre-zh-CN-1280');
    await page.getByRole('button', { name: /新增订单/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增订单' });
    await dialog.getByRole('combobox', { name: '代理' }).fill(agency.mobile);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${agency.name} · ${agency.mobile}"]`).click();
    await dialog.getByRole('combobox', { name: '客户' }).fill(customerName);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${customerName}"]`).click();
    await dialog.getByRole('combobox', { name: '业务套餐' }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${pkg.name} · ${yuan(pkg.price)}"]`).click();
    await expect(dialog.getByText(`客户应付 ${yuan(pkg.price)}`)).toBeVisible();
    await screenshot(page, 'order-add-zh-CN-1280');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();

    // Opened at once, awaiting payment; the customer pays in the app.
    const drawer = page.getByRole('dialog', { name: /^订单 OD\d{20}$/ });
    await expect(drawer.getByText('待付款').first()).toBeVisible();
    const orderNo = (await drawer.locator('.ant-drawer-title').innerText()).replace('订单 ', '').trim();
    await apiOk(request, customer.token, '/api_user/order/pay', { order_no: orderNo });
    await page.reload();
    await expect(drawer.getByText('已付款').first()).toBeVisible();

    // Served and completed: the commission is the agency's at once (no 冻结期).
    // 开始服务 asks 业务开通表's fields (the demo's: 服务账号, 对接人电话, 开通说明) and keeps them on the order.
    await drawer.getByRole('button', { name: '开始服务' }).click();
    const setUp = page.getByRole('dialog', { name: `开始服务 · ${orderNo}` });
    await setUp.getByRole('textbox', { name: '服务账号' }).fill('星火传媒抖音号');
    await setUp.getByRole('button', { name: /保\s*存/ }).click();
    await expect(setUp).toBeHidden();
    await expect(drawer.getByText('服务中').first()).toBeVisible();
    await drawer.getByRole('tab', { name: '开通信息' }).click();
    await expect(drawer.getByRole('tabpanel', { name: '开通信息' }).getByText('星火传媒抖音号')).toBeVisible();
    await drawer.getByRole('tab', { name: '订单信息' }).click();
    await drawer.getByRole('button', { name: /^完\s*成$/ }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /^完\s*成$/ }).click();
    await expect(drawer.getByText('已完成').first()).toBeVisible();
    await drawer.getByRole('tab', { name: '佣金' }).click();
    const commissions = drawer.getByRole('tabpanel', { name: '佣金' });
    await expect(commissions.getByText('已结算')).toBeVisible();
    await expect(commissions.getByText(yuan(commission)).first()).toBeVisible();
    await drawer.getByRole('tab', { name: '历史' }).click();
    const history = drawer.getByRole('tabpanel', { name: '历史' });
    for (const action of ['下单', '付款', '开始服务', '完成']) await expect(history.getByText(action, { exact: true }).first()).toBeVisible();
    await screenshot(page, 'order-details-zh-CN-1280');

    // The agency's drawer: the order in its 订单 tab, the commission released in its 收益 tab, which leads to
    // 用户收益记录 holding it.
    await page.goto(`/agency/list?id=${agency.id}`);
    const agencyDrawer = page.getByRole('dialog', { name: agency.name });
    await agencyDrawer.getByRole('tab', { name: '订单', exact: true }).click();
    await expect(agencyDrawer.getByRole('row').filter({ hasText: orderNo })).toContainText('已完成');
    await agencyDrawer.getByRole('tab', { name: '收益', exact: true }).click();
    const earned = agencyDrawer.getByRole('row').filter({ hasText: orderNo });
    await expect(earned).toContainText('已结算');
    await expect(earned).toContainText(yuan(commission));
    await screenshot(page, 'agency-earnings-zh-CN-1280');
    await agencyDrawer.getByRole('link', { name: '用户收益记录' }).click();
    const line = page.locator(ACTIVE_PAGE).getByRole('row').filter({ hasText: `订单佣金 ${orderNo}` });
    await expect(line).toContainText(yuan(commission));

    // The centre filtered by the agency and state, in both languages and widths when screenshots are asked for.
    await page.goto(`/agencyorder_center/index?agency_id=${agency.id}&state=completed`);
    await expect(page.locator(ACTIVE_PAGE).getByText(orderNo, { exact: true })).toBeVisible();
    for (const language of takingShots ? ['en-US', 'zh-CN'] : []) {
      await page.evaluate((value) => localStorage.setItem('juqi-language', value), language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/agencyorder_center/index?agency_id=${agency.id}&order=${orderNo}`);
        await expect(page.getByRole('dialog').first()).toBeVisible();
        await screenshot(page, `order-drawer-${language}-${width}`);
        await page.goto(`/agencyorder_center/index?agency_id=${agency.id}`);
        await expect(page.locator(ACTIVE_PAGE).getByText(orderNo, { exact: true })).toBeVisible();
        await screenshot(page, `order-centre-${language}-${width}`);
        await page.goto(`/agency/list?id=${agency.id}`);
        // On a phone the tab strip scrolls to the tab as it is clicked: click until it is the one shown.
        const earningsTab = page.getByRole('dialog').getByRole('tab', { name: language === 'zh-CN' ? '收益' : 'Earnings', exact: true });
        await expect(async () => {
          await earningsTab.click();
          await expect(earningsTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
        }).toPass();
        await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: orderNo })).toBeVisible();
        await screenshot(page, `agency-earnings-${language}-${width}`);
      }
    }
  } finally {
    await apiOk(request, admin, '/api/agency/basic_edit', { ...basic });
  }
});
