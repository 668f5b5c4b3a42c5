import { approvalCalls, authCalls, departmentCalls, informCalls, personnelCalls, personnelProcessCalls, type ApprovalStep, type CallBody } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalAction } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, ok, signIn, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';

/**
 * Approval processes (docs/approvals.md): flows, the request state machine (approve in order, reject, withdraw, refusals
 * out of order and of outsiders, finished requests), the personnel processes applying on final approval, notices.
 */
let t: TestApp;
let admin: string;
/** Requests transfers and resignations (personnel.edit). */
let requester: { token: string; staffId: number };
/** Two holders of the role deciding step 1, the named account deciding step 2, and someone with no part in it. */
let roleHolders: { token: string; staffId: number }[];
let named: { token: string; staffId: number };
let outsider: { token: string; staffId: number };
let sales: number;
let support: number;
let twoStepFlow: number;

const account = async (roleIds: number[] = []) => {
  const staffNum = `ap${Math.random().toString(36).slice(2, 10)}`;
  const { id } = await ok(t, authCalls.staffAdd, { staff_num: staffNum, name: `审批人${staffNum.slice(-3)}`, password: 'Staff-Pass-2026', role_ids: roleIds }, admin);
  return { token: await signIn(t, staffNum, 'Staff-Pass-2026'), staffId: id };
};
let mobile = 13_700_000_000;
const addStaff = async (name: string, departmentId: number, values: Partial<CallBody<typeof personnelCalls.add>> = {}) =>
  (await ok(t, personnelCalls.add, { name, mobile: String((mobile += 1)), department_id: departmentId, post: '专员', status: 'regular', ...values }, admin)).id;
const addFlow = async (kind: 'resign' | 'transfer', steps: ApprovalStep[]) =>
  (await ok(t, approvalCalls.flowAdd, { name: `流程${Math.random().toString(36).slice(2, 8)}`, kind, steps }, admin)).id;
const useTransferFlow = (flowId: number | null) => ok(t, personnelProcessCalls.transferSettingsSave, { types: ['晋升', '平调'], flow_id: flowId }, admin);
const useResignFlow = (flowId: number | null) => ok(t, personnelProcessCalls.resignSettingsSave, { reasons: ['个人发展', '其他'], handover_items: ['工作交接', '物品归还'], flow_id: flowId }, admin);
const requestTransfer = (staffId: number, departmentId = support, effectiveDate = '2030-01-01') =>
  invoke(t, personnelProcessCalls.transferRequest, { staff_id: staffId, type: '平调', department_id: departmentId, post: '主管', effective_date: effectiveDate }, requester.token);
const todoIds = async (token: string) => (await ok(t, approvalCalls.todoList, {}, token)).data.map((row) => row.id);
const details = (id: number) => ok(t, approvalCalls.requestDetails, { id }, admin);
const notices = async (token: string) => (await ok(t, informCalls.listNotifications, { limit: 50 }, token)).data.map((item) => item.title);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  requester = await createStaffWith(t, ['personnel.edit']);
  const first = await createStaffWith(t, []);
  roleHolders = [first, await account([first.roleId])];
  named = await account();
  outsider = await account();
  sales = (await ok(t, departmentCalls.add, { name: '销售部' }, admin)).id;
  support = (await ok(t, departmentCalls.add, { name: '客服部' }, admin)).id;
  twoStepFlow = await addFlow('transfer', [
    { approver: 'role', role_id: first.roleId },
    { approver: 'account', account_id: named.staffId },
  ]);
  await useTransferFlow(twoStepFlow);
});
afterAll(async () => {
  await t?.close();
});

describe('a transfer through a two-step flow (a role, then a named account)', () => {
  it('is decided in order by the current step’s approvers only, then applied with a history row naming the request', async () => {
    const staffId = await addStaff('周一', sales);
    // A date that has passed by the platform's today is refused, naming it.
    expect(expectError(await requestTransfer(staffId, support, '2020-01-01'), 40000)).toMatchObject({ field: 'effective_date' });
    const id = expectOk(await requestTransfer(staffId)).id;
    expect(await todoIds(roleHolders[0]!.token)).toContain(id);
    expect(await todoIds(roleHolders[1]!.token)).toContain(id);
    expect(await todoIds(named.token)).not.toContain(id);
    expect(await details(id)).toMatchObject({ state: 'pending', current_step: 0, step_count: 2, summary: '平调 · 销售部 / 专员 → 客服部 / 主管 · 生效日期 2030-01-01' });

    // The second step's approver acting on the first step, an outsider, and a step out of order.
    expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, named.token), 40300);
    expectError(await invoke(t, approvalCalls.approve, { id, step: 1 }, named.token), 40900);
    expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, outsider.token), 40300);
    expectError(await invoke(t, approvalCalls.requestDetails, { id }, outsider.token), 40300);

    await ok(t, approvalCalls.approve, { id, step: 0, comment: '同意' }, roleHolders[0]!.token);
    // The other holder of the role comes too late: that step is decided.
    expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, roleHolders[1]!.token), 40900);
    expect(await todoIds(roleHolders[1]!.token)).not.toContain(id);
    expect(await todoIds(named.token)).toContain(id);
    expect((await ok(t, personnelCalls.details, { id: staffId }, admin)).department_id).toBe(sales);

    await ok(t, approvalCalls.approve, { id, step: 1 }, named.token);
    const record = await ok(t, personnelCalls.details, { id: staffId }, admin);
    expect(record).toMatchObject({ department_id: support, post: '主管', status: 'regular' });
    const [moved] = await ok(t, personnelCalls.history, { id: staffId }, admin);
    expect(moved).toMatchObject({ action: 'edit', from: { department_id: sales, post: '专员' }, to: { department_id: support, post: '主管' }, reason: `调岗申请 #${id}：平调，生效日期 2030-01-01`, staff_id: named.staffId });

    const done = await details(id);
    expect(done).toMatchObject({ state: 'approved', current_step: 2, current_approvers: [], can_decide: false });
    expect(done.actions.map((action) => [action.action, action.step, action.actor.id])).toEqual([
      ['submit', null, requester.staffId],
      ['approve', 0, roleHolders[0]!.staffId],
      ['approve', 1, named.staffId],
    ]);
    // A finished request takes no further decision, nor a withdrawal.
    expectError(await invoke(t, approvalCalls.approve, { id, step: 1 }, named.token), 40900);
    expectError(await invoke(t, approvalCalls.reject, { id, step: 1, comment: '不同意' }, named.token), 40900);
    expectError(await invoke(t, approvalCalls.withdraw, { id }, requester.token), 40900);
  });

  it('notifies each step’s approvers and then the requester by site message', async () => {
    const before = (await notices(requester.token)).length;
    const staffId = await addStaff('吴二', sales);
    const id = expectOk(await requestTransfer(staffId)).id;
    for (const holder of roleHolders) expect(await notices(holder.token)).toContain('待审批：吴二的调岗申请');
    expect(await notices(named.token)).not.toContain('待审批：吴二的调岗申请');
    await ok(t, approvalCalls.approve, { id, step: 0 }, roleHolders[1]!.token);
    expect(await notices(named.token)).toContain('待审批：吴二的调岗申请');
    await ok(t, approvalCalls.approve, { id, step: 1 }, named.token);
    const mine = await notices(requester.token);
    expect(mine.length).toBe(before + 1);
    expect(mine[0]).toBe('调岗申请已通过');
  });

  it('stops at a rejection with its comment and applies nothing', async () => {
    const staffId = await addStaff('郑三', sales);
    const id = expectOk(await requestTransfer(staffId)).id;
    expect(expectError(await invoke(t, approvalCalls.reject, { id, step: 0, comment: ' ' }, roleHolders[0]!.token), 40000)).toMatchObject({ field: 'comment' });
    await ok(t, approvalCalls.reject, { id, step: 0, comment: '岗位编制已满' }, roleHolders[0]!.token);
    expect(await details(id)).toMatchObject({ state: 'rejected', current_approvers: [] });
    expect((await ok(t, personnelCalls.details, { id: staffId }, admin)).department_id).toBe(sales);
    expect(await todoIds(named.token)).not.toContain(id);
    expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, roleHolders[1]!.token), 40900);
    expect(await notices(requester.token)).toContain('调岗申请被驳回');
    // The record is free for a new request once this one is finished.
    expect((await requestTransfer(staffId)).code).toBe(20000);
  });

  it('is withdrawn by its requester only, while pending, and leaves the to-do lists', async () => {
    const staffId = await addStaff('王四', sales);
    const id = expectOk(await requestTransfer(staffId)).id;
    expectError(await requestTransfer(staffId), 40900);
    expectError(await invoke(t, approvalCalls.withdraw, { id }, roleHolders[0]!.token), 40300);
    await ok(t, approvalCalls.withdraw, { id, comment: '信息有误' }, requester.token);
    expect(await details(id)).toMatchObject({ state: 'withdrawn' });
    expect(await todoIds(roleHolders[0]!.token)).not.toContain(id);
    expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, roleHolders[0]!.token), 40900);
    const mine = await ok(t, approvalCalls.myRequests, { state: 'withdrawn' }, requester.token);
    expect(mine.data.map((row) => row.id)).toContain(id);
  });

  it('notifies its approvers, then its requester, of the request as what the notice opens', async () => {
    const staffId = await addStaff('吴七', sales);
    const id = expectOk(await requestTransfer(staffId)).id;
    const latest = async (token: string) => (await ok(t, informCalls.listNotifications, { limit: 1 }, token)).data[0];
    expect(await latest(roleHolders[0]!.token)).toMatchObject({ title: '待审批：吴七的调岗申请', subject: { kind: 'approval_request', id } });
    await ok(t, approvalCalls.reject, { id, step: 0, comment: '暂缓' }, roleHolders[0]!.token);
    expect(await latest(requester.token)).toMatchObject({ title: '调岗申请被驳回', subject: { kind: 'approval_request', id } });
  });

  it('shows on the staff record while it waits, and a second transfer is refused naming the one waiting', async () => {
    const staffId = await addStaff('孙六', sales);
    expect((await ok(t, personnelCalls.details, { id: staffId }, admin)).pending_requests).toEqual([]);
    const id = expectOk(await requestTransfer(staffId)).id;
    expect((await ok(t, personnelCalls.details, { id: staffId }, admin)).pending_requests).toEqual([
      { id, kind: 'transfer', summary: '平调 · 销售部 / 专员 → 客服部 / 主管 · 生效日期 2030-01-01', requester: { id: requester.staffId, name: expect.any(String) }, created_at: expect.any(String) },
    ]);

    // Another transfer, even to elsewhere, waits for this one: refused before anything is checked or stored.
    const second = await requestTransfer(staffId, sales, '2031-01-01');
    expect(expectError(second, 40900)).toMatchObject({ request_id: id });
    expect(second.message).toBe(`孙六 已有一个审批中的调岗申请（#${id}：平调 · 销售部 / 专员 → 客服部 / 主管 · 生效日期 2030-01-01），请等它审批完成或撤回后再提交`);
    expect((await ok(t, approvalCalls.myRequests, { kind: 'transfer', state: 'pending' }, requester.token)).data.filter((row) => row.subject_id === staffId)).toHaveLength(1);

    await ok(t, approvalCalls.withdraw, { id }, requester.token);
    expect((await ok(t, personnelCalls.details, { id: staffId }, admin)).pending_requests).toEqual([]);
  });

  it.runIf(testEngine === 'postgres')('counts exactly one decision when two approvers of a step decide at once', async () => {
    const staffId = await addStaff('冯五', sales);
    const id = expectOk(await requestTransfer(staffId)).id;
    const answers = await Promise.all([
      invoke(t, approvalCalls.approve, { id, step: 0 }, roleHolders[0]!.token),
      invoke(t, approvalCalls.reject, { id, step: 0, comment: '同时' }, roleHolders[1]!.token),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([20000, 40900]);
    const decisions = await t.database.db.select().from(approvalAction).where(eq(approvalAction.requestId, id));
    expect(decisions.filter((row) => row.action !== 'submit')).toHaveLength(1);
  });
});

describe('a resignation', () => {
  it('is checked against its settings and, approved, makes the record resigning with the leaving date', async () => {
    await useResignFlow(await addFlow('resign', [{ approver: 'account', account_id: named.staffId }]));
    const staffId = await addStaff('陈六', sales);
    const resign = (values: Partial<CallBody<typeof personnelProcessCalls.resignRequest>>) =>
      invoke(t, personnelProcessCalls.resignRequest, { staff_id: staffId, leaving_date: '2030-06-30', reason: '个人发展', ...values }, requester.token);
    expect(expectError(await resign({ leaving_date: '2020-01-01' }), 40000)).toMatchObject({ field: 'leaving_date' });
    expect(expectError(await resign({ reason: '不在列表' }), 40000)).toMatchObject({ field: 'reason' });
    expect(expectError(await resign({ handover_items: ['不在清单'] }), 40000)).toMatchObject({ field: 'handover_items' });
    const candidate = await addStaff('候选人', sales, { status: 'candidate' });
    expect(expectError(await resign({ staff_id: candidate }), 40000)).toMatchObject({ field: 'staff_id' });

    const id = expectOk(await resign({})).id;
    expect((await details(id)).payload).toEqual({ leaving_date: '2030-06-30', reason: '个人发展', handover_items: ['工作交接', '物品归还'], remark: '' });
    await ok(t, approvalCalls.approve, { id, step: 0 }, named.token);
    expect(await ok(t, personnelCalls.details, { id: staffId }, admin)).toMatchObject({ status: 'resigning', leaving_date: '2030-06-30' });
  });
});

/** Links accounts as one person (the super-admin's act), keeping their roles. */
const linkAsOnePerson = async (personKey: string, ...accounts: { staffId: number; roleIds: number[] }[]) => {
  for (const { staffId, roleIds } of accounts) await ok(t, authCalls.staffEdit, { id: staffId, name: `本人${staffId}`, person_key: personKey, role_ids: roleIds }, admin);
};

describe('the requester among a step’s approvers', () => {
  /** Files transfers (personnel.edit) and holds, with another account of the same person, the approvers' role. */
  let self: Awaited<ReturnType<typeof createStaffWith>>;
  let twin: { token: string; staffId: number };
  /** Holds the approvers' role too: another person. */
  let colleague: Awaited<ReturnType<typeof createStaffWith>>;
  const requestAsSelf = (staffId: number) =>
    invoke(t, personnelProcessCalls.transferRequest, { staff_id: staffId, type: '平调', department_id: support, post: '主管', effective_date: '2030-01-01' }, self.token);

  beforeAll(async () => {
    self = await createStaffWith(t, ['personnel.edit']);
    colleague = await createStaffWith(t, []);
    twin = await account([colleague.roleId]);
    await linkAsOnePerson('one-requester', { staffId: self.staffId, roleIds: [self.roleId, colleague.roleId] }, { staffId: twin.staffId, roleIds: [colleague.roleId] });
  });
  afterAll(() => useTransferFlow(twoStepFlow));

  it('leaves the requester and their other accounts out of a step, which the others decide; the requester’s accounts cannot (40300)', async () => {
    await useTransferFlow(await addFlow('transfer', [{ approver: 'role', role_id: colleague.roleId }]));
    const id = expectOk(await requestAsSelf(await addStaff('本人一', sales))).id;
    const asked = await details(id);
    expect(asked.current_approvers.map((person) => person.id)).toEqual([colleague.staffId]);
    expect(asked.steps[0]!.approvers.map((person) => person.id)).toEqual([colleague.staffId]);
    for (const mine of [self.token, twin.token]) {
      expect(await todoIds(mine)).not.toContain(id);
      expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, mine), 40300);
      expectError(await invoke(t, approvalCalls.reject, { id, step: 0, comment: '自己驳回' }, mine), 40300);
    }
    await ok(t, approvalCalls.approve, { id, step: 0 }, colleague.token);
    expect(await details(id)).toMatchObject({ state: 'approved' });
  });

  it('refuses a submission where a step has no approver but the requester (40000 naming flow)', async () => {
    const staffId = await addStaff('本人二', sales);
    await useTransferFlow(await addFlow('transfer', [{ approver: 'account', account_id: twin.staffId }]));
    expect(expectError(await requestAsSelf(staffId), 40000)).toMatchObject({ field: 'flow' });
    await useTransferFlow(await addFlow('transfer', [{ approver: 'role', role_id: self.roleId }]));
    expect(expectError(await requestAsSelf(staffId), 40000)).toMatchObject({ field: 'flow' });
  });

  it('passes a department-head step the requester heads to the head of the department above', async () => {
    const top = (await ok(t, departmentCalls.add, { name: '本人中心' }, admin)).id;
    const own = (await ok(t, departmentCalls.add, { name: '本人一部', parent_id: top, head_account_id: twin.staffId }, admin)).id;
    await useTransferFlow(await addFlow('transfer', [{ approver: 'department_head' }]));
    const staffId = await addStaff('本人三', own);
    expect(expectError(await requestAsSelf(staffId), 40000)).toMatchObject({ field: 'flow' });
    await ok(t, departmentCalls.edit, { id: top, name: '本人中心', sort: 0, head_account_id: named.staffId }, admin);
    const id = expectOk(await requestAsSelf(staffId)).id;
    expect((await details(id)).current_approvers.map((person) => person.id)).toEqual([named.staffId]);
  });

  it('refuses a decision by an approver who became the requester’s other account after submission (40300)', async () => {
    const filer = await createStaffWith(t, ['personnel.edit']);
    const approver = await createStaffWith(t, []);
    await useTransferFlow(await addFlow('transfer', [{ approver: 'role', role_id: approver.roleId }]));
    const staffId = await addStaff('本人四', sales);
    const id = expectOk(await invoke(t, personnelProcessCalls.transferRequest, { staff_id: staffId, type: '平调', department_id: support, post: '主管', effective_date: '2030-01-01' }, filer.token)).id;
    await linkAsOnePerson('linked-later', { staffId: filer.staffId, roleIds: [filer.roleId] }, { staffId: approver.staffId, roleIds: [approver.roleId] });
    expect(await ok(t, approvalCalls.requestDetails, { id }, approver.token)).toMatchObject({ can_decide: false });
    expectError(await invoke(t, approvalCalls.approve, { id, step: 0 }, approver.token), 40300);
    expect(await details(id)).toMatchObject({ state: 'pending' });
  });
});

describe('flows and submissions', () => {
  it('refuses a submission nobody could decide, and finds a department head up the tree', async () => {
    const parent = (await ok(t, departmentCalls.add, { name: '运营中心' }, admin)).id;
    const child = (await ok(t, departmentCalls.add, { name: '运营一部', parent_id: parent }, admin)).id;
    const staffId = await addStaff('褚七', child);
    await useTransferFlow(await addFlow('transfer', [{ approver: 'department_head' }]));
    expect(expectError(await requestTransfer(staffId), 40000)).toMatchObject({ field: 'flow' });

    expect(expectError(await invoke(t, departmentCalls.edit, { id: parent, name: '运营中心', sort: 0, head_account_id: 999_999 }, admin), 40000)).toMatchObject({ field: 'head_account_id' });
    await ok(t, departmentCalls.edit, { id: parent, name: '运营中心', sort: 0, head_account_id: named.staffId }, admin);
    expect(await ok(t, departmentCalls.details, { id: parent }, admin)).toMatchObject({ head_account_id: named.staffId });
    const id = expectOk(await requestTransfer(staffId)).id;
    expect((await details(id)).current_approvers.map((person) => person.id)).toEqual([named.staffId]);

    await useTransferFlow(null);
    expect(expectError(await requestTransfer(await addStaff('卫八', sales)), 40000)).toMatchObject({ field: 'flow' });
    await useTransferFlow(twoStepFlow);
  });

  it('checks a flow’s steps and name, keeps a flow in use, and takes only a flow of the process in its settings', async () => {
    expect(expectError(await invoke(t, approvalCalls.flowAdd, { name: '坏流程', kind: 'transfer', steps: [{ approver: 'role', role_id: 999_999 }] }, admin), 40000)).toMatchObject({ field: 'steps' });
    const flows = await ok(t, approvalCalls.flowList, { kind: 'transfer' }, admin);
    const inUse = flows.find((flow) => flow.id === twoStepFlow)!;
    expect(inUse).toMatchObject({ in_use: true, steps: [{ approver: 'role' }, { approver: 'account', account_id: named.staffId, name: expect.any(String) }] });
    expect(expectError(await invoke(t, approvalCalls.flowAdd, { name: inUse.name, kind: 'resign', steps: [{ approver: 'department_head' }] }, admin), 40900)).toMatchObject({ field: 'name' });
    expectError(await invoke(t, approvalCalls.flowDelete, { id: twoStepFlow }, admin), 40900);
    const resignFlow = await addFlow('resign', [{ approver: 'department_head' }]);
    expect(expectError(await invoke(t, personnelProcessCalls.transferSettingsSave, { types: ['平调'], flow_id: resignFlow }, admin), 40000)).toMatchObject({ field: 'flow_id' });
    expect(await ok(t, personnelProcessCalls.transferSettings, {}, outsider.token)).toMatchObject({ flow_id: twoStepFlow, flow_name: inUse.name });
    await ok(t, approvalCalls.flowDelete, { id: resignFlow }, admin);
  });
});
