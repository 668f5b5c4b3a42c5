import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

export interface PasswordCost {
  logN: number;
  r: number;
  p: number;
}

/** scrypt N=2^17, r=8, p=1 (128 MiB, a quarter to most of a second): costly for a guesser, fine for one sign-in. */
export const PASSWORD_COST: PasswordCost = { logN: 17, r: 8, p: 1 };
let params = PASSWORD_COST;

/**
 * Sets the cost of new hashes. Only the server tests lower it (`test/setup.ts`), since they hash thousands of passwords;
 * the process test checks that the real server stores `PASSWORD_COST`. Stored hashes carry their own cost.
 */
export function setPasswordCost(cost: PasswordCost): void {
  params = cost;
}
const KEY_LENGTH = 32;

const options = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 2 ** logN * r * 128 * 2,
});

/** Stored as `scrypt$logN$r$p$salt$hash` (base64), so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, options(params.logN, params.r, params.p));
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, options(+logN!, +r!, +p!));
  return timingSafeEqual(key, expected);
}

/** A readable random password: 16 characters from an alphabet without look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * Whether a password is among the ~49,000 most common ones (zxcvbn-ts's common list, compared case-insensitively).
 * The list is loaded on first use: only password changes need it. It is the server's rule alone, since it would
 * weigh ~150 KB in the browser; the form shows the server's 40000 on its field.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await commonPasswords).has(password.toLowerCase());
}
