import { userCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './keys';

/** POST /api/user/details: profile, inviter, verification submissions and lock history of one user. */
export const getUserDetail = (id: number) => callApi(userCalls.details, { body: { id } });

export function useUserDetail(id: number | null) {
  return useQuery({ queryKey: userKeys.detail(id ?? 0), queryFn: () => getUserDetail(id!), enabled: id !== null });
}
