import { helpCalls, type CallBody } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export type UpgradeVersionAddInput = CallBody<typeof helpCalls.upgradeLogAdd>;

/** POST /api/help/upgrade_log_add: a version of upgrade log 1; version numbers are unique within it. */
export const addUpgradeVersion = (body: UpgradeVersionAddInput) => callApi(helpCalls.upgradeLogAdd, { body });

export function useAddUpgradeVersion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addUpgradeVersion, onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.upgradeLog }) });
}
