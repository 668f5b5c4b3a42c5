import { informCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidatePopupTemplates } from './invalidate-popup-templates';

/** POST /api/inform/site_show_template_del: announcements made from it keep their own copy. */
export const deletePopupTemplate = (id: number) => callApi(informCalls.siteShowTemplateDelete, { body: { id } });

export function useDeletePopupTemplate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePopupTemplate, onSuccess: () => invalidatePopupTemplates(client) });
}
