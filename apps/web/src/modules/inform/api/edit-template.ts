import { informCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

export type TemplateEditInput = CallBody<typeof informCalls.templateEdit>;

/** POST /api/inform/templateedit: a notification template's name, type, text and whether it is sent. */
export const editTemplate = (body: TemplateEditInput) => callApi(informCalls.templateEdit, { body });

export function useEditTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editTemplate,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: informKeys.templates });
      await client.invalidateQueries({ queryKey: informKeys.templateSelect });
    },
  });
}
