import { helpCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export interface FunctionRowParams {
  /** A top category or a subcategory; none for every function. */
  pid?: number;
  keyword: string;
  page: number;
  limit: number;
}

/** POST /api/help/function_introduction: a page of functions with their category names (the settings table). */
export const getFunctionRows = ({ pid, keyword, page, limit }: FunctionRowParams) =>
  callApi(helpCalls.functionIntroduction, { body: { pid, keyword: keyword.trim() || undefined, page, limit } });

export function useFunctionRows(params: FunctionRowParams) {
  return useQuery({ queryKey: helpKeys.functionRows(params), queryFn: () => getFunctionRows(params), placeholderData: keepPreviousData });
}
