import {
  TOP_LEVEL_DEPARTMENT,
  type DepartmentDetails,
  type DepartmentLetterGroup,
  type DepartmentNode,
} from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { AccessServices } from '../../lib/http/types';
import { initialsOf, letterGroups, letterOf, spelledOf } from '../../lib/pinyin';
import { DepartmentRepository, type DepartmentRow, type NamedValues } from './repository';

/** Who changed something, for the audit log. */
export interface Actor {
  staffId: number;
  ip: string;
}

/** The path of the top level: a top-level department's path is `/<id>/`. */
const TOP_PATH = '/';

/** The name with its pinyin columns, as every write stores them (departments read as words, not as people). */
export const namedValues = (name: string): NamedValues => ({ name, namePinyin: spelledOf(name), nameInitials: initialsOf(name), nameLetter: letterOf(name) });

/** The ids on a path, from the top down: `/1/4/9/` → 1, 4, 9. */
const idsOnPath = (path: string) => path.split('/').filter(Boolean).map(Number);

/** What the audit log keeps of a department, before and after a write. */
const snapshot = (row: DepartmentRow) => ({ name: row.name, parent_id: row.parentId, sort: row.sort, path: row.path, head_account_id: row.headAccountId });

const siblingNameTaken = (field: 'name' | 'parent_id') =>
  AppError.conflict({ 'zh-CN': '同一上级部门下已有同名部门', 'en-US': 'A department of that name is already under this parent' }, field);

/** The department tree (docs/departments.md): read as a tree and a letter index, and changed under one lock. */
export class DepartmentService {
  private readonly records: DepartmentRepository;

  constructor(
    private readonly db: Db,
    private readonly access: AccessServices,
  ) {
    this.records = new DepartmentRepository(db);
  }

  async tree(): Promise<DepartmentNode[]> {
    const childrenOf = new Map<number, DepartmentNode[]>();
    // Rows come in sort order, so each list of children fills in order.
    for (const row of await this.records.all()) {
      const node: DepartmentNode = { id: row.id, name: row.name, parent_id: row.parentId, sort: row.sort, children: [] };
      const siblings = childrenOf.get(row.parentId);
      if (siblings) siblings.push(node);
      else childrenOf.set(row.parentId, [node]);
    }
    const attach = (nodes: DepartmentNode[]): DepartmentNode[] => nodes.map((node) => ({ ...node, children: attach(childrenOf.get(node.id) ?? []) }));
    return attach(childrenOf.get(TOP_LEVEL_DEPARTMENT) ?? []);
  }

  async letterIndex(): Promise<DepartmentLetterGroup[]> {
    return letterGroups(
      await this.records.byPinyin(),
      (row) => row.letter,
      ({ id, name }) => ({ id, name }),
    );
  }

  async details(id: number): Promise<DepartmentDetails> {
    const row = await this.records.get(id);
    if (!row) throw AppError.notFound();
    const ancestorIds = idsOnPath(row.path).slice(0, -1);
    const names = new Map((await this.records.some(ancestorIds)).map((a) => [a.id, a.name]));
    return {
      id: row.id,
      name: row.name,
      parent_id: row.parentId,
      sort: row.sort,
      ancestors: ancestorIds.map((ancestorId) => ({ id: ancestorId, name: names.get(ancestorId) ?? '' })),
      child_count: await this.records.childCount(id),
      head_account_id: row.headAccountId,
      head_name: row.headAccountId === null ? null : ((await this.access.lookups.namesOf('staff', [row.headAccountId])).get(row.headAccountId) ?? null),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async add(input: { name: string; parent_id: number; sort: number; head_account_id?: number | null }, actor: Actor): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      await this.records.lockTree(tx);
      const parentPath = await this.parentPathOf(input.parent_id, tx);
      if (await this.records.nameTaken(input.parent_id, input.name, undefined, tx)) throw siblingNameTaken('name');
      await this.checkHead(input.head_account_id, tx);
      const row = await this.records.add({ ...namedValues(input.name), parentId: input.parent_id, sort: input.sort, headAccountId: input.head_account_id ?? null }, parentPath, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'department.add', target: `department:${row.id}`, detail: { after: snapshot(row) }, ip: actor.ip });
      return { id: row.id };
    });
  }

  async edit(input: { id: number; name: string; sort: number; head_account_id?: number | null }, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.records.lockTree(tx);
      const before = await this.existing(input.id, tx);
      if (await this.records.nameTaken(before.parentId, input.name, input.id, tx)) throw siblingNameTaken('name');
      await this.checkHead(input.head_account_id, tx);
      const head = input.head_account_id === undefined ? {} : { headAccountId: input.head_account_id };
      const after = await this.records.update(input.id, { ...namedValues(input.name), sort: input.sort, ...head }, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'department.edit', target: `department:${input.id}`, detail: { before: snapshot(before), after: snapshot(after) }, ip: actor.ip });
    });
  }

  /** Moves the department and its subtree: one UPDATE rewrites every path under it, in the same transaction. */
  async move(input: { id: number; parent_id: number; sort: number }, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.records.lockTree(tx);
      const before = await this.existing(input.id, tx);
      const parentPath = await this.parentPathOf(input.parent_id, tx);
      if (parentPath.startsWith(before.path)) throw AppError.invalid('parent_id', { 'zh-CN': '不能移到自身或其下级部门之下', 'en-US': 'a department cannot move under itself or one of its own sub-departments' });
      if (await this.records.nameTaken(input.parent_id, before.name, input.id, tx)) throw siblingNameTaken('parent_id');
      const path = `${parentPath}${input.id}/`;
      if (path !== before.path) await this.records.movePaths(before.path, path, tx);
      const after = await this.records.update(input.id, { parentId: input.parent_id, sort: input.sort }, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'department.move', target: `department:${input.id}`, detail: { before: snapshot(before), after: snapshot(after) }, ip: actor.ip });
    });
  }

  /** Deletes a department that holds neither sub-departments nor staff (asked of `app.access.departmentMembers`). */
  async remove(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.records.lockTree(tx);
      const before = await this.existing(id, tx);
      if ((await this.records.childCount(id, tx)) > 0) {
        throw AppError.conflict({ 'zh-CN': '该部门下还有下级部门，不能删除', 'en-US': 'This department still has sub-departments and cannot be deleted' });
      }
      if (((await this.access.departmentMembers?.count([id], tx)) ?? 0) > 0) {
        throw AppError.conflict({ 'zh-CN': '该部门下还有员工，不能删除', 'en-US': 'This department still has staff and cannot be deleted' });
      }
      await this.records.delete(id, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'department.delete', target: `department:${id}`, detail: { before: snapshot(before) }, ip: actor.ip });
    });
  }

  /** A head is a sign-in account that exists (the staff lookup, owned by the auth module); 40000 naming head_account_id. */
  private async checkHead(accountId: number | null | undefined, tx: Executor): Promise<void> {
    if (accountId == null) return;
    if (!(await this.access.lookups.namesOf('staff', [accountId], tx)).has(accountId)) throw AppError.invalid('head_account_id', { 'zh-CN': `登录账号 ${accountId} 不存在`, 'en-US': `no staff account ${accountId}` });
  }

  private async existing(id: number, tx: Executor): Promise<DepartmentRow> {
    const row = await this.records.get(id, tx);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The path a department under `parentId` hangs from; 40000 naming parent_id when there is no such department. */
  private async parentPathOf(parentId: number, tx: Executor): Promise<string> {
    if (parentId === TOP_LEVEL_DEPARTMENT) return TOP_PATH;
    const parent = await this.records.get(parentId, tx);
    if (!parent) throw AppError.invalid('parent_id', { 'zh-CN': `部门 ${parentId} 不存在`, 'en-US': `no department ${parentId}` });
    return parent.path;
  }
}
