import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

export type PublishAnnouncementInput = CallBody<typeof informCalls.addAnnouncement>;

/** POST /api/inform/add_announcement: a pop-up announcement. */
export const publishAnnouncement = (body: PublishAnnouncementInput) => callApi(informCalls.addAnnouncement, { body });

export function usePublishAnnouncement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: publishAnnouncement, onSuccess: () => client.invalidateQueries({ queryKey: informKeys.sentAnnouncements }) });
}
