import { calendarCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/**
 * GET /api/calendar/holiday_notices: the holidays to tell of today, asked once a page load. Quiet: a notice that fails to
 * load is no reason to interrupt the staff.
 */
export function useHolidayNotices() {
  return useQuery({ queryKey: callKey(calendarCalls.holidayNotices), queryFn: () => callApi(calendarCalls.holidayNotices, { quiet: true }), staleTime: Infinity });
}
