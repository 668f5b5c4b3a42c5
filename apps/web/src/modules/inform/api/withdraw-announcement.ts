import { informCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { informKeys } from './keys';

/** POST /api/inform/withdraw_announcement: no longer popped up or listed; open pop-ups of it close. */
export const withdrawAnnouncement = (id: number) => callApi(informCalls.withdrawAnnouncement, { body: { id } });

export function useWithdrawAnnouncement() {
  const client = useQueryClient();
  return useMutation({ mutationFn: withdrawAnnouncement, onSuccess: () => client.invalidateQueries({ queryKey: informKeys.sentAnnouncements }) });
}
