import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_ROWS_HEADER, type Locale, type Texts } from '@juqi/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { lazyService, type AccessServices } from '../http/types';
import { fileNameStamp } from '../time-zone';

/** What a cell's value may depend on besides its row. */
export interface ExportContext {
  /** The workbook follows the request's Accept-Language, as the server's messages do. */
  locale: Locale;
  /** Times are written as the platform's time zone shows them (`exportedTime`). */
  zone: string;
}

export interface ExportColumn<Row> {
  /** The header in each language. */
  header: Texts;
  /** In characters, as Excel counts a column's width. */
  width: number;
  /** Money columns hold yuan (fen / 100) shown with two decimals. */
  money?: boolean;
  value: (row: Row, context: ExportContext) => string | number;
}

/** The rows of one export, opened once the export holds its slot. */
export interface ExportRows<Row> {
  /** How many rows the file will hold: sent before them (x-export-rows) for the client's progress. */
  total: number;
  /**
   * The rows in the file's order, a batch at a time (`keysetBatches`). The next batch is asked for only once the
   * client has taken most of the last one, and the iteration is ended early (`return()`) when the client goes away.
   */
  batches: AsyncIterable<readonly Row[]>;
}

export interface WorkbookExport<Row> {
  /** The saved file's name before its time stamp (`用户导出` → `用户导出-20260301-0930.xlsx`); en-US also names the ASCII fallback. */
  fileName: Texts;
  sheetName: Texts;
  columns: readonly ExportColumn<Row>[];
  /** Compressed bytes a row takes in the workbook, measured on real rows; the estimate only drives a progress bar. */
  bytesPerRow: number;
  /**
   * Counts the rows and starts reading them, in the zone the file is written in (day filters count days in it). The
   * place to record the export in the audit log: a refusal thrown here is answered as an envelope, nothing sent.
   */
  open: (zone: string) => Promise<ExportRows<Row>>;
}

/** Bytes of a workbook with no rows: its zip and XML frame. */
const FIXED_BYTES = 8_000;
/** Uncompressed sheet XML allowed to wait for the client before reading more rows. */
const MAX_BACKLOG = 4 * 1024 * 1024;
/** Exports running at once in one server, whatever they export; more answer 42900. */
export const MAX_RUNNING_EXPORTS = 2;

/**
 * Exports running per server. Each module registers in its own Fastify context, but they all share one `access`
 * object (lib/http/types.ts), so it stands for the server here; the count goes with the server when it closes.
 */
const runningByServer = new WeakMap<AccessServices, { count: number }>();

const encodeRfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** The plain `filename=` for clients that do not read RFC 5987: printable ASCII, no quotes. */
const asciiName = (value: string) => value.replace(/[^\x20-\x7e]|["\\]/g, '_');

interface Buffered {
  buffers?: { length?: number }[];
  pipes?: { writableLength?: number; readableLength?: number }[];
}

/**
 * Sheet XML waiting to be compressed. ExcelJS's sheet stream does not pass back-pressure on to its reader, so the
 * export measures what piled up there and waits for the client instead of reading more rows.
 */
function backlog(worksheet: ExcelJS.Worksheet): number {
  const stream = (worksheet as unknown as { stream?: Buffered }).stream;
  if (!stream) return 0;
  const own = (stream.buffers ?? []).reduce((n, b) => n + (b.length ?? 0), 0);
  const piped = (stream.pipes ?? []).reduce((n, p) => n + (p.writableLength ?? 0) + (p.readableLength ?? 0), 0);
  return own + piped;
}

/**
 * Answers the request with an .xlsx file streamed as it is made: rows come from `open`'s batches into ExcelJS's
 * streaming WorkbookWriter (no shared strings, each row committed), and the zip goes out as it is compressed. Memory
 * stays bounded whatever the row count: one batch and MAX_BACKLOG of sheet XML. Headers are in the request's language,
 * times and the file name's stamp in the platform's time zone, read once so the rows and the name agree. The rows to
 * come and an estimate of the bytes are sent as headers first (x-export-rows, x-export-estimated-bytes), since the
 * length is unknown until the end. At most MAX_RUNNING_EXPORTS run at once in the server; another answers 42900.
 */
export async function sendWorkbook<Row>(reply: FastifyReply, workbook: WorkbookExport<Row>): Promise<void> {
  const { server, request } = reply;
  const running = runningByServer.get(server.access) ?? { count: 0 };
  runningByServer.set(server.access, running);
  if (running.count >= MAX_RUNNING_EXPORTS) throw new AppError(ErrorCode.TOO_MANY, { 'zh-CN': '另一导出正在进行，请在其结束后再试', 'en-US': 'Another export is running; try again when it ends' }, { retry_after: 10 });
  running.count += 1;
  let released = false;
  const release = () => {
    if (!released) {
      released = true;
      running.count -= 1;
    }
  };
  try {
    const locale = request.locale;
    const zone = await lazyService(server.access, 'timeZone', 'settings').current();
    const { total, batches } = await workbook.open(zone);
    const stamp = fileNameStamp(server.clock.now(), zone);
    const out = new PassThrough();
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="${asciiName(workbook.fileName['en-US'])}-${stamp}.xlsx"; filename*=UTF-8''${encodeRfc5987(`${workbook.fileName[locale]}-${stamp}.xlsx`)}`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header(EXPORT_ROWS_HEADER, String(total))
      .header(EXPORT_ESTIMATED_BYTES_HEADER, String(FIXED_BYTES + total * workbook.bytesPerRow));
    let aborted = false;
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted = true;
    });
    reply.send(out);
    writeRows(workbook, batches, { locale, zone }, out, () => aborted)
      .catch((err: unknown) => {
        reply.log.error({ err, file: workbook.fileName['en-US'] }, 'export failed');
        out.destroy(err as Error);
      })
      .finally(release);
  } catch (err) {
    release();
    throw err;
  }
}

async function writeRows<Row>(
  workbook: WorkbookExport<Row>,
  batches: AsyncIterable<readonly Row[]>,
  context: ExportContext,
  out: PassThrough,
  aborted: () => boolean,
): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = writer.addWorksheet(workbook.sheetName[context.locale], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = workbook.columns.map((c, i) => ({ header: c.header[context.locale], key: `c${i}`, width: c.width, style: c.money ? { numFmt: '0.00' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of batches) {
    for (const row of rows) sheet.addRow(workbook.columns.map((c) => c.value(row, context))).commit();
    while (backlog(sheet) > MAX_BACKLOG && !aborted()) await sleep(5);
    // A source that answers from memory never waits on I/O: without this turn the zip, the socket and a client's
    // hang-up would wait until every row is written.
    await nextTurn();
    // Leaving the loop ends the source's iteration: it reads nothing more.
    if (aborted()) break;
  }
  if (aborted()) {
    out.destroy();
    return;
  }
  sheet.commit();
  await writer.commit();
}
