import { approvalCalls, personnelProcessCalls, type ApprovalRequestRow, type ReviewItem } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, fail, ok, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import { StaffProcessActions } from './components/process-request';
import { TodoPanel } from './components/todo-panel';
import { FlowsPage } from './pages/flows-page';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const request: ApprovalRequestRow = {
  id: 7,
  kind: 'transfer',
  subject_id: 3,
  subject_name: '周一',
  summary: '平调 · 销售部 / 专员 → 客服部 / 主管 · 生效日期 2030-01-01',
  requester: { id: 5, name: '李四' },
  requester_type: 'staff',
  state: 'pending',
  current_step: 1,
  step_count: 2,
  current_approvers: [{ id: 1, name: '超级管理员' }],
  created_at: '2026-11-26T01:00:00.000Z',
  finished_at: null,
};
const posted = (seen: SeenRequest[], path: string) => seen.filter((r) => r.url === path).map((r) => r.body);

describe('the 待办审批 drawer', () => {
  it('lists my to-dos and approves one at the step it shows; a rejection asks for a comment first', async () => {
    const seen = fakeApi({
      'POST /api/approval/todo_list': () => answerOf(approvalCalls.todoList, { count: 1, data: [request] }),
      'POST /api/approval/review_list': () => answerOf(approvalCalls.reviewList, { count: 0, data: [] }),
      'POST /api/approval/approve': () => answerOf(approvalCalls.approve, null),
      'POST /api/approval/reject': () => fail(40900, '该步骤已有审批结果，请刷新后查看'),
    });
    renderInShell(<TodoPanel />);
    const list = await screen.findByRole('list', { name: '待我审批' });
    expect(within(list).getByText('调岗申请 · 周一')).toBeInTheDocument();
    expect(within(list).getByText('第 2/2 步')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /^通\s*过$/ }));
    const approve = await screen.findByRole('dialog');
    await user.type(within(approve).getByLabelText('审批意见'), '同意调岗');
    await user.click(within(approve).getByRole('button', { name: /^通\s*过$/ }));
    await waitFor(() => expect(posted(seen, '/api/approval/approve')).toEqual([{ id: 7, step: 1, comment: '同意调岗' }]));

    await user.click(within(list).getByRole('button', { name: /^驳\s*回$/ }));
    const reject = await screen.findByRole('dialog');
    await user.click(within(reject).getByRole('button', { name: /^驳\s*回$/ }));
    expect(await within(reject).findByText('驳回时请填写审批意见')).toBeInTheDocument();
    expect(posted(seen, '/api/approval/reject')).toEqual([]);
    await user.type(within(reject).getByLabelText('审批意见'), '编制已满');
    await user.click(within(reject).getByRole('button', { name: /^驳\s*回$/ }));
    await waitFor(() => expect(posted(seen, '/api/approval/reject')).toEqual([{ id: 7, step: 1, comment: '编制已满' }]));
  });

  it('lists the two-person steps waiting for my review, counted in their tab, and opens one where it is decided', async () => {
    const review: ReviewItem = {
      kind: 'finance_adjustment',
      subject: { kind: 'finance_adjustment', id: 'AJ20261126010000123456' },
      summary: '调增 ¥ 1,500.00 · 张三',
      starter: { id: 5, name: '王五' },
      waiting_since: '2026-11-26T01:00:00.000Z',
    };
    fakeApi({
      'POST /api/approval/todo_list': () => answerOf(approvalCalls.todoList, { count: 0, data: [] }),
      'POST /api/approval/review_list': () => answerOf(approvalCalls.reviewList, { count: 1, data: [review] }),
    });
    renderInShell(<TodoPanel />);
    const tab = screen.getByRole('tab', { name: /待我复核/ });
    await waitFor(() => expect(tab).toHaveTextContent('待我复核1'));
    await user.click(tab);
    const list = await screen.findByRole('list', { name: '待我复核' });
    expect(within(list).getByText('调账 · 调增 ¥ 1,500.00 · 张三')).toBeInTheDocument();
    expect(within(list).getByText(/^申请人 王五 · /)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /去处理/ }));
    await waitFor(() => expect(currentUrl()).toBe('/finance/adjustment?no=AJ20261126010000123456'));
  });
});

describe('FlowsPage', () => {
  it('adds a flow of two steps: a role, then a named account', async () => {
    const seen = fakeApi({
      'POST /api/approval/flow_list': () => answerOf(approvalCalls.flowList, []),
      'POST /api/approval/approver_options': () =>
        answerOf(approvalCalls.approverOptions, { roles: [{ id: 4, name: '人事经理' }], accounts: [{ id: 9, name: '王晓', staff_num: 'hr01' }] }),
      'POST /api/approval/flow_add': () => answerOf(approvalCalls.flowAdd, { id: 1 }),
    });
    renderInShell(<FlowsPage />);
    await user.click(await screen.findByRole('button', { name: /新增流程/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('流程名称'), '离职审批');
    await user.click(within(dialog).getByLabelText('第 1 步 选择角色'));
    await user.click(await screen.findByTitle('人事经理'));
    await user.click(within(dialog).getByRole('button', { name: /添加步骤/ }));
    await user.click(within(dialog).getByLabelText('第 2 步 审批人'));
    await user.click((await screen.findAllByTitle('指定员工')).at(-1)!);
    await user.click(await within(dialog).findByLabelText('第 2 步 选择员工账号'));
    await user.click(await screen.findByTitle('王晓（hr01）'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(posted(seen, '/api/approval/flow_add')).toEqual([
        { name: '离职审批', kind: 'resign', remark: '', steps: [{ approver: 'role', role_id: 4 }, { approver: 'account', account_id: 9 }] },
      ]),
    );
  });
});

describe('StaffProcessActions', () => {
  const staff = { id: 3, name: '周一', status: 'regular' as const, department_id: 2, post: '专员', pending_requests: [] };

  it('requests a resignation with a reason and the handover checklist, and is offered only with personnel.edit', async () => {
    const seen = fakeApi({
      'POST /api/personnel/resign_settings': () =>
        answerOf(personnelProcessCalls.resignSettings, { reasons: ['个人发展', '其他'], handover_items: ['工作交接', '物品归还'], flow_id: 1, flow_name: '离职审批' }),
      'POST /api/personnel/transfer_settings': () => answerOf(personnelProcessCalls.transferSettings, { types: ['平调'], flow_id: null, flow_name: null }),
      'POST /admin/structures/index': () => ok([]),
      'POST /api/personnel/resign_request': () => answerOf(personnelProcessCalls.resignRequest, { id: 11 }),
    });
    const { unmount } = renderInShell(<StaffProcessActions staff={staff} />, { profile: staffWith('personnel.view') });
    expect(screen.queryByRole('button', { name: /离职申请/ })).toBeNull();
    unmount();

    renderInShell(<StaffProcessActions staff={staff} />, { profile: staffWith('personnel.edit') });
    await user.click(screen.getByRole('button', { name: /离职申请/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('审批流程：离职审批')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请选择离职日期')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('离职日期'), '2030-06-30{Enter}');
    await user.click(within(dialog).getByLabelText('离职原因'));
    await user.click(await screen.findByTitle('个人发展'));
    await user.click(within(dialog).getByLabelText('物品归还'));
    await user.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    await waitFor(() =>
      expect(posted(seen, '/api/personnel/resign_request')).toEqual([{ staff_id: 3, leaving_date: '2030-06-30', reason: '个人发展', handover_items: ['工作交接'], remark: '' }]),
    );
  });

  it('disables the request of a kind already waiting for approval, saying why; a 40900 meanwhile is told and closes the form', async () => {
    const conflict = '周一 已有一个审批中的离职申请（#12：离职日期 2030-05-31 · 其他），请等它审批完成或撤回后再提交';
    const seen = fakeApi({
      'POST /api/personnel/resign_settings': () =>
        answerOf(personnelProcessCalls.resignSettings, { reasons: ['个人发展', '其他'], handover_items: ['工作交接'], flow_id: 1, flow_name: '离职审批' }),
      'POST /admin/structures/index': () => ok([]),
      'POST /api/personnel/resign_request': () => fail(40900, conflict, { request_id: 12 }),
    });
    const { unmount } = renderInShell(<StaffProcessActions staff={{ ...staff, pending_requests: [{ kind: 'transfer' }] }} />, { profile: staffWith('personnel.edit') });
    const transfer = screen.getByRole('button', { name: /调岗申请/ });
    expect(transfer).toBeDisabled();
    await user.hover(transfer.parentElement!);
    expect(await screen.findByText('已有一个审批中的调岗申请，审批完成或撤回后才能再发起')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /离职申请/ })).toBeEnabled();
    unmount();

    // The record showed nothing waiting, and someone else's resignation request came first.
    renderInShell(<StaffProcessActions staff={staff} />, { profile: staffWith('personnel.edit') });
    await user.click(screen.getByRole('button', { name: /离职申请/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('审批流程：离职审批');
    await user.type(within(dialog).getByLabelText('离职日期'), '2030-06-30{Enter}');
    await user.click(within(dialog).getByLabelText('离职原因'));
    await user.click(await screen.findByTitle('个人发展'));
    await user.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('审批流程：离职审批')).toBeNull());
    expect(posted(seen, '/api/personnel/resign_request')).toHaveLength(1);
  });

  it('offers no submission without a flow: it says so, and links to the settings for staff who may choose one', async () => {
    fakeApi({
      'POST /api/personnel/transfer_settings': () => answerOf(personnelProcessCalls.transferSettings, { types: ['平调'], flow_id: null, flow_name: null }),
      'POST /admin/structures/index': () => ok([]),
    });
    const { unmount } = renderInShell(<StaffProcessActions staff={staff} />, { profile: staffWith('personnel.edit', 'personnel.transfer.edit') });
    await user.click(screen.getByRole('button', { name: /调岗申请/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('尚未设置审批流程，暂不能发起申请')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /提交申请/ })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: '前往调岗设置选择审批流程' })).toHaveAttribute('href', '/permission/personnel/transfer');
    unmount();

    renderInShell(<StaffProcessActions staff={staff} />, { profile: staffWith('personnel.edit') });
    await user.click(screen.getByRole('button', { name: /调岗申请/ }));
    const theirs = await screen.findByRole('dialog');
    expect(await within(theirs).findByText('请联系可修改人事设置的管理员设置审批流程')).toBeInTheDocument();
    expect(within(theirs).queryByRole('link')).toBeNull();
    expect(within(theirs).getByRole('button', { name: /提交申请/ })).toBeDisabled();
  });
});
