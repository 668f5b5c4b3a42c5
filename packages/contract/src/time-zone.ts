/**
 * The platform's time zone (system settings' `time_zone`, docs/time.md): the screens, the exported files and their
 * names, and the day filters all read instants in it. These helpers are shared by the server and the browser so both
 * turn instants into wall-clock times, and days into instants, the same way, whatever zone the machine runs in. No zod
 * here: the sign-in page shows times through them (its first load does without zod); the field is in settings.ts.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `Intl` knows the zone (an IANA name such as `Europe/Berlin`, or `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone as `Intl` names it (`asia/shanghai` → `Asia/Shanghai`). */
export const canonicalTimeZone = (zone: string): string => formatterOf(zone).resolvedOptions().timeZone;

/** The zone's offset from UTC at `instant`, in ms, measured by `Intl` (to the second). */
function measuredOffset(zone: string, instant: number): number {
  const second = instant - (((instant % 1000) + 1000) % 1000);
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(second)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute, second: s } = parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, s, 0);
  return wall.getTime() - second;
}

/**
 * A UTC day's offset when the zone keeps one offset all day (`null` when it changes that day), per zone. Asking `Intl`
 * costs ~6 µs, which an export of a million rows would pay three times a row; zones change offset at most a few times
 * a year, so a day's offset measured at both its ends holds for every instant in it.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
const MAX_DAYS_KEPT = 50_000;

/** The zone's offset from UTC at `instant`, in ms (east positive: Asia/Shanghai is +8 h). */
function zoneOffsetMs(zone: string, instant: number): number {
  let days = dayOffsets.get(zone);
  if (!days) dayOffsets.set(zone, (days = new Map()));
  const day = Math.floor(instant / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = measuredOffset(zone, day * DAY_MS);
    offset = first === measuredOffset(zone, (day + 1) * DAY_MS - 1000) ? first : null;
    if (days.size >= MAX_DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset ?? measuredOffset(zone, instant);
}

/** `2026-03-01T09:30:00` (no zone): the wall-clock time the zone's clocks show at `instant`. */
function wallClock(instant: number, zone: string): string {
  return new Date(instant + zoneOffsetMs(zone, instant)).toISOString().slice(0, 19);
}

/** `2026-03-01 09:30:00` in the zone; empty for no time. */
export function formatInZone(instant: Date | string | null | undefined, zone: string, precision: 'second' | 'minute' = 'second'): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) return '';
  return wallClock(ms, zone)
    .slice(0, precision === 'second' ? 19 : 16)
    .replace('T', ' ');
}

/** `+08:00`, `-04:00`: the zone's offset from UTC at `instant`. */
export function utcOffsetOf(zone: string, instant: number = Date.now()): string {
  const minutes = Math.round(zoneOffsetMs(zone, instant) / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The day `YYYY-MM-DD` it is in the zone at `instant`. */
export function dayInZone(zone: string, instant: number = Date.now()): string {
  return wallClock(instant, zone).slice(0, 10);
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DD[ HH:mm[:ss]]` as if it were UTC, in ms: a wall-clock time as a number. */
function wallClockMs(wall: string): number {
  const m = WALL_CLOCK.exec(wall);
  if (!m) throw new RangeError(`not a wall-clock time: ${wall}`);
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  date.setUTCHours(Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), 0);
  return date.getTime();
}

/** The instant the zone's clocks show the wall-clock time `local` (as from `wallClockMs`); see `instantInZone`. */
function instantAtWallClock(local: number, zone: string): Date {
  // Zones change offset at most once within a day either side, so the offsets a day before and after are the only two.
  const before = local - zoneOffsetMs(zone, local - DAY_MS);
  const after = local - zoneOffsetMs(zone, local + DAY_MS);
  const candidates = [before, after].filter((instant) => instant + zoneOffsetMs(zone, instant) === local);
  return new Date(candidates.length ? Math.min(...candidates) : before);
}

/**
 * The instant the zone's clocks show `wall` (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss`). Where clocks
 * skip that time (spring forward) it is read with the offset before the change, landing as far past the gap as it was
 * into it; where they show it twice (fall back), the earlier instant. So a day's start is always its first instant,
 * also where midnight itself is skipped. (The same choice as JavaScript's `Temporal` and most calendar software.)
 */
export function instantInZone(wall: string, zone: string): Date {
  return instantAtWallClock(wallClockMs(wall), zone);
}

/**
 * `[first, last]` days in the zone, both included, as instants: the first day's first instant, and the first instant
 * of the day after the last (a day lasts 23 or 25 hours where clocks change).
 */
export function dayRangeInZone([first, last]: readonly [string, string], zone: string): [Date, Date] {
  return [instantAtWallClock(wallClockMs(first), zone), instantAtWallClock(wallClockMs(last) + DAY_MS, zone)];
}
