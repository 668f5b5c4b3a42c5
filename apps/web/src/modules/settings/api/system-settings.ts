import { settingsCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { reloadSiteDetails } from '../../../lib/site-details';

/** Query keys of the settings module; everything under `['settings']` belongs to it. */
export const settingsKeys = {
  system: ['settings', 'system'] as const,
};

/** GET /api/set/system_details, asked again when the screen opens: another operator may have changed them. */
export function useSystemSettings() {
  return useQuery({ queryKey: settingsKeys.system, queryFn: () => callApi(settingsCalls.systemDetails) });
}

export type SystemSettingsInput = CallBody<typeof settingsCalls.systemEdit>;

/**
 * POST /api/set/system. Once saved, the site details every screen reads (the top bar's logo or name, the page title,
 * the time zone of every time shown) are fetched again, so they follow at once, without a reload.
 */
export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettingsInput) => callApi(settingsCalls.systemEdit, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKeys.system, saved);
      await reloadSiteDetails();
    },
  });
}
