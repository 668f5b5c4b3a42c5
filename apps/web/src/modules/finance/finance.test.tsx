import { financeCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, resetFakeApi } from '../../test/fake-api';
import { renderInShell } from '../../test/render-in-shell';
import { UserAccountStatement } from './components/user-statement';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => resetFakeApi());
const user = userEvent.setup({ delay: null });

describe('账户流水', () => {
  it('shows the balance, frozen, available and income in yuan, the entries with their holds, and switches to beans', async () => {
    const seen = fakeApi({
      'POST /api/finance/user_statement': ({ body }) =>
        (body as { currency: string }).currency === 'CNY'
          ? answerOf(financeCalls.userStatement, {
              account: { kind: 'user_cash', currency: 'CNY', balance: 900_000, frozen: 200_000, available: 700_000, income: 1_200_000 },
              count: 2,
              data: [
                { id: 9, transfer_id: 4, transfer_kind: 'withdrawal', transfer_state: 'pending', amount: -200_000, pending: true, balance_after: 900_000, memo: '', created_at: '2026-11-26T02:00:00.000Z' },
                { id: 8, transfer_id: 3, transfer_kind: 'top_up', transfer_state: 'posted', amount: 900_000, pending: false, balance_after: 900_000, memo: '微信支付', created_at: '2026-11-26T01:00:00.000Z' },
              ],
            })
          : answerOf(financeCalls.userStatement, {
              account: { kind: 'user_beans', currency: 'BEAN', balance: 330, frozen: 0, available: 330, income: 0 },
              count: 1,
              data: [{ id: 10, transfer_id: 5, transfer_kind: 'bean_purchase', transfer_state: 'posted', amount: 330, pending: false, balance_after: 330, memo: '', created_at: '2026-11-26T03:00:00.000Z' }],
            }),
    });
    renderInShell(<UserAccountStatement userId={7} />);
    // The summary: balance, frozen, available, income (the balance also shows as the entries' balance after).
    const summary = (await screen.findByText('可用')).closest('table')!;
    expect(await within(summary).findByText('9,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('2,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('7,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('12,000.00')).toBeInTheDocument();
    const entries = screen.getByRole('columnheader', { name: '变动后余额' }).closest('table')!;
    const rows = within(entries).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('提现')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('冻结中')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('-2,000.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+9,000.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('微信支付')).toBeInTheDocument();
    expect(screen.getByText('共 2 条流水')).toBeInTheDocument();

    await user.click(screen.getByText('金豆'));
    expect(await screen.findByText('金豆充值')).toBeInTheDocument();
    expect(screen.getByText('+330')).toBeInTheDocument();
    expect(screen.queryByText('冻结')).not.toBeInTheDocument();
    await waitFor(() => expect(seen.map((r) => r.body)).toEqual([
      { user_id: 7, currency: 'CNY', page: 1, limit: 20 },
      { user_id: 7, currency: 'BEAN', page: 1, limit: 20 },
    ]));
  });
});
