import { userFilter, userSort } from '@juqi/contract';
import { urlField, type UrlValues } from '../../../lib/url-state';
import type { UserListQuery } from '../api/get-users';

const f = userFilter.shape;

/** The all-users page's filter and order as they are written in its URL (`/user/list?type_user=1&quantity=3…`). */
export const USER_LIST_URL = {
  keyword: urlField('text', f.keyword),
  type_user: urlField('number', f.type_user),
  system_id: urlField('number', f.system_id),
  authentication_state: urlField('number', f.authentication_state),
  withdraw_state: urlField('number', f.withdraw_state),
  withdraw_type: urlField('number', f.withdraw_type),
  quantity: urlField('number', f.quantity),
  level: urlField('number', f.level),
  agency_pw_id: urlField('number', f.agency_pw_id),
  pw_id: urlField('number', f.pw_id),
  locked: urlField('boolean', f.locked),
  time_quantum: urlField('days', f.time_quantum),
  issue_time_quantum: urlField('days', f.issue_time_quantum),
  sort: urlField('text', userSort.sort),
  order: urlField('text', userSort.order),
};

export type UserListState = UrlValues<typeof USER_LIST_URL>;

/** The fields that narrow the list (everything but the order), for counting active filters and clearing them. */
export const USER_FILTER_KEYS = Object.keys(USER_LIST_URL).filter((key) => key !== 'sort' && key !== 'order') as (keyof UserListState)[];

/** What the list and the export send: the URL's values with the order's defaults filled in. */
export function listQueryOf(state: UserListState): UserListQuery {
  return { ...state, sort: state.sort ?? 'registered_at', order: state.order ?? 'desc' };
}

export const activeFilterCount = (state: UserListState): number => USER_FILTER_KEYS.filter((key) => state[key] !== undefined).length;
