import type { ApprovalKind, ApprovalState } from '@juqi/contract';
import { and, arrayContains, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { department, role, staff, staffRole } from '../../lib/db/schema';
import { approvalAction, approvalFlow, approvalRequest } from './table';

export type FlowRecord = typeof approvalFlow.$inferSelect;
export type RequestRecord = typeof approvalRequest.$inferSelect;
export type NewRequestRecord = typeof approvalRequest.$inferInsert;
export type ActionRecord = typeof approvalAction.$inferSelect;

export interface RequestFilter {
  kind?: ApprovalKind;
  state?: ApprovalState;
  requesterId?: number;
  /** Pending requests whose current step this account may decide. */
  approverId?: number;
}

const whereOf = (filter: RequestFilter): SQL | undefined =>
  and(
    filter.kind ? eq(approvalRequest.kind, filter.kind) : undefined,
    filter.state ? eq(approvalRequest.state, filter.state) : undefined,
    filter.requesterId === undefined ? undefined : eq(approvalRequest.requesterId, filter.requesterId),
    filter.approverId === undefined ? undefined : and(eq(approvalRequest.state, 'pending'), arrayContains(approvalRequest.currentApproverIds, [filter.approverId])),
  );

export class ApprovalRepository {
  constructor(private readonly db: Executor) {}

  // ——— flows ———

  flows(kind?: ApprovalKind, tx: Executor = this.db): Promise<FlowRecord[]> {
    return tx
      .select()
      .from(approvalFlow)
      .where(kind ? eq(approvalFlow.kind, kind) : undefined)
      .orderBy(asc(approvalFlow.id));
  }

  async flow(id: number, tx: Executor = this.db): Promise<FlowRecord | undefined> {
    const [row] = await tx.select().from(approvalFlow).where(eq(approvalFlow.id, id));
    return row;
  }

  async flowCount(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(approvalFlow);
    return row?.n ?? 0;
  }

  async flowNameTaken(name: string, exceptId: number | undefined, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: approvalFlow.id })
      .from(approvalFlow)
      .where(and(eq(approvalFlow.name, name), exceptId === undefined ? undefined : ne(approvalFlow.id, exceptId)));
    return row !== undefined;
  }

  async insertFlow(values: typeof approvalFlow.$inferInsert, tx: Executor = this.db): Promise<FlowRecord> {
    const [row] = await tx.insert(approvalFlow).values(values).returning();
    return row!;
  }

  async updateFlow(id: number, values: Pick<FlowRecord, 'name' | 'steps' | 'remark'>, tx: Executor = this.db): Promise<FlowRecord> {
    const [row] = await tx
      .update(approvalFlow)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(approvalFlow.id, id))
      .returning();
    return row!;
  }

  async deleteFlow(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(approvalFlow).where(eq(approvalFlow.id, id));
  }

  // ——— who approves (the power module's roles, the auth module's accounts, the department tree: read-only) ———

  /** The roles of these ids that exist, with their names. */
  roles(ids: readonly number[], tx: Executor = this.db): Promise<{ id: number; name: string }[]> {
    if (!ids.length) return Promise.resolve([]);
    return tx.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, [...ids]));
  }

  /** Every role and every active account: what a flow's steps may name. */
  async approverOptions(tx: Executor = this.db) {
    const roles = await tx.select({ id: role.id, name: role.name }).from(role).orderBy(asc(role.id));
    const accounts = await tx.select({ id: staff.id, name: staff.name, staff_num: staff.staffNum }).from(staff).where(eq(staff.status, 'active')).orderBy(asc(staff.name), asc(staff.id));
    return { roles, accounts };
  }

  /** Active accounts holding the role, by id. */
  async roleHolders(roleId: number, tx: Executor = this.db): Promise<number[]> {
    const rows = await tx
      .select({ id: staff.id })
      .from(staffRole)
      .innerJoin(staff, eq(staff.id, staffRole.staffId))
      .where(and(eq(staffRole.roleId, roleId), eq(staff.status, 'active')))
      .orderBy(asc(staff.id));
    return rows.map((row) => row.id);
  }

  /** Which of these accounts are active. */
  async activeAccounts(ids: readonly number[], tx: Executor = this.db): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(inArray(staff.id, [...ids]), eq(staff.status, 'active')));
    return new Set(rows.map((row) => row.id));
  }

  /**
   * The active heads of the department and of each department above it, the nearest first (docs/approvals.md ›
   * Department heads); empty when none up to the top has one.
   */
  async departmentHeads(departmentId: number, tx: Executor = this.db): Promise<number[]> {
    const [own] = await tx.select({ path: department.path }).from(department).where(eq(department.id, departmentId));
    if (!own) return [];
    const pathIds = own.path.split('/').filter(Boolean).map(Number);
    const rows = await tx
      .select({ id: department.id, head: department.headAccountId })
      .from(department)
      .innerJoin(staff, eq(staff.id, department.headAccountId))
      .where(and(inArray(department.id, pathIds), eq(staff.status, 'active')));
    const headOf = new Map(rows.map((row) => [row.id, row.head!]));
    // The path runs from the top down: the nearest head is the last one on it.
    return pathIds.reduceRight<number[]>((heads, id) => (headOf.has(id) ? [...heads, headOf.get(id)!] : heads), []);
  }

  // ——— requests ———

  async insertRequest(values: NewRequestRecord, tx: Executor): Promise<RequestRecord> {
    const [row] = await tx.insert(approvalRequest).values(values).returning();
    return row!;
  }

  async request(id: number, tx: Executor = this.db): Promise<RequestRecord | undefined> {
    const [row] = await tx.select().from(approvalRequest).where(eq(approvalRequest.id, id));
    return row;
  }

  /** The request, its row locked until the transaction ends: one decision at a time. */
  async requestForUpdate(id: number, tx: Executor): Promise<RequestRecord | undefined> {
    const [row] = await tx.select().from(approvalRequest).where(eq(approvalRequest.id, id)).for('update');
    return row;
  }

  async updateRequest(id: number, values: Partial<Pick<RequestRecord, 'currentStep' | 'currentApproverIds' | 'state'>> & { finished?: boolean }, tx: Executor): Promise<void> {
    const { finished, ...columns } = values;
    await tx
      .update(approvalRequest)
      .set({ ...columns, updatedAt: sql`now()`, ...(finished ? { finishedAt: sql`now()` } : {}) })
      .where(eq(approvalRequest.id, id));
  }

  /** A page of requests: to-dos oldest first (the longest waiting on top), other lists newest first. */
  async requests(filter: RequestFilter, offset: number, limit: number, tx: Executor = this.db): Promise<{ count: number; rows: RequestRecord[] }> {
    const where = whereOf(filter);
    const order = filter.approverId === undefined ? desc(approvalRequest.id) : asc(approvalRequest.id);
    const rows = await tx.select().from(approvalRequest).where(where).orderBy(order).offset(offset).limit(limit);
    const [total] = await tx.select({ n: count() }).from(approvalRequest).where(where);
    return { count: total?.n ?? 0, rows };
  }

  /** The pending requests of these kinds about a subject, oldest first. */
  pendingAbout(kinds: readonly ApprovalKind[], subjectId: number, tx: Executor = this.db): Promise<RequestRecord[]> {
    return tx
      .select()
      .from(approvalRequest)
      .where(and(eq(approvalRequest.state, 'pending'), eq(approvalRequest.subjectId, subjectId), inArray(approvalRequest.kind, [...kinds])))
      .orderBy(asc(approvalRequest.id));
  }

  async pendingCount(kind?: ApprovalKind, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(approvalRequest).where(whereOf({ kind, state: 'pending' }));
    return row?.n ?? 0;
  }

  async insertAction(values: typeof approvalAction.$inferInsert, tx: Executor): Promise<void> {
    await tx.insert(approvalAction).values(values);
  }

  /** The newest request of a kind about a subject, or undefined. */
  async newestAbout(kind: ApprovalKind, subjectId: number, tx: Executor = this.db): Promise<RequestRecord | undefined> {
    const [row] = await tx
      .select()
      .from(approvalRequest)
      .where(and(eq(approvalRequest.kind, kind), eq(approvalRequest.subjectId, subjectId)))
      .orderBy(desc(approvalRequest.id))
      .limit(1);
    return row;
  }

  /** Each rejected request's rejection comment (its last `reject` action's), by request id; none for the others. */
  async rejectionComments(requestIds: readonly number[], tx: Executor = this.db): Promise<Map<number, string>> {
    if (!requestIds.length) return new Map();
    const rows = await tx
      .selectDistinctOn([approvalAction.requestId], { requestId: approvalAction.requestId, comment: approvalAction.comment })
      .from(approvalAction)
      .where(and(inArray(approvalAction.requestId, [...requestIds]), eq(approvalAction.action, 'reject')))
      .orderBy(approvalAction.requestId, desc(approvalAction.id));
    return new Map(rows.map((row) => [row.requestId, row.comment]));
  }

  actions(requestId: number, tx: Executor = this.db): Promise<ActionRecord[]> {
    return tx.select().from(approvalAction).where(eq(approvalAction.requestId, requestId)).orderBy(asc(approvalAction.id));
  }
}
