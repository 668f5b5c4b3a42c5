import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { AppError } from '../errors';
import { DEFAULT_WORKBOOK_LIMITS, damagedWorkbook, refusedWorkbook, type WorkbookLimits } from './limits';
import { ZipArchive, type ZipEntry } from './zip';

/**
 * Reading an uploaded .xlsx for an import, within limits (docs/security.md › Uploads; lib/import/limits.ts). Every
 * import reads its workbook here, never with a library that loads the whole file: ExcelJS inflated a 200 MB sheet
 * from a 210 KB upload, and built a million rows for one cell at A1048576, blocking the server for seconds.
 *
 * In order, before any row is read: the zip's directory (entries, declared sizes: `ZipArchive.open`); then the first
 * worksheet is scanned for its extent (the `<dimension>` element, each cell's place, the merged ranges). Rows and the
 * cells in a row must come in order, so the highest row also bounds how many rows there are. Only then are the shared strings and
 * number formats read, and the sheet read again for its values. Every part is parsed as it is inflated, a chunk per
 * turn of the event loop, so other requests are answered meanwhile, and memory holds the values, never the XML.
 */

/** A cell's value: text, a number, a boolean, or a date (a number in a date format). */
export type CellValue = string | number | boolean | Date;

export interface WorkbookRow {
  /** The row's number as the sheet shows it; the header is row 1. */
  number: number;
  /** Its values by column, A first (`cells[0]`); an empty cell holds none. */
  cells: readonly (CellValue | undefined)[];
}

/** A cell as the text a person typed: a date as its day (YYYY-MM-DD), anything else as written, trimmed; '' for none. */
export function cellText(value: CellValue | undefined): string {
  if (value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

// ——— places on the sheet ———

const CELL_REFERENCE = /^\$?([A-Z]{1,3})\$?([0-9]{1,7})$/i;

const columnNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/** A column's letters: 1 → A, 27 → AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function placeOf(reference: string): { row: number; column: number } | undefined {
  const match = CELL_REFERENCE.exec(reference);
  return match ? { row: Number(match[2]), column: columnNumber(match[1]!) } : undefined;
}

/** The limits on where cells may be, and their refusals. */
class SheetExtent {
  constructor(private readonly limits: WorkbookLimits) {}

  check({ row, column }: { row: number; column: number }): void {
    const { maxRows, maxColumns } = this.limits;
    if (row > maxRows + 1)
      throw refusedWorkbook({
        'zh-CN': `工作表用到第 ${row} 行，表头下最多 ${maxRows} 行：请拆分文件`,
        'en-US': `the sheet reaches row ${row}; at most ${maxRows} rows under the header: split the file`,
      });
    if (column > maxColumns)
      throw refusedWorkbook({
        'zh-CN': `工作表用到第 ${column} 列（${columnLetters(column)}），最多 ${maxColumns} 列`,
        'en-US': `the sheet reaches column ${columnLetters(column)} (${column}); at most ${maxColumns} columns`,
      });
  }

  /** How many cells fit in the extent: merged ranges covering more together overlap, which no spreadsheet program writes. */
  get cells(): number {
    return (this.limits.maxRows + 1) * this.limits.maxColumns;
  }
}

// ——— parsing a part ———

interface XmlHandlers {
  open?: (name: string, attributes: Readonly<Record<string, string>>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

/** Without its namespace prefix: `x:row` is `row` (some writers prefix the spreadsheet namespace). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses one entry's XML as it is inflated, yielding to the event loop after each chunk. A document type declaration
 * is refused (no part of a workbook has one, and entities are how XML bombs expand); so is anything malformed.
 */
async function parsePart(zip: ZipArchive, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('doctype', () => {
    throw damagedWorkbook(`${entry.name} declares a document type`);
  });
  const { open, text, close } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of zip.chunks(entry)) {
      parser.write(decoder.write(chunk));
      await nextTurn();
    }
    parser.write(decoder.end()).close();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw damagedWorkbook(`${entry.name}: ${(err as Error).message.split('\n')[0]}`);
  }
}

// ——— the package: which parts make the first sheet ———

/** A relationship's type by its last segment (`…/relationships/worksheet` → `worksheet`), as strict and transitional name it. */
const kindOf = (type: string) => type.slice(type.lastIndexOf('/') + 1);

/** A relationship's target as a part name: from the package root when absolute, else beside its source part. */
function partName(source: string, target: string): string {
  const segments = target.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

async function relationshipsOf(zip: ZipArchive, source: string): Promise<{ id: string; kind: string; part: string }[]> {
  const slash = source.lastIndexOf('/');
  const entry = zip.entry(`${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`);
  if (!entry) return [];
  const relationships: { id: string; kind: string; part: string }[] = [];
  await parsePart(zip, entry, {
    open: (name, a) => {
      if (name === 'Relationship' && a.Target && a.TargetMode !== 'External') relationships.push({ id: a.Id ?? '', kind: kindOf(a.Type ?? ''), part: partName(source, a.Target) });
    },
  });
  return relationships;
}

interface SheetParts {
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  /** Dates count their days from 1904 (old Mac workbooks), not from 1900. */
  date1904: boolean;
}

/** The workbook part, its first worksheet (in the workbook's order, as a spreadsheet program shows them), shared strings and styles. */
async function sheetParts(zip: ZipArchive): Promise<SheetParts> {
  const workbookName = (await relationshipsOf(zip, '')).find((r) => r.kind === 'officeDocument')?.part;
  const workbook = workbookName ? zip.entry(workbookName) : undefined;
  if (!workbookName || !workbook) throw damagedWorkbook('no workbook part');
  const sheetIds: string[] = [];
  let date1904 = false;
  await parsePart(zip, workbook, {
    open: (name, a) => {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      // The relationship id is r:id, whatever the prefix.
      if (name === 'sheet') sheetIds.push(Object.entries(a).find(([key]) => localName(key) === 'id' && key.includes(':'))?.[1] ?? '');
    },
  });
  const relationships = await relationshipsOf(zip, workbookName);
  const part = (kind: string) => {
    const name = relationships.find((r) => r.kind === kind)?.part;
    return name ? zip.entry(name) : undefined;
  };
  const worksheets = relationships.filter((r) => r.kind === 'worksheet');
  const first = sheetIds.map((id) => worksheets.find((r) => r.id === id)).find(Boolean);
  const sheet = first && zip.entry(first.part);
  if (!sheet) throw refusedWorkbook({ 'zh-CN': '工作簿中没有工作表', 'en-US': 'the workbook has no sheet' });
  return { sheet, sharedStrings: part('sharedStrings'), styles: part('styles'), date1904 };
}

/** The shared strings table: each `<si>`'s text, rich text runs joined, phonetic guides (`<rPh>`) left out. */
async function sharedStrings(zip: ZipArchive, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let inPhonetic = false;
  await parsePart(zip, entry, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = !inPhonetic;
    },
    text: (text) => {
      if (inText) current += text;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') strings.push(current);
    },
  });
  return strings;
}

/**
 * The built-in number formats that show dates or times (ECMA-376 §18.8.30), the East Asian ones included: a workbook
 * from a Chinese Excel or WPS writes 年月日 dates as 27–36 and 50–58 without naming their codes.
 */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A format code shows a date or time when a date or time letter remains outside quotes, brackets, escapes and fills. */
const isDateCode = (code: string) => /[ymdhsb]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, ''));

/** Which cell styles (`s`, indexes into `cellXfs`) show their number as a date. */
async function dateStyles(zip: ZipArchive, entry: ZipEntry | undefined): Promise<boolean[]> {
  if (!entry) return [];
  const codes = new Map<number, string>();
  const formats: number[] = [];
  let inCellFormats = false;
  await parsePart(zip, entry, {
    open: (name, a) => {
      if (name === 'numFmt') codes.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) formats.push(Number(a.numFmtId ?? 0));
    },
    close: (name) => {
      if (name === 'cellXfs') inCellFormats = false;
    },
  });
  return formats.map((id) => {
    const code = codes.get(id);
    return code === undefined ? DATE_FORMAT_IDS.has(id) : isDateCode(code);
  });
}

// ——— the sheet ———

/** A cell as the sheet stores it: its type (`t`), style (`s`), `<v>` and inline text, before they make its value. */
interface StoredCell {
  row: number;
  column: number;
  type: string;
  style: number;
  stored?: string;
  inline?: string;
}

interface MergedRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

interface SheetVisitor {
  cell(cell: StoredCell): void;
  merged(range: MergedRange): void;
}

/**
 * One pass over the sheet, checking where every row, cell and merged range is: in order, within the extent. Without
 * a visitor it only checks (the first pass); with one it also hands on each cell with its stored text.
 */
async function walkSheet(zip: ZipArchive, entry: ZipEntry, extent: SheetExtent, visitor?: SheetVisitor): Promise<void> {
  let row = 0;
  let inRow = false;
  let column = 0;
  let cell: StoredCell | undefined;
  let capturing: 'stored' | 'inline' | undefined;
  let inInline = false;
  let inPhonetic = false;
  let mergedCells = 0;
  await parsePart(zip, entry, {
    open: (name, a) => {
      switch (name) {
        case 'dimension': {
          // The used range as the writer saw it: its far corner may refuse the file before any row is parsed.
          const corner = placeOf(a.ref?.split(':').pop() ?? '');
          if (corner) extent.check(corner);
          break;
        }
        case 'row': {
          const number = a.r === undefined ? row + 1 : Number(a.r);
          if (!Number.isSafeInteger(number) || number <= row) throw damagedWorkbook(`row ${a.r} is out of order`);
          // Its place is checked by its cells: a row element without any (a row given a height) holds nothing.
          row = number;
          inRow = true;
          column = 0;
          break;
        }
        case 'c': {
          const place = a.r === undefined ? { row, column: column + 1 } : placeOf(a.r);
          if (!inRow || !place || place.row !== row || place.column <= column) throw damagedWorkbook(`cell ${a.r ?? ''} is out of place`);
          extent.check(place);
          column = place.column;
          if (visitor) cell = { row, column, type: a.t ?? 'n', style: Number(a.s ?? 0) };
          break;
        }
        case 'v':
          if (cell) {
            cell.stored = '';
            capturing = 'stored';
          }
          break;
        case 'is':
          if (cell) {
            cell.inline = '';
            inInline = true;
          }
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          if (inInline && !inPhonetic) capturing = 'inline';
          break;
        case 'mergeCell': {
          const [from, to] = (a.ref ?? '').split(':').map(placeOf);
          if (!from || !to || from.row > to.row || from.column > to.column) throw damagedWorkbook(`merged range ${a.ref} is malformed`);
          extent.check(to);
          mergedCells += (to.row - from.row + 1) * (to.column - from.column + 1);
          if (mergedCells > extent.cells) throw damagedWorkbook('merged ranges overlap');
          visitor?.merged({ top: from.row, left: from.column, bottom: to.row, right: to.column });
          break;
        }
      }
    },
    text: (text) => {
      if (capturing) cell![capturing] += text;
    },
    close: (name) => {
      if (name === 'v' || name === 't') capturing = undefined;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'row') inRow = false;
      else if (name === 'c' && cell) {
        visitor!.cell(cell);
        cell = undefined;
      }
    },
  });
}

/** Days since 1899-12-30 (or 1904-01-01) as a date, the way spreadsheet programs count them. */
const EXCEL_EPOCH_DAYS = 25569;
const DAYS_1900_TO_1904 = 1462;
const dateOf = (serial: number, date1904: boolean) => new Date(Math.round((serial - EXCEL_EPOCH_DAYS + (date1904 ? DAYS_1900_TO_1904 : 0)) * 86_400_000));

interface Formats {
  strings: readonly string[];
  dates: readonly boolean[];
  date1904: boolean;
}

/** What a stored cell holds: shared text, inline text, a formula's text, a boolean, a date, a number; nothing for errors and blanks. */
function valueOf(cell: StoredCell, formats: Formats): CellValue | undefined {
  const { stored, type } = cell;
  switch (type) {
    case 's': {
      if (!stored) return undefined;
      const text = formats.strings[Number(stored)];
      if (text === undefined) throw damagedWorkbook(`cell ${columnLetters(cell.column)}${cell.row} names a shared string that is not there`);
      return text || undefined;
    }
    case 'inlineStr':
      return cell.inline || stored || undefined;
    case 'str':
      return stored || undefined;
    case 'b':
      return stored ? Number(stored) !== 0 : undefined;
    case 'e':
      return undefined;
    case 'd': {
      const date = new Date(stored ?? '');
      return Number.isNaN(date.getTime()) ? undefined : date;
    }
    default: {
      const number = stored ? Number(stored) : Number.NaN;
      if (!Number.isFinite(number)) return undefined;
      return formats.dates[cell.style] ? dateOf(number, formats.date1904) : number;
    }
  }
}

/**
 * The rows of the workbook's first worksheet that hold a value, in order, after every check above (40000 naming
 * `file` when one fails). A merged range's value is in each of its cells, as a spreadsheet program shows it.
 */
export async function readWorkbook(data: Buffer, limits: Partial<WorkbookLimits> = {}): Promise<WorkbookRow[]> {
  const within: WorkbookLimits = { ...DEFAULT_WORKBOOK_LIMITS, ...limits };
  const zip = ZipArchive.open(data, within);
  const parts = await sheetParts(zip);
  const extent = new SheetExtent(within);
  await walkSheet(zip, parts.sheet, extent);

  const formats: Formats = { strings: await sharedStrings(zip, parts.sharedStrings), dates: await dateStyles(zip, parts.styles), date1904: parts.date1904 };
  const rows = new Map<number, (CellValue | undefined)[]>();
  const rowAt = (number: number) => rows.get(number) ?? rows.set(number, []).get(number)!;
  const merges: MergedRange[] = [];
  await walkSheet(zip, parts.sheet, extent, {
    cell: (cell) => {
      const value = valueOf(cell, formats);
      if (value !== undefined) rowAt(cell.row)[cell.column - 1] = value;
    },
    merged: (range) => merges.push(range),
  });
  for (const { top, left, bottom, right } of merges) {
    const value = rows.get(top)?.[left - 1];
    if (value === undefined) continue;
    for (let number = top; number <= bottom; number += 1) {
      const cells = rowAt(number);
      for (let column = left; column <= right; column += 1) cells[column - 1] = value;
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([number, cells]) => ({ number, cells }));
}
