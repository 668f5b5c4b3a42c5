import { randomBytes } from 'node:crypto';

/** A part of a multipart form: a field, or a file with its name and content. */
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body of the parts in order, with its content-type header, for `app.inject`. */
export function multipart(parts: Part[]) {
  const boundary = `----juqi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`),
        p.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
