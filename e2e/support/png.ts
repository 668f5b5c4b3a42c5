import zlib from 'node:zlib';

/** One PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([head, body, crc]);
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** What a tEXt chunk adds besides its text: length, type, keyword and its NUL, CRC. */
const TEXT_CHUNK_OVERHEAD = 4 + 4 + 'Comment'.length + 1 + 4;

/**
 * A valid PNG of the given size (a colour gradient), for uploads that a browser shows and the server's magic-byte check
 * reads. `bytes` pads it with a text comment to about that size, to try size limits.
 */
export function pngImage(width: number, height: number, bytes = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([22 + (x * 80) / width, 119 + (y * 80) / height, 255 - (x * 60) / width], row + 1 + x * 3);
  }
  const image = [SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows))];
  const end = chunk('IEND', Buffer.alloc(0));
  const padding = bytes - image.reduce((sum, part) => sum + part.length, end.length) - TEXT_CHUNK_OVERHEAD;
  if (padding > 0) image.push(chunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(padding, 'x')])));
  return Buffer.concat([...image, end]);
}
