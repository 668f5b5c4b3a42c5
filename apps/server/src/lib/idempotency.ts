import { createHash } from 'node:crypto';
import { AppError } from './errors';

/**
 * Idempotency keys (docs/finance.md): a request under a key already used answers the first one when it is the same
 * request, told by the fingerprint of what it asked for, and is refused otherwise.
 */
export const requestFingerprint = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** 40900 naming `idempotency_key`: the key was used for another request. */
export const keyReused = (): AppError =>
  new AppError(40900, { 'zh-CN': '该幂等键已用于另一笔请求', 'en-US': 'This idempotency key was used for another request' }, { field: 'idempotency_key' });
