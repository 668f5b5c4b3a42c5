import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { informSystemEvent, informSystemEventRole, type InformSystemEventRow } from './table';

export type SystemEventValues = Pick<InformSystemEventRow, 'enabled' | 'channels' | 'type' | 'title' | 'content'>;

/** A system event's settings row with the roles it goes to. */
export interface SystemEventRecord extends InformSystemEventRow {
  roleIds: number[];
}

/** The settings of the system events (系统通知) and the roles each notifies. */
export class SystemEventRepository {
  constructor(private readonly db: Executor) {}

  async all(tx: Executor = this.db): Promise<SystemEventRecord[]> {
    const [rows, roles] = await Promise.all([
      tx.select().from(informSystemEvent),
      tx.select().from(informSystemEventRole).orderBy(asc(informSystemEventRole.roleId)),
    ]);
    return rows.map((row) => ({ ...row, roleIds: roles.filter((r) => r.eventCode === row.code).map((r) => r.roleId) }));
  }

  async find(code: string, tx: Executor = this.db): Promise<SystemEventRecord | undefined> {
    const [row] = await tx.select().from(informSystemEvent).where(eq(informSystemEvent.code, code));
    if (!row) return undefined;
    const roles = await tx.select({ roleId: informSystemEventRole.roleId }).from(informSystemEventRole).where(eq(informSystemEventRole.eventCode, code)).orderBy(asc(informSystemEventRole.roleId));
    return { ...row, roleIds: roles.map((r) => r.roleId) };
  }

  /** Replaces an event's settings and roles (a role that does not exist fails on its foreign key). */
  async update(code: string, values: SystemEventValues, roleIds: number[], tx: Executor): Promise<void> {
    await tx.update(informSystemEvent).set({ ...values, updatedAt: sql`now()` }).where(eq(informSystemEvent.code, code));
    await tx.delete(informSystemEventRole).where(eq(informSystemEventRole.eventCode, code));
    if (roleIds.length) await tx.insert(informSystemEventRole).values(roleIds.map((roleId) => ({ eventCode: code, roleId })));
  }

  /** Adds the events of the catalogue that have no row yet; those there keep what staff made of them. */
  async ensure(rows: (typeof informSystemEvent.$inferInsert)[], tx: Executor = this.db): Promise<void> {
    if (rows.length) await tx.insert(informSystemEvent).values(rows).onConflictDoNothing({ target: informSystemEvent.code });
  }
}
