import { informCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys, MANAGE_PAGE_SIZE } from './keys';

export interface TemplateListParams {
  type: number;
  keyword: string;
  page: number;
}

/** POST /api/inform/templatelist: notification templates by type and name. */
export const getTemplates = ({ type, keyword, page }: TemplateListParams) =>
  callApi(informCalls.templateList, { body: { type, keyword: keyword.trim() || undefined, page, limit: MANAGE_PAGE_SIZE } });

export function useTemplates(params: TemplateListParams) {
  return useQuery({ queryKey: informKeys.templatePage(params), queryFn: () => getTemplates(params), placeholderData: keepPreviousData });
}
