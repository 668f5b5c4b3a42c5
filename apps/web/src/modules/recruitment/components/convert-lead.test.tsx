import { departmentCalls, LEAD_STAGES, personnelCalls, recruitmentCalls, recruitmentLead } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResourcePage } from '../../../components/resource/resource-page';
import { answerOf, fakeApi, ok, profileOf } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { convertLeadMenu } from './convert-lead';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const at = '2026-11-20T08:00:00Z';
const leadOf = (id: number, name: string, stage: number) => ({ id, name, mobile: '13800138000', post: '', source: 1, stage, follow_up: null, remark: '', updated_at: at });
const converter = { ...profileOf(), is_super_admin: false, operations: ['recruitment.lead.view', 'recruitment.lead.convert'] };
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

function showLeads(handlers = {}) {
  return fakeApi({ 'POST /api/recruitment/lead_list': () => ok({ count: 2, data: [leadOf(7, '李雷', LEAD_STAGES.offered), leadOf(8, '韩梅梅', LEAD_STAGES.converted)] }), ...handlers });
}
const renderLeads = (profile = converter) => renderInShell(<ResourcePage resource={recruitmentLead} options={{ rowMenu: convertLeadMenu }} />, { path: recruitmentLead.menu, profile });

describe('转为员工', () => {
  it('places the candidate where chosen and converts the lead, from the row’s 更多', async () => {
    const seen = showLeads({
      [`POST ${personnelCalls.companies.path}`]: () => answerOf(personnelCalls.companies, [{ id: 3, name: '巨奇科技有限公司' }]),
      [`POST ${departmentCalls.tree.path}`]: () => answerOf(departmentCalls.tree, [{ id: 5, name: '内容部', parent_id: 0, sort: 0, children: [] }]),
      [`POST ${recruitmentCalls.convert.path}`]: () => answerOf(recruitmentCalls.convert, { staff_id: 42 }),
    });
    renderLeads();
    await screen.findByText('李雷');
    await user.click(within(rowOf('李雷')).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: /转为员工/ }));
    // Its title names the lead (found by text: the test ids of the page's other parts share the dialog's label id).
    const dialog = await waitFor(() => screen.getAllByRole('dialog').find((one) => one.textContent?.includes('将 李雷 转为员工')) ?? Promise.reject(new Error('no dialog')));
    await user.click(within(dialog).getByLabelText('所属公司'));
    await user.click(await screen.findByTitle('巨奇科技有限公司'));
    await user.click(within(dialog).getByRole('button', { name: /转为员工/ }));
    await waitFor(() => expect(seen.find((r) => r.url === recruitmentCalls.convert.path)?.body).toEqual({ id: 7, company_id: 3, department_id: null }));
    expect(await screen.findByText(/已转为员工/)).toBeInTheDocument();
  });

  it('is not offered for a converted lead, nor to staff without recruitment.lead.convert', async () => {
    showLeads();
    const { unmount } = renderLeads();
    await screen.findByText('韩梅梅');
    // A converted lead offers its viewer nothing under 更多.
    expect(within(rowOf('韩梅梅')).queryByRole('button', { name: /更多/ })).toBeNull();
    unmount();
    renderLeads({ ...converter, operations: ['recruitment.lead.view'] });
    await screen.findByText('李雷');
    expect(within(rowOf('李雷')).queryByRole('button', { name: /更多/ })).toBeNull();
  });
});
