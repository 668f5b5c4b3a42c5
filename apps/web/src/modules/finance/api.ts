import { financeCalls, topUpRecordCalls, withdrawalCalls, type CallBody, type Currency, type Withdrawal } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Query keys of the finance module; everything under `['finance']` belongs to it. */
const keys = {
  statement: (userId: number, currency: Currency, page: number, limit: number) => ['finance', 'statement', userId, currency, page, limit] as const,
  topUps: ['finance', 'top-ups'] as const,
  statements: ['finance', 'statement'] as const,
  withdrawals: ['finance', 'withdrawals'] as const,
};

export type TopUpRecordsFilter = Omit<CallBody<typeof topUpRecordCalls.list>, 'page' | 'limit'>;

/** POST /api/finance/recharge_list: a page of top-up orders with the filtered set's count and sums. */
export const useTopUpRecords = (filter: TopUpRecordsFilter, page: number, limit: number) =>
  useQuery({
    queryKey: [...keys.topUps, filter, page, limit],
    queryFn: () => callApi(topUpRecordCalls.list, { body: { ...filter, page, limit } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/finance/recharge_details: one order and the entries that credited it. */
export const useTopUpDetails = (orderNo: string) =>
  useQuery({ queryKey: [...keys.topUps, 'details', orderNo], queryFn: () => callApi(topUpRecordCalls.details, { body: { order_no: orderNo } }) });

/** POST /api/finance/user_statement: a user's account of one currency and a page of its entries, newest first. */
export const useUserStatement = (userId: number, currency: Currency, page: number, limit: number) =>
  useQuery({
    queryKey: keys.statement(userId, currency, page, limit),
    queryFn: () => callApi(financeCalls.userStatement, { body: { user_id: userId, currency, page, limit } }),
    placeholderData: keepPreviousData,
  });

export type WithdrawalRecordsFilter = Omit<CallBody<typeof withdrawalCalls.list>, 'page' | 'limit'>;

/** POST /api/finance/withdraw_list: a page of withdrawals with the filtered set's count and sums. */
export const useWithdrawalRecords = (filter: WithdrawalRecordsFilter, page: number, limit: number) =>
  useQuery({
    queryKey: [...keys.withdrawals, filter, page, limit],
    queryFn: () => callApi(withdrawalCalls.list, { body: { ...filter, page, limit } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/finance/withdraw_details: one withdrawal with its whole payout account, and the entries of its hold and settlement. */
export const useWithdrawalDetails = (withdrawNo: string) =>
  useQuery({ queryKey: [...keys.withdrawals, 'details', withdrawNo], queryFn: () => callApi(withdrawalCalls.details, { body: { withdraw_no: withdrawNo } }) });

/**
 * A decision on a withdrawal. Refused or not, the withdrawals (list and details) and the users' statements are read
 * again: a 40900 means someone decided it meanwhile or the payout was refused, and the row should show where it stands;
 * a success moved or released the user's held money.
 */
function useWithdrawalDecision<B>(decide: (body: B) => Promise<Withdrawal>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: keys.withdrawals }), client.invalidateQueries({ queryKey: keys.statements })]),
  });
}

/** POST /api/finance/withdraw_approve: 审核通过 (applied → approved). */
export const useApproveWithdrawal = () => useWithdrawalDecision((body: CallBody<typeof withdrawalCalls.approve>) => callApi(withdrawalCalls.approve, { body }));

/** POST /api/finance/withdraw_pay: 打款 (approved → paid; the hold is posted). */
export const usePayWithdrawal = () => useWithdrawalDecision((body: CallBody<typeof withdrawalCalls.pay>) => callApi(withdrawalCalls.pay, { body }));

/** POST /api/finance/withdraw_reject: 驳回 with a reason (the hold is released). */
export const useRejectWithdrawal = () => useWithdrawalDecision((body: CallBody<typeof withdrawalCalls.reject>) => callApi(withdrawalCalls.reject, { body }));
