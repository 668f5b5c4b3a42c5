import { financeSettingsCalls, type RechargeLimits } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const limitsKey = ['finance', 'recharge-limits'] as const;

/** GET /api/finance/recharge_limits_details: the smallest and largest top-up, in fen. */
export function useRechargeLimits() {
  return useQuery({ queryKey: limitsKey, queryFn: () => callApi(financeSettingsCalls.rechargeLimitsDetails) });
}

/** POST /api/finance/recharge_limits_edit; its answer is what is stored now. */
export function useEditRechargeLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RechargeLimits) => callApi(financeSettingsCalls.rechargeLimitsEdit, { body }),
    onSuccess: (saved) => client.setQueryData(limitsKey, saved),
  });
}
