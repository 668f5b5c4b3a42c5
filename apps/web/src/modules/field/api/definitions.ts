import { fieldFormCalls, type FieldDefinitionRow, type FieldForm } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/**
 * POST /api/field/<form>_definition_sort with every field's id in the new order. The list (and the preview) take the
 * order at once; a refusal puts the order back.
 */
export function useSortDefinitions(form: FieldForm) {
  const client = useQueryClient();
  const key = callKey(fieldFormCalls[form].definitionList);
  return useMutation({
    mutationFn: (ids: number[]) => callApi(fieldFormCalls[form].definitionSort, { body: { ids } }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<FieldDefinitionRow[]>(key);
      if (before) {
        const byId = new Map(before.map((row) => [row.id, row]));
        client.setQueryData(key, ids.map((id) => byId.get(id)).filter((row) => row !== undefined));
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
