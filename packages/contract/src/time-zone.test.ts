import { describe, expect, it } from 'vitest';
import { timeZoneField } from './settings';
import { dayInZone, dayRangeInZone, formatInZone, instantInZone, isTimeZone, utcOffsetOf } from './time-zone';

const hours = ([from, to]: [Date, Date]) => (to.getTime() - from.getTime()) / 3_600_000;

describe('time zones', () => {
  it('accepts the zones Intl knows, spelled as Intl spells them, and refuses others', () => {
    expect(timeZoneField.parse(' europe/berlin ')).toBe('Europe/Berlin');
    expect(timeZoneField.parse('UTC')).toBe('UTC');
    for (const bad of ['', 'Mars/Olympus_Mons', '+08:00', 'Asia/Shanghai; drop table']) {
      expect(isTimeZone(bad.trim()), bad).toBe(false);
      expect(timeZoneField.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('writes an instant as the zone’s clocks show it, whatever zone the machine runs in', () => {
    const instant = '2026-07-01T16:30:05.900Z';
    expect(formatInZone(instant, 'Asia/Shanghai')).toBe('2026-07-02 00:30:05');
    expect(formatInZone(instant, 'Europe/Berlin', 'minute')).toBe('2026-07-01 18:30');
    expect(formatInZone(new Date(instant), 'America/New_York')).toBe('2026-07-01 12:30:05');
    expect(formatInZone('2026-01-15T16:30:00Z', 'America/New_York')).toBe('2026-01-15 11:30:00');
    expect(formatInZone('1999-12-31T23:59:59Z', 'Asia/Kathmandu')).toBe('2000-01-01 05:44:59');
    expect(formatInZone(null, 'UTC')).toBe('');
  });

  it('names the offset in force, which follows daylight saving', () => {
    expect(utcOffsetOf('Asia/Shanghai')).toBe('+08:00');
    expect(utcOffsetOf('Europe/Berlin', Date.parse('2026-01-10T12:00:00Z'))).toBe('+01:00');
    expect(utcOffsetOf('Europe/Berlin', Date.parse('2026-07-10T12:00:00Z'))).toBe('+02:00');
    expect(utcOffsetOf('America/St_Johns', Date.parse('2026-01-10T12:00:00Z'))).toBe('-03:30');
    expect(dayInZone('Asia/Shanghai', Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(dayInZone('America/New_York', Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-01');
  });

  it('turns days into the instants they start, across daylight-saving changes', () => {
    expect(dayRangeInZone(['2026-01-01', '2026-01-31'], 'Asia/Shanghai').map((d) => d.toISOString())).toEqual([
      '2025-12-31T16:00:00.000Z',
      '2026-01-31T16:00:00.000Z',
    ]);
    // Berlin springs forward on 29 March 2026 (a 23-hour day) and falls back on 25 October (25 hours).
    const spring = dayRangeInZone(['2026-03-29', '2026-03-29'], 'Europe/Berlin');
    expect(spring.map((d) => d.toISOString())).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(hours(spring)).toBe(23);
    expect(hours(dayRangeInZone(['2026-10-25', '2026-10-25'], 'Europe/Berlin'))).toBe(25);
    expect(hours(dayRangeInZone(['2026-03-08', '2026-03-08'], 'America/New_York'))).toBe(23);
    expect(hours(dayRangeInZone(['2026-01-01', '2026-12-31'], 'America/New_York'))).toBe(365 * 24);
  });

  it('reads a skipped time past the gap and a repeated time as its first showing', () => {
    // 02:30 does not exist in Berlin on 29 March 2026: read as 03:30 summer time.
    expect(instantInZone('2026-03-29 02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: the first, still summer time.
    expect(instantInZone('2026-10-25 02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Santiago skips midnight itself when it springs forward (6 September 2026): the day starts at 01:00.
    const start = instantInZone('2026-09-06', 'America/Santiago');
    expect(formatInZone(start, 'America/Santiago')).toBe('2026-09-06 01:00:00');
    expect(formatInZone(new Date(start.getTime() - 1000), 'America/Santiago')).toBe('2026-09-05 23:59:59');
    expect(instantInZone('2026-07-01 08:00:00', 'Asia/Shanghai').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('round-trips every quarter hour of a year in a zone with daylight saving', () => {
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 15 * 60_000) {
      const shown = formatInZone(new Date(t), 'Europe/Berlin');
      const back = instantInZone(shown, 'Europe/Berlin').getTime();
      // Only the repeated hour in October reads back as its first showing.
      if (back !== t) expect(t - back).toBe(3_600_000);
      expect(formatInZone(new Date(back), 'Europe/Berlin')).toBe(shown);
    }
  });
});
