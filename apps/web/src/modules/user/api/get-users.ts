import { userCalls, type UserListBody } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';
import { useKeysetQuery } from '../../../lib/keyset-query';
import { userKeys } from './keys';

/**
 * Rows read per scroll step. The table shows about twenty at once; reading a hundred at a time keeps a fast scroll
 * through thousands of users from waiting on a request every screen.
 */
export const USER_TABLE_PAGE = 100;

export type UserListQuery = Omit<UserListBody, 'page' | 'limit' | 'cursor'>;

/** POST /api/user/lists: one keyset page of the users matching the filter, in the chosen order. */
export const getUsers = (query: UserListQuery, cursor?: string) =>
  callApi(userCalls.lists, { body: { ...query, limit: USER_TABLE_PAGE, cursor } });

export function useUsers(query: UserListQuery, enabled = true) {
  return useKeysetQuery(userKeys.list(query), (cursor) => getUsers(query, cursor), { enabled });
}
