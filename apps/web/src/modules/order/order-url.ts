import { orderCalls, orderFilterFields } from '@juqi/contract';
import { urlField } from '../../lib/url-state';

/**
 * 订单中心's URL (`/agencyorder_center/index?state=paid&business_id=5&amount_min=10000`): its filters, amounts in fen,
 * and `order`, the order open in the drawer.
 */
export const ORDER_URL = {
  keyword: urlField('text', orderFilterFields.keyword),
  state: urlField('text', orderFilterFields.state),
  business_id: urlField('number', orderFilterFields.business_id),
  package_id: urlField('number', orderFilterFields.package_id),
  agency_id: urlField('number', orderFilterFields.agency_id),
  merchant_id: urlField('number', orderFilterFields.merchant_id),
  region_id: urlField('number', orderFilterFields.region_id),
  pay_by: urlField('text', orderFilterFields.pay_by),
  source: urlField('text', orderFilterFields.source),
  created: urlField('days', orderFilterFields.created),
  paid: urlField('days', orderFilterFields.paid),
  amount_min: urlField('number', orderFilterFields.amount_min),
  amount_max: urlField('number', orderFilterFields.amount_max),
  order: urlField('text', orderCalls.orderDetails.body!.shape.order_no),
};
