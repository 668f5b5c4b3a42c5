import { auditChanges, type AuditEntryDetails, type AuditFilter, type AuditVocabulary } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { keysetBatches } from '../../lib/export/batches';
import { sendWorkbook, type ExportColumn } from '../../lib/export/workbook';
import type { Principal } from '../../lib/http/types';
import { exportedTime } from '../../lib/time-zone';
import type { AuditDetailDbRow, AuditPosition } from './repository';
import { toAuditEntryDetails, type AuditService } from './service';

/** Rows read per keyset query while exporting. */
const BATCH = 1000;
/** Compressed bytes a row takes in the workbook, measured on entries of resource edits (their record before and after). */
const BYTES_PER_ROW = 260;
/** Excel keeps at most 32,767 characters in a cell. */
const MAX_CELL = 32_000;

const cut = (text: string) => (text.length > MAX_CELL ? `${text.slice(0, MAX_CELL)}…` : text);
const shown = (value: unknown) => (value === undefined || value === null || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The workbook's columns, in order; names in the export's language from the log's vocabulary. */
export function auditExportColumns(vocabulary: AuditVocabulary): ExportColumn<AuditEntryDetails>[] {
  return [
    { header: { 'zh-CN': '时间', 'en-US': 'Time' }, width: 20, value: (e, { zone }) => exportedTime(e.created_at, zone) },
    { header: { 'zh-CN': '员工', 'en-US': 'Staff' }, width: 12, value: (e) => e.staff_name ?? (e.staff_id === null ? '' : `#${e.staff_id}`) },
    { header: { 'zh-CN': '工号', 'en-US': 'Staff number' }, width: 12, value: (e) => e.staff_num ?? '' },
    { header: { 'zh-CN': '操作', 'en-US': 'Action' }, width: 20, value: (e, { locale }) => vocabulary.actionName(e.action, locale) },
    { header: { 'zh-CN': '操作代码', 'en-US': 'Action code' }, width: 22, value: (e) => e.action },
    { header: { 'zh-CN': '对象', 'en-US': 'Target' }, width: 22, value: (e, { locale }) => vocabulary.targetName(e.target, locale) },
    { header: { 'zh-CN': '对象名称', 'en-US': 'Record name' }, width: 16, value: (e) => e.target_name ?? '' },
    { header: { 'zh-CN': 'IP', 'en-US': 'IP' }, width: 16, value: (e) => e.ip ?? '' },
    {
      header: { 'zh-CN': '变更', 'en-US': 'Changes' },
      width: 48,
      value: (e, { locale }) =>
        cut(
          auditChanges(e.detail)
            .filter((c) => c.changed)
            .map((c) => `${vocabulary.fieldName(e.action, c.field, locale)}: ${shown(c.before)} → ${shown(c.after)}`)
            .join('\n'),
        ),
    },
    { header: { 'zh-CN': '详情', 'en-US': 'Details' }, width: 48, value: (e) => (e.detail ? cut(JSON.stringify(e.detail)) : '') },
  ];
}

/**
 * Every entry matching the filter, newest first, as an .xlsx file streamed onto the reply (lib/export). The export is
 * itself recorded, with its filter and row count.
 */
export class AuditExporter {
  private readonly columns: ExportColumn<AuditEntryDetails>[];

  constructor(
    private readonly db: Db,
    private readonly service: AuditService,
    vocabulary: AuditVocabulary,
  ) {
    this.columns = auditExportColumns(vocabulary);
  }

  send(filter: AuditFilter, reply: FastifyReply, by: Principal): Promise<void> {
    const { db, service } = this;
    return sendWorkbook(reply, {
      fileName: { 'zh-CN': '操作日志', 'en-US': 'operation-log' },
      sheetName: { 'zh-CN': '操作日志', 'en-US': 'Operation log' },
      columns: this.columns,
      bytesPerRow: BYTES_PER_ROW,
      open: async (zone) => {
        const matching = service.conditions(filter, zone);
        const { count: total, lastId } = await service.repo.countAndLastId(matching);
        // The file holds what was counted: not this export's own entry, nor what others record meanwhile.
        const conditions = { ...matching, upToId: lastId };
        await recordAudit(db, { staffId: by.staffId, action: 'system.audit.export', target: 'audit_log', detail: { filter, rows: total, time_zone: zone }, ip: reply.request.ip });
        const pages = keysetBatches<AuditDetailDbRow, AuditPosition>(
          BATCH,
          (position, take) => service.repo.pageWithDetail(conditions, take, position),
          (last) => ({ at: last.at, id: last.id }),
        );
        return { total, batches: entries(pages) };
      },
    });
  }
}

async function* entries(pages: AsyncIterable<readonly AuditDetailDbRow[]>): AsyncGenerator<AuditEntryDetails[]> {
  for await (const rows of pages) yield rows.map(toAuditEntryDetails);
}
