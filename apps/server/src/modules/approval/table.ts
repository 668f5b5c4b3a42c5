import type { ApprovalStep, ApproverType } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from '../auth/table';
import { users } from '../user/table';

/** An approval flow (docs/approvals.md): the ordered steps a process's requests walk. */
export const approvalFlow = pgTable('approval_flow', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The process it serves (`resign`, `transfer`); fixed once added. */
  kind: text('kind').notNull(),
  /** In order; a role or account named in a step is checked on write, not by a foreign key (a step is a value). */
  steps: jsonb('steps').$type<ApprovalStep[]>().notNull(),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A step as a request snapshots it at submission: the rule, and the accounts it resolved to then. */
export interface SnapshotStep {
  approver: ApproverType;
  role_id: number | null;
  account_id: number | null;
  approver_ids: number[];
}

/**
 * A request walking a flow. The flow's steps are copied in at submission with their approvers resolved, so editing or
 * deleting the flow, or changing who holds a role, never moves a request already on its way.
 */
export const approvalRequest = pgTable(
  'approval_request',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The record it is about (a staff record for the personnel processes), and its name at submission. */
    subjectId: integer('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    /** What is asked, as the kind describes its payload. */
    summary: text('summary').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    flowId: integer('flow_id'),
    flowName: text('flow_name').notNull(),
    steps: jsonb('steps').$type<SnapshotStep[]>().notNull(),
    /** 0-based; equals the number of steps once approved. */
    currentStep: integer('current_step').notNull().default(0),
    /** Who may decide the current step: the to-do list's key; empty once the request is finished. */
    currentApproverIds: integer('current_approver_ids').array().notNull(),
    state: text('state').notNull().default('pending'),
    /** Who filed it: a staff account, or else a marketplace user applying in the apps (about themselves). */
    requesterId: integer('requester_id').references(() => staff.id),
    applicantUserId: integer('applicant_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_request_todo_idx').using('gin', t.currentApproverIds).where(sql`${t.state} = 'pending'`),
    index('approval_request_requester_idx').on(t.requesterId, t.id),
    index('approval_request_state_idx').on(t.state, t.id),
    // One pending request of a kind per record: a second resignation of someone already on the way is refused.
    uniqueIndex('approval_request_pending_key').on(t.kind, t.subjectId).where(sql`${t.state} = 'pending'`),
    index('approval_request_subject_idx').on(t.kind, t.subjectId, t.id),
    check('approval_request_one_requester', sql`num_nonnulls(${t.requesterId}, ${t.applicantUserId}) = 1`),
  ],
);

/** Everything done to a request: the submission, each decision with its comment, a withdrawal. */
export const approvalAction = pgTable(
  'approval_action',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequest.id),
    action: text('action').notNull(),
    /** The step decided; null for the submission and a withdrawal. */
    step: integer('step'),
    /** Who acted: a staff account, or the applicant in the apps (their submission or withdrawal). */
    staffId: integer('staff_id').references(() => staff.id),
    userId: integer('user_id').references(() => users.id),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_action_request_idx').on(t.requestId, t.id), check('approval_action_one_actor', sql`num_nonnulls(${t.staffId}, ${t.userId}) = 1`)],
);
