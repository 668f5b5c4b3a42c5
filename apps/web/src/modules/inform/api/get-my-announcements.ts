import { informCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { DRAWER_PAGE_SIZE, informKeys } from './keys';

/** POST /api/inform/my_announcements: the drawer's announcements, newest first. */
export const getMyAnnouncements = (page: number) => callApi(informCalls.myAnnouncements, { body: { page, limit: DRAWER_PAGE_SIZE } });

export function useMyAnnouncements(page: number) {
  return useQuery({ queryKey: informKeys.myAnnouncementPage(page), queryFn: () => getMyAnnouncements(page), placeholderData: keepPreviousData });
}
