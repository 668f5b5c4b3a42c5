import zlib from 'node:zlib';
import { AppError } from '../errors';
import { damagedWorkbook, megabytes, refusedWorkbook, type WorkbookLimits } from './limits';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_BYTES = 22;
const DIRECTORY_ENTRY_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;
/** A size or count saying "see the zip64 record": no workbook within an upload's limit needs one, so it is refused. */
const ZIP64_MARKS = { count: 0xffff, size: 0xffffffff } as const;
/** Inflated bytes handed on at a time: what one turn of the event loop parses. */
const CHUNK_BYTES = 64 * 1024;

/** A file in the zip, as its central directory describes it and its local header confirms. */
export interface ZipEntry {
  name: string;
  method: typeof STORED | typeof DEFLATED;
  /** Where its stored or deflated bytes lie in the archive. */
  start: number;
  end: number;
  /** What it says it expands to. Inflating past it stops and refuses the file; ending short of it refuses too. */
  declaredSize: number;
}

/** Where the end-of-central-directory record starts: the last one whose comment ends exactly at the file's end. */
function endOfDirectory(data: Buffer): number {
  const earliest = Math.max(0, data.length - END_OF_DIRECTORY_BYTES - 0xffff);
  for (let at = data.length - END_OF_DIRECTORY_BYTES; at >= earliest; at -= 1) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY && at + END_OF_DIRECTORY_BYTES + data.readUInt16LE(at + 20) === data.length) return at;
  }
  throw damagedWorkbook('no zip central directory');
}

/**
 * A zip held in memory, opened only when its central directory keeps the limits: at most `maxEntries` files, none
 * and not all together declaring more than `maxExpandedBytes`, each entry's local header agreeing with the directory
 * (a name read one way by one reader and another by the next is how zips smuggle content), no name twice. Nothing is
 * inflated here. Entries are found by name without regard to case, as the package's part names are.
 */
export class ZipArchive {
  private constructor(
    private readonly data: Buffer,
    private readonly entries: ReadonlyMap<string, ZipEntry>,
  ) {}

  static open(data: Buffer, limits: Pick<WorkbookLimits, 'maxEntries' | 'maxExpandedBytes'>): ZipArchive {
    if (data.length < END_OF_DIRECTORY_BYTES) throw damagedWorkbook('too short for a zip');
    const end = endOfDirectory(data);
    const count = data.readUInt16LE(end + 10);
    const directoryBytes = data.readUInt32LE(end + 12);
    const directoryStart = data.readUInt32LE(end + 16);
    if (data.readUInt16LE(end + 4) !== 0 || data.readUInt16LE(end + 6) !== 0 || data.readUInt16LE(end + 8) !== count) throw damagedWorkbook('a zip split over several disks');
    if (count === ZIP64_MARKS.count || directoryStart === ZIP64_MARKS.size) throw damagedWorkbook('zip64 is not accepted');
    if (count > limits.maxEntries)
      throw refusedWorkbook({
        'zh-CN': `工作簿内含 ${count} 个文件，最多 ${limits.maxEntries} 个`,
        'en-US': `the workbook holds ${count} files; at most ${limits.maxEntries}`,
      });
    const directoryEnd = directoryStart + directoryBytes;
    if (directoryEnd > end) throw damagedWorkbook('the central directory runs past its end');

    const entries = new Map<string, ZipEntry>();
    let declaredTotal = 0;
    let at = directoryStart;
    for (let index = 0; index < count; index += 1) {
      if (at + DIRECTORY_ENTRY_BYTES > directoryEnd || data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damagedWorkbook('the central directory is cut short');
      const flags = data.readUInt16LE(at + 8);
      const method = data.readUInt16LE(at + 10);
      const compressedBytes = data.readUInt32LE(at + 20);
      const declaredSize = data.readUInt32LE(at + 24);
      const nameBytes = data.readUInt16LE(at + 28);
      const localHeader = data.readUInt32LE(at + 42);
      const nameStart = at + DIRECTORY_ENTRY_BYTES;
      at = nameStart + nameBytes + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
      if (at > directoryEnd) throw damagedWorkbook('the central directory is cut short');
      const rawName = data.subarray(nameStart, nameStart + nameBytes);
      // Bit 11: the name is UTF-8; otherwise code page 437, of which the part names a workbook uses are ASCII.
      const name = rawName.toString(flags & 0x0800 ? 'utf8' : 'latin1');

      if (flags & 0x0001) throw damagedWorkbook(`${name} is encrypted`);
      if (method !== STORED && method !== DEFLATED) throw damagedWorkbook(`${name} is compressed with method ${method}`);
      if (compressedBytes === ZIP64_MARKS.size || declaredSize === ZIP64_MARKS.size || localHeader === ZIP64_MARKS.size) throw damagedWorkbook('zip64 is not accepted');
      if (method === STORED && compressedBytes !== declaredSize) throw damagedWorkbook(`${name} is stored with two sizes`);
      declaredTotal += declaredSize;
      if (declaredSize > limits.maxExpandedBytes)
        throw refusedWorkbook({
          'zh-CN': `工作簿中的 ${name} 解压后为 ${megabytes(declaredSize)}，最多 ${megabytes(limits.maxExpandedBytes)}`,
          'en-US': `${name} in the workbook expands to ${megabytes(declaredSize)}; at most ${megabytes(limits.maxExpandedBytes)}`,
        });
      if (declaredTotal > limits.maxExpandedBytes)
        throw refusedWorkbook({
          'zh-CN': `工作簿解压后超过 ${megabytes(limits.maxExpandedBytes)}`,
          'en-US': `the workbook expands to more than ${megabytes(limits.maxExpandedBytes)}`,
        });

      if (localHeader + LOCAL_HEADER_BYTES > directoryStart || data.readUInt32LE(localHeader) !== LOCAL_HEADER) throw damagedWorkbook(`no local header for ${name}`);
      const localNameBytes = data.readUInt16LE(localHeader + 26);
      const localNameStart = localHeader + LOCAL_HEADER_BYTES;
      const start = localNameStart + localNameBytes + data.readUInt16LE(localHeader + 28);
      const stop = start + compressedBytes;
      if (stop > directoryStart) throw damagedWorkbook(`${name} runs past the central directory`);
      if (data.readUInt16LE(localHeader + 8) !== method || !data.subarray(localNameStart, localNameStart + localNameBytes).equals(rawName))
        throw damagedWorkbook(`the local header of ${name} differs from the central directory`);

      const key = name.toLowerCase();
      if (entries.has(key)) throw damagedWorkbook(`${name} is in the zip twice`);
      entries.set(key, { name, method, start, end: stop, declaredSize });
    }
    return new ZipArchive(data, entries);
  }

  entry(name: string): ZipEntry | undefined {
    return this.entries.get(name.toLowerCase());
  }

  /**
   * The entry's bytes as they are inflated, CHUNK_BYTES at a time, from a stream that inflates only as far as they
   * are taken: what its declared size allows and not one chunk more. An entry that expands past its declared size
   * (a zip lying about it) stops there and refuses the file; so does one that ends short of it.
   */
  async *chunks(entry: ZipEntry): AsyncGenerator<Buffer> {
    const packed = this.data.subarray(entry.start, entry.end);
    if (entry.method === STORED) {
      for (let at = 0; at < packed.length; at += CHUNK_BYTES) yield packed.subarray(at, at + CHUNK_BYTES);
      return;
    }
    const inflater = zlib.createInflateRaw({ chunkSize: CHUNK_BYTES });
    inflater.end(packed);
    let inflated = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > entry.declaredSize)
          throw refusedWorkbook({
            'zh-CN': `工作簿中的 ${entry.name} 解压后超出其声明的大小（${entry.declaredSize} 字节）：文件已损坏或被篡改`,
            'en-US': `${entry.name} in the workbook expands past the size it declares (${entry.declaredSize} bytes): the file is damaged or crafted`,
          });
        yield chunk;
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw damagedWorkbook(`${entry.name} does not inflate`);
    } finally {
      inflater.destroy();
    }
    if (inflated !== entry.declaredSize) throw damagedWorkbook(`${entry.name} is shorter than it declares`);
  }
}
