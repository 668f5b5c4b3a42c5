import { powerCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

/** POST /api/power/role_edit: rename a role or change its remark. */
export const editRole = (body: CallBody<typeof powerCalls.roleEdit>) => callApi(powerCalls.roleEdit, { body });

export function useEditRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editRole, onSuccess: () => client.invalidateQueries({ queryKey: powerKeys.roles }) });
}
