import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  ErrorCode,
  fileSaveFields,
  MAX_UPLOAD_BYTES,
  UPLOAD_PATH_PATTERN,
  UPLOAD_URL_PREFIX,
  uploadLimits,
  uploadTypes,
  type FileRecord,
  type UploadScope,
  type UploadType,
} from '@juqi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../lib/db/client';
import { AppError, issuesRefused, type LocalText } from '../../lib/errors';
import { contentMatches, contentRules, isImageExtension } from '../../lib/file-content';
import type { Principal } from '../../lib/http/types';
import type { ServerMadeFile } from '../../lib/module';
import type { ByteRange, FileStorage, StoredObject } from '../../lib/storage';
import { FileRepository } from './repository';
import type { UploadedFileRow } from './table';

const MB = 1024 * 1024;

const tooLarge = (maxBytes: number) => {
  const size = `${Math.round((maxBytes / MB) * 100) / 100} MB`;
  return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { 'zh-CN': `文件超过 ${size}`, 'en-US': `file: larger than ${size}` }, { field: 'file', max_bytes: maxBytes });
};

/** The refusal of an upload not sent as a multipart form. */
export const NOT_MULTIPART: LocalText = { 'zh-CN': '请以 multipart/form-data 上传文件', 'en-US': 'send the file as multipart/form-data' };
const MALFORMED_BODY: LocalText = { 'zh-CN': '上传内容格式错误', 'en-US': 'malformed multipart body' };

class TooLarge extends Error {}

/** The client's name as we keep it: the base name, no control characters, at most 200 characters (extension kept). */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  let name = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Whether the caller may read an upload through `/uploads` and the download calls. Identity documents (`verification`)
 * and an agency's certification documents (`certification`) never: their modules serve them through their own checked
 * calls.
 */
export function mayRead(row: UploadedFileRow, caller: Principal | null): boolean {
  switch (row.scope) {
    case 'public':
      return true;
    case 'private':
      return caller !== null && (caller.isSuperAdmin || caller.staffId === row.uploaderId);
    case 'verification':
    case 'certification':
      return false;
  }
}

/**
 * Stores and records a file the server made (no uploader), unless an upload is recorded at its path already. Bytes
 * left in storage by an earlier attempt that crashed before recording are the same file, so they are kept.
 */
export async function keepServerFile(repo: FileRepository, storage: FileStorage, file: ServerMadeFile): Promise<void> {
  if (!UPLOAD_PATH_PATTERN.test(file.path)) throw new Error(`not an upload path: ${file.path}`);
  if (await repo.findByPath(file.path)) return;
  const ext = extensionOf(file.path);
  const rule = contentRules[ext];
  if (!rule) throw new Error(`no content rule for .${ext}`);
  const stored = await storage.get(file.path);
  if (stored) stored.body.destroy();
  else await storage.put(file.path, Readable.from([file.bytes]));
  await repo.insertIfAbsent({
    path: file.path,
    originalName: file.name,
    ext,
    size: file.bytes.length,
    mime: rule.mime,
    module: file.path.slice(0, file.path.indexOf('/')),
    type: isImageExtension(ext) ? 'img' : 'file',
    scope: file.scope,
    uploaderId: null,
  });
}

interface Staged {
  tmp: string;
  size: number;
  filename: string;
}

/** Turns the multipart parser's own refusals into catalogue envelopes. */
function multipartError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(MAX_UPLOAD_BYTES);
    case 'FST_FILES_LIMIT':
      return AppError.invalid('file', { 'zh-CN': '每次只能上传一个文件', 'en-US': 'one file per request' });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return AppError.invalid('body', { 'zh-CN': '字段过多', 'en-US': 'too many fields' });
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return AppError.invalid('body', { 'zh-CN': '字段格式错误', 'en-US': 'malformed field' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return AppError.invalid('file', NOT_MULTIPART);
    case 'ECONNRESET':
      // The client hung up before the body ended (a cancelled upload, a closed tab): routine, not a server fault.
      return AppError.invalid('file', { 'zh-CN': '上传中断', 'en-US': 'the upload was interrupted' });
    default: {
      const status = (err as { statusCode?: number } | null)?.statusCode;
      const message = err instanceof Error ? err.message : '';
      if ((status && status >= 400 && status < 500) || /multipart|part terminated|unexpected end/i.test(message)) {
        return AppError.invalid('body', MALFORMED_BODY);
      }
      return undefined;
    }
  }
}

export interface FileServiceOptions {
  storage: FileStorage;
  /** Folder for uploads while they are checked; on the same disk as DATA_DIR. */
  stagingDir: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Uploads: each file is streamed to a staging file (counting bytes against its type's limit), then checked — fields,
 * extension, size, magic bytes — and only then stored under a server-made name and recorded.
 */
export class FileService {
  private readonly repo: FileRepository;

  constructor(
    db: Db,
    private readonly options: FileServiceOptions,
  ) {
    this.repo = new FileRepository(db);
  }

  async save(parts: AsyncIterable<Multipart>, uploaderId: number): Promise<FileRecord> {
    const fields: Record<string, string> = {};
    let staged: Staged | undefined;
    try {
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value !== 'string') throw AppError.invalid(part.fieldname, { 'zh-CN': '须为纯文本字段', 'en-US': 'expected a plain text field' });
            if (part.valueTruncated) throw AppError.invalid(part.fieldname, { 'zh-CN': '内容过长', 'en-US': 'too long' });
            fields[part.fieldname] ??= part.value;
            continue;
          }
          if (part.fieldname !== 'file') throw AppError.invalid(part.fieldname, { 'zh-CN': '请在字段“file”中上传文件', 'en-US': 'send the file in the field "file"' });
          // The type's limit applies while streaming when `type` came first; otherwise the largest, checked again below.
          const hinted = uploadTypes.includes(fields.type as UploadType) ? (fields.type as UploadType) : undefined;
          staged = await this.stage(part, hinted ? uploadLimits[hinted].maxBytes : MAX_UPLOAD_BYTES);
        }
      } catch (err) {
        throw multipartError(err) ?? err;
      }
      return await this.keep(fields, staged, uploaderId);
    } finally {
      if (staged) await fs.promises.rm(staged.tmp, { force: true });
    }
  }

  private async stage(part: MultipartFile, maxBytes: number): Promise<Staged> {
    await fs.promises.mkdir(this.options.stagingDir, { recursive: true });
    const tmp = path.join(this.options.stagingDir, `${randomBytes(16).toString('hex')}.upload`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > maxBytes ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(part.file, counter, fs.createWriteStream(tmp, { flags: 'wx' }));
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      if (err instanceof TooLarge) throw tooLarge(maxBytes);
      throw err;
    }
    if (part.file.truncated) {
      await fs.promises.rm(tmp, { force: true });
      throw tooLarge(maxBytes);
    }
    return { tmp, size, filename: part.filename ?? '' };
  }

  /**
   * A file part of another module's multipart call (an agency's certification documents), checked as an upload of
   * `type` and stored in `scope` with no uploader; refusals name `field`, the part's name.
   */
  async storePart(part: MultipartFile, stored: { module: string; type: UploadType; scope: UploadScope }): Promise<FileRecord> {
    let staged: Staged | undefined;
    try {
      staged = await this.stage(part, uploadLimits[stored.type].maxBytes);
      return await this.store(staged, stored, null, part.fieldname);
    } catch (err) {
      throw multipartError(err) ?? err;
    } finally {
      if (staged) await fs.promises.rm(staged.tmp, { force: true });
    }
  }

  private async keep(rawFields: Record<string, string>, staged: Staged | undefined, uploaderId: number): Promise<FileRecord> {
    const parsed = fileSaveFields.safeParse(rawFields);
    if (!parsed.success) throw issuesRefused(parsed.error.issues, 'body');
    if (!staged) throw AppError.invalid('file', { 'zh-CN': '请选择文件', 'en-US': 'required' });
    return this.store(staged, parsed.data, uploaderId, 'file');
  }

  /** Checks a staged file — extension, size, magic bytes — then stores it under a server-made name and records it. */
  private async store(
    staged: Staged,
    { module, type, scope }: { module: string; type: UploadType; scope: UploadScope },
    uploaderId: number | null,
    field: string,
  ): Promise<FileRecord> {

    const name = cleanFileName(staged.filename);
    const ext = extensionOf(name);
    const limit = uploadLimits[type];
    if (!ext) throw AppError.invalid(field, { 'zh-CN': '文件名须带扩展名', 'en-US': 'the file name needs an extension' });
    if (!limit.extensions.includes(ext)) {
      const accepted = limit.extensions.join(', ');
      throw AppError.invalid(field, { 'zh-CN': `该类型不接受 .${ext} 文件（可用：${accepted}）`, 'en-US': `.${ext} is not accepted for type ${type} (accepted: ${accepted})` });
    }
    if (staged.size === 0) throw AppError.invalid(field, { 'zh-CN': '文件是空的', 'en-US': 'the file is empty' });
    if (staged.size > limit.maxBytes) throw tooLarge(limit.maxBytes);
    if (!(await contentMatches(staged.tmp, ext))) throw AppError.invalid(field, { 'zh-CN': `文件内容不是 .${ext} 文件`, 'en-US': `the content is not a .${ext} file` });

    const now = this.options.clock.now();
    const key = [
      module,
      String(now.getUTCFullYear()),
      String(now.getUTCMonth() + 1).padStart(2, '0'),
      `${randomBytes(16).toString('hex')}.${ext}`,
    ].join('/');
    await this.options.storage.put(key, fs.createReadStream(staged.tmp));
    let row: UploadedFileRow;
    try {
      row = await this.repo.insert({
        path: key,
        originalName: name,
        ext,
        size: staged.size,
        mime: contentRules[ext]!.mime,
        module,
        type,
        scope,
        uploaderId,
      });
    } catch (err) {
      await this.options.storage.delete(key).catch(() => {});
      throw err;
    }
    return toRecord(row);
  }

  /** Deletes a file: 40400 when the caller may not even read it, 40300 when they may but did not upload it. */
  async remove(filePath: string, principal: Principal): Promise<void> {
    const row = await this.findReadable(filePath, principal);
    if (row.uploaderId !== principal.staffId && !principal.isSuperAdmin) {
      throw AppError.forbidden({ 'zh-CN': '只有上传者可以删除此文件', 'en-US': 'Only the uploader may delete this file' });
    }
    await this.drop(row);
  }

  /** Deletes files a module stored for a submission it then refused (`storePart`): refused input keeps nothing. */
  async discard(paths: readonly string[]): Promise<void> {
    for (const filePath of paths) await this.drop(await this.find(filePath));
  }

  private async drop(row: UploadedFileRow): Promise<void> {
    await this.repo.delete(row.id);
    try {
      await this.options.storage.delete(row.path);
    } catch (err) {
      this.options.log.warn({ err, path: row.path }, 'uploaded file record deleted, but its stored object was not');
    }
  }

  /** Removes staging files an interrupted process left behind (those older than `maxAgeMs`). */
  async sweepStaging(maxAgeMs = 60 * 60 * 1000): Promise<number> {
    const dir = this.options.stagingDir;
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat?.isFile() && stat.mtimeMs < cutoff) {
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** The record of an uploaded file, or 40400. */
  async find(filePath: string): Promise<UploadedFileRow> {
    const row = await this.repo.findByPath(filePath);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The record of an upload the caller may read; 40400 also for one they may not, so its existence stays unknown. */
  async findReadable(filePath: string, caller: Principal | null): Promise<UploadedFileRow> {
    const row = await this.find(filePath);
    if (!mayRead(row, caller)) throw AppError.notFound();
    return row;
  }

  /** The stored bytes of a recorded file (or a range of them), or 40400 when storage has lost them. */
  async read(row: UploadedFileRow, range?: ByteRange): Promise<StoredObject> {
    const object = await this.options.storage.get(row.path, range);
    if (!object) {
      this.options.log.warn({ path: row.path }, 'uploaded file is recorded but missing from storage');
      throw AppError.notFound();
    }
    return object;
  }
}

export const toRecord = (row: UploadedFileRow): FileRecord => ({
  name: row.originalName,
  path: row.path,
  url: `${UPLOAD_URL_PREFIX}${row.path}`,
  size: row.size,
  mime: row.mime,
  type: row.type,
  scope: row.scope,
});

