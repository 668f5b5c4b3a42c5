import { dayInZone, HOLIDAY_NOTICE_DAYS_AHEAD, SPECIAL_DAY_KINDS, type DayStatus, type HolidayNotice, type WorkTime } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Db, Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { TimeZoneSource } from '../../lib/http/types';
import { dayNumber, dayOf, FIRST_DAY, isWritable, LAST_DAY, weekdayOf } from './days';
import { CalendarRepository, type SpecialDayRow } from './repository';
import type { WorkingDays } from './working-days';

/** How many days one read of special days covers while counting working days: a long holiday never needs a second. */
const WINDOW_DAYS = 366;

/** Special days read either side of today for the holiday notices: a holiday and its make-up days lie well within. */
const NOTICE_READ_DAYS = 60;
/** How far from its holiday a make-up working day named after it may lie: the State Council's moves stay within a month. */
const MAKE_UP_REACH_DAYS = 31;

/**
 * The holidays among special days in date order: each run of consecutive holiday dates of one name, with the make-up
 * working days named after it (国庆节调休 for 国庆节) within MAKE_UP_REACH_DAYS of it.
 */
function holidaysOf(rows: readonly SpecialDayRow[]): HolidayNotice[] {
  const holidays: HolidayNotice[] = [];
  for (const row of rows) {
    if (row.kind !== SPECIAL_DAY_KINDS.holiday) continue;
    const last = holidays.at(-1);
    if (last?.name === row.name && dayNumber(row.day) === dayNumber(last.last_day) + 1) last.last_day = row.day;
    else holidays.push({ name: row.name, first_day: row.day, last_day: row.day, make_up_days: [] });
  }
  for (const holiday of holidays) {
    const near = (day: string) => dayNumber(day) >= dayNumber(holiday.first_day) - MAKE_UP_REACH_DAYS && dayNumber(day) <= dayNumber(holiday.last_day) + MAKE_UP_REACH_DAYS;
    holiday.make_up_days = rows.filter((row) => row.kind === SPECIAL_DAY_KINDS.workday && row.name.startsWith(holiday.name) && near(row.day)).map((row) => row.day);
  }
  return holidays;
}

/** Who changed something, for the audit log. */
export interface Actor {
  staffId: number;
  ip: string;
}

/**
 * The working-day rule, read once per question: a special day decides its date (a holiday rests, a make-up day works),
 * every other date follows the work week. Special days are read a window at a time, in the direction of travel.
 */
class WorkingRules {
  private readonly workDays: ReadonlySet<number>;
  private window: { first: number; last: number; kinds: Map<number, number> } | undefined;

  constructor(
    workTime: WorkTime,
    private readonly records: CalendarRepository,
    private readonly tx: Executor,
  ) {
    this.workDays = new Set(workTime.work_days);
  }

  async isWorking(day: number, direction: 1 | -1 = 1): Promise<boolean> {
    if (!this.window || day < this.window.first || day > this.window.last) {
      const [first, last] = direction === 1 ? [day, day + WINDOW_DAYS - 1] : [day - WINDOW_DAYS + 1, day];
      const rows = await this.records.specialDaysBetween(dayOf(Math.max(first, FIRST_DAY)), dayOf(Math.min(last, LAST_DAY)), this.tx);
      this.window = { first, last, kinds: new Map(rows.map((row) => [dayNumber(row.day), row.kind])) };
    }
    const kind = this.window.kinds.get(day);
    return kind === undefined ? this.workDays.has(weekdayOf(day)) : kind === SPECIAL_DAY_KINDS.workday;
  }
}

export class CalendarService implements WorkingDays {
  private readonly records: CalendarRepository;

  constructor(
    private readonly db: Db,
    private readonly timeZone: TimeZoneSource,
    private readonly clock: Clock,
  ) {
    this.records = new CalendarRepository(db);
  }

  workTime(tx: Executor = this.db): Promise<WorkTime> {
    return this.records.workTime(tx);
  }

  /** Saves the work time (weekdays in order) and records the change. */
  editWorkTime(value: WorkTime, actor: Actor): Promise<WorkTime> {
    const saved: WorkTime = { ...value, work_days: [...value.work_days].sort((a, b) => a - b) };
    return this.db.transaction(async (tx) => {
      const before = await this.records.workTime(tx);
      await this.records.saveWorkTime(saved, tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'calendar.work_time.edit', target: 'calendar.work_time', detail: { before, after: saved }, ip: actor.ip });
      return saved;
    });
  }

  async today(): Promise<string> {
    return dayInZone(await this.timeZone.current(), this.clock.now().getTime());
  }

  /** Each day from `from` to `to` (both included) as worked or not, with its special day. */
  async dayStatus(from: string, to: string, tx: Executor = this.db): Promise<{ work_days: number[]; days: DayStatus[] }> {
    const { work_days } = await this.records.workTime(tx);
    const special = new Map<string, SpecialDayRow>((await this.records.specialDaysBetween(from, to, tx)).map((row) => [row.day, row]));
    const days: DayStatus[] = [];
    for (let at = dayNumber(from), last = dayNumber(to); at <= last; at += 1) {
      const day = dayOf(at);
      const row = special.get(day);
      const weekday = weekdayOf(at);
      days.push({
        day,
        weekday,
        working: row ? row.kind === SPECIAL_DAY_KINDS.workday : work_days.includes(weekday),
        special: row ? { id: row.id, kind: row.kind, name: row.name } : null,
      });
    }
    return { work_days, days };
  }

  /** The holidays to tell every staff member of today: each from HOLIDAY_NOTICE_DAYS_AHEAD days before it until its last day. */
  async holidayNotices(tx: Executor = this.db): Promise<HolidayNotice[]> {
    const today = dayNumber(await this.today());
    const rows = await this.records.specialDaysBetween(dayOf(today - NOTICE_READ_DAYS), dayOf(today + NOTICE_READ_DAYS), tx);
    return holidaysOf(rows).filter((holiday) => dayNumber(holiday.first_day) - HOLIDAY_NOTICE_DAYS_AHEAD <= today && today <= dayNumber(holiday.last_day));
  }

  async isWorkingDay(day: string, tx: Executor = this.db): Promise<boolean> {
    return new WorkingRules(await this.records.workTime(tx), this.records, tx).isWorking(dayNumber(day));
  }

  async addWorkingDays(day: string, n: number, tx: Executor = this.db): Promise<string> {
    const rules = new WorkingRules(await this.records.workTime(tx), this.records, tx);
    let at = dayNumber(day);
    if (n === 0 && (await rules.isWorking(at))) return day;
    const direction = n < 0 ? -1 : 1;
    // The work week has at least one working day, so each step of the walk ends within a week past the special days.
    for (let left = Math.max(1, Math.abs(n)); ; ) {
      at += direction;
      if (!isWritable(at)) throw AppError.invalid('n', { 'zh-CN': '算出的日期将超出 0001–9999 年', 'en-US': 'the day it answers would lie outside the years 0001–9999' });
      if ((await rules.isWorking(at, direction)) && --left === 0) return dayOf(at);
    }
  }

  nextWorkingDay(day: string, tx: Executor = this.db): Promise<string> {
    return this.addWorkingDays(day, 1, tx);
  }
}
