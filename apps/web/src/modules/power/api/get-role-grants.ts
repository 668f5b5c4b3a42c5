import { powerCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

/** POST /api/power/role_grants: what a role grants (`power_ids`) and what the caller may grant (`grantable_ids`). */
export const getRoleGrants = (id: number) => callApi(powerCalls.roleGrants, { body: { id } });

export function useRoleGrants(id: number | undefined) {
  return useQuery({
    queryKey: powerKeys.roleGrants(id ?? 0),
    queryFn: () => getRoleGrants(id!),
    enabled: id !== undefined,
    // Always the current grants when the editor opens: another administrator may have changed them.
    staleTime: 0,
    gcTime: 0,
  });
}
