/** Query keys of 员工管理: staff records under `['personnel']`, the department tree and its index under `['department']`. */
export const personnelKeys = {
  all: ['personnel'] as const,
  page: (body: object) => ['personnel', 'page', body] as const,
  details: (id: number) => ['personnel', 'details', id] as const,
  history: (id: number) => ['personnel', 'history', id] as const,
  letters: ['personnel', 'letters'] as const,
  companies: ['personnel', 'companies'] as const,
  formFields: ['personnel', 'form-fields'] as const,
  departments: ['department'] as const,
  tree: ['department', 'tree'] as const,
  department: (id: number) => ['department', 'details', id] as const,
};
