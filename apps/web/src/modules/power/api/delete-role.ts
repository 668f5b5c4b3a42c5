import { powerCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

/** POST /api/power/role_delete: only a role no staff holds. */
export const deleteRole = (id: number) => callApi(powerCalls.roleDelete, { body: { id } });

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => client.invalidateQueries({ queryKey: powerKeys.roles }) });
}
