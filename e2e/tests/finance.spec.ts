import { expect, test } from '@playwright/test';
import { screenshot } from '../support/screenshot';
import { adminToken, apiOk, appUserToken, notYetTexted, openAsAdmin, signInByApi, staffWithMenus, useToken } from '../support/session';

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
  const { data } = await apiOk<{ data: UserRow[] }>(request, admin, '/api/user/lists', { locked: false, limit: 20 });
  const user = notYetTexted(data)[0]!;

  // The app: the user signs in by SMS code, orders a top-up of ¥ 123.45 and pays it at the (fake) provider.
  const token = await appUserToken(request, user.mobile);
  const made = await apiOk<{ order: { order_no: string; state: string } }>(request, token, '/api_user/finance/top_up', {
    amount: 12_345,
    channel: 'wechat',
    idempotency_key: `e2e-${Date.now()}`,
  });
  expect(made.order.state).toBe('pending');
  expect(await apiOk(request, token, '/api_user/finance/fake_pay', { order_no: made.order.order_no })).toEqual({ state: 'paid' });

  // Staff: the order in 用户充值记录, paid, with the ledger entries that credited the user.
  await openAsAdmin(page, request, `/finance/user_recharge?keyword=${made.order.order_no}`);
  const row = page.getByRole('row').filter({ hasText: made.order.order_no });
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('¥ 123.45');
  await expect(page.getByText('共 1 笔 · 金额合计 ¥ 123.45 · 已支付 ¥ 123.45')).toBeVisible();
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

test('a withdrawal applied from the app is approved in 代理提现记录 and paid out by a second staff in their browser; the user’s statement shows the hold settled', async ({
  page,
  request,
  browser,
}) => {
  const admin = await adminToken(request);
  const { data } = await apiOk<{ data: UserRow[] }>(request, admin, '/api/user/lists', { locked: false, limit: 20 });
  // The demo's money is opening balances in the ledger: one with enough, else a top-up first.
  const others = notYetTexted(data);
  const user = others.find((u) => u.balance_cents >= 20_000) ?? others[0]!;
  const token = await appUserToken(request, user.mobile);
  if (user.balance_cents < 20_000) {
    const made = await apiOk<{ order: { order_no: string } }>(request, token, '/api_user/finance/top_up', { amount: 50_000, channel: 'alipay', idempotency_key: `e2e-top-${Date.now()}` });
    await apiOk(request, token, '/api_user/finance/fake_pay', { order_no: made.order.order_no });
  }
  const applied = await apiOk<{ withdraw_no: string; state: string }>(request, token, '/api_user/finance/withdraw', {
    amount: 10_000,
    payout_type: 2,
    account_name: user.name,
    account_no: 'e2e-payee@example.com',
    idempotency_key: `e2e-wd-${Date.now()}`,
  });
  expect(applied.state).toBe('applied');

  await openAsAdmin(page, request, `/finance/agency_withdraw?keyword=${applied.withdraw_no}`);
  const row = page.getByRole('row').filter({ hasText: applied.withdraw_no });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('¥ 100.00');
  await screenshot(page, 'withdrawals');
  await row.getByRole('button', { name: '审核通过' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '审核通过' }).click();
  await expect(row).toContainText('待打款');
  // The approver is offered no payout of what they approved: another person pays it out.
  await expect(row.getByRole('button', { name: /^打\s*款$/ })).toHaveCount(0);

  const payer = await staffWithMenus(request, admin, ['/finance', '/finance/agency_withdraw'], { operations: ['finance.withdraw.view', 'finance.withdraw.pay'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  await useToken(context, await signInByApi(request, payer.staffNum, payer.password));
  const other = await context.newPage();
  await other.goto(`/finance/agency_withdraw?keyword=${applied.withdraw_no}`);
  const theirs = other.getByRole('row').filter({ hasText: applied.withdraw_no });
  await theirs.getByRole('button', { name: /^打\s*款$/ }).click();
  const confirm = other.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText('¥ 100.00');
  await confirm.getByRole('button', { name: /^打\s*款$/ }).click();
  await expect(theirs).toContainText('已打款');
  await context.close();

  const status = await apiOk<{ state: string; payout_ref: string }>(request, token, '/api_user/finance/withdraw_status', { withdraw_no: applied.withdraw_no });
  expect(status.state).toBe('paid');
  const statement = await apiOk<{ data: { transfer_kind: string; amount: number; pending: boolean; transfer_state: string }[] }>(request, admin, '/api/finance/user_statement', {
    user_id: user.id,
    limit: 2,
  });
  expect(statement.data.map((e) => [e.transfer_kind, e.amount, e.pending, e.transfer_state])).toEqual([
    ['withdrawal', -10_000, false, 'posted'],
    ['withdrawal', -10_000, true, 'posted'],
  ]);
  const trial = await apiOk<{ currencies: { balanced: boolean }[] }>(request, admin, '/api/finance/trial_balance', {});
  expect(trial.currencies.every((c) => c.balanced)).toBe(true);
});

test('a package bought and beans spent in the app show in the books; staff credit an earning by hand in 用户收益记录', async ({ page, request }) => {
  const admin = await adminToken(request);
  const { data } = await apiOk<{ data: UserRow[] }>(request, admin, '/api/user/lists', { locked: false, limit: 20 });
  const user = notYetTexted(data)[0]!;
  const token = await appUserToken(request, user.mobile);
  const stamp = Date.now();
  const made = await apiOk<{ order: { order_no: string } }>(request, token, '/api_user/finance/top_up', { amount: 50_000, channel: 'wechat', idempotency_key: `e2e-books-${stamp}` });
  await apiOk(request, token, '/api_user/finance/fake_pay', { order_no: made.order.order_no });

  // The app: the cheapest package on sale bought with the balance, then beans spent on a paid feature.
  const packages = await apiOk<{ data: { id: number; name: string; price: number; beans: number; enabled: boolean }[] }>(request, admin, '/api/finance/package_list', { limit: 100 });
  const pkg = packages.data.filter((p) => p.enabled).sort((a, b) => a.price - b.price)[0]!;
  const bought = await apiOk<{ paid: number; beans: number }>(request, token, '/api_user/finance/package_buy', { package_id: pkg.id, idempotency_key: `e2e-pkg-${stamp}` });
  expect(bought.paid).toBe(pkg.price);
  const charges = await apiOk<{ data: { code: string; name: string; price_beans: number; enabled: boolean }[] }>(request, admin, '/api/finance/function_charge_list', { limit: 100 });
  const charge = charges.data.find((c) => c.enabled && c.price_beans > 0 && c.price_beans <= bought.beans)!;
  await apiOk(request, token, '/api_user/finance/bean_spend', { feature_code: charge.code, quantity: 1, idempotency_key: `e2e-spend-${stamp}` });

  // Staff: the purchase in 用户消费记录, with its entries; the spending in 金豆消费记录.
  await openAsAdmin(page, request, `/finance/user_expense?keyword=${user.mobile}`);
  const purchase = page.getByRole('row').filter({ hasText: `购买套餐 ${pkg.name}` }).first();
  await expect(purchase).toContainText(`¥ ${(pkg.price / 100).toFixed(2)}`);
  await screenshot(page, 'user-expense');
  await purchase.getByRole('button', { name: '详情' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('平台收入')).toBeVisible();
  await expect(details.getByText('金豆发行')).toBeVisible();

  await page.goto(`/finance/bean/expense?keyword=${user.mobile}`);
  await expect(page.getByRole('row').filter({ hasText: charge.name }).first()).toContainText(String(charge.price_beans));

  // 手动入账 in 用户收益记录: the user picked by mobile, ¥ 12.34 with a reason; the line shows who credited it.
  await page.goto('/finance/user_earnings');
  await page.getByRole('button', { name: '手动入账' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('用户').fill(user.mobile);
  await page.locator('.ant-select-item-option', { hasText: user.mobile }).first().click();
  await form.getByLabel('入账金额').fill('12.34');
  await form.getByLabel('入账原因').fill(`端到端奖励 ${stamp}`);
  await form.getByRole('button', { name: /^入\s*账$/ }).click();
  // A second look before the money moves: who (name, mobile and ID), which account, how much.
  const confirmation = page.locator('.ant-modal-confirm');
  await expect(confirmation).toContainText('确认入账 ¥ 12.34？');
  await expect(confirmation).toContainText(`${user.name} · ${user.mobile} · ID ${user.id}`);
  await expect(confirmation).toContainText('现金余额');
  await confirmation.getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(page.getByText('已入账 ¥ 12.34')).toBeVisible();
  const earning = page.getByRole('row').filter({ hasText: `手动入账：端到端奖励 ${stamp}` });
  await expect(earning).toContainText('¥ 12.34');
  await expect(earning).toContainText(user.name);
  await screenshot(page, 'user-earnings');

  const trial = await apiOk<{ currencies: { balanced: boolean }[] }>(request, admin, '/api/finance/trial_balance', {});
  expect(trial.currencies.every((c) => c.balanced)).toBe(true);
});

test('an adjustment above the approval amount waits for a second staff, who finds it in 待办审批 and approves it in their browser; the applicant’s list follows; 财务对账 stays balanced', async ({ page, request, browser }) => {
  const admin = await adminToken(request);
  const { data } = await apiOk<{ data: UserRow[] }>(request, admin, '/api/user/lists', { locked: false, limit: 5 });
  const user = data[3]!;
  const stamp = Date.now();

  // The admin applies for ¥ 1,500.00 (above the ¥ 1,000.00 default): it waits, nothing moves yet.
  await openAsAdmin(page, request, '/finance/adjustment');
  await page.getByRole('button', { name: /^调\s*账$/ }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('用户').fill(user.mobile);
  await expect(page.locator('.ant-select-item-option', { hasText: user.mobile }).first()).toBeVisible();
  await screenshot(page, 'adjustment-user-picker');
  await page.locator('.ant-select-item-option', { hasText: user.mobile }).first().click();
  await form.getByLabel('金额').fill('1500');
  await form.getByLabel('调账原因').fill(`端到端补偿 ${stamp}`);
  await form.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.locator('.ant-modal-confirm')).toBeVisible();
  await screenshot(page, 'adjustment-confirm');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(page.getByText('调账超过审批金额，已提交，待其他员工审批')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `端到端补偿 ${stamp}` });
  await expect(row).toContainText('待审批');
  // The applicant is offered no decision on their own adjustment.
  await expect(row.getByRole('button', { name: /^通\s*过$/ })).toHaveCount(0);

  // A finance staff member finds it in their own browser's 待办审批 (待我复核), which opens it on 调账记录 to approve.
  const approver = await staffWithMenus(request, admin, ['/finance', '/finance/adjustment'], { operations: ['finance.adjust.view', 'finance.adjust.approve'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  await useToken(context, await signInByApi(request, approver.staffNum, approver.password));
  const other = await context.newPage();
  await other.goto('/finance/adjustment');
  await other.getByRole('button', { name: '待办审批' }).click();
  const todos = other.getByRole('dialog', { name: '待办审批' });
  await todos.getByRole('tab', { name: '待我复核' }).click();
  // The newest of the reviews about this user (the demo may have one like it waiting since long before).
  const review = todos.getByRole('list', { name: '待我复核' }).getByRole('listitem').filter({ hasText: `调账 · 调增 ¥ 1,500.00 · ${user.name}` }).last();
  await expect(review).toContainText('申请人 ');
  await screenshot(other, 'reviews-to-do');
  await review.getByRole('button', { name: '去处理' }).click();
  await expect(todos).toBeHidden();
  await expect(other).toHaveURL(/\/finance\/adjustment\?no=AJ\d+$/);
  const details = other.getByRole('dialog', { name: /^调账详情 AJ/ });
  await expect(details).toContainText(`端到端补偿 ${stamp}`);
  await details.getByRole('button', { name: /^通\s*过$/ }).click();
  await other.locator('.ant-popconfirm:visible').getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(details).toContainText('已入账');
  await context.close();

  // The applicant's open 调账记录 follows without a reload: the stream says the adjustment changed.
  await expect(row).toContainText('已入账');
  await screenshot(page, 'adjustments');

  const statement = await apiOk<{ data: { transfer_kind: string; amount: number; memo: string }[] }>(request, admin, '/api/finance/user_statement', { user_id: user.id, limit: 1 });
  expect(statement.data[0]).toMatchObject({ transfer_kind: 'adjustment', amount: 150_000 });

  await page.goto('/finance/reconciliation');
  await expect(page.getByText('平衡', { exact: true })).toHaveCount(2);
  await screenshot(page, 'reconciliation');
});
