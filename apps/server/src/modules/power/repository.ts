import { and, asc, count, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { staff } from '../../lib/db/schema';
import { power, role, rolePower, staffRole, type PowerRow, type RoleRow } from './table';
import { containing } from '../../lib/db/like';

export type NewPower = typeof power.$inferInsert;

export class PowerRepository {
  constructor(private readonly db: Executor) {}

  allPowers(tx: Executor = this.db): Promise<PowerRow[]> {
    return tx.select().from(power).orderBy(asc(power.sort), asc(power.id));
  }

  async findPower(id: number, tx: Executor = this.db): Promise<PowerRow | undefined> {
    const [row] = await tx.select().from(power).where(eq(power.id, id));
    return row;
  }

  async insertPower(values: NewPower, tx: Executor = this.db): Promise<PowerRow> {
    const [row] = await tx.insert(power).values(values).returning();
    return row!;
  }

  /** Several entries in one statement, in the order given; none for an empty list. */
  async insertPowers(values: NewPower[], tx: Executor = this.db): Promise<PowerRow[]> {
    return values.length ? tx.insert(power).values(values).returning() : [];
  }

  async updatePower(id: number, values: Partial<NewPower>, tx: Executor = this.db): Promise<PowerRow | undefined> {
    const [row] = await tx.update(power).set(values).where(eq(power.id, id)).returning();
    return row;
  }

  async deletePower(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(power).where(eq(power.id, id));
  }

  /** Names of the roles granting an entry. */
  async rolesGranting(powerId: number, tx: Executor = this.db): Promise<string[]> {
    const rows = await tx
      .select({ name: role.name })
      .from(rolePower)
      .innerJoin(role, eq(role.id, rolePower.roleId))
      .where(eq(rolePower.powerId, powerId))
      .orderBy(role.id);
    return rows.map((r) => r.name);
  }

  async childCount(id: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(power).where(eq(power.pid, id));
    return row?.n ?? 0;
  }

  /** Catalogue ids granted to a staff through all of their roles. */
  async powerIdsOfStaff(staffId: number, tx: Executor = this.db): Promise<number[]> {
    const rows = await tx
      .selectDistinct({ id: rolePower.powerId })
      .from(rolePower)
      .innerJoin(staffRole, eq(staffRole.roleId, rolePower.roleId))
      .where(eq(staffRole.staffId, staffId));
    return rows.map((r) => r.id);
  }

  /** The active accounts holding an operation: through a role granting it, or as the super-admin (who holds them all). */
  async holdersOf(code: string, tx: Executor = this.db): Promise<number[]> {
    const grantedThroughRole = tx
      .select({ one: sql`1` })
      .from(staffRole)
      .innerJoin(rolePower, eq(rolePower.roleId, staffRole.roleId))
      .innerJoin(power, eq(power.id, rolePower.powerId))
      .where(and(eq(staffRole.staffId, staff.id), eq(power.kind, 'operation'), eq(power.code, code)));
    const rows = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.status, 'active'), or(eq(staff.isSuperAdmin, true), exists(grantedThroughRole))))
      .orderBy(asc(staff.id));
    return rows.map((r) => r.id);
  }

  async powerIdsOfRoles(roleIds: number[], tx: Executor = this.db): Promise<number[]> {
    if (!roleIds.length) return [];
    const rows = await tx.selectDistinct({ id: rolePower.powerId }).from(rolePower).where(inArray(rolePower.roleId, roleIds));
    return rows.map((r) => r.id);
  }

  async roleIdsOfStaff(staffIds: number[], tx: Executor = this.db): Promise<{ staffId: number; roleId: number }[]> {
    if (!staffIds.length) return [];
    return tx.select().from(staffRole).where(inArray(staffRole.staffId, staffIds));
  }

  async setStaffRoles(staffId: number, roleIds: number[], tx: Executor = this.db): Promise<void> {
    await tx.delete(staffRole).where(eq(staffRole.staffId, staffId));
    if (roleIds.length) await tx.insert(staffRole).values(roleIds.map((roleId) => ({ staffId, roleId })));
  }

  async listRoles(keyword: string | undefined, page: number, limit: number, tx: Executor = this.db) {
    const where = keyword ? ilike(role.name, containing(keyword)) : undefined;
    const staffCount = sql<number>`(select count(*)::int from ${staffRole} where ${staffRole.roleId} = ${role.id})`;
    const [rows, [total]] = await Promise.all([
      tx
        .select({ role, staffCount })
        .from(role)
        .where(where)
        .orderBy(asc(role.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(role).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async findRole(id: number, tx: Executor = this.db): Promise<RoleRow | undefined> {
    const [row] = await tx.select().from(role).where(eq(role.id, id));
    return row;
  }

  async findRoleByName(name: string, tx: Executor = this.db): Promise<RoleRow | undefined> {
    const [row] = await tx.select().from(role).where(eq(role.name, name));
    return row;
  }

  async existingRoleIds(ids: number[], tx: Executor = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await tx.select({ id: role.id }).from(role).where(inArray(role.id, ids));
    return rows.map((r) => r.id);
  }

  async staffCountOfRole(id: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(staffRole).where(eq(staffRole.roleId, id));
    return row?.n ?? 0;
  }

  async insertRole(values: { name: string; remark: string }, tx: Executor = this.db): Promise<RoleRow> {
    const [row] = await tx.insert(role).values(values).returning();
    return row!;
  }

  async updateRole(id: number, values: { name: string; remark: string }, tx: Executor = this.db) {
    const [row] = await tx
      .update(role)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(role.id, id))
      .returning();
    return row;
  }

  async deleteRole(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(role).where(eq(role.id, id));
  }

  async powerIdsOfRole(id: number, tx: Executor = this.db): Promise<number[]> {
    const rows = await tx.select({ id: rolePower.powerId }).from(rolePower).where(eq(rolePower.roleId, id));
    return rows.map((r) => r.id);
  }

  async setRolePowers(id: number, powerIds: number[], tx: Executor = this.db): Promise<void> {
    await tx.delete(rolePower).where(eq(rolePower.roleId, id));
    if (powerIds.length) await tx.insert(rolePower).values(powerIds.map((powerId) => ({ roleId: id, powerId })));
  }

  async existingPowerIds(ids: number[], tx: Executor = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await tx.select({ id: power.id }).from(power).where(inArray(power.id, ids));
    return rows.map((r) => r.id);
  }

  async findMenuByPath(path: string, tx: Executor = this.db): Promise<PowerRow | undefined> {
    const [row] = await tx
      .select()
      .from(power)
      .where(and(eq(power.kind, 'menu'), eq(power.path, path)));
    return row;
  }

  async findOperationByCode(code: string, tx: Executor = this.db): Promise<PowerRow | undefined> {
    const [row] = await tx
      .select()
      .from(power)
      .where(and(eq(power.kind, 'operation'), eq(power.code, code)));
    return row;
  }
}
