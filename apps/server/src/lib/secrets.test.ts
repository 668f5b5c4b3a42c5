import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { embeddedKey, SecretBox } from './secrets';

describe('SecretBox', () => {
  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const box = new SecretBox({ current: randomBytes(32) });
    const [one, two] = [box.seal('应用密码 abcd'), box.seal('应用密码 abcd')];
    expect(one).not.toBe(two);
    expect(one).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect([box.open(one), box.open(two)]).toEqual(['应用密码 abcd', '应用密码 abcd']);
  });

  it('refuses an altered value and one sealed under a key it does not hold', () => {
    const box = new SecretBox({ current: randomBytes(32) });
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 4), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox({ current: randomBytes(32) }).open(sealed)).toThrow(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
    expect(() => box.open('plain text')).toThrow(/not a sealed secret/);
  });

  it('opens under the previous key and calls such a value stale', () => {
    const [old, now] = [randomBytes(32), randomBytes(32)];
    const sealed = new SecretBox({ current: old }).seal('secret');
    const rotated = new SecretBox({ current: now, previous: old });
    expect(rotated.open(sealed)).toBe('secret');
    expect(rotated.stale(sealed)).toBe(true);
    expect(rotated.stale(rotated.seal('secret'))).toBe(false);
  });

  it('without a key, refuses to seal naming the field and SECRETS_KEY', () => {
    const box = new SecretBox({});
    const refusal = (() => {
      try {
        box.seal('x', 'credential');
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 40000, refused: [{ field: 'credential' }] });
    expect(refusal!.message).toContain('SECRETS_KEY');
  });

  it('keeps the embedded default’s key in a file of its own, made once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-secrets-'));
    try {
      const file = path.join(dir, 'secrets.key');
      const key = embeddedKey(file);
      expect(key).toHaveLength(32);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(embeddedKey(file).equals(key)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
