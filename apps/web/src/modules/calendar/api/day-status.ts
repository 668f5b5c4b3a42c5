import { calendarCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { calendarKeys } from './keys';

/** POST /api/calendar/day_status: each day from `from` to `to` as working or rest, with its special day. */
export function useDayStatus(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.dayStatus(from, to),
    queryFn: () => callApi(calendarCalls.dayStatus, { body: { from, to } }),
    // The month before stays in view while the next loads.
    placeholderData: keepPreviousData,
  });
}
