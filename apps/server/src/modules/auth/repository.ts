import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { LookupItem } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';
import {
  signInLock,
  signInLog,
  signNonce,
  smsCode,
  staff,
  staffSession,
  type NewStaffRow,
  type SessionRow,
  type SignInLockRow,
  type SmsCodeRow,
  type StaffRow,
} from './table';
import { containing } from '../../lib/db/like';

export type SignInEntry = typeof signInLog.$inferInsert;
/** The methods a failed attempt can lock: a password (also a wrong current password when changing it) or an SMS code. */
export type SignInMethod = SignInLockRow['method'];


export class AuthRepository {
  constructor(private readonly db: Executor) {}

  // ——— staff accounts ———

  async staffByNum(staffNum: string, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.staffNum, staffNum));
    return row;
  }

  async staffByPhone(phone: string, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.phone, phone));
    return row;
  }

  async staffById(id: number, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.id, id));
    return row;
  }

  async staffSummaries(ids: readonly number[], tx: Executor = this.db): Promise<Pick<StaffRow, 'id' | 'staffNum' | 'name' | 'status'>[]> {
    if (!ids.length) return [];
    return tx.select({ id: staff.id, staffNum: staff.staffNum, name: staff.name, status: staff.status }).from(staff).where(inArray(staff.id, [...ids]));
  }

  async linkedAccounts(personKey: string, exceptId: number, tx: Executor = this.db): Promise<StaffRow[]> {
    return tx
      .select()
      .from(staff)
      .where(and(eq(staff.personKey, personKey), ne(staff.id, exceptId), eq(staff.status, 'active')))
      .orderBy(staff.id);
  }

  async insertStaff(values: NewStaffRow, tx: Executor = this.db): Promise<StaffRow> {
    const [row] = await tx.insert(staff).values(values).returning();
    return row!;
  }

  async updateStaff(id: number, values: Partial<NewStaffRow>, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx
      .update(staff)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(staff.id, id))
      .returning();
    return row;
  }

  async listStaff(filter: { keyword?: string; status?: 'active' | 'disabled' }, page: number, limit: number, tx: Executor = this.db) {
    const conditions: SQL[] = [];
    if (filter.keyword) {
      const pattern = containing(filter.keyword);
      conditions.push(or(ilike(staff.name, pattern), ilike(staff.staffNum, pattern), ilike(staff.phone, pattern))!);
    }
    if (filter.status) conditions.push(eq(staff.status, filter.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      tx.select().from(staff).where(where).orderBy(staff.id).limit(limit).offset((page - 1) * limit),
      tx.select({ n: count() }).from(staff).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  // ——— the staff lookup of record-picking fields ———

  /** Active staff whose name, number or phone holds the keyword, by name; every active staff without one. */
  async staffMatching(keyword: string | undefined, limit: number, tx: Executor = this.db): Promise<LookupItem[]> {
    const pattern = keyword ? containing(keyword) : undefined;
    const matches = pattern ? or(ilike(staff.name, pattern), ilike(staff.staffNum, pattern), ilike(staff.phone, pattern)) : undefined;
    return tx
      .select({ id: staff.id, name: staff.name, hint: staff.staffNum })
      .from(staff)
      .where(and(eq(staff.status, 'active'), matches))
      .orderBy(staff.name, staff.id)
      .limit(limit);
  }

  /** The staff of these ids, disabled ones included: a record keeps naming whoever was picked. */
  async staffNamed(ids: readonly number[], tx: Executor = this.db): Promise<LookupItem[]> {
    if (!ids.length) return [];
    return tx.select({ id: staff.id, name: staff.name, hint: staff.staffNum }).from(staff).where(inArray(staff.id, [...ids]));
  }

  // ——— sessions ———

  async insertSession(values: typeof staffSession.$inferInsert, tx: Executor = this.db): Promise<SessionRow> {
    const [row] = await tx.insert(staffSession).values(values).returning();
    return row!;
  }

  async sessionByHash(tokenHash: string, tx: Executor = this.db) {
    const [row] = await tx
      .select({ session: staffSession, staffStatus: staff.status, isSuperAdmin: staff.isSuperAdmin })
      .from(staffSession)
      .innerJoin(staff, eq(staff.id, staffSession.staffId))
      .where(eq(staffSession.tokenHash, tokenHash));
    return row;
  }

  async touchSession(id: number, at: Date, tx: Executor = this.db): Promise<void> {
    await tx.update(staffSession).set({ lastSeenAt: at }).where(eq(staffSession.id, id));
  }

  async endSession(id: number, reason: string, at: Date, tx: Executor = this.db): Promise<void> {
    await tx
      .update(staffSession)
      .set({ endedAt: at, endReason: reason })
      .where(and(eq(staffSession.id, id), isNull(staffSession.endedAt)));
  }

  /** Ends every open session of a staff, except one if given; returns the ended ids. */
  async endStaffSessions(staffId: number, reason: string, at: Date, exceptId?: number, tx: Executor = this.db): Promise<number[]> {
    const rows = await tx
      .update(staffSession)
      .set({ endedAt: at, endReason: reason })
      .where(
        and(
          eq(staffSession.staffId, staffId),
          isNull(staffSession.endedAt),
          exceptId === undefined ? undefined : ne(staffSession.id, exceptId),
        ),
      )
      .returning({ id: staffSession.id });
    return rows.map((r) => r.id);
  }

  // ——— sign-in records ———

  async recordSignIn(entry: SignInEntry, tx: Executor = this.db): Promise<void> {
    await tx.insert(signInLog).values(entry);
  }

  /** Failed attempts typed as this identifier with this method since a time; from one address when `ip` is given. */
  async failuresSince(method: SignInMethod, identifier: string, since: Date, ip?: string, tx: Executor = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(signInLog)
      .where(
        and(
          eq(signInLog.identifier, identifier),
          eq(signInLog.method, method),
          gte(signInLog.createdAt, since),
          inArray(signInLog.result, ['bad_credentials', 'bad_code']),
          ip === undefined ? undefined : eq(signInLog.ip, ip),
        ),
      );
    return row?.n ?? 0;
  }

  /** The last successful sign-in typed as this identifier with this method; from one address when `ip` is given. */
  async lastSuccessAt(method: SignInMethod, identifier: string, ip?: string, tx: Executor = this.db): Promise<Date | undefined> {
    const [row] = await tx
      .select({ at: signInLog.createdAt })
      .from(signInLog)
      .where(
        and(
          eq(signInLog.identifier, identifier),
          eq(signInLog.method, method),
          eq(signInLog.result, 'success'),
          ip === undefined ? undefined : eq(signInLog.ip, ip),
        ),
      )
      .orderBy(desc(signInLog.createdAt))
      .limit(1);
    return row?.at;
  }

  /** Whether the staff signed in successfully from this address since a time (by any method). */
  async signedInFrom(staffId: number, ip: string, since: Date, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: signInLog.id })
      .from(signInLog)
      .where(and(eq(signInLog.staffId, staffId), eq(signInLog.ip, ip), eq(signInLog.result, 'success'), gte(signInLog.createdAt, since)))
      .limit(1);
    return row !== undefined;
  }

  // ——— locks after failed attempts ———

  /** The locks on an identifier for one address and for every address (`ip` = ''), live or not. */
  async locksOf(method: SignInMethod, identifier: string, ip: string, tx: Executor = this.db): Promise<SignInLockRow[]> {
    return tx
      .select()
      .from(signInLock)
      .where(and(eq(signInLock.method, method), eq(signInLock.identifier, identifier), inArray(signInLock.ip, [ip, ''])));
  }

  async lock(values: SignInLockRow, tx: Executor = this.db): Promise<void> {
    await tx
      .insert(signInLock)
      .values(values)
      .onConflictDoUpdate({ target: [signInLock.method, signInLock.identifier, signInLock.ip], set: { lockedUntil: values.lockedUntil } });
  }

  /** Live every-address locks of these identifiers. */
  async everyAddressLocks(keys: { method: SignInMethod; identifier: string }[], at: Date, tx: Executor = this.db): Promise<SignInLockRow[]> {
    if (!keys.length) return [];
    return tx
      .select()
      .from(signInLock)
      .where(
        and(
          eq(signInLock.ip, ''),
          gt(signInLock.lockedUntil, at),
          or(...keys.map((k) => and(eq(signInLock.method, k.method), eq(signInLock.identifier, k.identifier)))),
        ),
      );
  }

  async unlock(keys: { method: SignInMethod; identifier: string }[], tx: Executor = this.db): Promise<void> {
    if (!keys.length) return;
    await tx.delete(signInLock).where(or(...keys.map((k) => and(eq(signInLock.method, k.method), eq(signInLock.identifier, k.identifier)))));
  }

  async signInRecords(staffId: number | undefined, page: number, limit: number, tx: Executor = this.db) {
    const where = staffId === undefined ? undefined : eq(signInLog.staffId, staffId);
    const [rows, [total]] = await Promise.all([
      tx.select().from(signInLog).where(where).orderBy(desc(signInLog.id)).limit(limit).offset((page - 1) * limit),
      tx.select({ n: count() }).from(signInLog).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  // ——— replay guard ———

  /** Stores a sign; false when it was used before. Purges signs past the window as it goes. */
  async claimSign(sign: string, at: Date, purgeBefore: Date, tx: Executor = this.db): Promise<boolean> {
    await tx.delete(signNonce).where(lt(signNonce.createdAt, purgeBefore));
    const rows = await tx.insert(signNonce).values({ sign, createdAt: at }).onConflictDoNothing().returning();
    return rows.length === 1;
  }

  // ——— SMS codes ———

  async smsRequestsSince(by: { phone?: string; ip?: string }, since: Date, tx: Executor = this.db) {
    const [row] = await tx
      .select({ n: count(), last: sql<Date | null>`max(${smsCode.createdAt})` })
      .from(smsCode)
      .where(
        and(
          by.phone !== undefined ? eq(smsCode.phone, by.phone) : undefined,
          by.ip !== undefined ? eq(smsCode.ip, by.ip) : undefined,
          gte(smsCode.createdAt, since),
        ),
      );
    return { count: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
  }

  async insertSmsCode(values: typeof smsCode.$inferInsert, tx: Executor = this.db): Promise<SmsCodeRow> {
    const [row] = await tx.insert(smsCode).values(values).returning();
    return row!;
  }

  /**
   * Counts a try against the phone's newest code that still takes tries (unused, unexpired, fewer than `maxTries`
   * counted) and answers that code's hash, in one statement: the count is taken before the comparison, so tries arriving
   * at once are counted one after another on the row and at most `maxTries` of them are ever compared. A code sent
   * nowhere (its hash null: a phone with no account behind it) takes tries like any other, so a try costs the same
   * whoever the phone belongs to; a code that was sent is tried before such a one. Undefined when no code takes a try.
   */
  async claimSmsTry(phone: string, at: Date, maxTries: number, tx: Executor = this.db): Promise<{ id: number; codeHash: string | null } | undefined> {
    const takesTries = and(eq(smsCode.phone, phone), isNull(smsCode.usedAt), gt(smsCode.expiresAt, at), lt(smsCode.attempts, maxTries));
    const newest = tx
      .select({ id: smsCode.id })
      .from(smsCode)
      .where(takesTries)
      .orderBy(sql`${smsCode.codeHash} is null`, desc(smsCode.id))
      .limit(1);
    // The conditions are checked again on the row once it is locked: a try that waited on another sees its count.
    const [row] = await tx
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1` })
      .where(and(eq(smsCode.id, sql`(${newest})`), takesTries))
      .returning({ id: smsCode.id, codeHash: smsCode.codeHash });
    return row;
  }

  /** Marks a code used; false if another request used it first. */
  async useSmsCode(id: number, at: Date, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .update(smsCode)
      .set({ usedAt: at })
      .where(and(eq(smsCode.id, id), isNull(smsCode.usedAt)))
      .returning({ id: smsCode.id });
    return rows.length === 1;
  }
}
