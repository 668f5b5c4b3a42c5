import { informCalls, type AnnouncementClass } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys, MANAGE_PAGE_SIZE } from './keys';

export interface SentAnnouncementParams {
  class: AnnouncementClass | undefined;
  keyword: string;
  page: number;
}

/** POST /api/inform/list_data_announcements: published announcements with their seen counts. */
export const getSentAnnouncements = ({ keyword, page, ...rest }: SentAnnouncementParams) =>
  callApi(informCalls.listDataAnnouncements, { body: { class: rest.class, keyword: keyword.trim() || undefined, page, limit: MANAGE_PAGE_SIZE } });

export function useSentAnnouncements(params: SentAnnouncementParams) {
  return useQuery({ queryKey: informKeys.sentAnnouncementPage(params), queryFn: () => getSentAnnouncements(params), placeholderData: keepPreviousData });
}
