import type { AuditEntry, AuditEntryDetails, AuditFilter } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { cursorRefused, readCursor, writeCursor } from '../../lib/http/cursor';
import type { TimeZoneSource } from '../../lib/http/types';
import { AuditRepository, type AuditConditions, type AuditDbRow, type AuditDetailDbRow, type AuditPosition } from './repository';

/** Where the next page starts, and the first page's count, which later pages repeat instead of counting again. */
interface AuditCursor extends AuditPosition {
  count: number;
}

const encodeCursor = (cursor: AuditCursor) => writeCursor([cursor.at, cursor.id, cursor.count]);

function decodeCursor(text: string): AuditCursor {
  const [at, id, count] = readCursor(text, 3);
  const exactUtc = typeof at === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(at);
  if (!exactUtc || !Number.isSafeInteger(id) || (id as number) < 1 || !Number.isSafeInteger(count) || (count as number) < 0) throw cursorRefused();
  return { at, id: id as number, count: count as number };
}

export const toAuditEntry = (row: AuditDbRow): AuditEntry => ({
  id: row.id,
  staff_id: row.staffId,
  staff_name: row.staffName,
  staff_num: row.staffNum,
  action: row.action,
  target: row.target,
  target_name: row.targetName,
  ip: row.ip,
  created_at: row.createdAt.toISOString(),
});

// recordAudit writes an object or nothing.
export const toAuditEntryDetails = (row: AuditDetailDbRow): AuditEntryDetails => ({ ...toAuditEntry(row), detail: row.detail as Record<string, unknown> | null });

type ListBody = AuditFilter & { limit: number; cursor?: string };

/** 操作日志: the audit log, filtered and read page by page; nothing here changes an entry. */
export class AuditService {
  readonly repo: AuditRepository;

  constructor(
    db: Executor,
    /** Day filters are days in the platform's time zone. */
    readonly timeZone: TimeZoneSource,
  ) {
    this.repo = new AuditRepository(db);
  }

  /** The table's conditions for a filter, its days counted in `zone`. */
  conditions(filter: AuditFilter, zone: string): AuditConditions {
    if (filter.target_id !== undefined && filter.target_kind === undefined) throw AppError.invalid('target_id', { 'zh-CN': '请同时选择对象类型', 'en-US': 'needs the subject kind too' });
    return {
      staff: filter.staff,
      actions: filter.action,
      targetKind: filter.target_kind,
      targetId: filter.target_id,
      days: filter.time && { range: filter.time, zone },
      keyword: filter.keyword,
    };
  }

  async list(body: ListBody): Promise<{ count: number; data: AuditEntry[]; next_cursor: string | null }> {
    const cursor = body.cursor === undefined ? undefined : decodeCursor(body.cursor);
    const conditions = this.conditions(body, await this.timeZone.current());
    const [rows, count] = await Promise.all([this.repo.page(conditions, body.limit + 1, cursor), cursor ? cursor.count : this.repo.count(conditions)]);
    const more = rows.length > body.limit;
    const page = more ? rows.slice(0, body.limit) : rows;
    const last = page.at(-1);
    return { count, data: page.map(toAuditEntry), next_cursor: more && last ? encodeCursor({ at: last.at, id: last.id, count }) : null };
  }

  async details(id: number): Promise<AuditEntryDetails> {
    const row = await this.repo.find(id);
    if (!row) throw AppError.notFound();
    return toAuditEntryDetails(row);
  }
}
