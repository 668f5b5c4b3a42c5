import { LEAD_STAGES, recruitmentLead } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type SeenRequest } from '../../test/fake-api';
import { renderInShell, staffWith } from '../../test/render-in-shell';
import { ResourcePage } from './resource-page';

vi.setConfig({ testTimeout: 60_000 });

const at = '2026-03-01T08:00:00.000Z';
const leadOf = (id: number, name: string, stage: number) => ({ id, name, mobile: `1380013800${id}`, post: '剪辑师', source: 1, stage, follow_up: null, remark: '', updated_at: at });
const leads = [leadOf(1, '韩梅梅', LEAD_STAGES.new), leadOf(2, '李雷', LEAD_STAGES.new), leadOf(3, '王芳', LEAD_STAGES.dropped)];
const path = recruitmentLead.menu;
const editor = staffWith('recruitment.lead.view', 'recruitment.lead.edit');
const row = (name: string) => screen.getByText(name).closest('tr')!;
const sent = (seen: SeenRequest[], action: string) => seen.filter((r) => r.url === `/api/recruitment/lead_${action}`).map((r) => r.body);

function serve() {
  return fakeApi({
    'POST /api/recruitment/lead_list': () => ok({ count: leads.length, data: leads }),
    'POST /api/recruitment/lead_details': ({ body }) => ok(leads.find((one) => one.id === (body as { id: number }).id)),
    'POST /api/recruitment/lead_history': () =>
      ok([
        { at, staff_name: '超级管理员', action: 'add', from: null, to: LEAD_STAGES.new, reason: null },
        { at, staff_name: '超级管理员', action: 'drop', from: LEAD_STAGES.new, to: LEAD_STAGES.dropped, reason: '薪资不合' },
      ]),
    ...Object.fromEntries(Object.keys(recruitmentLead.actionCalls).map((action) => [`POST /api/recruitment/lead_${action}`, () => ok(null)])),
  });
}

describe('a resource’s states and actions (recruitment leads)', () => {
  it('offers under 更多 the actions the record’s state allows, and takes one', async () => {
    const seen = serve();
    renderInShell(<ResourcePage resource={recruitmentLead} />, { path, profile: editor });
    await userEvent.click(within(await screen.findByText('韩梅梅').then(() => row('韩梅梅'))).getByRole('button', { name: /更多/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['标记已联系', '安排面试', '放弃', '删除']);
    const listed = seen.filter((r) => r.url === '/api/recruitment/lead_list').length;
    await userEvent.click(within(menu).getByRole('menuitem', { name: '标记已联系' }));
    await waitFor(() => expect(sent(seen, 'contact')).toEqual([{ id: 1 }]));
    // The list refreshes to show the new stage.
    await waitFor(() => expect(seen.filter((r) => r.url === '/api/recruitment/lead_list').length).toBeGreaterThan(listed));

    // A dropped lead offers only 重新跟进.
    await userEvent.click(within(row('王芳')).getByRole('button', { name: /更多/ }));
    // Each row's menu is its own (a closed one stays in the page, hidden).
    await waitFor(() => expect(within(screen.getAllByRole('menu').at(-1)!).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['重新跟进', '删除']));
  });

  it('asks the reason an action keeps, refusing none, and drops several selected leads at once', async () => {
    const seen = serve();
    renderInShell(<ResourcePage resource={recruitmentLead} />, { path, profile: editor });
    await screen.findByText('韩梅梅');
    await userEvent.click(within(row('韩梅梅')).getByRole('checkbox'));
    await userEvent.click(within(row('李雷')).getByRole('checkbox'));
    const bar = screen.getByRole('group', { name: '已选 2 条' });
    await userEvent.click(within(bar).getByRole('button', { name: /^放\s*弃$/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^放\s*弃$/ }));
    expect(await within(dialog).findByText('请输入原因')).toBeInTheDocument();
    expect(sent(seen, 'drop')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: ' 薪资不合 ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /^放\s*弃$/ }));
    await waitFor(() => expect(sent(seen, 'drop')).toEqual([{ ids: [1, 2], reason: '薪资不合' }]));
    // Done: the selection is cleared.
    await waitFor(() => expect(screen.queryByRole('group', { name: /已选/ })).toBeNull());
  });

  it('leaves the stage out of the form, and shows the record’s history', async () => {
    serve();
    renderInShell(<ResourcePage resource={recruitmentLead} />, { path, profile: editor });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByLabelText('姓名')).toBeInTheDocument();
    expect(within(form).queryByLabelText('阶段')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: /取\s*消/ }));

    await userEvent.click(within(row('王芳')).getByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('tab', { name: '历史' }));
    expect(await within(drawer).findByText('新线索 → 已放弃')).toBeInTheDocument();
    expect(within(drawer).getByText('原因：薪资不合')).toBeInTheDocument();
  });

  it('offers no actions and no selection to staff who only view', async () => {
    serve();
    renderInShell(<ResourcePage resource={recruitmentLead} />, { path, profile: staffWith('recruitment.lead.view') });
    await screen.findByText('韩梅梅');
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
