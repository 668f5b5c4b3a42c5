import { financeCalls, type Currency } from '@juqi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Query keys of the finance module; everything under `['finance']` belongs to it. */
const keys = {
  statement: (userId: number, currency: Currency, page: number, limit: number) => ['finance', 'statement', userId, currency, page, limit] as const,
};

/** POST /api/finance/user_statement: a user's account of one currency and a page of its entries, newest first. */
export const useUserStatement = (userId: number, currency: Currency, page: number, limit: number) =>
  useQuery({
    queryKey: keys.statement(userId, currency, page, limit),
    queryFn: () => callApi(financeCalls.userStatement, { body: { user_id: userId, currency, page, limit } }),
    placeholderData: keepPreviousData,
  });
