import { referenceLookup, type LookupKind, type Resource, type ResourceField } from '@juqi/contract';

/** A resource's reference fields, each with the lookup naming its records (docs/resources.md › References). */
export function referenceLookups(resource: Resource<Record<string, ResourceField>>): [key: string, kind: LookupKind][] {
  return Object.entries(resource.fields).flatMap(([key, field]): [string, LookupKind][] => (field.kind === 'reference' ? [[key, referenceLookup(field)]] : []));
}
