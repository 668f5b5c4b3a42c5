import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { staff, staffSession } from '../../src/lib/db/schema';
import { hashToken } from '../../src/modules/auth/sessions';
import type { TestApp } from './app';
import { signInAsAdmin } from './auth';

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
