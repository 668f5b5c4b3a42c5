import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';
import { useLiveStore } from '../live/live-store';

/** The staff's writes on their own notifications; each answers the unread counts as they stand after it. */
type UnreadChangingCall = typeof informCalls.readNotifications | typeof informCalls.delNotification;

/**
 * Marking notifications read, or deleting one: the answer's unread counts go to the badge at once, and the drawer's
 * lists are asked again without waiting for them (the write is done when the server answers).
 */
export function useUnreadChangingMutation<C extends UnreadChangingCall>(call: C) {
  const client = useQueryClient();
  const setUnread = useLiveStore((s) => s.setUnread);
  return useMutation({
    mutationFn: (body: CallBody<C>) => callApi(call, { body }),
    onSuccess: (answer) => {
      setUnread(answer.unread);
      void client.invalidateQueries({ queryKey: callKey(informCalls.listNotifications) });
    },
  });
}
