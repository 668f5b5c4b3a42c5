import type { AnyCall, FilterOperator, HistoryEntry, Resource, ResourceField } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { urlField, useUrlState, type UrlFieldKind, type UrlFields, type UrlValues, type Validator } from '../url-state';

/**
 * The web half of the resource layer's data (docs/resources.md): the query keys, the list with its URL-kept filters,
 * the details, and the writes of any declared resource, all derived from the declaration.
 */

export type AnyResource = Resource<Record<string, ResourceField>>;
/**
 * A resource's call as any call: this layer serves every resource, so what it sends is checked by the call's schema
 * (the form's rules, the URL's fields) and by the server, not by a type of one resource's fields.
 */
const loose = (call: AnyResource['calls'][keyof AnyResource['calls']]) => call as AnyCall;

/** A record as the list and details answer it. */
export type ResourceRow = { id: number; updated_at: string } & Record<string, unknown>;

/** What names a record to people (a question, a dialog's title): its first keyword field, else its id. */
export const recordName = (resource: AnyResource, row: ResourceRow) => String(row[resource.keyword?.[0] ?? 'id'] ?? row.id);

/** A call's body schema seen as an object of field schemas (every resource body is a `z.object`). */
export const bodyShape = (body: unknown): Record<string, Validator<unknown>> => (body as { shape: Record<string, Validator<unknown>> }).shape;

/** Query keys: everything under `[module, thing]` belongs to the resource, so a write refreshes its list and details. */
export const resourceKeys = (resource: AnyResource) => {
  const all = [resource.module, resource.thing] as const;
  return {
    all,
    list: (body: object) => [...all, 'list', body] as const,
    details: (id: number) => [...all, 'details', id] as const,
  };
};

function urlKindOf(field: ResourceField, operator: FilterOperator): UrlFieldKind {
  if (operator === 'in') return 'list';
  if (operator === 'range') return field.kind === 'date' ? 'days' : 'list';
  if (field.kind === 'boolean') return 'boolean';
  return field.kind === 'text' || field.kind === 'textarea' ? 'text' : 'number';
}

// One set of URL fields per resource, so `useUrlState` sees the same object on every render.
const urlFieldsCache = new WeakMap<AnyResource, UrlFields>();

/** The list's keyword and declared filters as written in the page's URL, each checked by the list body's schema. */
export function resourceUrlFields(resource: AnyResource): UrlFields {
  let fields = urlFieldsCache.get(resource);
  if (!fields) {
    const shape = bodyShape(resource.calls.list.body);
    fields = {};
    if (resource.keyword?.length) fields.keyword = urlField('text', shape.keyword!);
    for (const [key, operator] of Object.entries(resource.filters ?? {}) as [string, FilterOperator][])
      fields[key] = urlField(urlKindOf(resource.fields[key]!, operator), shape[key]!);
    urlFieldsCache.set(resource, fields);
  }
  return fields;
}

/** The list's filters, kept in the URL; the setter takes a patch (`undefined` clears one). */
export const useResourceFilter = (resource: AnyResource): [UrlValues<UrlFields>, (patch: UrlValues<UrlFields>) => void] =>
  useUrlState(resourceUrlFields(resource));

/** One page of the list, filtered; the previous page stays in view while the next loads. */
export function useResourceList(resource: AnyResource, body: UrlValues<UrlFields> & { page: number; limit: number }) {
  return useQuery({
    queryKey: resourceKeys(resource).list(body),
    queryFn: async () => (await callApi(loose(resource.calls.list), { body })) as { count: number; data: ResourceRow[] },
    placeholderData: keepPreviousData,
  });
}

/** One record, fresh (an edit starts from what the server holds now, not from the list's copy). */
export function useResourceDetails(resource: AnyResource, id: number | null) {
  return useQuery({
    queryKey: resourceKeys(resource).details(id ?? 0),
    queryFn: async () => (await callApi(loose(resource.calls.details), { body: { id } })) as ResourceRow,
    enabled: id !== null,
  });
}

/** A write of the resource (`send`) that refreshes its list and details once it lands. */
function useResourceMutation<Input>(resource: AnyResource, send: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys(resource).all }) });
}

function useResourceWrite(resource: AnyResource, action: 'add' | 'edit' | 'delete') {
  return useResourceMutation(resource, (body: Record<string, unknown>) => {
    const call = resource.calls[action];
    if (!call) throw new Error(`${resource.module}.${resource.thing} offers no ${action}`);
    return callApi(loose(call), { body });
  });
}

export const useAddResource = (resource: AnyResource) => useResourceWrite(resource, 'add');
export const useEditResource = (resource: AnyResource) => useResourceWrite(resource, 'edit');
export const useDeleteResource = (resource: AnyResource) => useResourceWrite(resource, 'delete');

/** A declared action on some records (one, or several where it is bulk), refreshing the list and details once it lands. */
export function useResourceAction(resource: AnyResource) {
  return useResourceMutation(resource, ({ action, ids, reason }: { action: string; ids: number[]; reason?: string }) => {
    const declared = resource.states?.actions[action];
    const call = resource.actionCalls[action];
    if (!declared || !call) throw new Error(`${resource.module}.${resource.thing} offers no action ${action}`);
    return callApi(call as AnyCall, { body: { ...(declared.bulk ? { ids } : { id: ids[0] }), ...(reason && { reason }) } });
  });
}

/** A record's history (its add, edits and actions), where the resource declares states. */
export function useResourceHistory(resource: AnyResource, id: number) {
  return useQuery({
    queryKey: [...resourceKeys(resource).details(id), 'history'],
    queryFn: async () => (await callApi(loose(resource.calls.history!), { body: { id } })) as HistoryEntry[],
    enabled: !!resource.calls.history,
  });
}
