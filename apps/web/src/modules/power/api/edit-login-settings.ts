import { settingsCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/**
 * POST /api/set/login: the server answers with the settings as stored, which become the answer of
 * `settingsCalls.loginDetails` without asking for it again.
 */
export function useEditLoginSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof settingsCalls.loginEdit>) => callApi(settingsCalls.loginEdit, { body }),
    onSuccess: (saved) => client.setQueryData(callKey(settingsCalls.loginDetails), saved),
  });
}
