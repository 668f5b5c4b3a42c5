import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/system_event_list: every system event with its settings, in the catalogue's order. */
export const getSystemEvents = () => callApi(informCalls.systemEventList);

export function useSystemEvents() {
  return useQuery({ queryKey: informKeys.systemEvents, queryFn: getSystemEvents });
}
