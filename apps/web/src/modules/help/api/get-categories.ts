import { helpCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/powerlist: level 1 = top categories (each with its subcategories as `options`), 2 = every subcategory. */
export const getCategories = (level: 1 | 2 = 1) => callApi(helpCalls.powerlist, { body: { level_id: level } });

export function useHelpCategories(level: 1 | 2 = 1) {
  return useQuery({ queryKey: helpKeys.categoryLevel(level), queryFn: () => getCategories(level) });
}
