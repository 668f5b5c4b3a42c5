import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type CategoryEditInput = CallBody<typeof helpCalls.categoryEdit>;

/** POST /api/help/function_category_edit: rename, re-sort or move a category. */
export const editCategory = (body: CategoryEditInput) => callApi(helpCalls.categoryEdit, { body });

export function useEditCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editCategory,
    // Function rows carry their categories' names.
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: helpKeys.categories }), client.invalidateQueries({ queryKey: helpKeys.functions })]),
  });
}
