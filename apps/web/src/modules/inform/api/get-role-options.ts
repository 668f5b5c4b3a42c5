import { powerCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** The roles a system event can go to: 角色设置's list (`POST /api/power/role_list`), which needs role.view. */
export const getRoleOptions = async () => (await callApi(powerCalls.roleList, { body: { page: 1, limit: 200 } })).data.map((r) => ({ value: r.id, label: r.name }));

export function useRoleOptions(enabled: boolean) {
  return useQuery({ queryKey: informKeys.roleOptions, queryFn: getRoleOptions, enabled, staleTime: 60_000 });
}
