import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type FunctionAddInput = CallBody<typeof helpCalls.functionAdd>;

/** POST /api/help/function_add: add a function to a subcategory. */
export const addFunction = (body: FunctionAddInput) => callApi(helpCalls.functionAdd, { body });

export function useAddFunction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addFunction, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.functions }) });
}
