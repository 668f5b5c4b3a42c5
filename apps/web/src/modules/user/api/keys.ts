/** Query keys of the users area; everything under `['user']` belongs to this module. */
export const userKeys = {
  all: ['user'] as const,
  /** Every cached user list (the all-users table under any filter). */
  lists: ['user', 'list'] as const,
  list: (body: object) => ['user', 'list', body] as const,
  verificationLists: ['user', 'verification-list'] as const,
  logins: ['user', 'logins'] as const,
  loginList: (scope: 'one' | 'all', body: object) => ['user', 'logins', scope, body] as const,
};
