import { informCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** Page size of the detail drawer's recipient list. */
export const RECIPIENT_PAGE_SIZE = 10;

// Under the sent-notifications key, so deleting a notification refreshes its details too.
const detailsKey = (id: number) => [...informKeys.sentNotifications, 'details', id] as const;

/** POST /api/inform/data_notification_details: one published notification, with the user selection it went to. */
export const getSentNotificationDetails = (id: number) => callApi(informCalls.dataNotificationDetails, { body: { id } });

export function useSentNotificationDetails(id: number) {
  return useQuery({ queryKey: detailsKey(id), queryFn: () => getSentNotificationDetails(id) });
}

export interface RecipientParams {
  id: number;
  /** 1 read, 0 unread. */
  isRead: number;
  page: number;
}

/** POST /api/inform/data_notification_recipients: the staff holding a copy, of one read state, with both counts. */
export const getSentNotificationRecipients = ({ id, isRead, page }: RecipientParams) =>
  callApi(informCalls.dataNotificationRecipients, { body: { id, is_read: isRead, page, limit: RECIPIENT_PAGE_SIZE } });

export function useSentNotificationRecipients(params: RecipientParams) {
  return useQuery({
    queryKey: [...detailsKey(params.id), 'recipients', params],
    queryFn: () => getSentNotificationRecipients(params),
    placeholderData: keepPreviousData,
  });
}
