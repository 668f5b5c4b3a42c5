/** Query keys of the help drawer and settings; everything under `['help']` belongs to this module. */
export const helpKeys = {
  all: ['help'] as const,
  categories: ['help', 'categories'] as const,
  categoryLevel: (level: 1 | 2) => ['help', 'categories', 'level', level] as const,
  subcategories: (pid: number) => ['help', 'categories', 'sub', pid] as const,
  functions: ['help', 'functions'] as const,
  functionsOf: (pid: number) => ['help', 'functions', 'of', pid] as const,
  functionRows: (params: object) => ['help', 'functions', 'rows', params] as const,
  function: (id: number) => ['help', 'functions', 'one', id] as const,
  manuals: ['help', 'manuals'] as const,
  manualList: (params: object) => ['help', 'manuals', 'list', params] as const,
  manual: (id: number) => ['help', 'manuals', 'one', id] as const,
  upgradeLog: ['help', 'upgrade-log'] as const,
  upgradeLogPage: (params: object) => ['help', 'upgrade-log', params] as const,
};
