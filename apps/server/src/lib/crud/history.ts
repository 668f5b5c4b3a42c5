import type { HistoryEntry } from '@juqi/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../audit/table';

type Detail = { before?: Record<string, unknown>; after?: Record<string, unknown>; reason?: string; subject?: unknown } | null;
const stateIn = (side: Record<string, unknown> | undefined, field: string) => (typeof side?.[field] === 'number' ? (side[field] as number) : null);

/**
 * A record's history, oldest first: the audit entries of its add, edits and actions (`<module>.<thing>.<verb>` on
 * `<module>.<thing>:<id>`), each with who made it, the state before and after and the reason given. Read from the audit
 * log, which every write of the layer fills in its own transaction, so the history cannot miss a change.
 */
export async function historyOf(app: FastifyInstance, module: string, thing: string, id: number, stateField: string): Promise<HistoryEntry[]> {
  const prefix = `${module}.${thing}.`;
  const rows = await app.database.db
    .select({ staffId: auditLog.staffId, action: auditLog.action, detail: auditLog.detail, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.target, `${module}.${thing}:${id}`), like(auditLog.action, `${prefix}%`)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const names = await app.access.lookups.namesOf('staff', rows.flatMap((row) => (row.staffId === null ? [] : [row.staffId])));
  return rows.map((row) => {
    const detail = row.detail as Detail;
    return {
      at: row.at.toISOString(),
      staff_name: row.staffId === null ? null : (names.get(row.staffId) ?? null),
      action: row.action.slice(prefix.length),
      from: stateIn(detail?.before, stateField),
      to: stateIn(detail?.after, stateField),
      reason: detail?.reason ?? null,
      ...(typeof detail?.subject === 'string' && { subject: detail.subject }),
    };
  });
}
