import { helpCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/function_category_delete: only a category with no subcategories and no functions (40900 otherwise). */
export const deleteCategory = (id: number) => callApi(helpCalls.categoryDelete, { body: { id } });

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.categories }) });
}
