import { helpCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/function_find: one function with its explanation (to edit it). */
export const getFunction = (id: number) => callApi(helpCalls.functionFind, { body: { id } });

export function useHelpFunction(id: number | undefined) {
  return useQuery({ queryKey: helpKeys.function(id ?? 0), queryFn: () => getFunction(id!), enabled: id !== undefined });
}
