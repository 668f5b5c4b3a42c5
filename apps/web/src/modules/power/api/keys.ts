/** Query keys of the settings screens; everything under `['power']` belongs to this module. */
export const powerKeys = {
  all: ['power'] as const,
  catalogue: ['power', 'catalogue'] as const,
  roles: ['power', 'roles'] as const,
  roleList: (params: { keyword: string; page: number; limit: number }) => ['power', 'roles', params] as const,
  roleGrants: (id: number) => ['power', 'role-grants', id] as const,
  loginSettings: ['power', 'login-settings'] as const,
};
