import { USER_PAGE_SIZE, userCalls, type UserFilterInput } from '@juqi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { nextCursorOf } from './next-cursor';
import { userSelectKeys } from './user-select-keys';

/** POST /api/user/user_select_list: one keyset page (20) of the users matching the filter; no cursor = the first page. */
export const getUserSelectList = (filter: UserFilterInput, cursor?: string) =>
  callApi(userCalls.selectList, { body: { ...filter, cursor, limit: USER_PAGE_SIZE } });

/** The drawer's infinite list: a new filter is a new query, so it starts again at the first page. */
export function useUserSelectList(filter: UserFilterInput, enabled = true) {
  return useInfiniteQuery({
    queryKey: userSelectKeys.list(filter),
    queryFn: ({ pageParam }) => getUserSelectList(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
    enabled,
  });
}
