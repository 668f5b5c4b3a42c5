import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { staff, staffSession, userSession } from '../../src/lib/db/schema';
import { hashToken } from '../../src/modules/auth/sessions';
import type { TestApp } from './app';
import { signInAppUser } from './app-user';
import { signInAsAdmin } from './auth';
import { insertUser } from './users';

/**
 * A super-admin token for tests that send generated calls, where a fitting input may log the admin out, change its
 * password or end its sessions. `start()` signs in through the API; `renew()` writes a fresh session row directly, as
 * a sign-in would, without the quarter-second scrypt of a real sign-in (generated log-outs would otherwise cost a
 * second each) and whatever the password has become. It runs between requests, never inside a before/after comparison.
 */
export class AdminSession {
  private constructor(
    private readonly t: TestApp,
    public token: string,
  ) {}

  static async start(t: TestApp): Promise<AdminSession> {
    return new AdminSession(t, await signInAsAdmin(t));
  }

  async renew(): Promise<void> {
    const db = this.t.database.db;
    const [admin] = await db.select({ id: staff.id }).from(staff).where(eq(staff.isSuperAdmin, true)).limit(1);
    if (!admin) throw new Error('no super-admin to sign in');
    const token = randomBytes(32).toString('base64url');
    const now = this.t.clock.now();
    await db.insert(staffSession).values({ staffId: admin.id, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, ip: '127.0.0.1' });
    this.token = token;
  }
}

/**
 * A marketplace user's app token for the same tests, for `app-user` calls. `start()` makes a user and signs them in
 * through the API; `renew()` writes a fresh session row directly, as a sign-in would, without waiting out the SMS
 * resend cooldown. The user's id is far from the small ids generated inputs aim at, so no generated call (a lock)
 * reaches them.
 */
export class AppUserSession {
  private constructor(
    private readonly t: TestApp,
    private readonly userId: number,
    public token: string,
  ) {}

  static async start(t: TestApp): Promise<AppUserSession> {
    const user = await insertUser(t, { id: 987_654_321 });
    return new AppUserSession(t, user.id, await signInAppUser(t, user.id));
  }

  async renew(): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = this.t.clock.now();
    await this.t.database.db.insert(userSession).values({ userId: this.userId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, ip: '127.0.0.1' });
    this.token = token;
  }
}
