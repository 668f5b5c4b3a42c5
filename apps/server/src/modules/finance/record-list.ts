import { and, count, desc, eq, like, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db/client';
import { escapeLike } from '../../lib/db/like';
import { users } from '../../lib/db/schema';
import { dayRangeConditions } from '../../lib/time-zone';

/** Where the next export batch starts: after the record with this time and tie-breaker, newest first. */
export interface RecordPosition {
  at: Date;
  tie: string | number;
}

/**
 * What one finance record screen declares (用户充值记录, 代理提现记录, the ledger's books): where its rows come from,
 * how a filter narrows them, the sums shown above the table, and the newest-first order (a time, then a unique tie).
 */
export interface RecordListSpec<Row, Rec, Filter, Sum extends string> {
  /** The row's columns. */
  columns: SelectedFields;
  /** `select(fields)` from the records' table and its joins, before `where`. */
  from: (db: Executor, fields: SelectedFields) => PgSelect;
  where: (filter: Filter, zone: string) => SQL | undefined;
  /** Named sums of the filtered set, each an SQL aggregate (fen or beans). */
  sums: Record<Sum, SQL<number>>;
  newest: { at: AnyColumn; tie: AnyColumn };
  toRecord: (row: Row) => Rec;
  /** A record's place in the newest-first order. */
  position: (record: Rec) => RecordPosition;
}

/** The filters every record screen has: the user's id, a keyword, days and an amount range. */
export interface CommonRecordFilter {
  user_id?: number;
  /** A user's name or mobile (prefix), or one of the record's numbers (whole). */
  keyword?: string;
  /** Days, in the platform's zone. */
  time?: [string, string];
  amount_min?: number;
  amount_max?: number;
}

/**
 * The conditions of the common filters, for records whose user is joined as `users`: `columns` names the record's
 * user, number, time and amount.
 */
export function commonRecordConditions(
  filter: CommonRecordFilter,
  zone: string,
  columns: { userId: AnyColumn; number: AnyColumn | SQL | (AnyColumn | SQL)[]; at: AnyColumn; amount: AnyColumn | SQL },
): (SQL | undefined)[] {
  const prefix = filter.keyword ? `${escapeLike(filter.keyword)}%` : undefined;
  const numbers = Array.isArray(columns.number) ? columns.number : [columns.number];
  return [
    filter.user_id === undefined ? undefined : eq(columns.userId, filter.user_id),
    prefix ? or(like(users.name, prefix), like(users.mobile, prefix), ...numbers.map((number) => sql`${number} = ${filter.keyword}`)) : undefined,
    ...(filter.time ? dayRangeConditions(columns.at, filter.time, zone) : []),
    filter.amount_min === undefined ? undefined : sql`${columns.amount} >= ${filter.amount_min}`,
    filter.amount_max === undefined ? undefined : sql`${columns.amount} <= ${filter.amount_max}`,
  ];
}

/**
 * The reads every finance record screen makes: a page of the filtered set, newest first, with the whole set's count
 * and sums; the count alone; and keyset batches for the export (as fast deep in the set as at its start).
 */
export class RecordList<Row, Rec, Filter, Sum extends string> {
  constructor(
    private readonly db: Executor,
    readonly spec: RecordListSpec<Row, Rec, Filter, Sum>,
  ) {}

  async page(filter: Filter, zone: string, page: number, limit: number): Promise<{ count: number; data: Rec[] } & Record<Sum, number>> {
    const { spec } = this;
    const where = spec.where(filter, zone);
    const sums = Object.fromEntries(Object.entries<SQL<number>>(spec.sums).map(([name, sum]) => [name, sql<number>`coalesce(${sum}, 0)::float8`]));
    const [totals] = (await spec.from(this.db, { count: count(), ...sums }).where(where)) as ({ count: number } & Record<Sum, number>)[];
    const rows = (await this.ordered(where).limit(limit).offset((page - 1) * limit)) as Row[];
    return { ...totals!, data: rows.map(spec.toRecord) };
  }

  async count(filter: Filter, zone: string): Promise<number> {
    const [row] = (await this.spec.from(this.db, { n: count() }).where(this.spec.where(filter, zone))) as { n: number }[];
    return row?.n ?? 0;
  }

  /** Up to `size` records after `after`, newest first. */
  async batch(filter: Filter, zone: string, after: RecordPosition | undefined, size: number): Promise<Rec[]> {
    const { at, tie } = this.spec.newest;
    const rest = after ? or(lt(at, after.at), and(eq(at, after.at), lt(tie, after.tie))) : undefined;
    const rows = (await this.ordered(and(this.spec.where(filter, zone), rest)).limit(size)) as Row[];
    return rows.map(this.spec.toRecord);
  }

  /** The one record `where` finds, as the list shows it. */
  async one(where: SQL): Promise<Row | undefined> {
    const [row] = (await this.spec.from(this.db, this.spec.columns).where(where)) as Row[];
    return row;
  }

  private ordered(where: SQL | undefined) {
    const { at, tie } = this.spec.newest;
    return this.spec.from(this.db, this.spec.columns).where(where).orderBy(desc(at), desc(tie));
  }
}
