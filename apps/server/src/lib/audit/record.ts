import type { Executor } from '../db/client';
import { auditLog } from './table';

export interface AuditEntry {
  staffId?: number | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId ?? null,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}

/**
 * The entry of a refusal for want of an operation (`permission.denied`: who, which call, which operation and, when a
 * rule of one field asks for it, that field), as the access guard writes it for a call's own operation.
 */
export function recordPermissionDenied(
  db: Executor,
  refused: { staffId: number; request: { method: string; routeOptions: { url?: string }; ip: string }; operation: string; field?: string },
): Promise<void> {
  const { staffId, request, operation, field } = refused;
  return recordAudit(db, {
    staffId,
    action: 'permission.denied',
    target: `${request.method} ${request.routeOptions.url}`,
    detail: field === undefined ? { operation } : { operation, field },
    ip: request.ip,
  });
}
