import { informCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys, MANAGE_PAGE_SIZE } from './keys';

export interface SentNotificationParams {
  type: number;
  keyword: string;
  page: number;
}

/** POST /api/inform/list_data_notifications: published message notifications with their read counts. */
export const getSentNotifications = ({ type, keyword, page }: SentNotificationParams) =>
  callApi(informCalls.listDataNotifications, { body: { type, keyword: keyword.trim() || undefined, page, limit: MANAGE_PAGE_SIZE } });

export function useSentNotifications(params: SentNotificationParams) {
  return useQuery({ queryKey: informKeys.sentNotificationPage(params), queryFn: () => getSentNotifications(params), placeholderData: keepPreviousData });
}
