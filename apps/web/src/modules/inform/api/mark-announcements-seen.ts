import { informCalls } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/inform/seen_announcements: records pop-ups as shown, so each shows once. Quiet: a failure only means the
 * pop-up shows again at the next page load, which is no reason to interrupt the staff.
 */
export const markAnnouncementsSeen = (ids: number[]) => callApi(informCalls.seenAnnouncements, { body: { ids }, quiet: true });
