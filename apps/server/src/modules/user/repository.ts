import type { UserRow } from '@juqi/contract';
import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { NamedStatements, renderedOnce, sqlInteger } from '../../lib/db/named-statements';
import { agencyLevel, generalCity, generalIndustry, ledgerAccount, staff } from '../../lib/db/schema';
import type { Cursor } from './cursor';
import { allOf } from './filter';
import {
  userLockLog,
  userLoginLog,
  userPost,
  users,
  userVerification,
  userVerificationAudit,
  type LoginLogDbRow,
  type UserDbRow,
  type VerificationDbRow,
} from './table';

export type UserSortKey = 'registered_at' | 'order_count' | 'id';
export type SortOrder = 'asc' | 'desc';

const userSortColumns: Record<UserSortKey, AnyColumn> = {
  registered_at: users.registeredAt,
  order_count: users.orderCount,
  id: users.id,
};

/** Rows after (in the sort's direction) the cursor's position: `(column, id) < (value, id)` for a descending sort. */
function after(column: AnyColumn, idColumn: AnyColumn, cursor: Cursor, kind: 'time' | 'int'): SQL {
  const op = sql.raw(cursor.order === 'desc' ? '<' : '>');
  if (column === idColumn) return sql`${idColumn} ${op} ${cursor.id}`;
  const value = kind === 'time' ? sql`${String(cursor.value)}::timestamptz` : sql`${Number(cursor.value)}::int`;
  return sql`(${column}, ${idColumn}) ${op} (${value}, ${cursor.id}::int)`;
}

/** An id list as a PostgreSQL array literal, which both drivers pass as text. */
const idArray = (ids: number[]) => `{${ids.join(',')}}`;

/** A user as the lists read it: the answer's fields, times already ISO strings, money as numbers (names added later). */
export type UserListDbRow = Omit<UserRow, 'level_name' | 'pw_name' | 'agency_pw_name'>;

/** The list's time columns: read as UTC text, answered as ISO strings. */
const USER_LIST_TIMES = ['last_order_at', 'registered_at', 'last_login_at', 'locked_at'] as const;
const utcText = (column: string) => `(${column} at time zone 'UTC')::text as ${column}`;

/**
 * `2026-11-24 08:30:20.28` (a timestamp(3) in UTC as PostgreSQL writes it, trailing zeros of the fraction dropped) →
 * `2026-11-24T08:30:20.280Z`. Formatting in SQL (`to_char`) cost the database a sixth of its time per list page.
 */
function isoFromUtcText(text: string | null): string | null {
  if (text === null) return null;
  const time = text.slice(11);
  return `${text.slice(0, 10)}T${time.length === 8 ? `${time}.000` : time.padEnd(12, '0')}Z`;
}

/**
 * The list's columns, selected in the answer's shape. The hot list path reads through this plain select rather than
 * the query builder's per-column mapping (a quarter of the request's CPU at 1,000,000 users): times come out as UTC
 * text (made ISO by `isoFromUtcText`) and bigints as float8, so both drivers (pg and PGlite) give the same JavaScript
 * values. Rendered once (`renderedOnce`).
 */
const USER_LIST_COLUMNS = renderedOnce(
  sql.join(
    [
      sql.raw(
        [
          'id, name, mobile, head_img_url, gender, type_user, system_id, level, pw_id, agency_pw_id, authentication_state',
          'authentication_type, real_name, withdraw_state, withdraw_type, order_count',
          utcText('last_order_at'),
          'total_spent_cents::float8 as total_spent_cents',
          'city_code, industry_id',
        ].join(', '),
      ),
      // The money is the ledger's (lib/ledger): the user's accounts, found by key for each row the page returns.
      ...(
        [
          ['balance_cents', 'user_cash', 'credits_posted - debits_posted'],
          ['frozen_cents', 'user_cash', 'debits_pending'],
          ['total_income_cents', 'user_cash', 'income_posted'],
          ['bean_balance', 'user_beans', 'credits_posted - debits_posted'],
        ] as const
      ).map(
        ([name, kind, figure]) =>
          sql`coalesce((select (${sql.raw(figure)})::float8 from ${ledgerAccount} where ${ledgerAccount.kind} = ${sql.raw(`'${kind}'`)} and ${ledgerAccount.ownerId} = users.id), 0) as ${sql.raw(name)}`,
      ),
      // The names of the city, its province and the industry (通用设置): a lookup by key for each row the page returns.
      sql`coalesce((select ${generalCity.provinceName} from ${generalCity} where ${generalCity.code} = users.city_code), '') as province`,
      sql`coalesce((select ${generalCity.name} from ${generalCity} where ${generalCity.code} = users.city_code), '') as city`,
      sql`coalesce((select ${generalIndustry.name} from ${generalIndustry} where ${generalIndustry.id} = users.industry_id), '') as industry`,
      sql.raw(
        [
          'company, inviter_id, invite_code, register_channel',
          utcText('registered_at'),
          utcText('last_login_at'),
          'last_login_ip, locked, lock_reason',
          utcText('locked_at'),
          'remark',
        ].join(', '),
      ),
    ],
    sql`, `,
  ),
);
/** The list's page statements: one text per filter shape, sort and way of paging. */
const userPages = new NamedStatements('user_page');

// Qualified: a bare name would sort by the text the select list gives that name.
const USER_SORT_SQL: Record<UserSortKey, Record<SortOrder, SQL>> = {
  registered_at: { desc: sql.raw('users.registered_at desc, users.id desc'), asc: sql.raw('users.registered_at asc, users.id asc') },
  order_count: { desc: sql.raw('users.order_count desc, users.id desc'), asc: sql.raw('users.order_count asc, users.id asc') },
  id: { desc: sql.raw('users.id desc'), asc: sql.raw('users.id asc') },
};

export function userCursorOf(row: Pick<UserListDbRow, 'id' | 'registered_at' | 'order_count'>, sort: UserSortKey, order: SortOrder): Cursor {
  const value = sort === 'registered_at' ? row.registered_at : sort === 'order_count' ? row.order_count : row.id;
  return { sort, order, value, id: row.id };
}

export interface PageRequest {
  /** Rows to skip (offset pages); ignored with a cursor. */
  offset: number;
  /** Rows to read: one more than the page, to know whether another page follows. */
  take: number;
  cursor?: Cursor;
  /**
   * The filter's page is read the same way whatever its values (`planBlind`): its statement is named, so PostgreSQL
   * may settle on one generic plan for it; otherwise it runs unnamed and is planned for its values each time.
   */
  valueBlind?: boolean;
}

export interface VerificationListRow {
  verification: VerificationDbRow;
  userName: string | null;
  userMobile: string | null;
  headImgUrl: string | null;
  reviewerName: string | null;
}

export interface LoginListRow {
  log: LoginLogDbRow;
  userName: string | null;
  userMobile: string | null;
}

export class UserRepository {
  constructor(private readonly db: Executor) {}

  // ——— dictionaries ———

  posts(tx: Executor = this.db) {
    return tx.select({ id: userPost.id, name: userPost.name }).from(userPost).orderBy(asc(userPost.sort), asc(userPost.id));
  }

  /** The agency levels (the agency module's records), as the user filter names them. */
  levels(tx: Executor = this.db) {
    return tx.select({ level: agencyLevel.level, name: agencyLevel.name }).from(agencyLevel).orderBy(asc(agencyLevel.level));
  }

  // ——— users ———

  async userById(id: number, tx: Executor = this.db): Promise<UserDbRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id));
    return row;
  }

  async pageUsers(conditions: SQL[], sort: UserSortKey, order: SortOrder, page: PageRequest, tx: Executor = this.db): Promise<UserListDbRow[]> {
    const column = userSortColumns[sort];
    const orderBy = USER_SORT_SQL[sort][order];
    const where = allOf(page.cursor ? [...conditions, after(column, users.id, page.cursor, sort === 'registered_at' ? 'time' : 'int')] : conditions);
    const filtered = where ? sql`where ${where}` : sql``;
    // A page by number finds its ids first and then reads those rows: where an index holds the filter's columns and
    // the sort, the rows skipped are read from the index alone instead of the table (page 50 of agents with 100–299
    // orders: 9 pages of index rather than 1,000 table rows).
    // The limit is written out: a generic plan knows it then, where for a bound one it assumes a tenth of the table.
    const limit = sqlInteger(page.take);
    const rows = await userPages.rows<UserListDbRow>(
      tx,
      page.cursor || page.offset === 0
        ? sql`select ${USER_LIST_COLUMNS} from ${users} ${filtered} order by ${orderBy} limit ${limit}`
        : sql`
          select ${USER_LIST_COLUMNS} from ${users}
          where users.id in (select users.id from ${users} ${filtered} order by ${orderBy} limit ${limit} offset ${page.offset})
          order by ${orderBy}`,
      page.valueBlind === true,
    );
    for (const row of rows) for (const time of USER_LIST_TIMES) (row as Record<string, unknown>)[time] = isoFromUtcText(row[time] as string | null);
    return rows;
  }

  async userRowById(id: number, tx: Executor = this.db): Promise<UserListDbRow | undefined> {
    const [row] = await this.pageUsers([eq(users.id, id)], 'id', 'desc', { offset: 0, take: 1, valueBlind: true }, tx);
    return row;
  }

  async countUsers(conditions: SQL[], tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(users).where(allOf(conditions));
    return row?.n ?? 0;
  }

  async existingUserIds(ids: number[], conditions: SQL[] = [], tx: Executor = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(allOf([this.idIn(ids), ...conditions]))
      .orderBy(asc(users.id));
    return rows.map((r) => r.id);
  }

  /**
   * Users whose id is in the list, as one array parameter: the statement's text is the same for every list, so
   * selections of any length share one named page statement instead of taking a name each (`in ($1 … $n)`).
   */
  idIn(ids: number[]): SQL {
    return sql`${users.id} = any(${idArray(ids)}::int[])`;
  }

  notIn(ids: number[]): SQL[] {
    return ids.length ? [sql`${users.id} <> all(${idArray(ids)}::int[])`] : [];
  }

  async userIdByMobile(mobile: string, tx: Executor = this.db): Promise<number | undefined> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    return row?.id;
  }

  async invitedCount(id: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(users).where(eq(users.inviterId, id));
    return row?.n ?? 0;
  }

  /** Locks or unlocks a user whose lock state is the other one; undefined when the user is missing or already so. */
  async setLocked(id: number, locked: boolean, reason: string, at: Date, tx: Executor = this.db): Promise<UserDbRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ locked, lockReason: locked ? reason : '', lockedAt: locked ? at : null, updatedAt: at })
      .where(and(eq(users.id, id), eq(users.locked, !locked)))
      .returning();
    return row;
  }

  async insertLockRecord(values: typeof userLockLog.$inferInsert, tx: Executor = this.db): Promise<void> {
    await tx.insert(userLockLog).values(values);
  }

  lockRecords(userId: number, tx: Executor = this.db) {
    return tx
      .select({ record: userLockLog, staffName: staff.name })
      .from(userLockLog)
      .leftJoin(staff, eq(staff.id, userLockLog.staffId))
      .where(eq(userLockLog.userId, userId))
      .orderBy(desc(userLockLog.createdAt), desc(userLockLog.id))
      .limit(50);
  }

  /** A user's authentication state follows their submissions: verified if one is approved, verifying if one is open. */
  async refreshAuthentication(userId: number, at: Date, tx: Executor = this.db): Promise<void> {
    await tx.execute(sql`
      update ${users} set
        authentication_state = case
          when exists (select 1 from ${userVerification} v where v.user_id = ${userId} and v.state = 2) then 2
          when exists (select 1 from ${userVerification} v where v.user_id = ${userId} and v.state = 1) then 1
          else 0 end,
        authentication_type = (select v.type from ${userVerification} v where v.user_id = ${userId} and v.state = 2
          order by v.reviewed_at desc nulls last, v.id desc limit 1),
        real_name = coalesce((select case when v.type = 1 then v.real_name else v.enterprise_name end from ${userVerification} v
          where v.user_id = ${userId} and v.state = 2 order by v.reviewed_at desc nulls last, v.id desc limit 1), ''),
        updated_at = ${at.toISOString()}::timestamptz
      where id = ${userId}`);
  }

  // ——— verifications ———

  private verificationSelect(tx: Executor) {
    return tx
      .select({
        verification: userVerification,
        userName: users.name,
        userMobile: users.mobile,
        headImgUrl: users.headImgUrl,
        reviewerName: staff.name,
      })
      .from(userVerification)
      .leftJoin(users, eq(users.id, userVerification.userId))
      .leftJoin(staff, eq(staff.id, userVerification.reviewerId));
  }

  pageVerifications(conditions: SQL[], page: PageRequest, tx: Executor = this.db): Promise<VerificationListRow[]> {
    const where = page.cursor ? [...conditions, after(userVerification.submittedAt, userVerification.id, page.cursor, 'time')] : conditions;
    const query = this.verificationSelect(tx)
      .where(allOf(where))
      .orderBy(desc(userVerification.submittedAt), desc(userVerification.id))
      .limit(page.take);
    return page.cursor || page.offset === 0 ? query : query.offset(page.offset);
  }

  async countVerifications(conditions: SQL[], tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(userVerification).where(allOf(conditions));
    return row?.n ?? 0;
  }

  async verificationById(id: number, tx: Executor = this.db): Promise<VerificationListRow | undefined> {
    const [row] = await this.verificationSelect(tx).where(eq(userVerification.id, id));
    return row;
  }

  verificationsOfUser(userId: number, tx: Executor = this.db): Promise<VerificationListRow[]> {
    return this.verificationSelect(tx)
      .where(eq(userVerification.userId, userId))
      .orderBy(desc(userVerification.submittedAt), desc(userVerification.id));
  }

  async insertVerification(values: typeof userVerification.$inferInsert, tx: Executor = this.db): Promise<VerificationDbRow> {
    const [row] = await tx.insert(userVerification).values(values).returning();
    return row!;
  }

  /** Moves a submission from `from` to `to`; undefined when it is missing or not in `from` (a concurrent decision). */
  async decideVerification(
    id: number,
    from: number,
    values: { state: number; reviewerId: number; reason: string; at: Date },
    tx: Executor = this.db,
  ): Promise<VerificationDbRow | undefined> {
    const [row] = await tx
      .update(userVerification)
      .set({ state: values.state, reviewerId: values.reviewerId, reason: values.reason, reviewedAt: values.at, updatedAt: values.at })
      .where(and(eq(userVerification.id, id), eq(userVerification.state, from)))
      .returning();
    return row;
  }

  async insertAudit(values: typeof userVerificationAudit.$inferInsert, tx: Executor = this.db): Promise<void> {
    await tx.insert(userVerificationAudit).values(values);
  }

  auditOf(verificationId: number, tx: Executor = this.db) {
    return tx
      .select({ entry: userVerificationAudit, staffName: staff.name })
      .from(userVerificationAudit)
      .leftJoin(staff, eq(staff.id, userVerificationAudit.staffId))
      .where(eq(userVerificationAudit.verificationId, verificationId))
      .orderBy(asc(userVerificationAudit.createdAt), asc(userVerificationAudit.id));
  }

  // ——— sign-ins ———

  pageLogins(conditions: SQL[], page: PageRequest, tx: Executor = this.db): Promise<LoginListRow[]> {
    const where = page.cursor ? [...conditions, after(userLoginLog.loginAt, userLoginLog.id, page.cursor, 'time')] : conditions;
    const query = tx
      .select({ log: userLoginLog, userName: users.name, userMobile: users.mobile })
      .from(userLoginLog)
      .leftJoin(users, eq(users.id, userLoginLog.userId))
      .where(allOf(where))
      .orderBy(desc(userLoginLog.loginAt), desc(userLoginLog.id))
      .limit(page.take);
    return page.cursor || page.offset === 0 ? query : query.offset(page.offset);
  }

  async countLogins(conditions: SQL[], tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(userLoginLog).where(allOf(conditions));
    return row?.n ?? 0;
  }

  async insertLogin(values: typeof userLoginLog.$inferInsert, tx: Executor = this.db): Promise<void> {
    await tx.insert(userLoginLog).values(values);
  }
}

