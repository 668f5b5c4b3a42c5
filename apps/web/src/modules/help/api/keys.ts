import { helpCalls } from '@juqi/contract';

/** Query keys of the help drawer and settings; everything under `['help']` belongs to this module. */
export const helpKeys = {
  all: ['help'] as const,
  // Under the help manual resource's keys (`[module, thing]`), so a write on its settings screen refreshes the drawer.
  manuals: ['help', 'help_manual'] as const,
  manualList: (params: object) => ['help', 'help_manual', 'drawer', params] as const,
  manual: (id: number) => ['help', 'help_manual', 'drawer', 'one', id] as const,
  // Under the upgrade log resource's keys, likewise.
  upgradeLogPage: (params: object) => ['help', 'upgrade_log', 'drawer', params] as const,
};

/** The calls whose answers a write on the categories changes: the trees, and the functions naming their categories. */
export const CATEGORY_READS = [helpCalls.powerlist, helpCalls.powerlistsubset, helpCalls.functionIntroduction, helpCalls.functionInform];
/** The calls whose answers a write on the functions changes. */
export const FUNCTION_READS = [helpCalls.functionInform, helpCalls.functionIntroduction, helpCalls.functionFind];
