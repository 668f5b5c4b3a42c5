import { informCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { DRAWER_PAGE_SIZE, informKeys } from './keys';

export interface NotificationListParams {
  /** 0 unread, 1 read. */
  is_read: number;
  /** 0 all, else 1–5. */
  type: number;
  page: number;
}

/** POST /api/inform/list_notifications: the drawer's list of the staff's own notifications. */
export const getNotifications = (params: NotificationListParams) =>
  callApi(informCalls.listNotifications, { body: { ...params, limit: DRAWER_PAGE_SIZE } });

export function useNotifications(params: NotificationListParams) {
  return useQuery({ queryKey: informKeys.notificationList(params), queryFn: () => getNotifications(params), placeholderData: keepPreviousData });
}
