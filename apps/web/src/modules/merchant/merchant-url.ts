import { merchantCalls } from '@juqi/contract';
import { urlField } from '../../lib/url-state';

const body = merchantCalls.merchantList.body!.shape;

/** 客户信息管理's URL (`/merchant/info?agency_id=7&source=staff`): its filters, and `id`, the customer open. */
export const MERCHANT_URL = {
  keyword: urlField('text', body.keyword),
  agency_id: urlField('number', body.agency_id),
  source: urlField('text', body.source),
  created: urlField('days', body.created),
  id: urlField('number', merchantCalls.merchantDetails.body!.shape.id),
};
