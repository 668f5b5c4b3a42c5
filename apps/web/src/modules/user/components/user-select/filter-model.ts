import type { UserFilter } from '@juqi/contract';

/** The drawer's filter fields (§3 User filter) and the keyword. */
export type FilterKey = Exclude<keyof UserFilter, 'authentication_state' | 'locked'>;

/** Sets or clears one field; a cleared field is dropped, so equal filters are equal objects (one query each). */
export function withField<K extends FilterKey>(filter: UserFilter, key: K, value: UserFilter[K] | null | undefined): UserFilter {
  const next: UserFilter = { ...filter };
  if (value === undefined || value === null || value === '') delete next[key];
  else next[key] = value;
  return next;
}

export const isEmptyFilter = (filter: UserFilter): boolean => Object.keys(filter).length === 0;
