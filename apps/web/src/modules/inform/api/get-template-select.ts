import { informCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/template_select: enabled notification templates, to publish from. */
export const getTemplateSelect = () => callApi(informCalls.templateSelect);

export function useTemplateSelect() {
  return useQuery({ queryKey: informKeys.templateSelect, queryFn: getTemplateSelect, staleTime: 60_000 });
}
