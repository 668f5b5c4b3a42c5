import { orderCalls } from '@juqi/contract';
import { useCallQuery } from '../../lib/call-hooks';

/** Every business with its packages and every region, which the filters and 新增订单 offer; asked once a minute at most. */
export const useOrderOptions = () => useCallQuery(orderCalls.orderOptions, undefined, { staleTime: 60_000 });
