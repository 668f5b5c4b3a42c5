import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type LoginSettings } from '@juqi/contract';
import type { Clock } from '../../lib/clock';
import type { Db, Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { AppUserPrincipal, EndedSessions, GrantsDirectory, Principal, SessionEvents } from '../../lib/http/types';
import type { SettingsStore } from '../../lib/settings/store';
import type { AppUserLogin, AppUserRepository } from './app-user-repository';
import type { AuthRepository } from './repository';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a resolved session is trusted without reading the database again. Revocations in this process act at once. */
const CACHE_MS = 5_000;
/** last_seen_at is written at most this often; idle expiry is measured to within it. */
const TOUCH_MS = 60_000;
const CACHE_LIMIT = 10_000;

interface CachedSession {
  principal: Principal;
  createdAt: number;
  lastSeenAt: number;
  readAt: number;
}

/** What an ended session answers, staff's or app user's: 50012 when replaced by a sign-in elsewhere, 50014 expired, else 50008. */
const endReasonCode: Record<string, AppError['code']> = {
  replaced: ErrorCode.TOKEN_REPLACED,
  expired: ErrorCode.TOKEN_EXPIRED,
};

/**
 * Sessions: 256-bit random tokens of which only the SHA-256 is stored; idle and absolute expiry from the login settings;
 * ended sessions answer 50012 when replaced by a sign-in elsewhere, 50008 otherwise.
 */
export class SessionService implements SessionEvents {
  private readonly cache = new Map<string, CachedSession>();
  private readonly endedListeners: ((ended: EndedSessions) => void)[] = [];
  private settingsCache: { value: LoginSettings; readAt: number } | undefined;

  constructor(
    private readonly repo: AuthRepository,
    private readonly settings: SettingsStore,
    private readonly grants: GrantsDirectory,
    private readonly clock: Clock,
  ) {}

  /**
   * Listeners run right after the end is written, inside the caller's transaction if it passed one: should that roll
   * back, what they closed (a live stream) is reopened by its client.
   */
  onEnded(listener: (ended: EndedSessions) => void): void {
    this.endedListeners.push(listener);
  }

  private ended(ended: EndedSessions): void {
    for (const listener of this.endedListeners) listener(ended);
  }

  /** Cached permissions are stale once any grant changes. */
  forgetAll(): void {
    this.cache.clear();
  }

  async loginSettings(): Promise<LoginSettings> {
    const now = this.clock.now().getTime();
    if (!this.settingsCache || now - this.settingsCache.readAt > CACHE_MS) {
      this.settingsCache = { value: await this.settings.get('login'), readAt: now };
    }
    return this.settingsCache.value;
  }

  async create(staffId: number, client: { ip: string; userAgent: string }, tx?: Executor): Promise<{ token: string; sessionId: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const session = await this.repo.insertSession(
      { staffId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, ip: client.ip, userAgent: client.userAgent.slice(0, 300) },
      tx,
    );
    if ((await this.loginSettings()).single_session) {
      await this.repo.endStaffSessions(staffId, 'replaced', now, session.id, tx);
      this.forgetStaff(staffId);
      this.ended({ staffId, exceptSessionId: session.id });
    }
    return { token, sessionId: session.id };
  }

  async resolve(token: string): Promise<Principal> {
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    let entry = this.cache.get(tokenHash);
    if (!entry || now - entry.readAt > CACHE_MS) entry = await this.load(tokenHash, now);
    const settings = await this.loginSettings();
    const idle = now - entry.lastSeenAt > settings.idle_minutes * 60_000;
    const absolute = now - entry.createdAt > settings.absolute_hours * 3_600_000;
    if (idle || absolute) {
      this.cache.delete(tokenHash);
      await this.repo.endSession(entry.principal.sessionId, 'expired', new Date(now));
      this.ended({ staffId: entry.principal.staffId, sessionId: entry.principal.sessionId });
      throw new AppError(ErrorCode.TOKEN_EXPIRED);
    }
    if (now - entry.lastSeenAt > TOUCH_MS) {
      entry.lastSeenAt = now;
      await this.repo.touchSession(entry.principal.sessionId, new Date(now));
    }
    return entry.principal;
  }

  private async load(tokenHash: string, now: number): Promise<CachedSession> {
    const found = await this.repo.sessionByHash(tokenHash);
    if (!found) throw new AppError(ErrorCode.TOKEN_INVALID);
    const { session } = found;
    if (session.endedAt) throw new AppError(endReasonCode[session.endReason ?? ''] ?? ErrorCode.TOKEN_INVALID);
    if (found.staffStatus !== 'active') throw new AppError(ErrorCode.TOKEN_INVALID);
    const principal: Principal = {
      staffId: session.staffId,
      sessionId: session.id,
      isSuperAdmin: found.isSuperAdmin,
      operations: await this.grants.operationsOf(session.staffId, found.isSuperAdmin),
    };
    const entry = { principal, createdAt: session.createdAt.getTime(), lastSeenAt: session.lastSeenAt.getTime(), readAt: now };
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(tokenHash, entry);
    return entry;
  }

  async end(principal: Principal, reason: 'logout' | 'switched'): Promise<void> {
    await this.repo.endSession(principal.sessionId, reason, this.clock.now());
    for (const [hash, entry] of this.cache) if (entry.principal.sessionId === principal.sessionId) this.cache.delete(hash);
    this.ended({ staffId: principal.staffId, sessionId: principal.sessionId });
  }

  /** Ends every session of a staff at once (locked, disabled, password or phone changed), but the one it keeps, if any. */
  async revokeStaff(staffId: number, tx?: Executor, exceptSessionId?: number): Promise<void> {
    await this.repo.endStaffSessions(staffId, 'revoked', this.clock.now(), exceptSessionId, tx);
    this.forgetStaff(staffId);
    this.ended({ staffId, exceptSessionId });
  }

  private forgetStaff(staffId: number): void {
    for (const [hash, entry] of this.cache) if (entry.principal.staffId === staffId) this.cache.delete(hash);
  }
}

/** What a new app session starts with and writes alongside, in one transaction. */
export interface AppSignIn {
  userId: number;
  platform: AppUserLogin['platform'];
  ip: string;
  userAgent: string;
  /** The user's open sessions at most, this one counted: the oldest beyond it end as `replaced`. */
  maxSessions?: number;
}

/**
 * The marketplace users' app sessions: tokens made and stored as the staff's (only the SHA-256), expiring by the same
 * idle and absolute limits of the login settings, but in a table of their own, so a staff token means nothing to an
 * app-user call and an app token nothing to a staff call. Unlike staff sessions they are not cached: a resolve is one
 * indexed read, and a user locked by staff is refused on the next call (the session ends with reason `locked`).
 */
export class AppUserSessionService {
  constructor(
    private readonly db: Db,
    private readonly repo: AppUserRepository,
    private readonly loginSettings: () => Promise<LoginSettings>,
    private readonly clock: Clock,
  ) {}

  /** Opens a session, records the successful sign-in in the user's records and on the user. */
  async create(signIn: AppSignIn): Promise<{ token: string }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.repo.insertSession(
        { userId: signIn.userId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, ip: signIn.ip, userAgent: signIn.userAgent.slice(0, 300) },
        tx,
      );
      // No lock needed to count: one user's sign-ins are a code each, and codes are a minute apart (the resend cooldown).
      if (signIn.maxSessions !== undefined) await this.repo.endSessionsBeyond(signIn.userId, signIn.maxSessions, 'replaced', now, tx);
      await this.repo.recordLogin({ userId: signIn.userId, loginAt: now, ip: signIn.ip, platform: signIn.platform, result: 'success' }, tx);
      await this.repo.markSignedIn(signIn.userId, now, signIn.ip, tx);
    });
    return { token };
  }

  async resolve(token: string): Promise<AppUserPrincipal> {
    const found = await this.repo.sessionByHash(hashToken(token));
    if (!found) throw new AppError(ErrorCode.TOKEN_INVALID);
    const { session } = found;
    if (session.endedAt) throw new AppError(endReasonCode[session.endReason ?? ''] ?? ErrorCode.TOKEN_INVALID);
    const now = this.clock.now();
    if (found.locked) {
      await this.repo.endSession(session.id, 'locked', now);
      throw new AppError(ErrorCode.TOKEN_INVALID);
    }
    const settings = await this.loginSettings();
    const idle = now.getTime() - session.lastSeenAt.getTime() > settings.idle_minutes * 60_000;
    const absolute = now.getTime() - session.createdAt.getTime() > settings.absolute_hours * 3_600_000;
    if (idle || absolute) {
      await this.repo.endSession(session.id, 'expired', now);
      throw new AppError(ErrorCode.TOKEN_EXPIRED);
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_MS) await this.repo.touchSession(session.id, now);
    return { userId: session.userId, sessionId: session.id };
  }

  async end(appUser: AppUserPrincipal): Promise<void> {
    await this.repo.endSession(appUser.sessionId, 'logout', this.clock.now());
  }
}
