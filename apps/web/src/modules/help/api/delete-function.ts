import { helpCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/function_delete. */
export const deleteFunction = (id: number) => callApi(helpCalls.functionDelete, { body: { id } });

export function useDeleteFunction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFunction, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.functions }) });
}
