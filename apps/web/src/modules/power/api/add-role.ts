import { powerCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

export type RoleInput = CallBody<typeof powerCalls.roleAdd>;

/** POST /api/power/role_add. */
export const addRole = (body: RoleInput) => callApi(powerCalls.roleAdd, { body });

export function useAddRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRole, onSuccess: () => client.invalidateQueries({ queryKey: powerKeys.roles }) });
}
