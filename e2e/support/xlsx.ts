// Reads an .xlsx file just enough to check it: a workbook is a zip; its central directory lists the parts, each stored
// or deflated. Enough to count a sheet's rows without a spreadsheet library.
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The parts of a zip file by name. */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== EOCD) end--;
  if (end < 0) throw new Error('not a zip file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(local) !== LOCAL) throw new Error(`broken local header of ${name}`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The rows of the first worksheet, each as the text of its cells (inline strings and numbers). */
export function sheetRows(xlsx: Buffer): string[][] {
  const sheet = zipEntries(xlsx).get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('no first worksheet');
  const xml = sheet.toString('utf8');
  return [...xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map(([, cells]) =>
    [...cells!.matchAll(/<c\b[^>]*>([\s\S]*?)<\/c>/g)].map(([, cell]) => {
      const text = /<t[^>]*>([\s\S]*?)<\/t>/.exec(cell!) ?? /<v>([\s\S]*?)<\/v>/.exec(cell!);
      return text ? text[1]! : '';
    }),
  );
}
