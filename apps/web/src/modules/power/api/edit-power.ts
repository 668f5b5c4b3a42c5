import { powerCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';
import { useRefreshMenus } from './refresh-session';

export type EditPowerInput = CallBody<typeof powerCalls.edit>;

/** POST /api/power/poweredit: change a catalogue entry (its kind stays). */
export const editPower = (body: EditPowerInput) => callApi(powerCalls.edit, { body });

export function useEditPower() {
  const client = useQueryClient();
  const refreshMenus = useRefreshMenus();
  return useMutation({
    mutationFn: editPower,
    onSuccess: async () => {
      void refreshMenus();
      await client.invalidateQueries({ queryKey: powerKeys.catalogue });
    },
  });
}
