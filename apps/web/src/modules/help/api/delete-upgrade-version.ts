import { helpCalls } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/upgrade_log_delete: one version of the upgrade log. */
export const deleteUpgradeVersion = (id: number) => callApi(helpCalls.upgradeLogDelete, { body: { id } });

export function useDeleteUpgradeVersion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteUpgradeVersion, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.upgradeLog }) });
}
