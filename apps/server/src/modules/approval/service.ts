import {
  APPROVAL_FLOWS_MAX,
  APPROVAL_KIND_NAMES,
  APPROVAL_KINDS,
  ErrorCode,
  type ApprovalFlow,
  type ApprovalKind,
  type ApprovalRequestDetails,
  type ApprovalRequestRow,
  type ApprovalState,
  type ApprovalStep,
  type ApprovalStepView,
} from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { isUniqueViolation, violatedConstraint } from '../../lib/db/errors';
import { AppError, type LocalText } from '../../lib/errors';
import { holdsOperation, type ApplicantRequest, type ApprovalDirectory, type ApprovalKindHandler, type ApprovedRequest, type PendingRequest, type Principal, type RequestFiler, type SystemEventSink } from '../../lib/http/types';
import type { LookupRegistry } from '../../lib/lookups';
import { accountsOfSamePerson, samePerson } from '../../lib/people';
import { ApprovalRepository, type FlowRecord, type RequestFilter, type RequestRecord } from './repository';
import type { SnapshotStep } from './table';

export interface Actor {
  staffId: number;
  ip: string;
}

type Decision = 'approve' | 'reject';

const flowNameTaken = () => AppError.conflict({ 'zh-CN': '已有同名的审批流程', 'en-US': 'Another approval flow has this name' }, 'name');
const finished = () => AppError.conflict({ 'zh-CN': '该申请已处理完毕', 'en-US': 'This request is already finished' });
const movedOn = () => AppError.conflict({ 'zh-CN': '该步骤已有审批结果，请刷新后查看', 'en-US': 'This step has already been decided; reload to see where the request stands' });
/** A second request of a kind about a subject while one waits (40900): it names the one waiting, which the staff can look up. */
const alreadyPending = (request: RequestRecord) => {
  const kind = APPROVAL_KIND_NAMES[request.kind as ApprovalKind];
  return new AppError(
    ErrorCode.CONFLICT,
    {
      'zh-CN': `${request.subjectName} 已有一个审批中的${kind['zh-CN']}（#${request.id}：${request.summary}），请等它审批完成或撤回后再提交`,
      'en-US': `${request.subjectName} already has a ${kind['en-US'].toLowerCase()} request waiting for approval (#${request.id}: ${request.summary}); submit another once it is decided or withdrawn`,
    },
    { request_id: request.id },
  );
};
const stepLabel = (step: number) => `第 ${step + 1} 步`;
/** What a request's notices are about: the request, which 待办审批 opens. */
const subjectOf = (request: RequestRecord) => ({ kind: 'approval_request', id: request.id }) as const;
/** The request as its kind sees it at the last approval. */
const approvedOf = (request: RequestRecord, approver: Actor): ApprovedRequest => ({
  id: request.id,
  subjectId: request.subjectId,
  payload: request.payload,
  requesterId: request.requesterId,
  applicantUserId: request.applicantUserId,
  approver,
});

/**
 * Who filed a request, as lists show them: a staff account (named by the staff lookup), or the marketplace user who
 * applied about themselves in the apps (named as the subject was at submission).
 */
const requesterOf = (request: RequestRecord, names: Map<number, string>) =>
  request.requesterId !== null
    ? { requester: { id: request.requesterId, name: names.get(request.requesterId) ?? `#${request.requesterId}` }, requester_type: 'staff' as const }
    : { requester: { id: request.applicantUserId!, name: request.subjectName }, requester_type: 'app_user' as const };
/** The staff accounts among requests' requesters. */
const staffRequesters = (requests: RequestRecord[]) => requests.flatMap((request) => (request.requesterId === null ? [] : [request.requesterId]));

/** What the audit log keeps of a flow's edit. */
const flowSnapshot = (flow: Pick<FlowRecord, 'name' | 'steps' | 'remark'>) => ({ name: flow.name, steps: flow.steps, remark: flow.remark });

/** The rule of a step as stored in a flow or a snapshot, in the answer's shape (names filled in later). */
const ruleOf = (step: ApprovalStep | SnapshotStep): Omit<ApprovalStepView, 'name'> => ({
  approver: step.approver,
  role_id: step.approver === 'role' ? (step.role_id ?? null) : null,
  account_id: step.approver === 'account' ? (step.account_id ?? null) : null,
});

/**
 * Approval flows and the requests walking them (docs/approvals.md). A request snapshots its flow's steps with their
 * approvers resolved at submission; each decision locks the request row, so one decision per step counts; the last
 * approval applies the change through the kind its owner registered, in the same transaction.
 */
export class ApprovalService implements ApprovalDirectory {
  readonly records: ApprovalRepository;
  private readonly kinds = new Map<ApprovalKind, ApprovalKindHandler>();

  constructor(
    private readonly db: Db,
    private readonly lookups: LookupRegistry,
    private readonly events: SystemEventSink,
  ) {
    this.records = new ApprovalRepository(db);
  }

  register(kind: ApprovalKind, handler: ApprovalKindHandler): void {
    if (this.kinds.has(kind)) throw new Error(`approval kind ${kind} is registered twice`);
    this.kinds.set(kind, handler);
  }

  /** Refuses to start while a kind the contract declares has no handler: its requests could be filed but never applied. */
  assertEveryKindHandled(): void {
    const unhandled = APPROVAL_KINDS.filter((kind) => !this.kinds.has(kind));
    if (unhandled.length > 0) throw new Error(`Declared approval kinds without a handler: ${unhandled.join(', ')}`);
  }

  private handlerOf(kind: ApprovalKind): ApprovalKindHandler {
    const handler = this.kinds.get(kind);
    if (!handler) throw new Error(`approval kind ${kind} is not registered`);
    return handler;
  }

  // ——— flows ———

  async flowList(kind?: ApprovalKind): Promise<ApprovalFlow[]> {
    const rows = await this.records.flows(kind);
    const inUse = new Set<number>();
    for (const handler of this.kinds.values()) {
      const id = await handler.flowId();
      if (id !== null) inUse.add(id);
    }
    const views = await this.stepViews(rows.flatMap((row) => row.steps));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind as ApprovalKind,
      steps: row.steps.map((step) => views(step)),
      remark: row.remark,
      in_use: inUse.has(row.id),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async flowOptions(kind: ApprovalKind): Promise<{ id: number; name: string }[]> {
    return (await this.records.flows(kind)).map(({ id, name }) => ({ id, name }));
  }

  async flowServes(flowId: number, kind: ApprovalKind, tx?: Executor): Promise<boolean> {
    return (await this.records.flow(flowId, tx))?.kind === kind;
  }

  async flowName(flowId: number): Promise<string | null> {
    return (await this.records.flow(flowId))?.name ?? null;
  }

  async addFlow(input: { name: string; kind: ApprovalKind; steps: ApprovalStep[]; remark: string }, actor: Actor): Promise<{ id: number }> {
    return this.writeFlow(async (tx) => {
      if ((await this.records.flowCount(tx)) >= APPROVAL_FLOWS_MAX) throw AppError.conflict({ 'zh-CN': `审批流程最多 ${APPROVAL_FLOWS_MAX} 个`, 'en-US': `At most ${APPROVAL_FLOWS_MAX} approval flows` });
      if (await this.records.flowNameTaken(input.name, undefined, tx)) throw flowNameTaken();
      await this.checkSteps(input.steps, tx);
      const row = await this.records.insertFlow(input, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'approval.flow.add', target: `approval.flow:${row.id}`, detail: { after: input }, ip: actor.ip });
      return { id: row.id };
    });
  }

  async editFlow(input: { id: number; name: string; steps: ApprovalStep[]; remark: string }, actor: Actor): Promise<void> {
    await this.writeFlow(async (tx) => {
      const before = await this.records.flow(input.id, tx);
      if (!before) throw AppError.notFound();
      if (await this.records.flowNameTaken(input.name, input.id, tx)) throw flowNameTaken();
      await this.checkSteps(input.steps, tx);
      const { id, ...values } = input;
      await this.records.updateFlow(id, values, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'approval.flow.edit', target: `approval.flow:${id}`, detail: { before: flowSnapshot(before), after: flowSnapshot(values) }, ip: actor.ip });
    });
  }

  /** Deletes a flow no process's settings choose; submitted requests keep their snapshotted steps. */
  async deleteFlow(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.records.flow(id, tx);
      if (!before) throw AppError.notFound();
      if ((await this.kinds.get(before.kind as ApprovalKind)?.flowId(tx)) === id) {
        throw AppError.conflict({ 'zh-CN': '该流程正被使用，请先在使用它的设置中更换流程', 'en-US': 'A process uses this flow; choose another in its settings first' });
      }
      await this.records.deleteFlow(id, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'approval.flow.delete', target: `approval.flow:${id}`, detail: { before: { name: before.name, kind: before.kind, steps: before.steps } }, ip: actor.ip });
    });
  }

  // ——— requests ———

  async submit(input: { kind: ApprovalKind; subjectId: number; payload: Record<string, unknown> }, by: RequestFiler): Promise<{ id: number }> {
    const handler = this.handlerOf(input.kind);
    const staffId = 'staffId' in by ? by.staffId : null;
    const userId = 'userId' in by ? by.userId : null;
    let request: RequestRecord;
    try {
      request = await this.db.transaction(async (tx) => {
        // An applicant in the apps files only about what is theirs: themselves, or a record the kind says is theirs.
        if (userId !== null && userId !== (handler.applicantOf ? await handler.applicantOf(input.subjectId, tx) : input.subjectId))
          throw new Error(`an applicant files about what is theirs: user ${userId} about ${input.kind} ${input.subjectId}`);
        const [waiting] = await this.records.pendingAbout([input.kind], input.subjectId, tx);
        if (waiting) throw alreadyPending(waiting);
        const subject = await handler.check(input.subjectId, input.payload, tx);
        const flowId = await handler.flowId(tx);
        const flow = flowId === null ? undefined : await this.records.flow(flowId, tx);
        if (!flow || flow.kind !== input.kind) throw AppError.invalid('flow', {
            'zh-CN': `${APPROVAL_KIND_NAMES[input.kind]['zh-CN']}未设置审批流程，请在其设置中选择`,
            'en-US': `no approval flow is set for ${input.kind}: choose one in its settings`,
          });
        const steps = await this.resolve(flow.steps, subject.departmentId, staffId, tx);
        const row = await this.records.insertRequest(
          {
            kind: input.kind,
            subjectId: input.subjectId,
            subjectName: subject.subjectName,
            summary: subject.summary,
            payload: input.payload,
            flowId: flow.id,
            flowName: flow.name,
            steps,
            currentApproverIds: steps[0]!.approver_ids,
            requesterId: staffId,
            applicantUserId: userId,
          },
          tx,
        );
        await this.records.insertAction({ requestId: row.id, action: 'submit', staffId, userId }, tx);
        await recordAudit(tx, {
          staffId,
          action: 'approval.submit',
          target: `approval.request:${row.id}`,
          detail: { kind: input.kind, subject_id: input.subjectId, payload: input.payload, flow_id: flow.id, ...(userId !== null && { applicant_user_id: userId }) },
          ip: by.ip,
        });
        return row;
      });
    } catch (err) {
      // Two submissions at once: the one that lost to the other's commit names it too.
      if (isUniqueViolation(err) && violatedConstraint(err) === 'approval_request_pending_key') {
        const [waiting] = await this.records.pendingAbout([input.kind], input.subjectId);
        throw waiting ? alreadyPending(waiting) : AppError.conflict({ 'zh-CN': '该人员已有一个审批中的同类申请', 'en-US': 'A request of this kind about this person is already pending' });
      }
      throw err;
    }
    await this.notifyPending(request, 0, request.currentApproverIds);
    return { id: request.id };
  }

  /**
   * Approves or rejects the current step. Checked under the request's row lock, in this order: a finished request
   * (40900), another step current than the one decided (40900: decided meanwhile, or out of order), an account that is
   * not an approver of the current step (40300), an account of the requester's person (40300: linked to the requester
   * after the submission left the requester's accounts out).
   */
  async decide(input: { id: number; step: number; comment: string }, decision: Decision, actor: Actor): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      const request = await this.records.requestForUpdate(input.id, tx);
      if (!request) throw AppError.notFound();
      if (request.state !== 'pending') throw finished();
      if (request.currentStep !== input.step) throw movedOn();
      if (!request.currentApproverIds.includes(actor.staffId)) {
        throw AppError.forbidden({ 'zh-CN': '您不是当前步骤的审批人', 'en-US': 'You are not an approver of the current step' });
      }
      if (request.requesterId !== null && (await samePerson(tx, actor.staffId, request.requesterId))) {
        throw AppError.forbidden({ 'zh-CN': '不能审批本人提交的申请', 'en-US': 'You cannot decide a request you submitted' });
      }
      await this.records.insertAction({ requestId: request.id, action: decision, step: input.step, staffId: actor.staffId, comment: input.comment }, tx);
      const next = input.step + 1;
      let state: ApprovalState = 'pending';
      if (decision === 'reject') {
        state = 'rejected';
        await this.records.updateRequest(request.id, { state, currentApproverIds: [], finished: true }, tx);
      } else if (next === request.steps.length) {
        state = 'approved';
        await this.handlerOf(request.kind as ApprovalKind).apply(approvedOf(request, actor), tx);
        await this.records.updateRequest(request.id, { state, currentStep: next, currentApproverIds: [], finished: true }, tx);
      } else {
        await this.records.updateRequest(request.id, { currentStep: next, currentApproverIds: request.steps[next]!.approver_ids }, tx);
      }
      await recordAudit(tx, {
        staffId: actor.staffId,
        action: `approval.${decision}`,
        target: `approval.request:${request.id}`,
        detail: { step: input.step, state, ...(input.comment ? { comment: input.comment } : {}) },
        ip: actor.ip,
      });
      return { request, state, next };
    });
    const { request, state, next } = outcome;
    if (state === 'approved') await this.handlerOf(request.kind as ApprovalKind).applied?.(approvedOf(request, actor));
    if (state === 'pending') await this.notifyPending(request, next, request.steps[next]!.approver_ids);
    else await this.notifyRequester(request, state === 'approved' ? 'approval.approved' : 'approval.rejected', actor.staffId, input.comment);
  }

  /** The requester takes back a pending request. */
  async withdraw(input: { id: number; comment: string }, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const request = await this.records.requestForUpdate(input.id, tx);
      if (!request) throw AppError.notFound();
      if (request.requesterId !== actor.staffId) throw AppError.forbidden({ 'zh-CN': '只有申请人可以撤回', 'en-US': 'Only the requester may withdraw it' });
      if (request.state !== 'pending') throw finished();
      await this.records.insertAction({ requestId: request.id, action: 'withdraw', staffId: actor.staffId, comment: input.comment }, tx);
      await this.records.updateRequest(request.id, { state: 'withdrawn', currentApproverIds: [], finished: true }, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'approval.withdraw', target: `approval.request:${request.id}`, detail: { step: request.currentStep, ...(input.comment ? { comment: input.comment } : {}) }, ip: actor.ip });
    });
  }

  /** The applicant in the apps takes back their own pending request: another's is 40400 (it tells nothing of it). */
  async withdrawAsApplicant(input: { id: number }, applicant: { userId: number; ip: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const request = await this.records.requestForUpdate(input.id, tx);
      if (!request || request.applicantUserId !== applicant.userId) throw AppError.notFound();
      if (request.state !== 'pending') throw finished();
      await this.records.insertAction({ requestId: request.id, action: 'withdraw', userId: applicant.userId }, tx);
      await this.records.updateRequest(request.id, { state: 'withdrawn', currentApproverIds: [], finished: true }, tx);
      await recordAudit(tx, { action: 'approval.withdraw', target: `approval.request:${request.id}`, detail: { step: request.currentStep, applicant_user_id: applicant.userId }, ip: applicant.ip });
    });
  }

  async newestAbout(kind: ApprovalKind, subjectId: number): Promise<ApplicantRequest | null> {
    const request = await this.records.newestAbout(kind, subjectId);
    if (!request) return null;
    const [comment = ''] = (await this.rejectionComments([request.id])).values();
    return {
      id: request.id,
      state: request.state as ApplicantRequest['state'],
      summary: request.summary,
      comment,
      createdAt: request.createdAt,
      finishedAt: request.finishedAt,
    };
  }

  rejectionComments(requestIds: readonly number[]): Promise<Map<number, string>> {
    return this.records.rejectionComments(requestIds);
  }

  async list(filter: RequestFilter, page: number, limit: number): Promise<{ count: number; data: ApprovalRequestRow[] }> {
    const { count, rows } = await this.records.requests(filter, (page - 1) * limit, limit);
    const names = await this.lookups.namesOf('staff', [...staffRequesters(rows), ...rows.flatMap((row) => row.currentApproverIds)]);
    return { count, data: rows.map((row) => this.toRow(row, names)) };
  }

  pendingCount(kind?: ApprovalKind): Promise<number> {
    return this.records.pendingCount(kind);
  }

  async pendingAbout(kinds: readonly ApprovalKind[], subjectId: number): Promise<PendingRequest[]> {
    const rows = await this.records.pendingAbout(kinds, subjectId);
    const names = await this.lookups.namesOf('staff', staffRequesters(rows));
    return rows.map((row) => ({ id: row.id, kind: row.kind as ApprovalKind, summary: row.summary, requester: requesterOf(row, names).requester, createdAt: row.createdAt }));
  }

  /** A request whole, for its requester, anyone named as its approver, and holders of approval.request.view. */
  async details(id: number, principal: Principal): Promise<ApprovalRequestDetails> {
    const request = await this.records.request(id);
    if (!request) throw AppError.notFound();
    const me = principal.staffId;
    const involved = request.requesterId === me || request.steps.some((step) => step.approver_ids.includes(me));
    const mayViewAll = holdsOperation(principal, 'approval.request.view');
    if (!involved && !mayViewAll) throw AppError.forbidden({ 'zh-CN': '您与该申请无关，无法查看', 'en-US': 'You are neither its requester nor one of its approvers' });
    const actions = await this.records.actions(id);
    const names = await this.lookups.namesOf('staff', [
      ...staffRequesters([request]),
      ...request.steps.flatMap((step) => step.approver_ids),
      ...actions.flatMap((action) => (action.staffId === null ? [] : [action.staffId])),
    ]);
    const views = await this.stepViews(request.steps);
    const personOf = (staffId: number) => ({ id: staffId, name: names.get(staffId) ?? `#${staffId}` });
    return {
      ...this.toRow(request, names),
      flow_name: request.flowName,
      payload: request.payload,
      steps: request.steps.map((step) => ({ ...views(step), approvers: step.approver_ids.map(personOf) })),
      actions: actions.map((action) => ({
        id: action.id,
        action: action.action as ApprovalRequestDetails['actions'][number]['action'],
        step: action.step,
        ...(action.staffId !== null
          ? { actor: personOf(action.staffId), actor_type: 'staff' as const }
          : { actor: { id: action.userId!, name: request.subjectName }, actor_type: 'app_user' as const }),
        comment: action.comment,
        created_at: action.createdAt.toISOString(),
      })),
      can_decide: request.state === 'pending' && request.currentApproverIds.includes(me) && !(request.requesterId !== null && (await samePerson(this.db, me, request.requesterId))),
      can_withdraw: request.state === 'pending' && request.requesterId === me,
    };
  }

  // ——— rules ———

  /** Each role of a step exists and each named account is active (40000 naming steps). */
  private async checkSteps(steps: ApprovalStep[], tx: Executor): Promise<void> {
    const roleIds = steps.flatMap((step) => (step.approver === 'role' ? [step.role_id] : []));
    const accountIds = steps.flatMap((step) => (step.approver === 'account' ? [step.account_id] : []));
    const roles = new Set((await this.records.roles(roleIds, tx)).map((row) => row.id));
    const missingRole = roleIds.find((id) => !roles.has(id));
    if (missingRole !== undefined) throw AppError.invalid('steps', { 'zh-CN': `角色 ${missingRole} 不存在`, 'en-US': `no role ${missingRole}` });
    const accounts = await this.records.activeAccounts(accountIds, tx);
    const missingAccount = accountIds.find((id) => !accounts.has(id));
    if (missingAccount !== undefined) throw AppError.invalid('steps', { 'zh-CN': `登录账号 ${missingAccount} 不存在或已停用`, 'en-US': `no active staff account ${missingAccount}` });
  }

  /**
   * Every step's approvers now, the requester left out under each of their accounts (docs/approvals.md › Nobody decides
   * their own request): a role's other holders; a department-head step the requester heads goes to the nearest head
   * above. A step left with nobody refuses the submission (40000 naming flow).
   */
  private async resolve(steps: ApprovalStep[], departmentId: number | null, requesterId: number | null, tx: Executor): Promise<SnapshotStep[]> {
    const resolved: SnapshotStep[] = [];
    for (const [index, step] of steps.entries()) {
      let candidates: number[];
      if (step.approver === 'role') candidates = await this.records.roleHolders(step.role_id, tx);
      else if (step.approver === 'account') candidates = [...(await this.records.activeAccounts([step.account_id], tx))];
      else candidates = departmentId === null ? [] : await this.records.departmentHeads(departmentId, tx);
      // An applicant in the apps is no staff: every candidate may decide.
      const others = requesterId === null ? candidates : await this.withoutPersonOf(requesterId, candidates, tx);
      const approverIds = step.approver === 'department_head' ? others.slice(0, 1) : others;
      if (!approverIds.length) {
        const why: LocalText = candidates.length
          ? { 'zh-CN': '只有申请人本人能审批，而申请人不能审批自己的申请', 'en-US': 'nobody but the requester could decide it, and nobody decides their own request' }
          : {
              role: { 'zh-CN': '没有在职员工担任该角色', 'en-US': 'nobody active holds its role' },
              account: { 'zh-CN': '指定的审批账号已停用', 'en-US': 'its account is not active' },
              department_head: { 'zh-CN': '所在部门及其上级部门都没有在职负责人', 'en-US': 'neither the department nor any above it has an active head' },
            }[step.approver];
        throw AppError.invalid('flow', { 'zh-CN': `${stepLabel(index)}：${why['zh-CN']}`, 'en-US': `step ${index + 1}: ${why['en-US']}` });
      }
      resolved.push({ ...ruleOf(step), approver_ids: approverIds });
    }
    return resolved;
  }

  /** The accounts of `ids` that are not the person of `staffId`: neither that account nor one sharing its person key. */
  private async withoutPersonOf(staffId: number, ids: readonly number[], tx: Executor): Promise<number[]> {
    const same = new Set(await accountsOfSamePerson(tx, staffId, ids));
    return ids.filter((id) => !same.has(id));
  }

  /** Names steps' roles and accounts: a function from a step to its view. */
  private async stepViews(steps: (ApprovalStep | SnapshotStep)[]): Promise<(step: ApprovalStep | SnapshotStep) => ApprovalStepView> {
    const rules = steps.map(ruleOf);
    const roleNames = new Map((await this.records.roles(rules.flatMap((rule) => (rule.role_id === null ? [] : [rule.role_id])))).map((row) => [row.id, row.name]));
    const accountNames = await this.lookups.namesOf('staff', rules.flatMap((rule) => (rule.account_id === null ? [] : [rule.account_id])));
    return (step) => {
      const rule = ruleOf(step);
      const name = rule.role_id !== null ? roleNames.get(rule.role_id) : rule.account_id !== null ? accountNames.get(rule.account_id) : undefined;
      return { ...rule, name: name ?? null };
    };
  }

  private toRow(row: RequestRecord, names: Map<number, string>): ApprovalRequestRow {
    const personOf = (staffId: number) => ({ id: staffId, name: names.get(staffId) ?? `#${staffId}` });
    return {
      id: row.id,
      kind: row.kind as ApprovalKind,
      subject_id: row.subjectId,
      subject_name: row.subjectName,
      summary: row.summary,
      ...requesterOf(row, names),
      state: row.state as ApprovalState,
      current_step: row.currentStep,
      step_count: row.steps.length,
      current_approvers: row.currentApproverIds.map(personOf),
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  }

  private async writeFlow<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (err) {
      if (isUniqueViolation(err) && violatedConstraint(err) === 'approval_flow_name_unique') throw flowNameTaken();
      throw err;
    }
  }

  // ——— notices (after the commit; a failure to notify is the inform module's to log) ———

  private async params(request: RequestRecord): Promise<Record<string, string>> {
    const requester = requesterOf(request, await this.lookups.namesOf('staff', staffRequesters([request]))).requester.name;
    return { kind: APPROVAL_KIND_NAMES[request.kind as ApprovalKind]['zh-CN'], subject: request.subjectName, summary: request.summary, requester };
  }

  private async notifyPending(request: RequestRecord, step: number, approverIds: number[]): Promise<void> {
    await this.events.raise('approval.pending', { params: { ...(await this.params(request)), step: stepLabel(step) }, staffIds: approverIds, subject: subjectOf(request) });
  }

  /** A staff requester is told of the decision; an applicant in the apps reads it there (`newestAbout`). */
  private async notifyRequester(request: RequestRecord, code: 'approval.approved' | 'approval.rejected', approverId: number, comment: string): Promise<void> {
    if (request.requesterId === null) return;
    const approver = (await this.lookups.namesOf('staff', [approverId])).get(approverId) ?? '';
    await this.events.raise(code, { params: { ...(await this.params(request)), approver, comment }, staffId: request.requesterId, subject: subjectOf(request) });
  }
}
