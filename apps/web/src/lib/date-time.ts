import { dayInZone, DEFAULT_TIME_ZONE, formatInZone, instantInZone, isTimeZone, utcOffsetOf } from '@juqi/contract';
import { useCallback } from 'react';
import { useLoadedSiteDetails } from './site-details';

/**
 * Times on screen are the platform's time zone (system settings' `time_zone`), never the browser's: the exported files
 * and the day filters read them the same way (docs/time.md).
 */

/** `2026-03-01 09:30`: an instant as the zone's clocks show it; empty for none. */
export const formatDateTime = (instant: string | Date | null | undefined, zone: string): string => formatInZone(instant, zone, 'minute');

/**
 * The platform's time zone; the default until the site details arrive, and also when this browser does not know the
 * zone (an older time-zone database than the server's).
 */
export function useTimeZone(): string {
  const zone = useLoadedSiteDetails()?.time_zone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** `formatDateTime` in the platform's zone; screens showing times re-render when the zone is known. */
export function useDateTime(): (instant: string | Date | null | undefined) => string {
  const zone = useTimeZone();
  return useCallback((instant) => formatDateTime(instant, zone), [zone]);
}

/** `UTC+08:00`: the zone's offset now (it moves with daylight saving). */
export const utcOffsetLabel = (zone: string, at: number = Date.now()): string => `UTC${utcOffsetOf(zone, at)}`;

/** A time picked on screen (`YYYY-MM-DD HH:mm`, the zone's clocks) as the instant it stands for, in ISO form. */
export const pickedInstant = (wallClock: string, zone: string): string => instantInZone(wallClock, zone).toISOString();

/** Today's date `YYYY-MM-DD` in the zone. */
export const todayIn = (zone: string): string => dayInZone(zone);
