/** Query keys of the operation log; everything under `['audit']` belongs to this module. */
export const auditKeys = {
  list: ['audit', 'list'] as const,
  entry: (id: number) => ['audit', 'entry', id] as const,
};
