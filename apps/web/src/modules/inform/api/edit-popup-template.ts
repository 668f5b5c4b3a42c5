import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidatePopupTemplates } from './invalidate-popup-templates';

export type PopupTemplateEditInput = CallBody<typeof informCalls.siteShowTemplateEdit>;

/** POST /api/inform/site_show_template_edit. */
export const editPopupTemplate = (body: PopupTemplateEditInput) => callApi(informCalls.siteShowTemplateEdit, { body });

export function useEditPopupTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editPopupTemplate, onSuccess: () => invalidatePopupTemplates(client) });
}
