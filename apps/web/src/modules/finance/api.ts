import { financeCalls, topUpRecordCalls, type CallBody, type Currency } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Query keys of the finance module; everything under `['finance']` belongs to it. */
const keys = {
  statement: (userId: number, currency: Currency, page: number, limit: number) => ['finance', 'statement', userId, currency, page, limit] as const,
  topUps: ['finance', 'top-ups'] as const,
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
