import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/type_options: the notification types as every screen shows them, in their order. */
export const getTypeOptions = () => callApi(informCalls.typeOptions);

export function useTypeOptions() {
  return useQuery({ queryKey: informKeys.typeOptions, queryFn: getTypeOptions, staleTime: 60_000 });
}
