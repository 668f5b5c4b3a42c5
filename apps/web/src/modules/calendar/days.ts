import type { Language } from '../../lib/preferences';

/**
 * Calendar days `YYYY-MM-DD` as the calendar screens name them. Names come from `Intl` in the UI's language, read at
 * noon UTC of the day, so neither the browser's zone nor dayjs's locale moves them.
 */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** 周四 / Thu. */
export const weekdayName = (day: string, language: Language): string =>
  new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(noonOf(day));

/** The name of ISO weekday 1 (Monday) … 7 (Sunday): 2024-01-01 was a Monday. */
export const isoWeekdayName = (weekday: number, language: Language): string => weekdayName(`2024-01-0${weekday}`, language);

/** 2026年11月 / November 2026. */
export const monthName = (month: string, language: Language): string =>
  new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(noonOf(`${month}-01`));

/** 10月1日周四 / Thu, October 1. */
export const dateName = (day: string, language: Language): string =>
  new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(noonOf(day));

/** Days from `first` to `last`, both counted. */
export const daysBetween = (first: string, last: string): number => Math.round((noonOf(last).getTime() - noonOf(first).getTime()) / 86_400_000) + 1;

/** 1 Monday … 7 Sunday. */
export const isoWeekdayOf = (day: string): number => ((noonOf(day).getUTCDay() + 6) % 7) + 1;
