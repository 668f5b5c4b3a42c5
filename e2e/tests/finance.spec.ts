import { expect, test } from '@playwright/test';
import { screenshot } from '../support/screenshot';
import { adminToken, apiOk, appUserToken, openAsAdmin } from '../support/session';

// Finance (docs/finance.md): money enters through the apps' calls under /api_user/ and the payment provider's signed
// notification; staff see it in 用户充值记录 and in the user's 账户流水, and the ledger stays balanced.

interface UserRow {
  id: number;
  name: string;
  mobile: string;
  balance_cents: number;
}

test('a top-up paid through the fake provider shows in 用户充值记录 and in the user’s statement; the trial balance stays equal', async ({ page, request }) => {
  const admin = await adminToken(request);
  const { data } = await apiOk<{ data: UserRow[] }>(request, admin, '/api/user/lists', { locked: false, limit: 1 });
  const user = data[0]!;

  // The app: the user signs in by SMS code, orders a top-up of ¥123.45 and pays it at the (fake) provider.
  const token = await appUserToken(request, user.mobile);
  const made = await apiOk<{ order: { order_no: string; state: string } }>(request, token, '/api_user/finance/top_up', {
    amount: 12_345,
    channel: 'wechat',
    idempotency_key: `e2e-${Date.now()}`,
  });
  expect(made.order.state).toBe('pending');
  expect(await apiOk(request, null, '/api/finance/fake_pay', { order_no: made.order.order_no })).toEqual({ state: 'paid' });

  // Staff: the order in 用户充值记录, paid, with the ledger entries that credited the user.
  await openAsAdmin(page, request, `/finance/user_recharge?keyword=${made.order.order_no}`);
  const row = page.getByRole('row').filter({ hasText: made.order.order_no });
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('¥123.45');
  await expect(page.getByText('共 1 笔 · 金额合计 ¥123.45 · 已支付 ¥123.45')).toBeVisible();
  await screenshot(page, 'recharge-records');
  await row.getByRole('button', { name: '详情' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('支付通道清算')).toBeVisible();
  await expect(details.getByText(`用户余额 #${user.id}`)).toBeVisible();
  await screenshot(page, 'recharge-details');

  // The user's 账户流水: the credit on top, the balance after it.
  await page.goto(`/user/list?keyword=${user.mobile}`);
  await page.locator('.ant-table-row .user-cell__name', { hasText: new RegExp(`^${user.name}$`) }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: '账户流水' }).click();
  const first = drawer.getByRole('tabpanel', { name: '账户流水' }).locator('.ant-table-row').first();
  await expect(first).toContainText('充值');
  await expect(first).toContainText('+123.45');
  await screenshot(page, 'user-statement');

  const trial = await apiOk<{ currencies: { currency: string; balanced: boolean }[] }>(request, admin, '/api/finance/trial_balance', {});
  expect(trial.currencies.map((c) => [c.currency, c.balanced])).toEqual([
    ['CNY', true],
    ['BEAN', true],
  ]);
});
