import { fieldFormCalls, type CallBody, type FieldDefinitionRow, type FieldForm, type FieldFormCalls } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { fieldKeys } from './keys';

export type DefinitionAddBody = CallBody<FieldFormCalls['definitionAdd']>;
export type DefinitionEditBody = CallBody<FieldFormCalls['definitionEdit']>;

/** POST /api/field/<form>_definition_list: the form's fields in their order. */
export function useDefinitions(form: FieldForm) {
  return useQuery({ queryKey: fieldKeys.definitions(form), queryFn: () => callApi(fieldFormCalls[form].definitionList) });
}

/** A change of the fields refreshes the previews too: their columns and filters are the fields. */
function useRefreshForm(form: FieldForm) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: fieldKeys.form(form) });
}

/** POST /api/field/<form>_definition_add. */
export function useAddDefinition(form: FieldForm) {
  const refresh = useRefreshForm(form);
  return useMutation({ mutationFn: (body: DefinitionAddBody) => callApi(fieldFormCalls[form].definitionAdd, { body }), onSuccess: refresh });
}

/** POST /api/field/<form>_definition_edit. */
export function useEditDefinition(form: FieldForm) {
  const refresh = useRefreshForm(form);
  return useMutation({ mutationFn: (body: DefinitionEditBody) => callApi(fieldFormCalls[form].definitionEdit, { body }), onSuccess: refresh });
}

/** POST /api/field/<form>_definition_del. */
export function useDeleteDefinition(form: FieldForm) {
  const refresh = useRefreshForm(form);
  return useMutation({ mutationFn: (id: number) => callApi(fieldFormCalls[form].definitionDel, { body: { id } }), onSuccess: refresh });
}

/**
 * POST /api/field/<form>_definition_sort with every field's id in the new order. The list (and the preview) take the
 * order at once; a refusal puts the order back.
 */
export function useSortDefinitions(form: FieldForm) {
  const client = useQueryClient();
  const key = fieldKeys.definitions(form);
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
