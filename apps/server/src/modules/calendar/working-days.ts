import type { WorkTime } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';

/**
 * What the calendar module offers the rest of the server (docs/calendar.md): whether a day is worked, and counting in
 * working days, by the work week and the special days (holidays, make-up working days). Days are `YYYY-MM-DD` in the
 * platform's time zone. Other modules reach it as `lazyService(app.access, 'calendar', 'calendar')` and import nothing
 * of this module. Each method takes the caller's transaction when it has one open: on PGlite's one connection a query
 * outside it would wait for it forever.
 */
export interface WorkingDays {
  /** Today's date in the platform's time zone. */
  today(): Promise<string>;
  isWorkingDay(day: string, tx?: Executor): Promise<boolean>;
  /**
   * The day `n` working days after `day` (`day` itself not counted, so Friday + 1 is Monday and Saturday + 1 is
   * Monday too); before it when `n` is negative; for 0, `day` itself when it is worked, else the next working day.
   * 40000 naming `n` when the answer would lie outside the years 0001–9999.
   */
  addWorkingDays(day: string, n: number, tx?: Executor): Promise<string>;
  /** The first working day after `day`: `addWorkingDays(day, 1)`. */
  nextWorkingDay(day: string, tx?: Executor): Promise<string>;
  /** The working week and hours (时间设置). */
  workTime(tx?: Executor): Promise<WorkTime>;
}

declare module '../../lib/http/types' {
  interface AccessServices {
    /** The working-day calendar, provided by the calendar module. */
    calendar?: WorkingDays;
  }
}
