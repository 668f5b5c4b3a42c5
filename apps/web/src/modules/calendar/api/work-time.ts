import { calendarCalls, type WorkTime } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';
import { calendarKeys } from './keys';

/**
 * POST /api/calendar/work_time_edit: the server answers with the work time as stored, which becomes the answer of
 * `calendarCalls.workTimeDetails` without asking for it again; the month view follows the new work week.
 */
export function useEditWorkTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkTime) => callApi(calendarCalls.workTimeEdit, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(callKey(calendarCalls.workTimeDetails), saved);
      await client.invalidateQueries({ queryKey: calendarKeys.statuses });
    },
  });
}
