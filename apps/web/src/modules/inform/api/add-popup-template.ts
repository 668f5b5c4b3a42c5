import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidatePopupTemplates } from './invalidate-popup-templates';

export type PopupTemplateInput = CallBody<typeof informCalls.siteShowTemplateAdd>;

/** POST /api/inform/site_show_template_add. */
export const addPopupTemplate = (body: PopupTemplateInput) => callApi(informCalls.siteShowTemplateAdd, { body });

export function useAddPopupTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addPopupTemplate, onSuccess: () => invalidatePopupTemplates(client) });
}
