import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/** POST /api/inform/template_select: enabled notification templates, to publish from; a template's edit refreshes it. */
export function useTemplateSelect() {
  return useQuery({ queryKey: callKey(informCalls.templateSelect), queryFn: () => callApi(informCalls.templateSelect), staleTime: 60_000 });
}
