import { z } from 'zod';
import { said } from './refusals';

/**
 * Calendar days as every call sends them: `YYYY-MM-DD`, a day that exists, from 0001-01-01 on (year 0000 is no day
 * PostgreSQL stores). Which instant a day starts at depends on the platform's time zone (time-zone.ts).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value) || value < '0001-01-01') return false;
  // 2026-02-30 rolls over to March; 2026-13-01 is no date at all (and has no ISO string).
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

export const calendarDay = z
  .string()
  .trim()
  .regex(DAY, said({ 'zh-CN': '须为 YYYY-MM-DD 格式的日期', 'en-US': 'expected YYYY-MM-DD' }))
  .refine(isCalendarDay, said({ 'zh-CN': '不是有效的日期（0001-01-01 起）', 'en-US': 'not a calendar day (0001-01-01 on)' }));

/** `[first day, last day]`, both included: days in the platform's time zone (system settings' `time_zone`). */
export const dayRange = z.tuple([calendarDay, calendarDay]).refine(([a, b]) => a <= b, said({ 'zh-CN': '开始日期不能晚于结束日期', 'en-US': 'the first day is after the last' }));
export type DayRange = z.infer<typeof dayRange>;
