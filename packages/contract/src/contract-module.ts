import type { z } from 'zod';
import type { CallDefinition } from './call';
import type { Resource, ResourceField } from './resource';
import type { SettingsDocument } from './settings-document';

export type AnyModuleCall = CallDefinition<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;
type ModuleCalls = Readonly<Record<string, AnyModuleCall>>;

/**
 * A module's share of the contract: its hand-written calls (one record, or one per family of calls) and its declared
 * resources, whose calls follow from them. Each module's contract file declares its one manifest and `index.ts` lists
 * the manifests once (`contractModules`), from which every call (the boot checks, OpenAPI, the sweeps) and every
 * resource (the generated tests, the walks, the audit's words) are read: a resource is named in its manifest and
 * nowhere else. Data only, so the lowest contract files may declare one (`resource.ts`'s `moduleCalls` reads it).
 */
export interface ContractModule {
  name: string;
  calls: readonly ModuleCalls[];
  resources: readonly Resource<Record<string, ResourceField>>[];
  /** Its declared settings documents (a settings screen each), whose two calls follow from them. */
  settings: readonly SettingsDocument[];
}

export function defineContractModule(module: {
  name: string;
  calls?: ModuleCalls | readonly ModuleCalls[];
  resources?: readonly Resource<Record<string, ResourceField>>[];
  settings?: readonly SettingsDocument[];
}): ContractModule {
  const calls = Array.isArray(module.calls) ? module.calls : module.calls ? [module.calls as ModuleCalls] : [];
  return { name: module.name, calls, resources: module.resources ?? [], settings: module.settings ?? [] };
}
