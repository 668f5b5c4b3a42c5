import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type ManualEditInput = CallBody<typeof helpCalls.helpManualEdit>;

/** POST /api/help/help_manual_edit. */
export const editManual = (body: ManualEditInput) => callApi(helpCalls.helpManualEdit, { body });

export function useEditManual() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editManual, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.manuals }) });
}
