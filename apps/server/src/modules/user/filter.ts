import { ORDER_COUNT_BANDS, type USER_SORT_KEYS, type UserFilter } from '@juqi/contract';
import { and, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import { dayRangeConditions, dayRangeInstants } from '../../lib/time-zone';
import { users } from './table';
import { escapeLike } from '../../lib/db/like';
import { valueBlindFilters } from '../../lib/db/named-statements';


/** A filter with empty text dropped, so equal filters look equal (count cache keys, normalised selections). */
export function normaliseFilter(filter: UserFilter): UserFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value;
  }
  return out as UserFilter;
}

/**
 * The filters whose page is read the same way whatever their value: each is checked along the sort's index or leads
 * one with it (type and order band), and none has a value rare enough, or a partial index, to want a plan of its own.
 * A page filtered by these alone is prepared by name and may run on PostgreSQL's generic plan; one with any other
 * filter — a keyword's prefix, a range's width, a post, agency or level that may be rare, the verifying and locked
 * users' partial indexes — is planned for its values every time (docs/users.md › Plans).
 */
export const planBlind = valueBlindFilters<UserFilter>(['type_user', 'quantity', 'system_id', 'withdraw_type']);

/**
 * The §3 filter as SQL conditions on `users`; each has an index or is checked while scanning one (docs/users.md).
 * Its day ranges are days in `zone`, the platform's time zone. `sort` is the order the rows will be read in, when they
 * are: it decides how an order-count band is written.
 */
export function userConditions(filter: UserFilter, zone: string, sort?: (typeof USER_SORT_KEYS)[number]): SQL[] {
  const c: SQL[] = [];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    if (/^\d+$/.test(keyword)) {
      const byMobile = like(users.mobile, `${escapeLike(keyword)}%`);
      c.push(keyword.length <= 9 ? or(eq(users.id, Number(keyword)), byMobile)! : byMobile);
    } else {
      c.push(like(users.name, `${escapeLike(keyword)}%`));
    }
  }
  if (filter.type_user !== undefined) c.push(eq(users.typeUser, filter.type_user));
  if (filter.system_id !== undefined) c.push(eq(users.systemId, filter.system_id));
  if (filter.withdraw_state !== undefined) c.push(eq(users.withdrawState, filter.withdraw_state));
  if (filter.withdraw_type !== undefined) c.push(eq(users.withdrawType, filter.withdraw_type));
  if (filter.quantity !== undefined) {
    if (sort === 'order_count') {
      // Read in order_count order, the band's range bounds the order_count index scan.
      const band = ORDER_COUNT_BANDS.find((b) => b.value === filter.quantity)!;
      c.push(gte(users.orderCount, band.min));
      if (band.max !== null) c.push(lt(users.orderCount, band.max));
    } else {
      // Otherwise the band column: it leads an index with type_user (table.ts), and counts read that index alone.
      c.push(eq(users.orderBand, filter.quantity));
    }
  }
  if (filter.level !== undefined) c.push(eq(users.level, filter.level));
  if (filter.agency_pw_id !== undefined) c.push(eq(users.agencyPwId, filter.agency_pw_id));
  if (filter.pw_id !== undefined) c.push(eq(users.pwId, filter.pw_id));
  if (filter.authentication_state !== undefined) c.push(eq(users.authenticationState, filter.authentication_state));
  if (filter.locked !== undefined) c.push(eq(users.locked, filter.locked));
  if (filter.time_quantum) c.push(...dayRangeConditions(users.registeredAt, filter.time_quantum, zone));
  if (filter.issue_time_quantum) {
    c.push(...dayRangeConditions(users.lastOrderAt, filter.issue_time_quantum, zone));
    // Implied, since nobody orders before registering: without it the newest-first scan wades through everyone who
    // registered after the range before meeting the first match (0.4 s instead of 20 ms at 1,000,000 users).
    c.push(lt(users.registeredAt, dayRangeInstants(filter.issue_time_quantum, zone)[1]));
  }
  return c;
}

export const allOf = (conditions: SQL[]): SQL | undefined => (conditions.length ? and(...conditions) : undefined);
