/**
 * Calendar days `YYYY-MM-DD` as whole numbers (days since 1970-01-01), for walking the calendar. A day is a date, not
 * an instant: which day it is now is the platform time zone's business (`dayInZone`), the arithmetic here has none.
 */

const DAY_MS = 86_400_000;
/** The days a `YYYY-MM-DD` can write: 0001-01-01 … 9999-12-31. */
export const FIRST_DAY = -719_162;
export const LAST_DAY = 2_932_896;

/** Days since 1970-01-01 of a valid `YYYY-MM-DD`. */
export function dayNumber(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const at = new Date(0);
  at.setUTCFullYear(year!, month! - 1, date!);
  return Math.round(at.getTime() / DAY_MS);
}

/** Whether a day number can be written as `YYYY-MM-DD`. */
export const isWritable = (number: number): boolean => number >= FIRST_DAY && number <= LAST_DAY;

/** The `YYYY-MM-DD` of a day number within 0001-01-01 … 9999-12-31. */
export function dayOf(number: number): string {
  if (!isWritable(number)) throw new RangeError(`day ${number} is outside 0001-01-01 … 9999-12-31`);
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** 1 Monday … 7 Sunday (1970-01-01, day 0, was a Thursday). */
export const weekdayOf = (number: number): number => ((((number + 3) % 7) + 7) % 7) + 1;
