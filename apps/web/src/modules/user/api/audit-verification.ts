import { userCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';
import { userKeys } from './keys';

/** POST /api/user/user_enterprise_verification_audit: approve or reject (with a reason) a submission under review. */
export function useAuditVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof userCalls.verificationAudit>) => callApi(userCalls.verificationAudit, { body }),
    onSuccess: (detail) => {
      client.setQueryData(callKey(userCalls.verificationFind, { id: detail.id }), detail);
      void client.invalidateQueries({ queryKey: userKeys.verificationLists });
      // The user's authentication state follows the decision.
      void client.invalidateQueries({ queryKey: callKey(userCalls.details, { id: detail.user_id }) });
      void client.invalidateQueries({ queryKey: userKeys.lists, refetchType: 'none' });
    },
  });
}
