import { ErrorCode, type Profile, type StaffAccount } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Db, Executor } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError } from '../../lib/errors';
import { holdsOperation, type GrantsDirectory, type Principal } from '../../lib/http/types';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/password';
import type { AuthRepository, SignInMethod } from './repository';
import type { SessionService } from './sessions';
import type { SignInGuard } from './sign-in-guard';
import type { ClientInfo, SignInService } from './sign-in-service';
import type { StaffRow } from './table';

/** What may be typed to sign in to an account, as the guard's locks key it. */
const signInKeys = (r: StaffRow): { method: SignInMethod; identifier: string }[] => [
  { method: 'password', identifier: r.staffNum },
  ...(r.phone ? [{ method: 'sms' as const, identifier: r.phone }] : []),
];

/** Every new password, however it is set, is refused (40000 naming `field`) when it is a common one. */
async function hashNewPassword(password: string, field: string): Promise<string> {
  if (await isCommonPassword(password)) throw AppError.invalid(field, { 'zh-CN': '过于常见，请换一个', 'en-US': 'too common, choose another' });
  return hashPassword(password);
}

/** An administrator's lock lasts until someone unlocks it. */
const LOCKED_BY_ADMIN = new Date('2999-12-31T00:00:00Z');

interface AccountFields {
  name: string;
  phone: string | null;
  email: string | null;
  avatar: string;
  /** Absent: unchanged. */
  person_key?: string | null;
  role_ids: number[];
}

/** The signed-in staff's profile, and the administration of staff accounts. */
export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly repo: AuthRepository,
    private readonly sessions: SessionService,
    private readonly grants: GrantsDirectory,
    private readonly guard: SignInGuard,
    private readonly codes: Pick<SignInService, 'consumeCode'>,
    private readonly clock: Clock,
  ) {}

  private async account(id: number): Promise<StaffRow> {
    const row = await this.repo.staffById(id);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The guard's every-address locks show as the account's lock; so do an administrator's. */
  private async toAccounts(rows: StaffRow[], viewer: Principal): Promise<StaffAccount[]> {
    const now = this.clock.now();
    const [roles, locks] = await Promise.all([
      this.grants.roleIdsOf(rows.map((r) => r.id)),
      this.repo.everyAddressLocks(rows.flatMap(signInKeys), now),
    ]);
    const lockedUntil = (r: StaffRow) =>
      [r.lockedUntil, ...locks.filter((l) => signInKeys(r).some((k) => k.method === l.method && k.identifier === l.identifier)).map((l) => l.lockedUntil)]
        .filter((at): at is Date => at !== null && at > now)
        .sort((a, b) => b.getTime() - a.getTime())[0];
    return rows.map((r) => ({
      id: r.id,
      staff_num: r.staffNum,
      name: r.name,
      phone: r.phone,
      email: r.email,
      avatar: r.avatar,
      status: r.status,
      is_super_admin: r.isSuperAdmin,
      // Only those who may link accounts see the keys that link them.
      ...(viewer.isSuperAdmin ? { person_key: r.personKey } : {}),
      locked_until: lockedUntil(r)?.toISOString() ?? null,
      role_ids: roles.get(r.id) ?? [],
      created_at: r.createdAt.toISOString(),
    }));
  }

  private async toAccount(row: StaffRow, viewer: Principal): Promise<StaffAccount> {
    return (await this.toAccounts([row], viewer))[0]!;
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
      phone: me.phone,
      is_super_admin: me.isSuperAdmin,
      menus,
      operations: operations.sort(),
      linked_accounts: (await this.switchable(principal, linked)).map((a) => ({ id: a.id, staff_num: a.staffNum, name: a.name })),
    };
  }

  /** The linked accounts switching may lead to (see SignInService.switchTo). */
  private async switchable(principal: Principal, linked: StaffRow[]): Promise<StaffRow[]> {
    const allowed = await Promise.all(linked.map(async (a) => !a.isSuperAdmin && (await this.grants.covers(principal, a.id))));
    return linked.filter((_, i) => allowed[i]);
  }

  menus(principal: Principal) {
    return this.grants.menusOf(principal.staffId, principal.isSuperAdmin);
  }

  verifyOperation(principal: Principal, code: string) {
    return { code, allowed: holdsOperation(principal, code) };
  }

  /**
   * Checks the signed-in staff's current password before a change of their own. A wrong one counts toward the same
   * lock as a wrong password at sign-in, so a left-open session does not allow unlimited guesses.
   */
  private async confirmOwnPassword(me: StaffRow, password: string, field: string, client: ClientInfo): Promise<void> {
    const attempt = { method: 'password' as const, identifier: me.staffNum, ip: client.ip, staffId: me.id };
    const until = await this.guard.lockedUntil(attempt);
    if (until) throw new AppError(ErrorCode.LOCKED, undefined, { unlock_at: until.toISOString() });
    if (!(await verifyPassword(password, me.passwordHash))) {
      await this.guard.failed(attempt, client.userAgent);
      throw AppError.invalid(field, { 'zh-CN': '密码不正确', 'en-US': 'wrong password' });
    }
  }

  /** The new password must differ from the current one and not be a common one; every session ends. */
  async changeOwnPassword(principal: Principal, oldPassword: string, newPassword: string, client: ClientInfo): Promise<null> {
    const me = await this.account(principal.staffId);
    await this.confirmOwnPassword(me, oldPassword, 'old_pwd', client);
    if (newPassword === oldPassword) throw AppError.invalid('new_pwd', { 'zh-CN': '不能与当前密码相同', 'en-US': 'must differ from the current password' });
    await this.setPassword(me.id, newPassword, principal, 'new_pwd');
    return null;
  }

  /**
   * A new phone of one's own: the current password and a code sent to the new phone (`sendPhoneChangeCode`). The
   * staff's other sessions end, as SMS sign-in follows the phone; this one stays.
   */
  async changeOwnPhone(principal: Principal, phone: string, code: string, password: string, client: ClientInfo): Promise<null> {
    const me = await this.account(principal.staffId);
    await this.confirmOwnPassword(me, password, 'password', client);
    if (!(await this.codes.consumeCode(phone, code))) throw AppError.invalid('verification_code', { 'zh-CN': '验证码错误或已过期', 'en-US': 'wrong or expired code' });
    await this.saveUnique(() => this.repo.updateStaff(me.id, { phone }));
    await this.sessions.revokeStaff(me.id, undefined, principal.sessionId);
    await recordAudit(this.db, { staffId: me.id, action: 'staff.phone', target: `staff:${me.id}` });
    return null;
  }

  async changeOwnAvatar(principal: Principal, avatar: string): Promise<null> {
    await this.repo.updateStaff(principal.staffId, { avatar });
    return null;
  }

  async setPassword(id: number, password: string, actor: Principal, field = 'password'): Promise<null> {
    const target = await this.account(id);
    await this.assertMayManage(target, actor, 'staff.password');
    await this.repo.updateStaff(id, { passwordHash: await hashNewPassword(password, field) });
    await this.sessions.revokeStaff(id);
    await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.password', target: `staff:${id}` });
    return null;
  }

  /** The ceiling of `assertMayManage` for another module's act on the account (a staff record linking it); 40400 for no account. */
  async assertMayManageAccount(id: number, actor: Principal, action: string): Promise<void> {
    await this.assertMayManage(await this.account(id), actor, action);
  }

  /** A staff record linked to the account reached its leaving date: sign-in stops and sessions end, in the caller's transaction. */
  async disableForLeaving(id: number, reason: string, tx: Executor): Promise<void> {
    const target = await this.repo.staffById(id, tx);
    if (!target || target.status === 'disabled' || target.isSuperAdmin) return;
    await this.repo.updateStaff(id, { status: 'disabled' }, tx);
    await this.sessions.revokeStaff(id, tx);
    await recordAudit(tx, { staffId: null, action: 'staff.disable', target: `staff:${id}`, detail: { reason } });
  }

  /**
   * The ceiling for managing a staff (password, phone, roles, status, links): the actor must hold everything the
   * target's roles grant, as for granting; only the super-admin manages the super-admin. Refusals are recorded.
   */
  private async assertMayManage(target: StaffRow, actor: Principal, action: string): Promise<void> {
    if (actor.isSuperAdmin || target.id === actor.staffId) return;
    if (target.isSuperAdmin) {
      throw AppError.forbidden({ 'zh-CN': '不能修改超级管理员', 'en-US': 'Only the super-admin may change this account' });
    }
    if (!(await this.grants.covers(actor, target.id))) {
      await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.refused', target: `staff:${target.id}`, detail: { action } });
      throw AppError.forbidden({
        'zh-CN': '该员工拥有您没有的权限，不能管理',
        'en-US': 'This staff holds grants you do not, so you cannot manage them',
      });
    }
  }

  /** Linking accounts lets one switch into the other without a password: the super-admin's act alone. */
  private assertMayLink(current: string | null, wanted: string | null | undefined, actor: Principal): void {
    if (wanted === undefined || wanted === current || actor.isSuperAdmin) return;
    throw new AppError(ErrorCode.FORBIDDEN, { 'zh-CN': '只有超级管理员可以关联账号', 'en-US': 'Only the super-admin may link accounts' }, { field: 'person_key' });
  }

  async list(filter: { keyword?: string; status?: 'active' | 'disabled' }, page: number, limit: number, viewer: Principal) {
    const { count, rows } = await this.repo.listStaff(filter, page, limit);
    return { count, data: await this.toAccounts(rows, viewer) };
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
    this.assertMayLink(null, input.person_key, actor);
    await this.grants.assertMayAssignRoles(null, input.role_ids, actor);
    const passwordHash = await hashNewPassword(input.password, 'password');
    const row = await this.saveUnique(() =>
      this.db.transaction(async (tx) => {
        const created = await this.repo.insertStaff(
          { staffNum: input.staff_num, name: input.name, phone: input.phone, email: input.email, avatar: input.avatar, personKey: input.person_key ?? null, passwordHash },
          tx,
        );
        await this.grants.assignRoles(created.id, input.role_ids, tx);
        return created;
      }),
    );
    await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.add', target: `staff:${row.id}` });
    return this.toAccount(row, actor);
  }

  async edit(id: number, input: AccountFields, actor: Principal): Promise<StaffAccount> {
    const target = await this.account(id);
    await this.assertMayManage(target, actor, 'staff.edit');
    this.assertMayLink(target.personKey, input.person_key, actor);
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
    // SMS sign-in follows the phone: sessions begun through the old one end with it.
    if (row.phone !== target.phone) await this.sessions.revokeStaff(id);
    await recordAudit(this.db, { staffId: actor.staffId, action: 'staff.edit', target: `staff:${id}` });
    return this.toAccount(row, actor);
  }

  async setStatus(id: number, action: 'enable' | 'disable' | 'lock' | 'unlock', reason: string, actor: Principal): Promise<StaffAccount> {
    const target = await this.account(id);
    await this.assertMayManage(target, actor, `staff.${action}`);
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
    if (action === 'unlock') await this.repo.unlock(signInKeys(target));
    if (action === 'disable' || action === 'lock') await this.sessions.revokeStaff(id);
    await recordAudit(this.db, { staffId: actor.staffId, action: `staff.${action}`, target: `staff:${id}`, detail: { reason } });
    return this.toAccount(row!, actor);
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
