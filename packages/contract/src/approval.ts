import { z } from 'zod';
import { defineCall, fields, operation, pageOf, wholeNumber } from './call';
import type { Locale } from './errors';
import { approvalKindKeys, APPROVAL_STATES, gatherApprovalKinds } from './approval-kind';
import { notificationSubject } from './inform';
import { PERSONNEL_APPROVAL_KINDS } from './personnel';
import { AGENCY_APPROVAL_KINDS } from './agency';
import { defineContractModule } from './contract-module';

/**
 * Approval processes (审批, issue 18): flows of ordered steps, requests that walk them, the approvers' to-dos and
 * decisions. The kinds of request (a resignation, a transfer) are registered by the module owning their subject;
 * rules and decisions: docs/approvals.md.
 */

/**
 * Each process a flow may serve, with its name as lists and notices say it: every module's kinds, declared in its own
 * contract file (`defineApprovalKinds`) and gathered here, one line per module. Its server registers a handler for each
 * (the approval module refuses to start with a kind nobody handles).
 */
export const APPROVAL_KIND_NAMES = gatherApprovalKinds(PERSONNEL_APPROVAL_KINDS, AGENCY_APPROVAL_KINDS);
export const APPROVAL_KINDS = approvalKindKeys(APPROVAL_KIND_NAMES);
export type ApprovalKind = keyof typeof APPROVAL_KIND_NAMES;

/** Who decides a step: holders of a role, the head of the subject's department, or one named sign-in account. */
export const APPROVER_TYPES = ['role', 'department_head', 'account'] as const;
export type ApproverType = (typeof APPROVER_TYPES)[number];


export const APPROVAL_ACTIONS = ['submit', 'approve', 'reject', 'withdraw'] as const;
export type ApprovalActionKind = (typeof APPROVAL_ACTIONS)[number];

export const APPROVAL_STEPS_MAX = 10;
export const APPROVAL_FLOW_NAME_MAX = 30;
export const APPROVAL_COMMENT_MAX = 500;
/** How many flows there may be: a handful per process. */
export const APPROVAL_FLOWS_MAX = 100;

/** One step of a flow as a form sends it. */
export const approvalStep = z.discriminatedUnion('approver', [
  z.object({ approver: z.literal('role'), role_id: fields.id }).strict(),
  z.object({ approver: z.literal('department_head') }).strict(),
  z.object({ approver: z.literal('account'), account_id: fields.id }).strict(),
]);
export type ApprovalStep = z.output<typeof approvalStep>;

/** A step as answered: its approver rule, with the role's or account's name (null for the department head). */
export const approvalStepView = z.object({
  approver: z.enum(APPROVER_TYPES),
  role_id: z.number().int().nullable(),
  account_id: z.number().int().nullable(),
  name: z.string().nullable(),
});
export type ApprovalStepView = z.output<typeof approvalStepView>;

export const approvalFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  steps: z.array(approvalStepView),
  remark: z.string(),
  /** Whether a process's settings choose it (it cannot be deleted then). */
  in_use: z.boolean(),
  updated_at: z.string(),
});
export type ApprovalFlow = z.output<typeof approvalFlow>;

const flowFields = {
  name: fields.text(APPROVAL_FLOW_NAME_MAX).min(1),
  steps: z.array(approvalStep).min(1).max(APPROVAL_STEPS_MAX),
  remark: fields.text(200).default(''),
};

const person = z.object({ id: z.number().int(), name: z.string() });

/** A request in the lists: what is asked, about whom, by whom, where it stands. */
export const approvalRequestRow = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  subject_id: z.number().int(),
  subject_name: z.string(),
  /** One line saying what is asked, written by the kind (离职日期 2026-12-31 · 个人发展). */
  summary: z.string(),
  /** Who filed it: a staff account, or (`requester_type` app_user) the marketplace user applying in the apps. */
  requester: person,
  requester_type: z.enum(['staff', 'app_user']),
  state: z.enum(APPROVAL_STATES),
  /** The step waiting for a decision (0-based); the number of steps once the request is approved. */
  current_step: z.number().int(),
  step_count: z.number().int(),
  /** Who may decide the current step; empty once the request is finished. */
  current_approvers: z.array(person),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ApprovalRequestRow = z.output<typeof approvalRequestRow>;

export const approvalAction = z.object({
  id: z.number().int(),
  action: z.enum(APPROVAL_ACTIONS),
  /** The step decided; null for the submission and a withdrawal. */
  step: z.number().int().nullable(),
  /** Who acted: a staff account, or the applicant in the apps (`actor_type` app_user: a submission or a withdrawal). */
  actor: person,
  actor_type: z.enum(['staff', 'app_user']),
  comment: z.string(),
  created_at: z.string(),
});
export type ApprovalAction = z.output<typeof approvalAction>;

export const approvalRequestDetails = approvalRequestRow.extend({
  flow_name: z.string(),
  /** What the kind's request call sent (a resignation's leaving date and reason, a transfer's new department…). */
  payload: z.record(z.string(), z.unknown()),
  /** Each step of the flow as snapshotted at submission, with the approvers resolved then. */
  steps: z.array(approvalStepView.extend({ approvers: z.array(person) })),
  actions: z.array(approvalAction),
  /** What the signed-in staff may do now. */
  can_decide: z.boolean(),
  can_withdraw: z.boolean(),
});
export type ApprovalRequestDetails = z.output<typeof approvalRequestDetails>;

/**
 * Two-person steps other modules keep, besides the approval requests (docs/approvals.md › Reviews): a record started
 * by one person that waits for another holding an operation. Each lists in the to-dos of those who may decide it.
 */
export const REVIEW_KINDS = ['finance_adjustment', 'finance_withdrawal_payout', 'finance_adjustment_settings', 'publishing_material'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Each kind's name, and who started it, as the to-dos say them (调账 · … · 申请人 王五). */
export const REVIEW_KIND_WORDS: Record<ReviewKind, { name: Record<Locale, string>; starter: Record<Locale, string> }> = {
  finance_adjustment: { name: { 'zh-CN': '调账', 'en-US': 'Adjustment' }, starter: { 'zh-CN': '申请人', 'en-US': 'applied by' } },
  finance_withdrawal_payout: { name: { 'zh-CN': '提现打款', 'en-US': 'Withdrawal payout' }, starter: { 'zh-CN': '审核人', 'en-US': 'approved by' } },
  finance_adjustment_settings: { name: { 'zh-CN': '调账审批设置调高', 'en-US': 'Raise of the adjustment settings' }, starter: { 'zh-CN': '提议人', 'en-US': 'proposed by' } },
  publishing_material: { name: { 'zh-CN': '素材审核', 'en-US': 'Material review' }, starter: { 'zh-CN': '提交人', 'en-US': 'submitted by' } },
};

/** A two-person step waiting for the signed-in staff. */
export const reviewItem = z.object({
  kind: z.enum(REVIEW_KINDS),
  /** The record it is about, which opens where it is decided (as a notification about it does). */
  subject: notificationSubject,
  /** One line saying what waits, in the request's language (调增 ¥1,500.00 · 张三). */
  summary: z.string(),
  /** Who started it (an adjustment's applicant, a withdrawal's approver, a raise's proposer); null when not recorded. */
  starter: person.nullable(),
  /** Since when it waits. */
  waiting_since: z.string(),
});
export type ReviewItem = z.output<typeof reviewItem>;

const decision = {
  id: fields.id,
  /** The step the decision is for, as the to-do showed it: another step current now is 40900 (decided meanwhile). */
  step: wholeNumber(0, APPROVAL_STEPS_MAX - 1),
};

const path = (action: string) => `/api/approval/${action}`;
const tag = 'approval';

export const approvalCalls = {
  flowList: defineCall({
    method: 'POST',
    path: path('flow_list'),
    tag,
    summary: 'Every approval flow (or those of one process), by id, with their steps named',
    permission: operation('approval.flow.view'),
    body: z.object({ kind: z.enum(APPROVAL_KINDS).optional() }).strict(),
    data: z.array(approvalFlow),
  }),
  flowOptions: defineCall({
    method: 'POST',
    path: path('flow_options'),
    tag,
    summary: 'The flows a process may use, for the process settings’ picker',
    permission: 'signed-in',
    body: z.object({ kind: z.enum(APPROVAL_KINDS) }).strict(),
    data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  approverOptions: defineCall({
    method: 'POST',
    path: path('approver_options'),
    tag,
    summary: 'What a flow’s steps may name: every role, and every active sign-in account (by name)',
    permission: operation('approval.flow.view'),
    body: z.object({}).strict(),
    data: z.object({ roles: z.array(person), accounts: z.array(person.extend({ staff_num: z.string() })) }),
  }),
  flowAdd: defineCall({
    method: 'POST',
    path: path('flow_add'),
    tag,
    summary: `Adds a flow for a process: 1–${APPROVAL_STEPS_MAX} ordered steps, each decided by a role’s holders, the subject’s department head or a named account. A name another flow has is 40900 naming name; an unknown role or account 40000 naming steps`,
    permission: operation('approval.flow.edit'),
    body: z.object({ ...flowFields, kind: z.enum(APPROVAL_KINDS) }).strict(),
    data: z.object({ id: z.number().int() }),
  }),
  flowEdit: defineCall({
    method: 'POST',
    path: path('flow_edit'),
    tag,
    summary: 'Renames a flow and replaces its steps (its process stays). Requests already submitted keep the steps they were submitted with',
    permission: operation('approval.flow.edit'),
    body: z.object({ id: fields.id, ...flowFields }).strict(),
    data: z.null(),
  }),
  flowDelete: defineCall({
    method: 'POST',
    path: path('flow_del'),
    tag,
    summary: 'Deletes a flow; one a process’s settings choose is 40900 and stays. Submitted requests keep their steps',
    permission: operation('approval.flow.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
  todoList: defineCall({
    method: 'POST',
    path: path('todo_list'),
    tag,
    summary: 'My to-dos: pending requests whose current step the signed-in staff may decide, oldest first',
    permission: 'signed-in',
    body: z.object({ kind: z.enum(APPROVAL_KINDS).optional(), page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(approvalRequestRow),
  }),
  reviewList: defineCall({
    method: 'POST',
    path: path('review_list'),
    tag,
    summary:
      'My reviews: the two-person steps other modules keep (a pending adjustment to approve, an approved withdrawal to pay out, a raise of the adjustment settings to approve) that the signed-in staff may decide — holding the operation, not the person who started it —, oldest first',
    permission: 'signed-in',
    body: z.object({ page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(reviewItem),
  }),
  requestList: defineCall({
    method: 'POST',
    path: path('request_list'),
    tag,
    summary: 'Every request, newest first, filtered by process, state, and mine (those the signed-in staff submitted)',
    permission: operation('approval.request.view'),
    body: z
      .object({ kind: z.enum(APPROVAL_KINDS).optional(), state: z.enum(APPROVAL_STATES).optional(), mine: z.boolean().default(false), page: fields.page, limit: fields.limit })
      .strict(),
    data: pageOf(approvalRequestRow),
  }),
  myRequests: defineCall({
    method: 'POST',
    path: path('my_requests'),
    tag,
    summary: 'The requests the signed-in staff submitted, newest first, filtered by process and state',
    permission: 'signed-in',
    body: z.object({ kind: z.enum(APPROVAL_KINDS).optional(), state: z.enum(APPROVAL_STATES).optional(), page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(approvalRequestRow),
  }),
  requestDetails: defineCall({
    method: 'POST',
    path: path('request_details'),
    tag,
    summary:
      'A request with its snapshotted steps and every action; for its requester, its approvers and holders of approval.request.view (others 40300)',
    permission: 'signed-in',
    body: z.object({ id: fields.id }).strict(),
    data: approvalRequestDetails,
  }),
  approve: defineCall({
    method: 'POST',
    path: path('approve'),
    tag,
    summary:
      'Approves the current step: the request moves to the next step’s approvers, or, at the last, is approved and its change applied. Not an approver of the current step: 40300; a finished request or another step current: 40900',
    permission: 'signed-in',
    body: z.object({ ...decision, comment: fields.text(APPROVAL_COMMENT_MAX).default('') }).strict(),
    data: z.null(),
  }),
  reject: defineCall({
    method: 'POST',
    path: path('reject'),
    tag,
    summary: 'Rejects the request at its current step, with a comment (required); nothing is applied. Refusals as approve',
    permission: 'signed-in',
    body: z.object({ ...decision, comment: fields.text(APPROVAL_COMMENT_MAX).min(1) }).strict(),
    data: z.null(),
  }),
  withdraw: defineCall({
    method: 'POST',
    path: path('withdraw'),
    tag,
    summary: 'The requester withdraws a pending request (others 40300; a finished request 40900)',
    permission: 'signed-in',
    body: z.object({ id: fields.id, comment: fields.text(APPROVAL_COMMENT_MAX).default('') }).strict(),
    data: z.null(),
  }),
};

/** The approval module's share of the contract (`contractModules`). */
export const approvalContract = defineContractModule({ name: 'approval', calls: approvalCalls });
