import { userCalls, type CallBody } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';
import { useKeysetQuery } from '../../../lib/keyset-query';
import { userKeys } from './keys';

const PAGE = 50;

export type VerificationListQuery = Omit<CallBody<typeof userCalls.authenticationLists>, 'page' | 'limit' | 'cursor'>;

/** POST /api/user/authentication_lists: verification submissions by state and type, newest first. */
export const getVerifications = (query: VerificationListQuery, cursor?: string) =>
  callApi(userCalls.authenticationLists, { body: { ...query, limit: PAGE, cursor } });

export function useVerifications(query: VerificationListQuery, enabled = true) {
  return useKeysetQuery(userKeys.verificationList(query), (cursor) => getVerifications(query, cursor), { enabled });
}
