import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/announcement_details: the detail drawer of announcement `inform_id`. */
export const getAnnouncementDetails = (id: number) => callApi(informCalls.announcementDetails, { body: { id } });

/** Fetches only for a real announcement (id > 0). */
export function useAnnouncementDetails(id: number) {
  return useQuery({ queryKey: informKeys.details(id), queryFn: () => getAnnouncementDetails(id), enabled: id > 0 });
}
