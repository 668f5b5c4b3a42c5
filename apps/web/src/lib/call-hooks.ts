import type { AnyCall, CallBody, CallData } from '@juqi/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

/**
 * Typed hooks over any call of the contract, where a screen needs no more than the call (docs/architecture.md › The
 * web shell, Calls from the web): the body and the answer are the call's own types, so a renamed field breaks the
 * screen's build.
 */

/** The query key of a call's answers: its module (tag) and path, then the body asked with. */
export const callKey = (call: AnyCall, body?: unknown) => (body === undefined ? [call.tag, call.path] : [call.tag, call.path, body]);

/** How a call's answer is kept and asked for, beyond its body. */
export interface CallQueryOptions {
  /** A page stays in view while the next loads. */
  keepPrevious?: boolean;
  /** How long an answer serves without being asked again: data that seldom or never changes is not asked on each visit. */
  staleTime?: number;
  /** A failure shows no notice: an answer the screen can do without is no reason to interrupt the staff. */
  quiet?: boolean;
}

/** A call's answer to `body`; a null body waits (a choice not made yet). */
export function useCallQuery<C extends AnyCall>(call: C, body: CallBody<C> | null, options: CallQueryOptions = {}) {
  return useQuery({
    queryKey: callKey(call, body),
    queryFn: (): Promise<CallData<C>> => callApi(call, { body: body!, quiet: options.quiet }),
    enabled: body !== null,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    staleTime: options.staleTime,
  });
}

/** A write by a call; once it lands, the answers of the calls it changes (`refreshes`) are asked again. */
export function useCallMutation<C extends AnyCall>(call: C, refreshes: readonly AnyCall[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<C>): Promise<CallData<C>> => callApi(call, { body }),
    onSuccess: () => Promise.all(refreshes.map((changed) => client.invalidateQueries({ queryKey: callKey(changed) }))),
  });
}
