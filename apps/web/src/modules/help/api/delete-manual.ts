import { helpCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/help_manual_delete. */
export const deleteManual = (id: number) => callApi(helpCalls.helpManualDelete, { body: { id } });

export function useDeleteManual() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteManual, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.manuals }) });
}
