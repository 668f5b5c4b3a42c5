import { settingsCalls, type LoginSettings } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

/** POST /api/set/login: the server answers with the settings as stored. */
export const editLoginSettings = (body: LoginSettings) => callApi(settingsCalls.loginEdit, { body });

export function useEditLoginSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editLoginSettings,
    onSuccess: (saved) => client.setQueryData(powerKeys.loginSettings, saved),
  });
}
