import { powerCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';
import { useRefreshMenus } from './refresh-session';

/** POST /api/power/powerdelete: delete an entry with nothing under it. */
export const deletePower = (id: number) => callApi(powerCalls.remove, { body: { id } });

export function useDeletePower() {
  const client = useQueryClient();
  const refreshMenus = useRefreshMenus();
  return useMutation({
    mutationFn: deletePower,
    onSuccess: async () => {
      void refreshMenus();
      await client.invalidateQueries({ queryKey: powerKeys.catalogue });
    },
  });
}
