import { informCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/del_data_notifications: a published notification, for every recipient. */
export const deleteSentNotification = (id: number) => callApi(informCalls.delDataNotifications, { body: { id } });

export function useDeleteSentNotification() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSentNotification, onSuccess: () => client.invalidateQueries({ queryKey: informKeys.sentNotifications }) });
}
