import { productCalls } from '@juqi/contract';
import { urlField } from '../../lib/url-state';

const body = productCalls.productList.body!.shape;

/** 产品信息管理's URL (`/merchant/product?merchant_id=3`): its filters, and `id`, the product open. */
export const PRODUCT_URL = {
  keyword: urlField('text', body.keyword),
  merchant_id: urlField('number', body.merchant_id),
  agency_id: urlField('number', body.agency_id),
  created: urlField('days', body.created),
  id: urlField('number', productCalls.productDetails.body!.shape.id),
};
