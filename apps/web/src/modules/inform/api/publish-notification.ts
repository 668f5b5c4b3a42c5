import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

export type PublishNotificationInput = CallBody<typeof informCalls.addNotifications>;

/** POST /api/inform/add_notifications: a message notification, written or from a template. */
export const publishNotification = (body: PublishNotificationInput) => callApi(informCalls.addNotifications, { body });

export function usePublishNotification() {
  const client = useQueryClient();
  return useMutation({ mutationFn: publishNotification, onSuccess: () => client.invalidateQueries({ queryKey: informKeys.sentNotifications }) });
}
