import { userCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { userKeys } from './keys';

/** POST /api/user/user_enterprise_verification_find: one submission with its documents and review history. */
export const getVerification = (id: number) => callApi(userCalls.verificationFind, { body: { id } });

export function useVerification(id: number | null) {
  return useQuery({ queryKey: userKeys.verification(id ?? 0), queryFn: () => getVerification(id!), enabled: id !== null });
}
