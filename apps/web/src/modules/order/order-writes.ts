import { ErrorCode, orderCalls, type AnyCall, type CallBody, type OrderDetails } from '@juqi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api-client';
import { callKey } from '../../lib/call-hooks';
import { refusedFields } from '../../lib/form-errors';

/** A write answering the order as it now is: 新增订单 and every move of an order. */
type OrderWrite = AnyCall & { data: typeof orderCalls.orderDetails.data };

/** Where an order's details live in the query cache. */
export const orderDetailsKey = (orderNo: string) => callKey(orderCalls.orderDetails, { order_no: orderNo });

/** A 40900 naming `state`: the order moved meanwhile (another staff, the sweep), so the move asked for no longer applies. */
export const isStateMoved = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.CONFLICT && refusedFields(error).some((f) => f.field === 'state');

/**
 * Places or moves an order. Its answer is the order as it now is: the drawer shows it at once, and the list and its
 * totals are asked again. An order that moved meanwhile is asked again too, so the drawer shows where it stands and
 * offers only what its state allows; the API client has shown the server's message.
 */
export function useOrderWrite<C extends OrderWrite>(call: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<C>): Promise<OrderDetails> => callApi(call, { body }),
    onSuccess: (order) => {
      client.setQueryData(orderDetailsKey(order.order_no), order);
      return Promise.all([orderCalls.orderList, orderCalls.orderTotals].map((read) => client.invalidateQueries({ queryKey: callKey(read) })));
    },
    onError: (error, body) => {
      const orderNo = (body as { order_no?: string }).order_no;
      if (orderNo && isStateMoved(error)) return client.invalidateQueries({ queryKey: orderDetailsKey(orderNo) });
    },
  });
}
