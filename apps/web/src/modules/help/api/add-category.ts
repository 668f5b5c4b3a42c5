import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type CategoryInput = CallBody<typeof helpCalls.categoryAdd>;

/** POST /api/help/function_category_add: a top category (pid 0) or a subcategory. */
export const addCategory = (body: CategoryInput) => callApi(helpCalls.categoryAdd, { body });

export function useAddCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCategory, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.categories }) });
}
