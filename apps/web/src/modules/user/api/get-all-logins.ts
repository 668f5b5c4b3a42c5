import { userCalls, type CallBody } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';
import { useKeysetQuery } from '../../../lib/keyset-query';
import { userKeys } from './keys';

const PAGE = 100;

export type AllLoginQuery = Omit<CallBody<typeof userCalls.loginLogListAll>, 'page' | 'limit' | 'cursor'>;

/** POST /api/user/login_log_list_all: every user's app sign-ins, newest first, by user, mobile, IP, result, platform, day. */
export const getAllLogins = (query: AllLoginQuery, cursor?: string) =>
  callApi(userCalls.loginLogListAll, { body: { ...query, limit: PAGE, cursor } });

export function useAllLogins(query: AllLoginQuery, enabled = true) {
  return useKeysetQuery(userKeys.loginList('all', query), (cursor) => getAllLogins(query, cursor), { enabled });
}
