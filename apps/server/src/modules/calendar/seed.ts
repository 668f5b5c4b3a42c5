import { SPECIAL_DAY_KINDS } from '@juqi/contract';
import type { SeedContext } from '../../lib/module';
import { dayNumber, dayOf } from './days';
import { calendarDay } from './table';

const { holiday, workday } = SPECIAL_DAY_KINDS;

/** `[first, last]` days of a holiday, both included, as the notice lists them (weekends inside it included). */
const HOLIDAYS_2026: [name: string, first: string, last: string][] = [
  ['元旦', '2026-01-01', '2026-01-03'],
  ['春节', '2026-02-15', '2026-02-23'],
  ['清明节', '2026-04-04', '2026-04-06'],
  ['劳动节', '2026-05-01', '2026-05-05'],
  ['端午节', '2026-06-19', '2026-06-21'],
  ['中秋节', '2026-09-25', '2026-09-27'],
  ['国庆节', '2026-10-01', '2026-10-07'],
];
const MAKE_UP_DAYS_2026: [name: string, day: string][] = [
  ['元旦调休', '2026-01-04'],
  ['春节调休', '2026-02-14'],
  ['春节调休', '2026-02-28'],
  ['劳动节调休', '2026-05-09'],
  ['国庆节调休', '2026-09-20'],
  ['国庆节调休', '2026-10-10'],
];

const daysFrom = (first: string, last: string): string[] =>
  Array.from({ length: dayNumber(last) - dayNumber(first) + 1 }, (_, offset) => dayOf(dayNumber(first) + offset));

/**
 * The demo's calendar: China's public holidays of 2026 and their make-up working days, from the State Council's notice
 * 国务院办公厅关于2026年部分节假日安排的通知 of 4 November 2025 (docs/calendar.md). A date staff have set is kept.
 */
export async function seedCalendar({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  const rows = [
    ...HOLIDAYS_2026.flatMap(([name, first, last]) => daysFrom(first, last).map((day) => ({ day, kind: holiday, name }))),
    ...MAKE_UP_DAYS_2026.map(([name, day]) => ({ day, kind: workday, name })),
  ];
  await db.insert(calendarDay).values(rows).onConflictDoNothing({ target: calendarDay.day });
}
