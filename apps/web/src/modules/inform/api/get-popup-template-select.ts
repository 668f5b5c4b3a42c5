import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/**
 * POST /api/inform/site_show_template_select: every pop-up template, to publish an announcement from; a write on the
 * templates refreshes it (`POPUP_TEMPLATE_READS`).
 */
export function usePopupTemplateSelect() {
  return useQuery({ queryKey: callKey(informCalls.siteShowTemplateSelect), queryFn: () => callApi(informCalls.siteShowTemplateSelect), staleTime: 60_000 });
}
