import { describe, expect, it } from 'vitest';
import { calendarDay, dayRange } from './days';

describe('calendar days', () => {
  it('takes a day that exists, trimmed, from 0001-01-01 on', () => {
    for (const day of ['2024-02-29', '0001-01-01', '9999-12-31']) expect(calendarDay.parse(day)).toBe(day);
    expect(calendarDay.parse(' 2026-03-01 ')).toBe('2026-03-01');
  });

  it('refuses what is no day, without throwing, whatever the digits', () => {
    for (const day of ['2026-02-29', '2026-02-30', '2026-13-01', '0005-40-00', '0000-00-00', '0000-01-01', '2026-1-1', '20260101', ''])
      expect(calendarDay.safeParse(day).success, day).toBe(false);
  });

  it('orders a range: the first day not after the last', () => {
    expect(dayRange.safeParse(['2026-03-01', '2026-03-01']).success).toBe(true);
    expect(dayRange.safeParse(['2026-03-02', '2026-03-01']).success).toBe(false);
  });
});
