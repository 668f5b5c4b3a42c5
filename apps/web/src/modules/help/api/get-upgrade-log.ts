import { helpCalls, UPGRADE_LOG_ID } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

export interface UpgradeLogParams {
  page: number;
  limit: number;
}

/** POST /api/help/upgrade_log with id 1 (§9): the timeline, newest version first. */
export const getUpgradeLog = ({ page, limit }: UpgradeLogParams) => callApi(helpCalls.upgradeLog, { body: { id: UPGRADE_LOG_ID, page, limit } });

export function useUpgradeLog(params: UpgradeLogParams) {
  return useQuery({ queryKey: helpKeys.upgradeLogPage(params), queryFn: () => getUpgradeLog(params), placeholderData: keepPreviousData });
}
