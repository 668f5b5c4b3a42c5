import { userCalls, type UserSelectionInput } from '@juqi/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/user/select: confirms a selection (picked ids, or everyone matching a filter sent as the filter) and answers
 * how many users it stands for and the normalised selection a caller stores.
 */
export const confirmUserSelection = (selection: UserSelectionInput) => callApi(userCalls.select, { body: { selection } });

export function useConfirmUserSelection() {
  return useMutation({ mutationFn: confirmUserSelection });
}
