import type { UserFilterInput } from '@juqi/contract';

/** Query keys of the user-select drawer; everything under `['user', 'select']` belongs to it. */
export const userSelectKeys = {
  all: ['user', 'select'] as const,
  list: (filter: UserFilterInput) => ['user', 'select', 'list', filter] as const,
  checked: (ids: readonly number[]) => ['user', 'select', 'checked', ids] as const,
};
