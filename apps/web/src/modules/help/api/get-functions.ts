import { helpCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/function_inform: the functions of one subcategory with their explanations (the drawer's accordion). */
export const getFunctions = (pid: number) => callApi(helpCalls.functionInform, { body: { pid } });

/** Waits until a subcategory is chosen. */
export function useHelpFunctions(pid: number | undefined) {
  return useQuery({ queryKey: helpKeys.functionsOf(pid ?? 0), queryFn: () => getFunctions(pid!), enabled: pid !== undefined });
}
