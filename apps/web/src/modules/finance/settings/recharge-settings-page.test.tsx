import { financeSettingsCalls, rechargePreset, type RechargeLimits } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi, resetFakeApi, type SeenRequest } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { RechargeSettingsPage } from './recharge-settings-page';

vi.setConfig({ testTimeout: 60_000 });
afterEach(resetFakeApi);

const user = userEvent.setup({ delay: null });
const stored: RechargeLimits = { min_amount: 1000, max_amount: 500_000 };
const presets = [
  { id: 1, amount: 1000, bonus_beans: 0, sort: 10, enabled: true, updated_at: '2026-03-01T08:00:00.000Z' },
  { id: 2, amount: 50_000, bonus_beans: 1200, sort: 20, enabled: true, updated_at: '2026-03-01T08:00:00.000Z' },
];
const { rechargeLimitsDetails, rechargeLimitsEdit } = financeSettingsCalls;

function api(edit: (body: RechargeLimits) => ReturnType<typeof answerOf> = (body) => answerOf(rechargeLimitsEdit, body)) {
  return fakeApi({
    [`GET ${rechargeLimitsDetails.path}`]: () => answerOf(rechargeLimitsDetails, stored),
    [`POST ${rechargeLimitsEdit.path}`]: ({ body }) => edit(body as RechargeLimits),
    [`POST ${rechargePreset.calls.list.path}`]: () => answerOf(rechargePreset.calls.list, { count: presets.length, data: presets }),
  });
}
const saves = (seen: SeenRequest[]) => seen.filter((r) => r.url === rechargeLimitsEdit.path);
const typeYuan = (label: string, yuan: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: yuan } });
  fireEvent.blur(input);
};

describe('RechargeSettingsPage', () => {
  it('shows the limits in yuan above the presets, and saves them in fen', async () => {
    const seen = api();
    renderInShell(<RechargeSettingsPage />, { path: rechargePreset.menu });
    expect(await screen.findByLabelText('最低充值金额')).toHaveValue('10.00');
    expect(screen.getByLabelText('最高充值金额')).toHaveValue('5000.00');
    // The presets' list below, their amounts in yuan.
    const row = (await screen.findByText('¥ 500.00')).closest('tr')!;
    expect(within(row).getByText('1200')).toBeInTheDocument();
    expect(screen.getByText('¥ 10.00')).toBeInTheDocument();

    typeYuan('最低充值金额', '20');
    typeYuan('最高充值金额', '3000.5');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves(seen)).toHaveLength(1));
    expect(saves(seen)[0]!.body).toEqual({ min_amount: 2000, max_amount: 300_050 });
    expect(await screen.findByText('充值限额已保存')).toBeInTheDocument();
  });

  it('refuses a smallest above the largest or beyond any top-up, in yuan, sending nothing', async () => {
    const seen = api();
    renderInShell(<RechargeSettingsPage />, { path: rechargePreset.menu });
    await screen.findByLabelText('最低充值金额');
    typeYuan('最低充值金额', '6000');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('最高充值金额不能低于最低充值金额')).toBeInTheDocument();

    typeYuan('最低充值金额', '0.5');
    expect(await screen.findByText('最低充值金额应在 ¥ 1.00–¥ 50,000.00 之间')).toBeInTheDocument();
    expect(saves(seen)).toHaveLength(0);
  });

  it('shows the server’s refusal beside the bound it names', async () => {
    api(() =>
      fail(40000, '最低充值金额：充值档位 ¥ 10.00 低于最低充值金额，请先修改或删除该档位', {
        field: 'min_amount',
        fields: [{ field: 'min_amount', label: '最低充值金额', message: '充值档位 ¥ 10.00 低于最低充值金额，请先修改或删除该档位' }],
      }),
    );
    renderInShell(<RechargeSettingsPage />, { path: rechargePreset.menu });
    await screen.findByLabelText('最低充值金额');
    typeYuan('最低充值金额', '20');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    const item = screen.getByLabelText('最低充值金额').closest('.ant-form-item')!;
    expect(await within(item as HTMLElement).findByText('充值档位 ¥ 10.00 低于最低充值金额，请先修改或删除该档位')).toBeInTheDocument();
  });

  it('shows the limits read-only to staff who may only view them', async () => {
    api();
    renderInShell(<RechargeSettingsPage />, { path: rechargePreset.menu, profile: staffWith('finance.settings.recharge.view') });
    expect(await screen.findByLabelText('最低充值金额')).toBeDisabled();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});
