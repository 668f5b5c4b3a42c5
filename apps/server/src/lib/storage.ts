import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An inclusive byte range, as HTTP Range requests give it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's size in bytes (not the range's). */
  size: number;
}

/**
 * Where uploaded files live. Keys are relative paths of lowercase segments (`print/2026/05/ab…ef.png`) made by the
 * server; an implementation must refuse anything else. The local folder is the default; an object store can take its
 * place behind the same interface.
 */
export interface FileStorage {
  /** Writes a new object from the stream; never overwrites an existing key. */
  put(key: string, body: Readable): Promise<void>;
  /** The object (or a range of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Segments of letters, digits, `_` and `-`, the last with an extension; no dots elsewhere, no empty segments. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[A-Za-z0-9]+)?$/;

export class UnsafeStorageKeyError extends Error {}

/** A folder on the local disk (by default `DATA_DIR/uploads`). */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute file of a key; throws for anything that is not a plain relative key inside the root. */
  resolve(key: string): string {
    if (key.length > 300 || !SAFE_KEY.test(key)) throw new UnsafeStorageKeyError(`unsafe storage key: ${JSON.stringify(key)}`);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new UnsafeStorageKeyError(`storage key escapes the root: ${JSON.stringify(key)}`);
    return file;
  }

  async put(key: string, body: Readable): Promise<void> {
    const file = this.resolve(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const part = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, fs.createWriteStream(part, { flags: 'wx' }));
      // A hard link fails when the key exists, so an object is never replaced; readers never see a partial file.
      await fs.promises.link(part, file);
    } finally {
      await fs.promises.rm(part, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.resolve(key);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    if (!stat.isFile()) return null;
    const body = fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    return { body, size: stat.size };
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.resolve(key), { force: true });
  }
}
