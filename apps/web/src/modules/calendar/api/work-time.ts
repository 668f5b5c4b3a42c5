import { calendarCalls, type WorkTime } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { calendarKeys } from './keys';

/** GET /api/calendar/work_time_details: the working week and hours. */
export function useWorkTime() {
  return useQuery({ queryKey: calendarKeys.workTime, queryFn: () => callApi(calendarCalls.workTimeDetails) });
}

/** POST /api/calendar/work_time_edit; the month view follows the new work week. */
export function useEditWorkTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkTime) => callApi(calendarCalls.workTimeEdit, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(calendarKeys.workTime, saved);
      await client.invalidateQueries({ queryKey: calendarKeys.statuses });
    },
  });
}
