import { IN_OFFICE_STATUSES } from '@juqi/contract';
import { and, asc, between, count, eq, inArray, isNull, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { department } from '../../lib/db/schema';
import { personnelStaff } from './table';

const live = isNull(personnelStaff.deletedAt);
const inOffice = inArray(personnelStaff.status, [...IN_OFFICE_STATUSES]);

/** A person whose probation, contract or resignation ends on a day, with that day. */
export interface EndingPerson {
  id: number;
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  day: string;
}

/** How many people, and the first `limit` of them by their day. */
export interface PeopleByDay {
  count: number;
  items: EndingPerson[];
}

/** The days that end a state, each with the records in that state: probations, contracts of staff in office, resignations. */
const ENDING_DAYS = {
  probation: { day: personnelStaff.probationEnd, holding: eq(personnelStaff.status, 'probation') },
  contract: { day: personnelStaff.contractEnd, holding: inOffice },
  leaving: { day: personnelStaff.leavingDate, holding: eq(personnelStaff.status, 'resigning') },
} satisfies Record<string, { day: AnyColumn; holding: SQL }>;
export type EndingDay = keyof typeof ENDING_DAYS;

/** The HR dashboard's aggregates (docs/personnel.md › Dashboard), each one statement over live records. */
export class DashboardRepository {
  constructor(private readonly db: Executor) {}

  /** Live records per state. */
  countByStatus(): Promise<{ status: string; n: number }[]> {
    return this.db.select({ status: personnelStaff.status, n: count() }).from(personnelStaff).where(live).groupBy(personnelStaff.status);
  }

  /**
   * Staff in office per top-level department and state: the top of a record's department is the first id of its
   * materialised path (`/1/4/9/` → 1), so a department counts its whole subtree. `topId` null: in no department.
   */
  countInOfficeByTopDepartment(): Promise<{ topId: number | null; status: string; n: number }[]> {
    const topId = sql<number | null>`split_part(${department.path}, '/', 2)::int`;
    return this.db
      .select({ topId, status: personnelStaff.status, n: count() })
      .from(personnelStaff)
      .leftJoin(department, eq(department.id, personnelStaff.departmentId))
      .where(and(live, inOffice))
      .groupBy(topId, personnelStaff.status);
  }

  topDepartments(): Promise<{ id: number; name: string }[]> {
    return this.db.select({ id: department.id, name: department.name }).from(department).where(eq(department.parentId, 0)).orderBy(asc(department.sort), asc(department.id));
  }

  /** Records hired (not candidates) with a report day in `[first, last]`, per month `YYYY-MM`. */
  joinersByMonth(first: string, last: string): Promise<{ month: string; n: number }[]> {
    return this.perMonth(personnelStaff.reportTime, first, last, ne(personnelStaff.status, 'candidate'));
  }

  /** Records resigning or resigned with a leaving day in `[first, last]`, per month `YYYY-MM`. */
  leaversByMonth(first: string, last: string): Promise<{ month: string; n: number }[]> {
    return this.perMonth(personnelStaff.leavingDate, first, last, inArray(personnelStaff.status, ['resigning', 'resigned']));
  }

  /**
   * Records still in the state a day ends whose day is in `[today, horizon]` (the nearest `limit` first), and those whose
   * day is before `today` (`overdue`, the longest past first): the day went by and the state stayed.
   */
  async endingDays(which: EndingDay, today: string, horizon: string, limit: number): Promise<PeopleByDay & { overdue: PeopleByDay }> {
    const { day, holding } = ENDING_DAYS[which];
    const [due, overdue] = await Promise.all([
      this.byDay(day, and(holding, between(day, today, horizon))!, limit),
      this.byDay(day, and(holding, lt(day, today))!, limit),
    ]);
    return { ...due, overdue };
  }

  private perMonth(day: AnyColumn, first: string, last: string, condition: SQL): Promise<{ month: string; n: number }[]> {
    const month = sql<string>`to_char(${day}, 'YYYY-MM')`;
    return this.db
      .select({ month, n: count() })
      .from(personnelStaff)
      .where(and(live, condition, between(day, first, last)))
      .groupBy(month);
  }

  /** One statement: the window count over every match rides on the first `limit` rows, earliest day first. */
  private async byDay(day: AnyColumn, condition: SQL, limit: number): Promise<PeopleByDay> {
    const rows = await this.db
      .select({
        id: personnelStaff.id,
        name: personnelStaff.name,
        departmentId: personnelStaff.departmentId,
        departmentName: department.name,
        day: sql<string>`${day}::text`,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(personnelStaff)
      .leftJoin(department, eq(department.id, personnelStaff.departmentId))
      .where(and(live, condition))
      .orderBy(asc(day), asc(personnelStaff.id))
      .limit(limit);
    return { count: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...item }) => item) };
  }
}
