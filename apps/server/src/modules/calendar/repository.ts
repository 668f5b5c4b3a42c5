import type { WorkTime } from '@juqi/contract';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { calendarDay, calendarWorkTime } from './table';

/** The work time before it is first saved: Monday to Friday, 09:00–18:00 with a lunch break 12:00–13:00. */
export const DEFAULT_WORK_TIME: WorkTime = { work_days: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '18:00', break_start: '12:00', break_end: '13:00' };

/** A special day as the working-day rules read it. */
export interface SpecialDayRow {
  id: number;
  day: string;
  kind: number;
  name: string;
}

export class CalendarRepository {
  constructor(private readonly db: Executor) {}

  async workTime(tx: Executor = this.db): Promise<WorkTime> {
    const [row] = await tx.select().from(calendarWorkTime).where(eq(calendarWorkTime.id, 1));
    if (!row) return DEFAULT_WORK_TIME;
    return { work_days: row.workDays, start_time: row.startTime, end_time: row.endTime, break_start: row.breakStart, break_end: row.breakEnd };
  }

  async saveWorkTime(value: WorkTime, tx: Executor = this.db): Promise<void> {
    const columns = { workDays: value.work_days, startTime: value.start_time, endTime: value.end_time, breakStart: value.break_start, breakEnd: value.break_end };
    await tx
      .insert(calendarWorkTime)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({ target: calendarWorkTime.id, set: { ...columns, updatedAt: sql`now()` } });
  }

  /** The special days from `from` to `to`, both included, by date. */
  specialDaysBetween(from: string, to: string, tx: Executor = this.db): Promise<SpecialDayRow[]> {
    return tx
      .select({ id: calendarDay.id, day: calendarDay.day, kind: calendarDay.kind, name: calendarDay.name })
      .from(calendarDay)
      .where(and(gte(calendarDay.day, from), lte(calendarDay.day, to)))
      .orderBy(asc(calendarDay.day));
  }
}
