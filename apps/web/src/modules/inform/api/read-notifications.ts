import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useLiveStore } from '../live/live-store';
import { informKeys } from './keys';

export type ReadNotificationsInput = CallBody<typeof informCalls.readNotifications>;

/** POST /api/inform/read_notifications: the given ids, or all (of one type). */
export const readNotifications = (body: ReadNotificationsInput) => callApi(informCalls.readNotifications, { body });

/** Marks notifications read and takes the new unread counts for the badge. */
export function useReadNotifications() {
  const client = useQueryClient();
  const setUnread = useLiveStore((s) => s.setUnread);
  return useMutation({
    mutationFn: readNotifications,
    onSuccess: (data) => {
      setUnread(data.unread);
      void client.invalidateQueries({ queryKey: informKeys.notifications });
    },
  });
}
