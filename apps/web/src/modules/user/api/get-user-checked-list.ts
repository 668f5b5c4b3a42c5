import { USER_PAGE_SIZE, userCalls } from '@juqi/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { nextCursorOf } from './next-cursor';
import { userSelectKeys } from './user-select-keys';

/** POST /api/user/user_checked_list for picked ids: those users in keyset pages, highest id first. */
export const getUserCheckedList = (ids: readonly number[], cursor?: string) =>
  callApi(userCalls.checkedList, { body: { selection: { mode: 'ids', ids: [...ids] }, cursor, limit: USER_PAGE_SIZE } });

/** The drawer's 已选 list, while it is shown. Without ids there is nothing to ask. */
export function useUserCheckedList(ids: readonly number[], enabled = true) {
  return useInfiniteQuery({
    queryKey: userSelectKeys.checked(ids),
    queryFn: ({ pageParam }) => getUserCheckedList(ids, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
    enabled: enabled && ids.length > 0,
  });
}
