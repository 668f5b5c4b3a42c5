import { informCalls, type AnnouncementClass } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys, MANAGE_PAGE_SIZE } from './keys';

export interface PopupTemplateListParams {
  class: AnnouncementClass | undefined;
  keyword: string;
  page: number;
}

/** POST /api/inform/site_show_template_list: pop-up templates by class and name. */
export const getPopupTemplates = ({ keyword, page, ...rest }: PopupTemplateListParams) =>
  callApi(informCalls.siteShowTemplateList, { body: { class: rest.class, keyword: keyword.trim() || undefined, page, limit: MANAGE_PAGE_SIZE } });

export function usePopupTemplates(params: PopupTemplateListParams) {
  return useQuery({ queryKey: informKeys.popupTemplatePage(params), queryFn: () => getPopupTemplates(params), placeholderData: keepPreviousData });
}
