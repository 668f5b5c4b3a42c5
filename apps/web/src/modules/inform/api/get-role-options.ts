import { powerCalls, type CallData } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

const body = { page: 1, limit: 200 };

const optionsOf = (roles: CallData<typeof powerCalls.roleList>) => roles.data.map((r) => ({ value: r.id, label: r.name }));

/**
 * The roles a system event can go to: 角色设置's list (`POST /api/power/role_list`), which needs role.view. Made options
 * as it is read (`select`), so the cache holds the call's answer under its key as any reader of `callKey` expects it.
 */
export function useRoleOptions(enabled: boolean) {
  return useQuery({ queryKey: callKey(powerCalls.roleList, body), queryFn: () => callApi(powerCalls.roleList, { body }), select: optionsOf, enabled, staleTime: 60_000 });
}
