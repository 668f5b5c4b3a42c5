import { exportedKeys, type Resource, type ResourceField, type Texts } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { recordAudit } from '../audit/record';
import { sendWorkbook, type ExportColumn } from '../export/workbook';
import type { LookupRegistry } from '../lookups';
import { exportedTime } from '../time-zone';
import { referenceLookups } from './references';
import type { FilterQuery, ResourceRepository } from './repository';

type AnyResource = Resource<Record<string, ResourceField>>;
type Values = Record<string, unknown>;

/** Records read per query while exporting; a dictionary rarely holds more than a few of these. */
const BATCH = 500;
/** Compressed bytes a row takes, measured on the case platforms' and help manuals' exports; it only drives a progress bar. */
const BYTES_PER_ROW = 60;

const UPDATED_AT: Texts = { 'zh-CN': '更新时间', 'en-US': 'Updated' };
const YES_NO: Record<'yes' | 'no', Texts> = { yes: { 'zh-CN': '是', 'en-US': 'Yes' }, no: { 'zh-CN': '否', 'en-US': 'No' } };

/** A sheet column for each exported key: its label, a width for its kind, and the value as a reader wants it. */
export function resourceExportColumns(resource: AnyResource): ExportColumn<Values>[] {
  return exportedKeys(resource).map((key): ExportColumn<Values> => {
    if (key === 'updated_at') return { header: UPDATED_AT, width: 20, value: (row, { zone }) => exportedTime(row.updated_at as string, zone) };
    const field = resource.fields[key]!;
    switch (field.kind) {
      case 'number':
      case 'sort':
        return { header: field.label, width: 10, value: (row) => (row[key] as number | null) ?? '' };
      case 'select':
        // Codes are written by their names, never as stored (docs/export.md).
        return { header: field.label, width: 12, value: (row, { locale }) => field.options.find((o) => o.value === row[key])?.label[locale] ?? '' };
      case 'boolean':
        return { header: field.label, width: 8, value: (row, { locale }) => YES_NO[row[key] ? 'yes' : 'no'][locale] };
      case 'date':
        return { header: field.label, width: 12, value: (row) => (row[key] as string | null) ?? '' };
      case 'reference':
        // The record's name, put in the row by the export's batches (`withNames`).
        return { header: field.label, width: 20, value: (row) => (row[key] as string | null) ?? '' };
      default:
        return { header: field.label, width: field.kind === 'textarea' ? 40 : Math.min(40, Math.max(12, Math.ceil(field.max / 2))), value: (row) => (row[key] as string | null) ?? '' };
    }
  });
}

/** A batch's rows with each reference's id replaced by its record's name: one read per reference and batch. */
async function withNames(resource: AnyResource, rows: Values[], lookups: Pick<LookupRegistry, 'namesOf'>): Promise<Values[]> {
  let named = rows;
  for (const [key, kind] of referenceLookups(resource)) {
    const names = await lookups.namesOf(kind, rows.flatMap((row) => (typeof row[key] === 'number' ? [row[key]] : [])));
    named = named.map((row) => (typeof row[key] === 'number' ? { ...row, [key]: names.get(row[key]) ?? `#${row[key]}` } : row));
  }
  return named;
}

/**
 * Streams every record the filter matches, in the list's order, as an .xlsx file (lib/export); the export is recorded
 * in the audit log with its filter and row count.
 */
export function sendResourceExport(reply: FastifyReply, records: ResourceRepository, query: FilterQuery, staffId: number, lookups: Pick<LookupRegistry, 'namesOf'>): Promise<void> {
  const { resource } = records;
  const { module, thing, label } = resource;
  return sendWorkbook(reply, {
    fileName: label,
    sheetName: label,
    columns: resourceExportColumns(resource),
    bytesPerRow: BYTES_PER_ROW,
    open: async (zone) => {
      const total = await records.count(query);
      await recordAudit(records.db, { staffId, action: `${module}.${thing}.export`, target: `${module}.${thing}`, detail: { filter: query, rows: total, time_zone: zone }, ip: reply.request.ip });
      // Offsets, not a keyset: the order may be on any field, nulls included, and a dictionary is a few pages long.
      async function* batches() {
        for (let offset = 0; offset < total; offset += BATCH) {
          const rows = await records.rows(query, offset, BATCH);
          if (rows.length) yield await withNames(resource, rows, lookups);
          if (rows.length < BATCH) return;
        }
      }
      return { total, batches: batches() };
    },
  });
}
