import { userCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './keys';

/** POST /api/user/user_select_search_list: the posts (pw_list), levels (level_list) and order-count bands. */
export const getSearchOptions = () => callApi(userCalls.selectSearchList);

export function useSearchOptions(enabled = true) {
  // Dictionaries that change rarely: kept for five minutes.
  return useQuery({ queryKey: userKeys.options, queryFn: getSearchOptions, enabled, staleTime: 5 * 60_000 });
}
