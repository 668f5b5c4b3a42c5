import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from './errors';

/**
 * Credentials at rest (docs/security.md › Secrets): a platform's password or signing secret, a model provider's key.
 * Sealed with AES-256-GCM under `SECRETS_KEY` as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), the key id being
 * the first 8 hex digits of the key's SHA-256, so a value says which key sealed it. Opening takes the current key or
 * `SECRETS_KEY_PREVIOUS`; `rotate` re-seals under the current key what the previous one sealed.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
export const SECRET_KEY_BYTES = 32;

/** The keys a box holds: the current one seals, both open. */
export interface SecretKeys {
  current?: Buffer;
  previous?: Buffer;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Refused when a credential is given while no key is set: the message names the variable to set. */
const noKey = (field: string) =>
  AppError.invalid(field, {
    'zh-CN': '服务器未设置 SECRETS_KEY，不能保存凭据',
    'en-US': 'SECRETS_KEY is not set on the server: credentials cannot be saved',
  });

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentId?: string;

  constructor({ current, previous }: SecretKeys) {
    for (const key of [previous, current]) {
      if (key && key.length !== SECRET_KEY_BYTES) throw new Error(`a secrets key is ${SECRET_KEY_BYTES} bytes`);
      if (key) this.keys.set(keyIdOf(key), key);
    }
    this.currentId = current && keyIdOf(current);
  }

  /** `plain` sealed under the current key; refused naming `field` when there is none. */
  seal(plain: string, field = 'secret'): string {
    if (!this.currentId) throw noKey(field);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The plain text of a sealed value; throws when it was sealed under a key the box does not hold, or was altered. */
  open(sealed: string): string {
    const [version, keyId, iv, tag, data, ...rest] = sealed.split('.');
    if (version !== VERSION || !keyId || iv === undefined || tag === undefined || data === undefined || rest.length) throw new Error('not a sealed secret');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`a secret sealed under key ${keyId}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /**
   * A kept secret of a record's `field`, opened for a request: one this box cannot open (sealed under a key that is
   * neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS, or altered) is refused with 40900 naming the field, to be entered
   * again, rather than failing as a server error.
   */
  openFor(sealed: string, field: string): string {
    try {
      return this.open(sealed);
    } catch {
      throw AppError.conflict(
        {
          'zh-CN': '保存的密钥或凭据无法解密（加密它的钥匙已不在 SECRETS_KEY 或 SECRETS_KEY_PREVIOUS 中），请重新填写',
          'en-US': 'The kept secret cannot be opened (the key that sealed it is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS): enter it again',
        },
        field,
      );
    }
  }

  /** Whether a sealed value needs re-sealing: sealed under another key than the current one. */
  stale(sealed: string): boolean {
    return this.currentId !== undefined && sealed.split('.')[1] !== this.currentId;
  }
}

/**
 * The embedded default's key, when `SECRETS_KEY` is not set: made once (random, mode 0600) in the data folder, so the
 * demo can keep credentials. A server on PostgreSQL gets no such file: its key comes from the environment alone.
 */
export function embeddedKey(file: string): Buffer {
  const read = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (fs.existsSync(file)) return read();
  const key = randomBytes(SECRET_KEY_BYTES);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process made it first: its key is the one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}
