import { businessApplyCalls } from '@juqi/contract';
import { urlField } from '../../lib/url-state';

const body = businessApplyCalls.businessApplyList.body!.shape;

/** 业务申请's URL (`/agency/business_apply?state=pending&business_id=3`): its filters, and `id`, the application open. */
export const BUSINESS_APPLY_URL = {
  keyword: urlField('text', body.keyword),
  business_id: urlField('number', body.business_id),
  state: urlField('text', body.state),
  created: urlField('days', body.created),
  id: urlField('number', businessApplyCalls.businessApplyDetails.body!.shape.id),
};
