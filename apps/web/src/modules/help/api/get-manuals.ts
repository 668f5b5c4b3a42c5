import { helpCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export interface ManualListParams {
  keyword: string;
  page: number;
  limit: number;
}

/** POST /api/help/help_manual: manuals without their content, by sort then id (the drawer's menu list, the settings table). */
export const getManuals = ({ keyword, page, limit }: ManualListParams) =>
  callApi(helpCalls.helpManual, { body: { keyword: keyword.trim() || undefined, page, limit } });

export function useHelpManuals(params: ManualListParams) {
  return useQuery({ queryKey: helpKeys.manualList(params), queryFn: () => getManuals(params), placeholderData: keepPreviousData });
}
