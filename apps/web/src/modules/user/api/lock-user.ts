import { userCalls, type CallBody, type UserDetail } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';
import { replaceKeysetRow } from '../../../lib/keyset-query';
import { userKeys } from './keys';

/** POST /api/user/user_lock: lock (with a reason) or unlock a user; answers the user's row as it now is. */
export function useLockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof userCalls.lock>) => callApi(userCalls.lock, { body }),
    onSuccess: (row) => {
      // The loaded rows change in place; lists filtered by account state are marked stale for their next visit.
      replaceKeysetRow(client, userKeys.lists, row);
      void client.invalidateQueries({ queryKey: userKeys.lists, refetchType: 'none' });
      const detail = callKey(userCalls.details, { id: row.id });
      client.setQueryData<UserDetail>(detail, (shown) => (shown ? { ...shown, user: row } : shown));
      void client.invalidateQueries({ queryKey: detail });
      void client.invalidateQueries({ queryKey: userKeys.logins });
    },
  });
}
