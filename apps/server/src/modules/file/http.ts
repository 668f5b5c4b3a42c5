import type { FastifyReply } from 'fastify';
import { isImageExtension } from '../../lib/file-content';
import type { ByteRange, StoredObject } from '../../lib/storage';
import type { UploadedFileRow } from './table';

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="ascii fallback"; filename*=UTF-8''…` — the name has no control characters (cleaned on upload). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * One `bytes=` range of a file of `size` bytes: the range, `unsatisfiable`, or undefined to send the whole file
 * (no header, a malformed one, or several ranges — answering those in full is allowed).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Pictures open in place; everything else is downloaded, so a browser never renders an uploaded document as a page. */
export function dispositionOf(row: UploadedFileRow): 'inline' | 'attachment' {
  return isImageExtension(row.ext) ? 'inline' : 'attachment';
}

/** Headers every answer carrying uploaded bytes has: its declared type only, never sniffed, never run as a page. */
export function fileHeaders(reply: FastifyReply, row: UploadedFileRow, disposition: 'inline' | 'attachment'): FastifyReply {
  return reply
    .header('content-type', row.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(disposition, row.originalName))
    .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
}

export function sendObject(reply: FastifyReply, object: StoredObject, range?: ByteRange): FastifyReply {
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', object.size);
  }
  return reply.send(object.body);
}
