import { informCalls, notificationTypeResource } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource';

/** Under the 通知类型 screen's keys, so an edit there refreshes every screen that shows the types. */
const typeOptionsKey = [...resourceKeys(notificationTypeResource).all, 'options'] as const;

/** POST /api/inform/type_options: the notification types as every screen shows them, in their order. */
export function useTypeOptions() {
  return useQuery({ queryKey: typeOptionsKey, queryFn: () => callApi(informCalls.typeOptions), staleTime: 60_000 });
}
