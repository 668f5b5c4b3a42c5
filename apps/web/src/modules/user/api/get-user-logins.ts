import { userCalls, type CallBody } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';
import { useKeysetQuery } from '../../../lib/keyset-query';
import { userKeys } from './keys';

const PAGE = 50;

export type UserLoginQuery = Omit<CallBody<typeof userCalls.loginLogList>, 'page' | 'limit' | 'cursor'>;

/** POST /api/user/login_log_list: one user's app sign-ins, newest first. */
export const getUserLogins = (query: UserLoginQuery, cursor?: string) =>
  callApi(userCalls.loginLogList, { body: { ...query, limit: PAGE, cursor } });

export function useUserLogins(query: UserLoginQuery, enabled = true) {
  return useKeysetQuery(userKeys.loginList('one', query), (cursor) => getUserLogins(query, cursor), { enabled });
}
