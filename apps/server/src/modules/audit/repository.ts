import { and, count, desc, eq, ilike, inArray, like, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';
import { containing, escapeLike } from '../../lib/db/like';
import { auditLog, staff } from '../../lib/db/schema';
import { dayRangeConditions } from '../../lib/time-zone';

/**
 * A keyset position in the log's order (newest first, then the higher id): the entry's time as PostgreSQL writes it
 * in UTC, to the microsecond, which a JavaScript Date would round to the millisecond and so skip or repeat entries.
 */
export interface AuditPosition {
  at: string;
  id: number;
}

/** An entry as the list reads it. */
export interface AuditDbRow {
  id: number;
  staffId: number | null;
  staffName: string | null;
  staffNum: string | null;
  action: string;
  target: string | null;
  targetName: string | null;
  ip: string | null;
  createdAt: Date;
  /** `created_at` as exact UTC text, for the next page's position. */
  at: string;
}

/** An entry with its details, as recorded. */
export type AuditDetailDbRow = AuditDbRow & { detail: unknown };

/** What a filter asks of the table, each part optional; the service turns the call's filter into it. */
export interface AuditConditions {
  /** A staff number (exactly) or part of a staff name. */
  staff?: string;
  actions?: string[];
  /** `case.platform` (every record of the kind) or `case.platform:12` (one). */
  targetKind?: string;
  targetId?: string;
  /** Days in the platform's time zone, both included. */
  days?: { range: DayRange; zone: string };
  keyword?: string;
  /** Entries up to this id: an export reads what it counted, not what was recorded since. */
  upToId?: number;
}

const columns = {
  id: auditLog.id,
  staffId: auditLog.staffId,
  staffName: staff.name,
  staffNum: staff.staffNum,
  action: auditLog.action,
  target: auditLog.target,
  // The record's name, from the record after the write, or before it for a delete.
  targetName: sql<string | null>`coalesce(${auditLog.detail} -> 'after' ->> 'name', ${auditLog.detail} -> 'before' ->> 'name')`,
  ip: auditLog.ip,
  createdAt: auditLog.createdAt,
  at: sql<string>`(${auditLog.createdAt} at time zone 'UTC')::text`,
};

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];
/** Entries after `position` in the log's order; `(created_at, id)` compared as one key, as the indexes hold them. */
const after = (position: AuditPosition) => sql`(${auditLog.createdAt}, ${auditLog.id}) < ((${position.at}::timestamp at time zone 'UTC'), ${position.id}::bigint)`;

/**
 * The audit log, read only: this module never writes or deletes an entry (lib/audit/record.ts writes them). Staff
 * names come from the staff table through a join, not from the auth module.
 */
export class AuditRepository {
  constructor(private readonly db: Executor) {}

  private where(filter: AuditConditions): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filter.staff !== undefined) {
      const who = this.db
        .select({ id: staff.id })
        .from(staff)
        .where(or(eq(staff.staffNum, filter.staff), ilike(staff.name, containing(filter.staff))));
      parts.push(inArray(auditLog.staffId, who));
    }
    if (filter.actions?.length) parts.push(inArray(auditLog.action, filter.actions));
    if (filter.targetKind !== undefined) {
      parts.push(
        filter.targetId !== undefined
          ? eq(auditLog.target, `${filter.targetKind}:${filter.targetId}`)
          : or(eq(auditLog.target, filter.targetKind), like(auditLog.target, `${escapeLike(filter.targetKind)}:%`)),
      );
    }
    if (filter.days) parts.push(...dayRangeConditions(auditLog.createdAt, filter.days.range, filter.days.zone));
    if (filter.keyword !== undefined) {
      const words = containing(filter.keyword);
      parts.push(or(ilike(auditLog.target, words), ilike(auditLog.ip, words), sql`${auditLog.detail}::text ilike ${words}`));
    }
    if (filter.upToId !== undefined) parts.push(lte(auditLog.id, filter.upToId));
    return and(...parts);
  }

  /** One page, newest first, after `position` when given. */
  page(filter: AuditConditions, take: number, position?: AuditPosition): Promise<AuditDbRow[]> {
    return this.db
      .select(columns)
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(and(this.where(filter), position && after(position)))
      .orderBy(...newestFirst)
      .limit(take);
  }

  /** A page with each entry's details, for the export. */
  pageWithDetail(filter: AuditConditions, take: number, position?: AuditPosition): Promise<AuditDetailDbRow[]> {
    return this.db
      .select({ ...columns, detail: auditLog.detail })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(and(this.where(filter), position && after(position)))
      .orderBy(...newestFirst)
      .limit(take);
  }

  async count(filter: AuditConditions): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(auditLog).where(this.where(filter));
    return row?.n ?? 0;
  }

  /** How many entries match, and the highest id among them (0 for none). */
  async countAndLastId(filter: AuditConditions): Promise<{ count: number; lastId: number }> {
    const [row] = await this.db.select({ n: count(), last: max(auditLog.id) }).from(auditLog).where(this.where(filter));
    return { count: row?.n ?? 0, lastId: Number(row?.last ?? 0) };
  }

  async find(id: number): Promise<AuditDetailDbRow | undefined> {
    const [row] = await this.db
      .select({ ...columns, detail: auditLog.detail })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(eq(auditLog.id, id));
    return row;
  }
}
