import zlib from 'node:zlib';
import { columnLetters } from '../../src/lib/import/workbook';

/**
 * Workbooks built byte by byte, for the import limits' tests: every entry's declared size can lie, and an entry can
 * expand to hundreds of MB without that expansion ever being held here. Nothing is committed as a fixture: the bombs
 * are a few hundred bytes of code, built in milliseconds.
 */

/** An entry's content already deflated, with the size and CRC-32 of what it expands to. */
export interface DeflatedContent {
  deflated: Buffer;
  size: number;
  crc: number;
}

export interface ZipEntry {
  name: string;
  content: string | Buffer | DeflatedContent;
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
}

const PADDING_BLOCK = 1024 * 1024;

/** Deflated up to a full flush: a piece of a stream that the next piece does not depend on. */
const flushed = (data: Buffer) => zlib.deflateRawSync(data, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });

/**
 * `prefix`, then `padding` bytes of `fill` (whole MiB), then `suffix`, deflated. Each piece is deflated on its own up to
 * a full flush, which empties deflate's history, so the padding's MiB deflates to the same bytes every time: it is
 * deflated once and repeated (≈1 KB a MiB, deflate's best ratio), and the stream stays valid.
 */
export function padded(prefix: string, padding: number, suffix: string, fill = ' '): DeflatedContent {
  const block = Buffer.alloc(PADDING_BLOCK, fill);
  const head = Buffer.from(prefix);
  const tail = Buffer.from(suffix);
  const blocks = Math.ceil(padding / PADDING_BLOCK);
  const deflatedBlock = flushed(block);
  let crc = zlib.crc32(head);
  for (let i = 0; i < blocks; i += 1) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(tail, crc);
  return {
    deflated: Buffer.concat([flushed(head), ...Array.from({ length: blocks }, () => deflatedBlock), zlib.deflateRawSync(tail)]),
    size: head.length + blocks * PADDING_BLOCK + tail.length,
    crc,
  };
}

function deflated(content: ZipEntry['content']): DeflatedContent {
  if (typeof content === 'object' && 'deflated' in content) return content;
  const data = Buffer.from(content);
  return { deflated: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) };
}

/** A zip of deflated entries, in the given order, with a central directory and no comment. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { deflated: data, size, crc } = deflated(entry.content);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A shared strings part holding these `<si>` elements. */
export const sharedStringsXml = (items: string) => `${XML}<sst xmlns="${MAIN}">${items}</sst>`;

const sheetStart = (dimension?: string) => `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

/** A worksheet part: the optional dimension element, then the sheet data's rows as XML. */
export const sheetXml = (rows: string, dimension?: string) => sheetStart(dimension) + rows + SHEET_END;

/** A row of inline-string cells from column A on (`row(1, ['姓名'])`). */
export const row = (number: number, texts: readonly string[]) =>
  `<row r="${number}">${texts.map((text, i) => `<c r="${columnLetters(i + 1)}${number}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

export interface WorkbookParts {
  sheet: string | DeflatedContent;
  sharedStrings?: string | DeflatedContent;
  /** The styles part's XML (number formats and cell formats). */
  styles?: string;
  /** Dates count from 1904. */
  date1904?: boolean;
  /** Declared sizes that lie, by entry name. */
  declared?: Readonly<Record<string, number>>;
  /** Entries added after the workbook's own. */
  more?: readonly ZipEntry[];
}

/** The smallest .xlsx a spreadsheet program opens: one sheet, and shared strings and styles when given. */
export function xlsxOf({ sheet, sharedStrings, styles, date1904, declared = {}, more = [] }: WorkbookParts): Buffer {
  const types = [
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    sharedStrings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` : '',
  ];
  const relationships = [
    `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>`,
    sharedStrings ? `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` : '',
    styles ? `<Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` : '',
  ];
  const entries: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      content: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${types.join('')}</Types>`,
    },
    { name: '_rels/.rels', content: `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', content: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">${date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', content: `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${relationships.join('')}</Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', content: sheet },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', content: sharedStrings }] : []),
    ...(styles ? [{ name: 'xl/styles.xml', content: `${XML}<styleSheet xmlns="${MAIN}">${styles}</styleSheet>` }] : []),
    ...more,
  ];
  return zipOf(entries.map((entry) => (entry.name in declared ? { ...entry, declaredSize: declared[entry.name] } : entry)));
}

/** One cell far down the sheet under a valid header: Excel's last row, 1,048,576. */
export const farCellWorkbook = () => xlsxOf({ sheet: sheetXml(row(1, ['姓名']) + row(1_048_576, ['张三']), 'A1:A1048576') });

/**
 * A valid header and row, then `padding` bytes of blanks inside the sheet data: 200 MB from ~200 KB by default. With
 * `declaredSize`, the zip says the sheet expands to that many bytes.
 */
export const expandingWorkbook = ({ padding = 200 * 1024 * 1024, declaredSize }: { padding?: number; declaredSize?: number } = {}) =>
  xlsxOf({
    sheet: padded(sheetStart('A1:B2') + row(1, ['姓名', '手机号']) + row(2, ['张三', '13900000001']), padding, SHEET_END),
    declared: declaredSize === undefined ? {} : { 'xl/worksheets/sheet1.xml': declaredSize },
  });

/**
 * A workbook within the limits but large: `rows` rows under the header 姓名, 手机号 (each refused for its mobile number),
 * each also holding `filler` numbers in columns without a header, which an import ignores but reads.
 */
export function largeWorkbook(rows: number, filler: number): Buffer {
  const numbers = Array.from({ length: filler }, (_, i) => i);
  const cells = (number: number) =>
    [`<c r="A${number}" t="inlineStr"><is><t>员工${number}</t></is></c><c r="B${number}" t="inlineStr"><is><t>-${number}</t></is></c>`, ...numbers.map((n) => `<c r="${columnLetters(n + 3)}${number}"><v>${n}</v></c>`)].join('');
  const body = Array.from({ length: rows }, (_, i) => `<row r="${i + 2}">${cells(i + 2)}</row>`).join('');
  return xlsxOf({ sheet: sheetXml(row(1, ['姓名', '手机号']) + body, `A1:${columnLetters(filler + 2)}${rows + 1}`) });
}
