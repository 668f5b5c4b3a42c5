import { merchantCalls } from '@juqi/contract';
import { useCallQuery } from '../../lib/call-hooks';

/** 客户信息设置's fields, which draw and edit every customer's values; asked once a minute at most. */
export const useMerchantFields = () => useCallQuery(merchantCalls.merchantFields, undefined, { staleTime: 60_000 });
