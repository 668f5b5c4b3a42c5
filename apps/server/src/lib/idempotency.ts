import { createHash } from 'node:crypto';
import type { Executor } from './db/client';
import { isUniqueViolation } from './db/errors';
import { AppError } from './errors';

/**
 * Idempotency keys (docs/finance.md): a request under a key already used answers the first one when it is the same
 * request, told by the fingerprint of what it asked for, and is refused otherwise.
 */
export const requestFingerprint = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** 40900 naming `idempotency_key`: the key was used for another request. */
export const keyReused = (): AppError =>
  new AppError(40900, { 'zh-CN': '该幂等键已用于另一笔请求', 'en-US': 'This idempotency key was used for another request' }, { field: 'idempotency_key' });

/**
 * A record made once per key (a withdrawal application, an adjustment): `find` reads the record under the request's
 * key, `make` writes it, inserting its row first so that a concurrent request under the key waits on the row's unique
 * index. The first record under the key is the answer — found already, or committed meanwhile by that concurrent
 * request; when it was asked for with another fingerprint, the key was reused (40900).
 */
export async function onceUnderKey<R extends { fingerprint: string }>(
  db: Executor,
  fingerprint: string,
  find: (tx: Executor) => Promise<R | undefined>,
  make: (tx: Executor) => Promise<R>,
): Promise<R> {
  const row = await db
    .transaction(async (tx) => (await find(tx)) ?? make(tx))
    .catch(async (err: unknown) => {
      const first = isUniqueViolation(err) ? await find(db) : undefined;
      if (!first) throw err;
      return first;
    });
  if (row.fingerprint !== fingerprint) throw keyReused();
  return row;
}
