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
