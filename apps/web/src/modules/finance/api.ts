import {
  financeCalls,
  ledgerBookCalls,
  manualCreditCalls,
  topUpRecordCalls,
  withdrawalCalls,
  type CallBody,
  type Currency,
  type LEDGER_BOOKS,
  type LedgerBook,
  type Withdrawal,
} from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { approvalQueryKeys } from '../approval';

/** Query keys of the finance module; everything under `['finance']` belongs to it. */
export const financeKeys = {
  statement: (userId: number, currency: Currency, page: number, limit: number) => ['finance', 'statement', userId, currency, page, limit] as const,
  topUps: ['finance', 'top-ups'] as const,
  statements: ['finance', 'statement'] as const,
  withdrawals: ['finance', 'withdrawals'] as const,
  books: (book: LedgerBook) => ['finance', 'books', book] as const,
};

/** POST /api/finance/recharge_details: one order and the entries that credited it. */
export const useTopUpDetails = (orderNo: string) =>
  useQuery({ queryKey: [...financeKeys.topUps, 'details', orderNo], queryFn: () => callApi(topUpRecordCalls.details, { body: { order_no: orderNo } }) });

/** POST /api/finance/user_statement: a user's account of one currency and a page of its entries, newest first. */
export const useUserStatement = (userId: number, currency: Currency, page: number, limit: number) =>
  useQuery({
    queryKey: financeKeys.statement(userId, currency, page, limit),
    queryFn: () => callApi(financeCalls.userStatement, { body: { user_id: userId, currency, page, limit } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/finance/withdraw_details: one withdrawal with its whole payout account, and the entries of its hold and settlement. */
export const useWithdrawalDetails = (withdrawNo: string) =>
  useQuery({ queryKey: [...financeKeys.withdrawals, 'details', withdrawNo], queryFn: () => callApi(withdrawalCalls.details, { body: { withdraw_no: withdrawNo } }) });

/**
 * A decision on a withdrawal. Refused or not, the withdrawals (list and details), the users' statements and the to-dos
 * are read again: a 40900 means someone decided it meanwhile or the payout was refused, and the row should show where
 * it stands; a success moved or released the user's held money, or put the withdrawal in or out of the payers' to-dos.
 */
function useWithdrawalDecision<B>(decide: (body: B) => Promise<Withdrawal>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => Promise.all([financeKeys.withdrawals, financeKeys.statements, approvalQueryKeys.todos].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** POST /api/finance/withdraw_approve: 审核通过 (applied → approved). */
export const useApproveWithdrawal = () => useWithdrawalDecision((body: CallBody<typeof withdrawalCalls.approve>) => callApi(withdrawalCalls.approve, { body }));

/** POST /api/finance/withdraw_pay: 打款 (approved → paid; the hold is posted). */
export const usePayWithdrawal = () => useWithdrawalDecision((body: CallBody<typeof withdrawalCalls.pay>) => callApi(withdrawalCalls.pay, { body }));

/** POST /api/finance/withdraw_reject: 驳回 with a reason (the hold is released). */
export const useRejectWithdrawal = () => useWithdrawalDecision((body: CallBody<typeof withdrawalCalls.reject>) => callApi(withdrawalCalls.reject, { body }));

/** POST /api/finance/{book}_details: one entry of a ledger book and every entry of its transfer. */
export const useBookEntryDetails = (book: LedgerBook, entryId: number) =>
  useQuery({ queryKey: [...financeKeys.books(book), 'details', entryId], queryFn: () => callApi(ledgerBookCalls[book].details, { body: { entry_id: entryId } }) });

/** The books staff may credit by hand (`manualCredit` in the contract). */
export type CreditBook = { [B in LedgerBook]: (typeof LEDGER_BOOKS)[B] extends { manualCredit: true } ? B : never }[LedgerBook];
const CREDIT_CALLS: Record<CreditBook, typeof manualCreditCalls.earningCredit> = { user_earnings: manualCreditCalls.earningCredit, bean_earnings: manualCreditCalls.beanEarningCredit };
export type ManualCreditBody = CallBody<typeof manualCreditCalls.earningCredit>;

/** 手动入账 to a book: once credited, the book and the users' statements are read again. */
export function useManualCredit(book: CreditBook) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualCreditBody) => callApi(CREDIT_CALLS[book], { body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: financeKeys.books(book) }), client.invalidateQueries({ queryKey: financeKeys.statements })]),
  });
}
