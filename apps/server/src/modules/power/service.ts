import { ErrorCode, isProductEntry, type MenuNode, type PowerNode, type Role } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { AppError, Refusals } from '../../lib/errors';
import type { GrantsDirectory, Principal } from '../../lib/http/types';
import { PowerRepository, type NewPower } from './repository';
import type { PowerRow, RoleRow } from './table';
import { buildMenuTree, buildPowerTree, depthOf, heightOf, MAX_MENU_DEPTH, powerNodeOf } from './tree';

type PowerInput = Omit<NewPower, 'id' | 'createdAt'> & { noCache: boolean };

const roleNameTaken = () => AppError.conflict({ 'zh-CN': '已有同名角色', 'en-US': 'A role of this name exists' }, 'name');

const toRole = (row: RoleRow, staffCount: number): Role => ({
  id: row.id,
  name: row.name,
  remark: row.remark,
  staff_count: staffCount,
  created_at: row.createdAt.toISOString(),
});

/** The function catalogue, roles and grants; also serves the rest of the server as its GrantsDirectory. */
export class PowerService implements GrantsDirectory {
  private readonly repo: PowerRepository;
  private catalogue: Promise<PowerRow[]> | undefined;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly db: Db) {
    this.repo = new PowerRepository(db);
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    this.catalogue = undefined;
    this.listeners.forEach((l) => l());
  }

  /** The catalogue changes rarely and is read on every profile call: kept in memory, dropped on any edit. */
  private rows(): Promise<PowerRow[]> {
    this.catalogue ??= this.repo.allPowers().catch((err: unknown) => {
      this.catalogue = undefined;
      throw err;
    });
    return this.catalogue;
  }

  private async held(principal: Pick<Principal, 'staffId' | 'isSuperAdmin'>): Promise<ReadonlySet<number> | 'all'> {
    return principal.isSuperAdmin ? 'all' : new Set(await this.repo.powerIdsOfStaff(principal.staffId));
  }

  async operationsOf(staffId: number, isSuperAdmin: boolean): Promise<ReadonlySet<string> | 'all'> {
    if (isSuperAdmin) return 'all';
    const [rows, granted] = await Promise.all([this.rows(), this.repo.powerIdsOfStaff(staffId)]);
    const ids = new Set(granted);
    return new Set(rows.filter((r) => r.kind === 'operation' && ids.has(r.id)).map((r) => r.code));
  }

  async allOperationCodes(): Promise<string[]> {
    return (await this.rows()).filter((r) => r.kind === 'operation').map((r) => r.code);
  }

  async menusOf(staffId: number, isSuperAdmin: boolean): Promise<MenuNode[]> {
    const [rows, held] = await Promise.all([this.rows(), this.held({ staffId, isSuperAdmin })]);
    return buildMenuTree(rows, held);
  }

  holdersOf(code: string): Promise<number[]> {
    return this.repo.holdersOf(code);
  }

  async roleIdsOf(staffIds: number[]): Promise<Map<number, number[]>> {
    const pairs = await this.repo.roleIdsOfStaff(staffIds);
    const map = new Map<number, number[]>(staffIds.map((id) => [id, []]));
    for (const { staffId, roleId } of pairs) map.get(staffId)?.push(roleId);
    return map;
  }

  async assertMayAssignRoles(staffId: number | null, roleIds: number[], granter: Principal): Promise<void> {
    const wanted = [...new Set(roleIds)];
    const existing = await this.repo.existingRoleIds(wanted);
    const unknown = wanted.find((id) => !existing.includes(id));
    if (unknown !== undefined) throw AppError.invalid('role_ids', { 'zh-CN': `角色 ${unknown} 不存在`, 'en-US': `role ${unknown} does not exist` });
    const current = staffId === null ? [] : (await this.repo.roleIdsOfStaff([staffId])).map((r) => r.roleId);
    const added = wanted.filter((id) => !current.includes(id));
    await this.assertHolds(granter, await this.repo.powerIdsOfRoles(added), 'role_ids');
  }

  async covers(actor: Pick<Principal, 'staffId' | 'isSuperAdmin'>, staffId: number): Promise<boolean> {
    const held = await this.held(actor);
    if (held === 'all') return true;
    return (await this.repo.powerIdsOfStaff(staffId)).every((id) => held.has(id));
  }

  async assignRoles(staffId: number, roleIds: number[], tx: Executor = this.db): Promise<void> {
    await this.repo.setStaffRoles(staffId, [...new Set(roleIds)], tx);
    this.changed();
  }

  /** The grant ceiling: nobody hands out an entry they do not hold themselves. */
  private async assertHolds(granter: Principal, powerIds: number[], field: string): Promise<void> {
    const held = await this.held(granter);
    if (held === 'all') return;
    const missing = powerIds.filter((id) => !held.has(id));
    if (missing.length) {
      await recordAudit(this.db, {
        staffId: granter.staffId,
        action: 'grant.refused',
        detail: { field, power_ids: missing },
      });
      throw new AppError(ErrorCode.FORBIDDEN, undefined, { field, power_ids: missing });
    }
  }

  // ——— catalogue ———

  async tree(): Promise<PowerNode[]> {
    return buildPowerTree(await this.rows());
  }

  private async node(id: number): Promise<PowerNode> {
    const node = powerNodeOf(await this.rows(), id);
    if (!node) throw AppError.notFound();
    return node;
  }

  /** A menu sits under a menu (at most three levels); an operation sits under a menu; each has what its kind needs. */
  private async validate(input: PowerInput, selfId?: number): Promise<void> {
    const rows = new Map((await this.rows()).map((r) => [r.id, r]));
    const parent = input.pid ? rows.get(input.pid) : undefined;
    const { path = '', code = '' } = input;
    // Each field keeps its first reason: the parent's existence, its kind, a cycle, then the depth.
    const refusals = new Refusals();
    if (input.pid && !parent) refusals.add('pid', { 'zh-CN': '上级不存在', 'en-US': 'parent does not exist' });
    if (parent && parent.kind !== 'menu') refusals.add('pid', { 'zh-CN': '上级须为菜单', 'en-US': 'the parent must be a menu entry' });
    if (selfId !== undefined) {
      for (let at = parent; at; at = rows.get(at.pid)) {
        if (at.id === selfId) {
          refusals.add('pid', { 'zh-CN': '不能移到自己之下', 'en-US': 'an entry cannot move under itself' });
          break;
        }
      }
    }
    if (input.kind === 'menu') {
      if (!path) refusals.add('path', { 'zh-CN': '菜单必填', 'en-US': 'a menu entry needs a path' });
      // A moved entry takes the menus below it along: the deepest of them must stay within the limit too.
      const depth = (parent ? depthOf(rows, parent.id) + 1 : 1) + (selfId === undefined ? 0 : heightOf(rows, selfId) - 1);
      if (depth > MAX_MENU_DEPTH) refusals.add('pid', { 'zh-CN': `菜单最多 ${MAX_MENU_DEPTH} 级`, 'en-US': `menus nest at most ${MAX_MENU_DEPTH} levels` });
      refusals.throwIfAny();
      const same = await this.repo.findMenuByPath(path);
      if (same && same.id !== selfId) throw AppError.conflict({ 'zh-CN': `路径 ${path} 已被使用`, 'en-US': `path ${path} is already used` }, 'path');
    } else {
      if (!parent) refusals.add('pid', { 'zh-CN': '操作须放在菜单之下', 'en-US': 'an operation belongs under a menu entry' });
      if (!code) refusals.add('code', { 'zh-CN': '操作必填', 'en-US': 'an operation needs a code' });
      refusals.throwIfAny();
      const same = await this.repo.findOperationByCode(code);
      if (same && same.id !== selfId) throw AppError.conflict({ 'zh-CN': `编码 ${code} 已被使用`, 'en-US': `code ${code} is already used` }, 'code');
    }
  }

  async add(input: PowerInput): Promise<PowerNode> {
    await this.validate(input);
    const row = await this.repo.insertPower({
      ...input,
      path: input.kind === 'menu' ? input.path : '',
      code: input.kind === 'operation' ? input.code : '',
    });
    this.changed();
    return this.node(row.id);
  }

  async edit(id: number, input: Omit<PowerInput, 'kind'>): Promise<PowerNode> {
    const current = await this.repo.findPower(id);
    if (!current) throw AppError.notFound();
    const next = { ...input, kind: current.kind };
    // Roles grant by entry, the server checks by code: a new code on a granted entry would hand its holders another
    // operation.
    if (current.kind === 'operation' && next.code !== current.code) throw AppError.invalid('code', { 'zh-CN': '操作的编码不可修改', 'en-US': 'an operation’s code cannot change' });
    if (isProductEntry(current) && current.kind === 'menu' && next.path !== current.path) {
      throw AppError.invalid('path', { 'zh-CN': '系统内置菜单的路径不可修改', 'en-US': 'the path of one of the product’s menus cannot change' });
    }
    await this.validate(next, id);
    await this.repo.updatePower(id, {
      ...next,
      path: next.kind === 'menu' ? next.path : '',
      code: next.kind === 'operation' ? next.code : '',
    });
    this.changed();
    return this.node(id);
  }

  async remove(id: number): Promise<void> {
    const entry = await this.repo.findPower(id);
    if (!entry) throw AppError.notFound();
    if (isProductEntry(entry)) {
      throw AppError.conflict({ 'zh-CN': '产品自带的条目不能删除，可以设为隐藏', 'en-US': 'The product’s own entries cannot be deleted; hide them instead' });
    }
    if ((await this.repo.childCount(id)) > 0) throw AppError.conflict({ 'zh-CN': '请先删除其下的条目', 'en-US': 'Delete the entries under it first' });
    const roles = await this.repo.rolesGranting(id);
    if (roles.length) {
      throw AppError.conflict({
        'zh-CN': `角色 ${roles.join('、')} 正在使用该条目，请先取消授权`,
        'en-US': `Granted by the roles ${roles.join(', ')}: take it out of their grants first`,
      });
    }
    await this.repo.deletePower(id);
    this.changed();
  }

  // ——— roles ———

  async roles(keyword: string | undefined, page: number, limit: number) {
    const { count, rows } = await this.repo.listRoles(keyword, page, limit);
    return { count, data: rows.map((r) => toRole(r.role, Number(r.staffCount))) };
  }

  private async roleOut(row: RoleRow): Promise<Role> {
    return toRole(row, await this.repo.staffCountOfRole(row.id));
  }

  async addRole(input: { name: string; remark: string }): Promise<Role> {
    if (await this.repo.findRoleByName(input.name)) throw roleNameTaken();
    return this.roleOut(await this.repo.insertRole(input));
  }

  async editRole(id: number, input: { name: string; remark: string }): Promise<Role> {
    const same = await this.repo.findRoleByName(input.name);
    if (same && same.id !== id) throw roleNameTaken();
    const row = await this.repo.updateRole(id, input);
    if (!row) throw AppError.notFound();
    return this.roleOut(row);
  }

  async deleteRole(id: number): Promise<void> {
    if (!(await this.repo.findRole(id))) throw AppError.notFound();
    if ((await this.repo.staffCountOfRole(id)) > 0) throw AppError.conflict({ 'zh-CN': '仍有员工持有该角色', 'en-US': 'Staff still hold this role' });
    await this.repo.deleteRole(id);
    this.changed();
  }

  async roleGrants(id: number, caller: Principal) {
    if (!(await this.repo.findRole(id))) throw AppError.notFound();
    const held = await this.held(caller);
    const rows = await this.rows();
    const grantable = held === 'all' ? rows.map((r) => r.id) : [...held];
    return { power_ids: await this.repo.powerIdsOfRole(id), grantable_ids: grantable.sort((a, b) => a - b), tree: buildPowerTree(rows) };
  }

  /**
   * Sets what a role grants. Entries the caller does not hold may not be added (40300, nothing changes); those the role
   * already had stay, since the caller cannot revoke what they do not hold either.
   */
  async grant(id: number, powerIds: number[], caller: Principal) {
    if (!(await this.repo.findRole(id))) throw AppError.notFound();
    const wanted = [...new Set(powerIds)];
    const known = await this.repo.existingPowerIds(wanted);
    const unknown = wanted.find((p) => !known.includes(p));
    if (unknown !== undefined) throw AppError.invalid('power_ids', { 'zh-CN': `权限项 ${unknown} 不存在`, 'en-US': `entry ${unknown} does not exist` });
    const current = await this.repo.powerIdsOfRole(id);
    await this.assertHolds(caller, wanted.filter((p) => !current.includes(p)), 'power_ids');
    const held = await this.held(caller);
    const kept = held === 'all' ? [] : current.filter((p) => !held.has(p));
    const next = [...new Set([...wanted, ...kept])].sort((a, b) => a - b);
    await this.db.transaction((tx) => this.repo.setRolePowers(id, next, tx));
    await recordAudit(this.db, { staffId: caller.staffId, action: 'role.grant', target: `role:${id}`, detail: { power_ids: next } });
    this.changed();
    return { power_ids: next };
  }
}
