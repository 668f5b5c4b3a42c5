import type { Texts } from '@juqi/contract';
import { AppError } from '../errors';
import type { ImportReport } from './report';
import { cellText, type WorkbookRow } from './workbook';

/** A column of an import with fixed columns: the header it is read by (either language) and whether a row must fill it. */
export interface ImportColumn<K extends string> {
  key: K;
  header: Texts;
  required: boolean;
}

/** A row under the header: its sheet row number and each column's cell as text ('' where the file has no such column). */
export interface ImportRow<K extends string> {
  row: number;
  cell: (key: K) => string;
}

/**
 * The rows of a sheet whose columns are an import's (docs/security.md › Uploads): the header row read in either
 * language, each known column once and the required ones present — else the file is refused with every header problem
 * — then the rows under it with any known column filled; a sheet with none is refused. `header(key)` is a column's
 * header as the file has it, for a row's problem.
 */
export function importRows<K extends string>(sheet: readonly WorkbookRow[], columns: readonly ImportColumn<K>[], report: ImportReport): { rows: ImportRow<K>[]; header: (key: K) => string } {
  const index = new Map<K, number>();
  const headers = new Map<K, string>();
  (sheet[0]?.number === 1 ? sheet[0].cells : []).forEach((value, i) => {
    const header = cellText(value);
    if (!header) return;
    const column = columns.find((c) => c.header['zh-CN'] === header || c.header['en-US'].toLowerCase() === header.toLowerCase());
    if (!column) return report.add(1, 'file', header, { 'zh-CN': '无法识别的列（请用模板的表头）', 'en-US': 'an unknown column (use the template’s headers)' });
    if (index.has(column.key)) return report.add(1, column.key, header, { 'zh-CN': '列重复', 'en-US': 'a repeated column' });
    index.set(column.key, i);
    headers.set(column.key, header);
  });
  for (const column of columns)
    if (column.required && !index.has(column.key)) report.add(1, column.key, column.header[report.locale], { 'zh-CN': `缺少“${column.header['zh-CN']}”列`, 'en-US': `the column “${column.header['en-US']}” is missing` });
  report.refuseIfAny();
  const known = [...index.entries()];
  const rows = sheet.flatMap((row): ImportRow<K>[] => {
    if (row.number === 1 || !known.some(([, i]) => cellText(row.cells[i]))) return [];
    return [{ row: row.number, cell: (key: K) => (index.has(key) ? cellText(row.cells[index.get(key)!]) : '') }];
  });
  if (!rows.length) throw AppError.invalid('file', { 'zh-CN': '表头下没有数据行', 'en-US': 'the sheet has no rows under its header' });
  return { rows, header: (key) => headers.get(key) ?? columns.find((c) => c.key === key)!.header[report.locale] };
}
