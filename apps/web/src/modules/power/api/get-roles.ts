import { powerCalls } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

export interface RoleListParams {
  keyword: string;
  page: number;
  limit: number;
}

/** POST /api/power/role_list: a page of roles with their staff counts. */
export const getRoles = ({ keyword, page, limit }: RoleListParams) =>
  callApi(powerCalls.roleList, { body: { keyword: keyword.trim() || undefined, page, limit } });

export function useRoles(params: RoleListParams) {
  return useQuery({ queryKey: powerKeys.roleList(params), queryFn: () => getRoles(params), placeholderData: keepPreviousData });
}
