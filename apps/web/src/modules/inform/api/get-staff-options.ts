import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/staff_options: active staff matching a name or staff number, for the recipient picker. */
export const getStaffOptions = (keyword: string) => callApi(informCalls.staffOptions, { body: { keyword: keyword || undefined } });

export function useStaffOptions(keyword: string) {
  return useQuery({ queryKey: informKeys.staffOptions(keyword), queryFn: () => getStaffOptions(keyword), staleTime: 30_000 });
}
