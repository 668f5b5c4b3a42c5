import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

export type SystemEventEditInput = CallBody<typeof informCalls.systemEventEdit>;

/** POST /api/inform/system_event_edit: one system event's settings, whole. */
export const editSystemEvent = (body: SystemEventEditInput) => callApi(informCalls.systemEventEdit, { body });

export function useEditSystemEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editSystemEvent,
    onSuccess: () => client.invalidateQueries({ queryKey: informKeys.systemEvents }),
  });
}
