import { powerCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';
import { useRefreshMenus } from './refresh-session';

export interface GrantRoleInput {
  id: number;
  power_ids: number[];
}

/** POST /api/power/role_grant: set what a role grants; the server refuses (40300) entries the caller does not hold. */
export const grantRole = (body: GrantRoleInput) => callApi(powerCalls.roleGrant, { body });

export function useGrantRole() {
  const client = useQueryClient();
  const refreshMenus = useRefreshMenus();
  return useMutation({
    mutationFn: grantRole,
    onSuccess: async (_data, { id }) => {
      // The signed-in staff may hold this role: their menus follow at once.
      void refreshMenus();
      await client.invalidateQueries({ queryKey: powerKeys.roleGrants(id) });
    },
  });
}
