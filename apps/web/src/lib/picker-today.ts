import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useEffect } from 'react';
import { useTimeZone } from './date-time';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Date pickers' "today" (its mark, the 今天 button, what a range opens on) is the platform's, not the browser's
 * (docs/time.md): antd's dayjs pickers take now in dayjs's default zone when the zone plugin is there, so the shell
 * sets that default to the platform's zone and follows it when it changes.
 */
export function usePickersOnPlatformTime(): void {
  const zone = useTimeZone();
  useEffect(() => {
    dayjs.tz.setDefault(zone);
  }, [zone]);
}
