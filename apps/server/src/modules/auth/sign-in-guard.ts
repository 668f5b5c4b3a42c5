import type { Clock } from '../../lib/clock';
import type { AuthRepository, SignInMethod } from './repository';

const MINUTE = 60_000;
export const lockRules = {
  failureWindowMs: 15 * MINUTE,
  /** Failures from one address that lock the identifier for that address. */
  failuresFromOneAddress: 10,
  /** Failures from all addresses together that lock the identifier for addresses it has not signed in from. */
  failuresFromEveryAddress: 30,
  lockMs: 10 * MINUTE,
  /** An address the account signed in from within this time is not held by the every-address lock. */
  knownAddressMs: 30 * 24 * 60 * MINUTE,
} as const;

export interface Attempt {
  method: SignInMethod;
  /** What was typed: a staff number or a phone, known or not. */
  identifier: string;
  ip: string;
  /** The account the identifier names, when there is one. */
  staffId?: number;
}

/**
 * Locks after failed attempts. They key on what was typed, whether it names an account or not, so a lock answers the
 * same for a staff number that exists and one that does not. The address the failures came from is locked first: ten
 * wrong passwords from one address do not lock the account for anyone else. Only failures from many addresses lock
 * every address, and even then not the addresses the account signed in from lately, so its owner keeps working.
 */
export class SignInGuard {
  constructor(
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
  ) {}

  /** Until when attempts like this one are refused; undefined when they are not. */
  async lockedUntil(attempt: Attempt): Promise<Date | undefined> {
    const now = this.clock.now();
    const locks = (await this.repo.locksOf(attempt.method, attempt.identifier, attempt.ip)).filter((l) => l.lockedUntil > now);
    const fromHere = locks.find((l) => l.ip === attempt.ip);
    if (fromHere) return fromHere.lockedUntil;
    const everywhere = locks.find((l) => l.ip === '');
    if (!everywhere) return undefined;
    const knownSince = new Date(now.getTime() - lockRules.knownAddressMs);
    if (attempt.staffId !== undefined && (await this.repo.signedInFrom(attempt.staffId, attempt.ip, knownSince))) return undefined;
    return everywhere.lockedUntil;
  }

  /**
   * Records a failed attempt in the sign-in records (a wrong password, or code) and locks the address, or every
   * address, when the failures add up.
   */
  async failed(attempt: Attempt, userAgent: string): Promise<void> {
    const now = this.clock.now();
    await this.repo.recordSignIn({
      staffId: attempt.staffId ?? null,
      identifier: attempt.identifier,
      method: attempt.method,
      result: attempt.method === 'sms' ? 'bad_code' : 'bad_credentials',
      ip: attempt.ip,
      userAgent,
      createdAt: now,
    });
    const windowStart = now.getTime() - lockRules.failureWindowMs;
    const locks = await this.repo.locksOf(attempt.method, attempt.identifier, attempt.ip);
    const lockEnd = (ip: string) => locks.find((l) => l.ip === ip)?.lockedUntil.getTime() ?? 0;
    const lockedUntil = new Date(now.getTime() + lockRules.lockMs);
    for (const [ip, limit] of [
      [attempt.ip, lockRules.failuresFromOneAddress],
      ['', lockRules.failuresFromEveryAddress],
    ] as const) {
      const scope = ip === '' ? undefined : ip;
      // Failures before the last lock ended or before the last success do not count again.
      const lastSuccess = (await this.repo.lastSuccessAt(attempt.method, attempt.identifier, scope))?.getTime() ?? 0;
      const since = new Date(Math.max(windowStart, lockEnd(ip), lastSuccess + 1));
      if ((await this.repo.failuresSince(attempt.method, attempt.identifier, since, scope)) >= limit) {
        await this.repo.lock({ method: attempt.method, identifier: attempt.identifier, ip, lockedUntil });
      }
    }
  }
}
