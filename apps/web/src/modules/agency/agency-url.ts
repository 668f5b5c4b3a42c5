import { agencyListCalls } from '@juqi/contract';
import { urlField } from '../../lib/url-state';

const body = agencyListCalls.agencyList.body!.shape;

/** 全部代理's URL (`/agency/list?level=2&region_id=3`): its filters, and `id`, the agency open in the drawer. */
export const AGENCY_URL = {
  keyword: urlField('text', body.keyword),
  level: urlField('number', body.level),
  region_id: urlField('number', body.region_id),
  city_code: urlField('text', body.city_code),
  status: urlField('text', body.status),
  activity_band: urlField('text', body.activity_band),
  agency_pw_id: urlField('number', body.agency_pw_id),
  joined: urlField('days', body.joined),
  id: urlField('number', agencyListCalls.agencyDetails.body!.shape.id),
};
