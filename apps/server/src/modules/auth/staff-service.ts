import type { Profile, StaffAccount } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError } from '../../lib/errors';
import type { GrantsDirectory, Principal } from '../../lib/http/types';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthRepository } from './repository';
import type { SessionService } from './sessions';
import type { StaffRow } from './table';

/** An administrator's lock lasts until someone unlocks it. */
const LOCKED_BY_ADMIN = new Date('2999-12-31T00:00:00Z');

interface AccountFields {
  name: string;
  phone: string | null;
  email: string | null;
  avatar: string;
  person_key: string | null;
  role_ids: number[];
}

/** The signed-in staff's profile, and the administration of staff accounts. */
export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly repo: AuthRepository,
    private readonly sessions: SessionService,
    private readonly grants: GrantsDirectory,
    private readonly clock: Clock,
  ) {}

  private async account(id: number): Promise<StaffRow> {
    const row = await this.repo.staffById(id);
    if (!row) throw AppError.notFound();
    return row;
  }

  private async toAccounts(rows: StaffRow[]): Promise<StaffAccount[]> {
    const roles = await this.grants.roleIdsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      staff_num: r.staffNum,
      name: r.name,
      phone: r.phone,
      email: r.email,
      avatar: r.avatar,
      status: r.status,
      is_super_admin: r.isSuperAdmin,
      person_key: r.personKey,
      locked_until: r.lockedUntil && r.lockedUntil > this.clock.now() ? r.lockedUntil.toISOString() : null,
      role_ids: roles.get(r.id) ?? [],
      created_at: r.createdAt.toISOString(),
    }));
  }

  private async toAccount(row: StaffRow): Promise<StaffAccount> {
    return (await this.toAccounts([row]))[0]!;
  }

  async profile(principal: Principal): Promise<Profile> {
    const me = await this.account(principal.staffId);
    const [menus, linked] = await Promise.all([
      this.grants.menusOf(me.id, me.isSuperAdmin),
      me.personKey ? this.repo.linkedAccounts(me.personKey, me.id) : Promise.resolve([]),
    ]);
    const operations = principal.operations === 'all' ? await this.grants.allOperationCodes() : [...principal.operations];
    return {
      staff_id: me.id,
      staff_num: me.staffNum,
      user_name: me.name,
      user_face: me.avatar,
      is_super_admin: me.isSuperAdmin,
      menus,
      operations: operations.sort(),
      linked_accounts: linked.map((a) => ({ id: a.id, staff_num: a.staffNum, name: a.name })),
    };
  }

  menus(principal: Principal) {
    return this.grants.menusOf(principal.staffId, principal.isSuperAdmin);
  }

  verifyOperation(principal: Principal, code: string) {
    return { code, allowed: principal.operations === 'all' || principal.operations.has(code) };
  }

  async changeOwnPassword(principal: Principal, oldPassword: string, newPassword: string): Promise<null> {
    const me = await this.account(principal.staffId);
    if (!(await verifyPassword(oldPassword, me.passwordHash))) throw AppError.invalid('old_pwd', 'wrong password');
    await this.setPassword(me.id, newPassword, principal);
    return null;
  }

  async setPassword(id: number, password: string, actor: Principal): Promise<null> {
    const target = await this.account(id);
    this.assertMayManage(target, actor);
    await this.repo.updateStaff(id, { passwordHash: await hashPassword(password) });
    await this.sessions.revokeStaff(id);
    await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.password', target: `staff:${id}` });
    return null;
  }

  /** Only the super-admin manages the super-admin account. */
  private assertMayManage(target: StaffRow, actor: Principal): void {
    if (target.isSuperAdmin && !actor.isSuperAdmin && target.id !== actor.staffId) {
      throw AppError.forbidden({ 'zh-CN': '不能修改超级管理员', 'en-US': 'Only the super-admin may change this account' });
    }
  }

  async list(filter: { keyword?: string; status?: 'active' | 'disabled' }, page: number, limit: number) {
    const { count, rows } = await this.repo.listStaff(filter, page, limit);
    return { count, data: await this.toAccounts(rows) };
  }

  private async saveUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict({ 'zh-CN': '工号或手机号已被使用', 'en-US': 'Staff number or phone already in use' });
      throw err;
    }
  }

  async add(input: AccountFields & { staff_num: string; password: string }, actor: Principal): Promise<StaffAccount> {
    await this.grants.assertMayAssignRoles(null, input.role_ids, actor);
    const passwordHash = await hashPassword(input.password);
    const row = await this.saveUnique(() =>
      this.db.transaction(async (tx) => {
        const created = await this.repo.insertStaff(
          { staffNum: input.staff_num, name: input.name, phone: input.phone, email: input.email, avatar: input.avatar, personKey: input.person_key, passwordHash },
          tx,
        );
        await this.grants.assignRoles(created.id, input.role_ids, tx);
        return created;
      }),
    );
    await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.add', target: `staff:${row.id}` });
    return this.toAccount(row);
  }

  async edit(id: number, input: AccountFields, actor: Principal): Promise<StaffAccount> {
    const target = await this.account(id);
    this.assertMayManage(target, actor);
    await this.grants.assertMayAssignRoles(id, input.role_ids, actor);
    const row = await this.saveUnique(() =>
      this.db.transaction(async (tx) => {
        const updated = await this.repo.updateStaff(
          id,
          { name: input.name, phone: input.phone, email: input.email, avatar: input.avatar, personKey: input.person_key },
          tx,
        );
        await this.grants.assignRoles(id, input.role_ids, tx);
        return updated!;
      }),
    );
    await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.edit', target: `staff:${id}` });
    return this.toAccount(row);
  }

  async setStatus(id: number, action: 'enable' | 'disable' | 'lock' | 'unlock', reason: string, actor: Principal): Promise<StaffAccount> {
    const target = await this.account(id);
    this.assertMayManage(target, actor);
    if (target.id === actor.staffId && (action === 'disable' || action === 'lock')) {
      throw AppError.forbidden({ 'zh-CN': '不能停用或锁定自己的账号', 'en-US': 'You cannot disable or lock your own account' });
    }
    const change = {
      enable: { status: 'active' as const },
      disable: { status: 'disabled' as const },
      lock: { lockedUntil: LOCKED_BY_ADMIN },
      unlock: { lockedUntil: null },
    }[action];
    const row = await this.repo.updateStaff(id, change);
    if (action === 'disable' || action === 'lock') await this.sessions.revokeStaff(id);
    await recordAudit(this.db, { staffId: actor.staffId, action: `staff.${action}`, target: `staff:${id}`, detail: { reason } });
    return this.toAccount(row!);
  }

  async signInRecords(staffId: number | undefined, page: number, limit: number) {
    const { count, rows } = await this.repo.signInRecords(staffId, page, limit);
    return {
      count,
      data: rows.map((r) => ({
        id: r.id,
        staff_id: r.staffId,
        identifier: r.identifier,
        method: r.method,
        result: r.result,
        ip: r.ip,
        user_agent: r.userAgent,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }
}
