import type { Texts } from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { keysetBatches } from '../export/batches';
import { sendWorkbook } from '../export/workbook';
import type { ImportColumn } from './columns';

/** An import's template: its workbook with the header row only, what an operator fills (a wide column for a remark). */
export function sendImportTemplate<K extends string>(reply: FastifyReply, template: { fileName: Texts; sheetName: Texts; columns: readonly ImportColumn<K>[]; wide?: K }): Promise<void> {
  return sendWorkbook<never>(reply, {
    fileName: template.fileName,
    sheetName: template.sheetName,
    columns: template.columns.map((column) => ({ header: column.header, width: column.key === template.wide ? 30 : 18, value: () => '' })),
    bytesPerRow: 60,
    open: () => Promise.resolve({ total: 0, batches: keysetBatches<never, number>(1, () => Promise.resolve([]), () => 0) }),
  });
}
