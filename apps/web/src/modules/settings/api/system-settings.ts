import { settingsCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';
import { reloadSiteDetails } from '../../../lib/site-details';

/**
 * POST /api/set/system: the server answers with the settings as stored, which become the answer of
 * `settingsCalls.systemDetails` without asking for it again. The site details every screen reads (the top bar's logo
 * or name, the page title, the time zone of every time shown) are fetched again, so they follow at once, without a
 * reload.
 */
export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof settingsCalls.systemEdit>) => callApi(settingsCalls.systemEdit, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(callKey(settingsCalls.systemDetails), saved);
      await reloadSiteDetails();
    },
  });
}
