import { helpCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/powerlistsubset: the subcategories of one top category. */
export const getSubcategories = (pid: number) => callApi(helpCalls.powerlistsubset, { body: { pid } });

/** Waits until a top category is chosen. */
export function useHelpSubcategories(pid: number | undefined) {
  return useQuery({
    queryKey: helpKeys.subcategories(pid ?? 0),
    queryFn: () => getSubcategories(pid!),
    enabled: pid !== undefined,
  });
}
