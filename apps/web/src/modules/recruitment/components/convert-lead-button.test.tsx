import { departmentCalls, LEAD_STAGES, personnelCalls, recruitmentCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, profileOf } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { ConvertLeadButton } from './convert-lead-button';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const row = (stage: number) => ({ id: 7, updated_at: '2026-11-20T08:00:00Z', name: '李雷', stage });
const converter = { ...profileOf(), is_super_admin: false, operations: ['recruitment.lead.view', 'recruitment.lead.convert'] };

describe('转为员工', () => {
  it('places the candidate where chosen and converts the lead', async () => {
    const seen = fakeApi({
      [`POST ${personnelCalls.companies.path}`]: () => answerOf(personnelCalls.companies, [{ id: 3, name: '巨奇科技有限公司' }]),
      [`POST ${departmentCalls.tree.path}`]: () => answerOf(departmentCalls.tree, [{ id: 5, name: '内容部', parent_id: 0, sort: 0, children: [] }]),
      [`POST ${recruitmentCalls.convert.path}`]: () => answerOf(recruitmentCalls.convert, { staff_id: 42 }),
    });
    renderInShell(<ConvertLeadButton row={row(LEAD_STAGES.offered)} />, { profile: converter });
    await user.click(screen.getByRole('button', { name: /转为员工/ }));
    const dialog = await screen.findByRole('dialog', { name: '将 李雷 转为员工' });
    await user.click(within(dialog).getByLabelText('所属公司'));
    await user.click(await screen.findByTitle('巨奇科技有限公司'));
    await user.click(within(dialog).getByRole('button', { name: /转为员工/ }));
    await waitFor(() => expect(seen.find((r) => r.url === recruitmentCalls.convert.path)?.body).toEqual({ id: 7, company_id: 3, department_id: null }));
    expect(await screen.findByText(/已转为员工/)).toBeInTheDocument();
  });

  it('is not offered for a converted lead, nor to staff without recruitment.lead.convert', () => {
    fakeApi({});
    const { unmount } = renderInShell(<ConvertLeadButton row={row(LEAD_STAGES.converted)} />, { profile: converter });
    expect(screen.queryByRole('button', { name: /转为员工/ })).toBeNull();
    unmount();
    renderInShell(<ConvertLeadButton row={row(LEAD_STAGES.new)} />, { profile: { ...converter, operations: ['recruitment.lead.view'] } });
    expect(screen.queryByRole('button', { name: /转为员工/ })).toBeNull();
  });
});
