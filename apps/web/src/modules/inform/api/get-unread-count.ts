import { informCalls } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/inform/unread_count, quietly: the live stream asks it after the stream was refused, to tell a dead
 * session (stop) from a network failure (retry); it reports nothing itself.
 */
export const getUnreadCount = () => callApi(informCalls.unreadCount, { quiet: true });
