import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { userLoginLog, users } from '../../lib/db/schema';
import { userSession, type UserSessionRow } from './table';

export type AppUserLogin = typeof userLoginLog.$inferInsert;

/** What the marketplace users' sign-in reads and writes: the users (the user module's table), their sessions and sign-in records. */
export class AppUserRepository {
  constructor(private readonly db: Executor) {}

  async userByMobile(mobile: string, tx: Executor = this.db) {
    const [row] = await tx
      .select({ id: users.id, typeUser: users.typeUser, locked: users.locked, lockReason: users.lockReason })
      .from(users)
      .where(eq(users.mobile, mobile));
    return row;
  }

  async userById(id: number, tx: Executor = this.db) {
    const [row] = await tx
      .select({ id: users.id, name: users.name, mobile: users.mobile, headImgUrl: users.headImgUrl, typeUser: users.typeUser })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  async recordLogin(values: AppUserLogin, tx: Executor = this.db): Promise<void> {
    await tx.insert(userLoginLog).values(values);
  }

  async markSignedIn(userId: number, at: Date, ip: string, tx: Executor = this.db): Promise<void> {
    await tx.update(users).set({ lastLoginAt: at, lastLoginIp: ip }).where(eq(users.id, userId));
  }

  async insertSession(values: typeof userSession.$inferInsert, tx: Executor = this.db): Promise<UserSessionRow> {
    const [row] = await tx.insert(userSession).values(values).returning();
    return row!;
  }

  /** The session of a token hash, with whether its user is locked now. */
  async sessionByHash(tokenHash: string, tx: Executor = this.db) {
    const [row] = await tx
      .select({ session: userSession, locked: users.locked })
      .from(userSession)
      .innerJoin(users, eq(users.id, userSession.userId))
      .where(eq(userSession.tokenHash, tokenHash));
    return row;
  }

  async touchSession(id: number, at: Date, tx: Executor = this.db): Promise<void> {
    await tx.update(userSession).set({ lastSeenAt: at }).where(eq(userSession.id, id));
  }

  /** Ends the user's open sessions beyond the newest `keep`, with `reason`. */
  async endSessionsBeyond(userId: number, keep: number, reason: NonNullable<UserSessionRow['endReason']>, at: Date, tx: Executor): Promise<void> {
    const open = await tx
      .select({ id: userSession.id })
      .from(userSession)
      .where(and(eq(userSession.userId, userId), isNull(userSession.endedAt)))
      .orderBy(desc(userSession.id));
    const beyond = open.slice(keep).map(({ id }) => id);
    if (beyond.length > 0) await tx.update(userSession).set({ endedAt: at, endReason: reason }).where(inArray(userSession.id, beyond));
  }

  async endSession(id: number, reason: NonNullable<UserSessionRow['endReason']>, at: Date, tx: Executor = this.db): Promise<void> {
    await tx
      .update(userSession)
      .set({ endedAt: at, endReason: reason })
      .where(and(eq(userSession.id, id), isNull(userSession.endedAt)));
  }
}
