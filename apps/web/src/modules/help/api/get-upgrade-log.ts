import { helpCalls, UPGRADE_LOG_ID } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

interface UpgradeLogParams {
  page: number;
  limit: number;
}

/**
 * POST /api/help/upgrade_log with id 1 (§9): the timeline, newest version first. Under the upgrade log resource's keys
 * (`helpKeys`), which the call hooks' keys are not: a write on its settings screen refreshes the drawer.
 */
export function useUpgradeLog({ page, limit }: UpgradeLogParams) {
  return useQuery({
    queryKey: helpKeys.upgradeLogPage({ page, limit }),
    queryFn: () => callApi(helpCalls.upgradeLog, { body: { id: UPGRADE_LOG_ID, page, limit } }),
    placeholderData: keepPreviousData,
  });
}
