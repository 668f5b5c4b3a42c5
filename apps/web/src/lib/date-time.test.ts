import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { formatDateTime, pickedInstant, todayIn, useDateTime, useTimeZone, utcOffsetLabel } from './date-time';
import { reloadSiteDetails } from './site-details';

const machineZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = machineZone;
});

/** Runs `check` as if the browser were in each zone (Node reads TZ again when it changes). */
function inEveryBrowserZone(check: () => void) {
  const localHours = new Set<number>();
  for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Europe/Berlin']) {
    process.env.TZ = zone;
    localHours.add(new Date('2026-07-01T16:30:00Z').getHours());
    check();
  }
  // The browser's own clock did move: the checks ran in four different zones.
  expect(localHours.size).toBe(4);
}

const siteIn = (time_zone: string) => fakeApi({ 'GET /api/set/system_details': () => ok({ pc_logo: '', website: '聚企中台', time_zone }) });

describe('times on screen', () => {
  it('shows an instant as the given zone’s clocks do, whatever the browser’s zone', () => {
    inEveryBrowserZone(() => {
      expect(formatDateTime('2026-07-01T16:30:59.999Z', 'Asia/Shanghai')).toBe('2026-07-02 00:30');
      expect(formatDateTime('2026-07-01T16:30:00Z', 'America/New_York')).toBe('2026-07-01 12:30');
      expect(formatDateTime(new Date('2026-01-01T16:30:00Z'), 'Europe/Berlin')).toBe('2026-01-01 17:30');
      expect(formatDateTime(null, 'Asia/Shanghai')).toBe('');
      expect(utcOffsetLabel('Asia/Shanghai')).toBe('UTC+08:00');
      expect(utcOffsetLabel('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe('UTC-05:00');
    });
  });

  it('reads a time picked on screen as the zone’s clocks, whatever the browser’s zone', () => {
    inEveryBrowserZone(() => {
      expect(pickedInstant('2026-05-01 09:30', 'Asia/Shanghai')).toBe('2026-05-01T01:30:00.000Z');
      // Berlin skips 02:00–03:00 on 29 March 2026: 02:30 is read as 03:30 summer time.
      expect(pickedInstant('2026-03-29 02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
      expect(todayIn('Pacific/Kiritimati')).not.toBe(todayIn('Pacific/Pago_Pago'));
    });
  });

  it('uses the platform’s zone from the site details: Asia/Shanghai until they arrive, and for a zone this browser does not know', async () => {
    const { result } = renderHook(() => ({ zone: useTimeZone(), dateTime: useDateTime() }));
    expect(result.current.zone).toBe('Asia/Shanghai');
    expect(result.current.dateTime('2026-07-01T16:30:00Z')).toBe('2026-07-02 00:30');

    siteIn('America/New_York');
    await act(() => reloadSiteDetails());
    expect(result.current.zone).toBe('America/New_York');
    expect(result.current.dateTime('2026-07-01T16:30:00Z')).toBe('2026-07-01 12:30');

    siteIn('Mars/Olympus_Mons');
    await act(() => reloadSiteDetails());
    expect(result.current.zone).toBe('Asia/Shanghai');
  });
});
