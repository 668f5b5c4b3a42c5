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
  // Under the help manual resource's keys (`[module, thing]`), so a write on its settings screen refreshes the drawer.
  manuals: ['help', 'help_manual'] as const,
  manualList: (params: object) => ['help', 'help_manual', 'drawer', params] as const,
  manual: (id: number) => ['help', 'help_manual', 'drawer', 'one', id] as const,
  // Under the upgrade log resource's keys, likewise.
  upgradeLogPage: (params: object) => ['help', 'upgrade_log', 'drawer', params] as const,
};
