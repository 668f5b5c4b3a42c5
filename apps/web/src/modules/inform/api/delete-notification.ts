import { informCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useLiveStore } from '../live/live-store';
import { informKeys } from './keys';

/** POST /api/inform/del_notifications: one of the staff's own notifications. */
export const deleteNotification = (id: number) => callApi(informCalls.delNotification, { body: { id } });

export function useDeleteNotification() {
  const client = useQueryClient();
  const setUnread = useLiveStore((s) => s.setUnread);
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (data) => {
      setUnread(data.unread);
      void client.invalidateQueries({ queryKey: informKeys.notifications });
    },
  });
}
