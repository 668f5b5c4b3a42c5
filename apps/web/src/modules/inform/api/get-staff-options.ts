import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/** POST /api/inform/staff_options: active staff matching a name or staff number, for the recipient picker. */
export function useStaffOptions(keyword: string) {
  const body = { keyword: keyword || undefined };
  return useQuery({ queryKey: callKey(informCalls.staffOptions, body), queryFn: () => callApi(informCalls.staffOptions, { body }), staleTime: 30_000 });
}
