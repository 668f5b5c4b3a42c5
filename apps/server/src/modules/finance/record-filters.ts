import { eq, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/db/like';
import { users } from '../../lib/db/schema';
import { dayRangeConditions } from '../../lib/time-zone';

/** The filters every finance record screen has: the user's id, a keyword, days and an amount range. */
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
