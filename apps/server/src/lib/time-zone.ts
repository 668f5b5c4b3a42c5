import { dayRangeInZone, formatInZone, type DayRange } from '@juqi/contract';
import { gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Clock } from './clock';
import type { TimeZoneSource } from './http/types';
import type { SettingsStore } from './settings/store';

/** How long a read of the setting is trusted; other processes' changes show within this. */
const CACHE_MS = 5_000;

/**
 * The platform's time zone (system settings' `time_zone`, docs/time.md), read at most every few seconds: day filters
 * and exports ask for it on every call. The settings module owns the one instance and tells it of its own changes, so
 * they apply at once in this process.
 */
export class SiteTimeZone implements TimeZoneSource {
  private cached: { zone: string; readAt: number } | undefined;

  constructor(
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
  ) {}

  async current(): Promise<string> {
    const now = this.clock.now().getTime();
    if (!this.cached || now - this.cached.readAt > CACHE_MS) this.cached = { zone: (await this.settings.get('system')).time_zone, readAt: now };
    return this.cached.zone;
  }

  /** The setting was just saved as `zone`. */
  changed(zone: string): void {
    this.cached = { zone, readAt: this.clock.now().getTime() };
  }
}

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The instants a `[first, last]` day range covers (`[from, to)`), kept within the years 1–9999: the drivers write a
 * time as ISO text, which PostgreSQL refuses for year 0 (the zone's first day of year 1 may start in it) and for
 * years past 9999. Nothing is stored outside those years, so nothing is lost.
 */
export function dayRangeInstants(range: DayRange, zone: string): [Date, Date] {
  const [from, to] = dayRangeInZone(range, zone);
  return [new Date(Math.max(from.getTime(), FIRST_INSTANT)), new Date(Math.min(to.getTime(), LAST_INSTANT))];
}

/** A `[first, last]` day filter (both included) on a time column: the days as the zone's clocks count them. */
export function dayRangeConditions(column: AnyColumn, range: DayRange, zone: string): SQL[] {
  const [from, to] = dayRangeInstants(range, zone);
  return [gte(column, from), lt(column, to)];
}

/** An instant as exported files write it: `2026-03-01 09:30:00` in the zone; empty for none. */
export const exportedTime = (instant: Date | string | null, zone: string): string => formatInZone(instant, zone);

/** The time stamp in an exported file's name: `20260301-0930`, in the zone. */
export const fileNameStamp = (instant: Date, zone: string): string => formatInZone(instant, zone, 'minute').replace(/[-:]/g, '').replace(' ', '-');
