import type { Texts } from '@juqi/contract';
import { AppError } from '../errors';

/**
 * How much of a workbook an import reads (docs/security.md › Uploads). The upload's byte limit alone bounds nothing
 * inside it: deflate expands up to ~1,000 times (5 MB → 5 GB of XML), and a sheet of a few bytes can name row
 * 1,048,576. Each import passes its own row and column limits; the defaults below hold for the rest.
 */
export interface WorkbookLimits {
  /** Rows under the header row (row 1): a cell further down refuses the file. */
  maxRows: number;
  /** Columns, A = 1: a cell further right refuses the file. */
  maxColumns: number;
  /** Files inside the zip. */
  maxEntries: number;
  /** Bytes the zip's entries expand to, each and all together: as declared, and as actually inflated. */
  maxExpandedBytes: number;
}

export const DEFAULT_WORKBOOK_LIMITS: Readonly<WorkbookLimits> = {
  maxRows: 5_000,
  maxColumns: 256,
  // A one-sheet workbook from Excel or WPS holds ~10 files; each further sheet, drawing or picture adds one or two.
  maxEntries: 200,
  // A spreadsheet's XML deflates about tenfold, a bomb's a thousandfold: the widest staff export (5,000 rows of 215
  // filled columns) is 48 MB of sheet XML in a 4.9 MB zip, just under the import's 5 MB upload limit.
  maxExpandedBytes: 64 * 1024 * 1024,
};

/** The multipart field an import's workbook is sent in; every refusal names it. */
export const WORKBOOK_FIELD = 'file';

/** A refused workbook: 40000 naming the file field, in the request's language. Nothing has been read into the database. */
export const refusedWorkbook = (message: Texts) => AppError.invalid(WORKBOOK_FIELD, message);

/** The refusal of a file that is not a well-formed workbook; what is wrong is technical, so it is given in English only. */
export const damagedWorkbook = (what: string) => refusedWorkbook({ 'zh-CN': '文件已损坏或不是 .xlsx 工作簿', 'en-US': `not a readable .xlsx workbook: ${what}` });

/** Bytes as people read them: MB with one decimal. */
export const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
