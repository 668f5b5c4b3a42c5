import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type FunctionEditInput = CallBody<typeof helpCalls.functionEdit>;

/** POST /api/help/function_edit: edit a function or move it to another subcategory. */
export const editFunction = (body: FunctionEditInput) => callApi(helpCalls.functionEdit, { body });

export function useEditFunction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editFunction, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.functions }) });
}
