import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type ManualAddInput = CallBody<typeof helpCalls.helpManualAdd>;

/** POST /api/help/help_manual_add: a page path may have one manual (40900 otherwise). */
export const addManual = (body: ManualAddInput) => callApi(helpCalls.helpManualAdd, { body });

export function useAddManual() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addManual, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.manuals }) });
}
