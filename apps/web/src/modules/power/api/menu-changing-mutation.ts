import type { AnyCall, CallBody } from '@juqi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCallMutation } from '../../../lib/call-hooks';
import { SESSION_QUERY_KEY } from '../../../lib/session-queries';

/**
 * A write to the function catalogue or to a role's grants (the signed-in staff may hold that role): besides the answers
 * of `refreshes`, the shell refetches the staff's profile and menus, so new or removed menus show without signing out.
 * The one place this module touches the shell's session queries (owned by the auth module: `SESSION_QUERY_KEY`).
 */
export function useMenuChangingMutation<C extends AnyCall>(call: C, refreshes: readonly AnyCall[]) {
  const client = useQueryClient();
  const { mutateAsync: write, isPending } = useCallMutation(call, refreshes);
  // As stable as the mutation's own mutateAsync, so a screen's memoised callbacks may hold it.
  const mutateAsync = useCallback(
    async (body: CallBody<C>) => {
      const answer = await write(body);
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      return answer;
    },
    [client, write],
  );
  return { mutateAsync, isPending };
}
