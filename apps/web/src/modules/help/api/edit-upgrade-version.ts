import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type UpgradeVersionEditInput = CallBody<typeof helpCalls.upgradeLogEdit>;

/** POST /api/help/upgrade_log_edit: edit a version of the upgrade log. */
export const editUpgradeVersion = (body: UpgradeVersionEditInput) => callApi(helpCalls.upgradeLogEdit, { body });

export function useEditUpgradeVersion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editUpgradeVersion, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.upgradeLog }) });
}
