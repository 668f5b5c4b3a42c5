import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/site_show_template_select: every pop-up template, to publish an announcement from. */
export const getPopupTemplateSelect = () => callApi(informCalls.siteShowTemplateSelect);

export function usePopupTemplateSelect() {
  return useQuery({ queryKey: informKeys.popupTemplateSelect, queryFn: getPopupTemplateSelect, staleTime: 60_000 });
}
