import { ledgerBookCalls, manualCreditCalls, type BookRecord, type CallData, type LedgerBook } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../test/antd';
import { answerOf, fail, fakeApi, type Handler, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import { bookPages } from './pages/book-page';
import { confirmPosting, lookupAnswering, postingConfirmation, ZHANG_SAN, ZHANG_SAN_OPTION } from './posting-test-support';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const record = (over: Partial<BookRecord>): BookRecord => ({
  entry_id: 41,
  transfer_id: 301,
  kind: 'earning',
  user_id: 7,
  user_name: '张三',
  user_mobile: '13800000007',
  amount: 123_456,
  balance_after: 523_456,
  memo: '订单 2026112601 佣金',
  staff_name: '',
  reversed: false,
  created_at: '2026-11-26T01:00:00.000Z',
  ...over,
});

type Details = CallData<(typeof ledgerBookCalls)['user_earnings']['details']>;

/** A book's API over `rows`: the list with its count and sum, an entry's details, and whatever else `more` answers. */
function api(book: LedgerBook, rows: BookRecord[], more: Record<string, Handler> = {}, details?: (row: BookRecord) => Details) {
  const { list, details: detailsCall } = ledgerBookCalls[book];
  return fakeApi({
    [`POST ${list.path}`]: () => answerOf(list, { count: rows.length, sum_amount: rows.reduce((sum, r) => sum + r.amount, 0), data: rows }),
    [`POST ${detailsCall.path}`]: ({ body }) => {
      const row = rows.find((r) => r.entry_id === (body as { entry_id: number }).entry_id)!;
      return answerOf(detailsCall, details ? details(row) : { record: row, reference: {}, entries: [] });
    },
    ...more,
  });
}

const calls = (seen: SeenRequest[], path: string) => seen.filter((r) => r.url === path).map((r) => r.body);
const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td' })).closest('tr')!;

const EARNINGS = ledgerBookCalls.user_earnings;
const EarningsPage = bookPages.user_earnings;

describe('用户收益记录 (a cash book)', () => {
  it('lists the entries in yuan with the count and sum, and offers only the book’s kinds, through the URL', async () => {
    const seen = api('user_earnings', [
      record({}),
      record({ entry_id: 42, transfer_id: 302, kind: 'opening_income', amount: 10_000, balance_after: 400_000, memo: '', staff_name: '王财务', reversed: true }),
      record({ entry_id: 43, transfer_id: 303, kind: 'commission_clawback', amount: -6_001, balance_after: 0, memo: '订单退款追回佣金 2026112601' }),
    ]);
    renderInShell(<EarningsPage />, { path: '/finance/user_earnings?amount_min=10000', profile: staffWith('finance.earnings.view', 'finance.earnings.export') });
    expect(await screen.findByText('用户收益记录')).toBeInTheDocument();
    const row = await rowOf('301');
    for (const text of ['张三', '13800000007', '收益', '¥ 1,234.56', '¥ 5,234.56', '订单 2026112601 佣金', '2026-11-26 09:00']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();
    const other = await rowOf('302');
    for (const text of ['期初收益', '已冲正', '王财务', '¥ 100.00']) expect(within(other).getByText(text)).toBeInTheDocument();
    // Each line shows its own number beside its transfer's: the opening import's lines share one transfer.
    expect(within(row).getByText('41')).toBeInTheDocument();
    expect(within(other).getByText('42')).toBeInTheDocument();
    // A commission clawed back is a negative line, and the sum is what the users kept.
    const takenBack = await rowOf('303');
    for (const text of ['佣金追回', '-¥ 60.01']) expect(within(takenBack).getByText(text)).toBeInTheDocument();
    expect(screen.getByText('共 3 笔 · 合计 ¥ 1,274.55')).toBeInTheDocument();
    expect(calls(seen, EARNINGS.list.path)[0]).toEqual({ amount_min: 10_000, page: 1, limit: 20 });
    // The amount filter shows the URL's fen as yuan.
    expect(screen.getByRole('spinbutton', { name: '最低金额' })).toHaveValue('100.00');
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: '类型' }));
    const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(options).toEqual(['收益', '期初收益', '佣金追回']);
    await user.click(await visibleOption('期初收益'));
    await waitFor(() => expect(currentUrl()).toContain('kind=opening_income'));
    await waitFor(() => expect(calls(seen, EARNINGS.list.path).at(-1)).toEqual({ kind: 'opening_income', amount_min: 10_000, page: 1, limit: 20 }));
  });

  it('drops a kind from the URL that is not the book’s', async () => {
    const seen = api('user_earnings', [record({})]);
    renderInShell(<EarningsPage />, { path: '/finance/user_earnings?kind=bean_spend&user_id=7', profile: staffWith('finance.earnings.view') });
    await rowOf('301');
    expect(calls(seen, EARNINGS.list.path)[0]).toEqual({ user_id: 7, page: 1, limit: 20 });
  });

  it('shows an entry with its reference (known names worded) and every entry of its transfer', async () => {
    const seen = api('user_earnings', [record({ reversed: true, staff_name: '王财务' })], {}, (row) => ({
      record: row,
      reference: { order_no: 'OD2026112601', quantity: 10, batch: 'B7' },
      entries: [
        { account_kind: 'commission_payable', owner_id: 0, currency: 'CNY', amount: -123_456, pending: false, balance_after: -123_456, transfer_state: 'posted' },
        { account_kind: 'user_cash', owner_id: 7, currency: 'CNY', amount: 123_456, pending: false, balance_after: 523_456, transfer_state: 'posted' },
      ],
    }));
    renderInShell(<EarningsPage />, { path: '/finance/user_earnings', profile: staffWith('finance.earnings.view') });
    await user.click(within(await rowOf('301')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('应付佣金')).toBeInTheDocument();
    expect(calls(seen, EARNINGS.details.path)).toEqual([{ entry_id: 41 }]);
    expect(drawer).toHaveTextContent('流水详情 41');
    expect(within(drawer).getByText('转账号').closest('tr')).toHaveTextContent('301');
    for (const text of ['张三 13800000007', '¥ 1,234.56', '¥ 5,234.56', '王财务', '已冲正', '订单 2026112601 佣金', '充值订单号', 'OD2026112601', '数量', '10', 'batch', 'B7']) {
      expect(within(drawer).getByText(text)).toBeInTheDocument();
    }
    const payable = within(drawer).getByText('应付佣金').closest('tr')!;
    expect(within(payable).getAllByText('-1,234.56')).toHaveLength(2);
    const cash = within(drawer).getByText('用户余额 #7').closest('tr')!;
    expect(within(cash).getByText('1,234.56')).toBeInTheDocument();
    expect(within(cash).getByText('5,234.56')).toBeInTheDocument();
  });

  it('offers neither 手动入账 nor export to staff without their operations', async () => {
    api('user_earnings', [record({})]);
    renderInShell(<EarningsPage />, { path: '/finance/user_earnings', profile: staffWith('finance.earnings.view') });
    await rowOf('301');
    expect(screen.queryByRole('button', { name: '手动入账' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
  });
});

describe('金豆充值记录 (a bean book)', () => {
  it('shows whole beans, not yuan, and sends a bean range as typed', async () => {
    const book = ledgerBookCalls.bean_recharge;
    const seen = api('bean_recharge', [
      record({ kind: 'bean_purchase', amount: 1_200, balance_after: 1_530, memo: '' }),
      record({ entry_id: 42, transfer_id: 302, kind: 'bean_bonus', amount: 30, balance_after: 330, memo: '' }),
    ]);
    renderInShell(<bookPages.bean_recharge />, { path: '/finance/bean/recharge', profile: staffWith('finance.bean_recharge.view') });
    expect(await screen.findByText('金豆充值记录')).toBeInTheDocument();
    const row = await rowOf('301');
    for (const text of ['金豆充值', '1,200', '1,530']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(await rowOf('302')).getByText('赠送金豆')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '金豆' })).toBeInTheDocument();
    expect(screen.getByText('共 2 笔 · 合计 1,230 金豆')).toBeInTheDocument();
    expect(screen.queryByText(/¥/)).not.toBeInTheDocument();
    // Only the staff holding the book's export see it; a book without 手动入账 never offers it.
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '手动入账' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: '类型' }));
    const options = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(options).toEqual(['金豆充值', '赠送金豆', '充值']);
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('spinbutton', { name: '最低金额' }), '500');
    await waitFor(() => expect(currentUrl()).toContain('amount_min=500'));
    await waitFor(() => expect(calls(seen, book.list.path).at(-1)).toEqual({ amount_min: 500, page: 1, limit: 20 }));
  });
});

/** antd puts a space between the two characters of a two-character button. */
const SUBMIT = { name: /^入\s?账$/ };
const CREDIT_STAFF = staffWith('finance.earnings.view', 'finance.earnings.credit');
const credited = (amount: number) => answerOf(manualCreditCalls.earningCredit, record({ entry_id: 99, transfer_id: 399, amount, memo: '活动奖励补发', staff_name: '王财务' }));

async function openCreditForm() {
  await user.click(await screen.findByRole('button', { name: '手动入账' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('手动入账：用户收益记录');
  return dialog;
}

async function pickUser(dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('combobox', { name: '用户' }), '138');
  await user.click(await visibleOption(ZHANG_SAN_OPTION));
}

describe('手动入账', () => {
  it('credits yuan as fen under one key however often it is sent, then reads the book and the statements again', async () => {
    let answered = 0;
    const seen = api('user_earnings', [record({})], {
      'POST /api/finance/user_lookup': lookupAnswering(ZHANG_SAN),
      // The first answer is lost on its way: the credit may have been made, so sending again must not make another.
      'POST /api/finance/earning_credit': ({ body }) => (answered++ === 0 ? 'drop' : credited((body as { amount: number }).amount)),
    });
    const { client } = renderInShell(<EarningsPage />, { path: '/finance/user_earnings', profile: CREDIT_STAFF });
    const statement = ['finance', 'statement', 7, 'CNY', 1, 20];
    client.setQueryData(statement, { account: null, count: 0, data: [] });
    const dialog = await openCreditForm();

    await user.click(within(dialog).getByRole('button', SUBMIT));
    expect(await within(dialog).findByText('请选择用户')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入入账金额')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入入账原因')).toBeInTheDocument();

    await pickUser(dialog);
    await user.type(within(dialog).getByRole('spinbutton', { name: '入账金额' }), '12.34');
    await user.type(within(dialog).getByRole('textbox', { name: '入账原因' }), '  活动奖励补发  ');
    await user.dblClick(within(dialog).getByRole('button', SUBMIT));
    // One confirmation however often it was clicked: the account, the amount, and the balance now and after.
    const confirmation = await postingConfirmation();
    expect(confirmation).toHaveTextContent('确认入账 ¥ 12.34？');
    expect(confirmation).toHaveTextContent('当前可用¥ 100.00');
    expect(confirmation).toHaveTextContent('操作后¥ 112.34');
    await confirmPosting(user);
    await waitFor(() => expect(calls(seen, '/api/finance/earning_credit')).toHaveLength(1));
    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', SUBMIT));
    await confirmPosting(user);
    expect(await screen.findByText('已入账 ¥ 12.34')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const [first, second, ...more] = calls(seen, '/api/finance/earning_credit') as { idempotency_key: string }[];
    expect(more).toEqual([]);
    expect(first).toEqual({ user_id: 7, amount: 1_234, reason: '活动奖励补发', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(second).toEqual(first);
    await waitFor(() => expect(calls(seen, EARNINGS.list.path)).toHaveLength(2));
    expect(client.getQueryState(statement)?.isInvalidated).toBe(true);
  });

  it('shows a server refusal on its field and keeps the form to send again with the same key', async () => {
    let refuse = true;
    const seen = api('user_earnings', [record({})], {
      'POST /api/finance/user_lookup': lookupAnswering(ZHANG_SAN),
      'POST /api/finance/earning_credit': ({ body }) => {
        if (!refuse) return credited((body as { amount: number }).amount);
        refuse = false;
        return fail(40000, '金额：不能大于 10000000', { field: 'amount', fields: [{ field: 'amount', label: '金额', message: '不能大于 10000000' }] });
      },
    });
    renderInShell(<EarningsPage />, { path: '/finance/user_earnings', profile: CREDIT_STAFF });
    const dialog = await openCreditForm();
    await pickUser(dialog);
    const amount = within(dialog).getByRole('spinbutton', { name: '入账金额' });
    await user.type(amount, '99999');
    await user.type(within(dialog).getByRole('textbox', { name: '入账原因' }), '活动奖励补发');
    await user.click(within(dialog).getByRole('button', SUBMIT));
    await confirmPosting(user);
    const field = amount.closest('.ant-form-item')!;
    await waitFor(() => expect(field).toHaveTextContent('不能大于 10000000'));
    expect(dialog).toBeVisible();

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', SUBMIT));
    await confirmPosting(user);
    expect(await screen.findByText('已入账 ¥ 100.00')).toBeInTheDocument();
    const [first, second] = calls(seen, '/api/finance/earning_credit') as { amount: number; idempotency_key: string }[];
    expect([first!.amount, second!.amount]).toEqual([9_999_900, 10_000]);
    expect(second!.idempotency_key).toBe(first!.idempotency_key);
  });

  it('credits whole beans to 金豆收益记录 as typed', async () => {
    const seen = api('bean_earnings', [record({ kind: 'bean_earning', amount: 50, balance_after: 50 })], {
      'POST /api/finance/user_lookup': lookupAnswering(ZHANG_SAN),
      'POST /api/finance/bean_earning_credit': ({ body }) => answerOf(manualCreditCalls.beanEarningCredit, record({ kind: 'bean_earning', amount: (body as { amount: number }).amount })),
    });
    renderInShell(<bookPages.bean_earnings />, { path: '/finance/bean/earnings', profile: staffWith('finance.bean_earnings.view', 'finance.bean_earnings.credit') });
    await user.click(await screen.findByRole('button', { name: '手动入账' }));
    const dialog = await screen.findByRole('dialog');
    await pickUser(dialog);
    await user.type(within(dialog).getByRole('spinbutton', { name: '入账金豆' }), '300');
    await user.type(within(dialog).getByRole('textbox', { name: '入账原因' }), '活动奖励');
    await user.click(within(dialog).getByRole('button', SUBMIT));
    expect(await postingConfirmation()).toHaveTextContent('操作后600 金豆');
    await confirmPosting(user);
    expect(await screen.findByText('已入账 300 金豆')).toBeInTheDocument();
    expect(calls(seen, '/api/finance/bean_earning_credit')).toEqual([{ user_id: 7, amount: 300, reason: '活动奖励', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });
});
