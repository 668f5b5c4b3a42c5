import { powerCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';
import { useRefreshMenus } from './refresh-session';

export type AddPowerInput = CallBody<typeof powerCalls.add>;

/** POST /api/power/poweradd: a menu entry (up to three levels) or an operation under a menu. */
export const addPower = (body: AddPowerInput) => callApi(powerCalls.add, { body });

export function useAddPower() {
  const client = useQueryClient();
  const refreshMenus = useRefreshMenus();
  return useMutation({
    mutationFn: addPower,
    onSuccess: async () => {
      void refreshMenus();
      await client.invalidateQueries({ queryKey: powerKeys.catalogue });
    },
  });
}
