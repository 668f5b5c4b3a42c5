import { adjustmentCalls, financeCalls, type AdjustmentSettings, type AdjustmentSettingsState, type CallBody } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { approvalQueryKeys } from '../approval';
import { financeKeys } from './api';

/** Query keys of 调账; under the module's `['finance']`. */
export const adjustmentKeys = {
  all: ['finance', 'adjustments'] as const,
  settings: ['finance', 'adjustment-settings'] as const,
};

/** POST /api/finance/adjustment_details: one adjustment and the entries of its transfer. */
export const useAdjustmentDetails = (adjustmentNo: string) =>
  useQuery({ queryKey: [...adjustmentKeys.all, 'details', adjustmentNo], queryFn: () => callApi(adjustmentCalls.adjustmentDetails, { body: { adjustment_no: adjustmentNo } }) });

/**
 * A write of 调账 (an application or a decision). Refused or not, the adjustments, the users' statements and the to-dos
 * are read again: a 40900 means someone decided it meanwhile or the balance changed; a success may have moved money,
 * or put an adjustment in or out of the to-dos.
 */
function useAdjustmentWrite<B, R>(write: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      Promise.all([adjustmentKeys.all, financeKeys.statements, approvalQueryKeys.todos].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** POST /api/finance/adjustment_apply: posted at once, or pending above the threshold. */
export const useApplyAdjustment = () => useAdjustmentWrite((body: CallBody<typeof adjustmentCalls.adjustmentApply>) => callApi(adjustmentCalls.adjustmentApply, { body }));

/** POST /api/finance/adjustment_approve: a pending adjustment is posted. */
export const useApproveAdjustment = () => useAdjustmentWrite((body: CallBody<typeof adjustmentCalls.adjustmentApprove>) => callApi(adjustmentCalls.adjustmentApprove, { body }));

/** POST /api/finance/adjustment_reject: a pending adjustment is rejected with a reason. */
export const useRejectAdjustment = () => useAdjustmentWrite((body: CallBody<typeof adjustmentCalls.adjustmentReject>) => callApi(adjustmentCalls.adjustmentReject, { body }));

/** GET /api/finance/adjustment_settings_details: the thresholds and daily limits (fen; beans), and a raise waiting. */
export const useAdjustmentSettings = () => useQuery({ queryKey: adjustmentKeys.settings, queryFn: () => callApi(adjustmentCalls.adjustmentSettingsDetails) });

/**
 * A change of the settings or of their waiting raise; its answer is what is stored now. Refused (a raise decided or
 * replaced meanwhile), the settings are read again. Either way the to-dos are, which a raise enters and leaves.
 */
function useSettingsWrite<B>(write: (body: B) => Promise<AdjustmentSettingsState>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (saved) => client.setQueryData(adjustmentKeys.settings, saved),
    onError: () => client.invalidateQueries({ queryKey: adjustmentKeys.settings }),
    onSettled: () => client.invalidateQueries({ queryKey: approvalQueryKeys.todos }),
  });
}

/** POST /api/finance/adjustment_settings_edit: a lowering applies; a raise waits for a second person. */
export const useEditAdjustmentSettings = () => useSettingsWrite((body: AdjustmentSettings) => callApi(adjustmentCalls.adjustmentSettingsEdit, { body }));

/** POST /api/finance/adjustment_settings_approve: the waiting raise applies. */
export const useApproveAdjustmentSettings = () => useSettingsWrite((proposalId: string) => callApi(adjustmentCalls.adjustmentSettingsApprove, { body: { proposal_id: proposalId } }));

/** POST /api/finance/adjustment_settings_reject: the waiting raise is dropped. */
export const useRejectAdjustmentSettings = () => useSettingsWrite((proposalId: string) => callApi(adjustmentCalls.adjustmentSettingsReject, { body: { proposal_id: proposalId } }));

/**
 * POST /api/finance/user_lookup: the users a money form may pick by ID, mobile or name, with their balances. Under the
 * statements' key, so every posting reads them again.
 */
export const financeUsersQuery = (keyword: string) => ({
  queryKey: [...financeKeys.statements, 'lookup', keyword] as const,
  queryFn: () => callApi(financeCalls.userLookup, { body: { keyword } }),
});

export const useFinanceUsers = (keyword: string) => useQuery({ ...financeUsersQuery(keyword), enabled: keyword !== '' });
