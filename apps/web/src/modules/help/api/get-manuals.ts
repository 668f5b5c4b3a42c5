import { helpCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

interface ManualListParams {
  keyword: string;
  page: number;
  limit: number;
}

/**
 * POST /api/help/help_manual: manuals without their content, by sort then id (the drawer's menu list). Under the help
 * manual resource's keys (`helpKeys`), which the call hooks' keys are not: a write on its settings screen refreshes it.
 */
export function useHelpManuals({ keyword, page, limit }: ManualListParams) {
  return useQuery({
    queryKey: helpKeys.manualList({ keyword, page, limit }),
    queryFn: () => callApi(helpCalls.helpManual, { body: { keyword: keyword.trim() || undefined, page, limit } }),
    placeholderData: keepPreviousData,
  });
}
