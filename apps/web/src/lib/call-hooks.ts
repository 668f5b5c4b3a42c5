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

/**
 * A call's answer to `body`; a null body waits (a choice not made yet). `keepPrevious`: a page stays in view while
 * the next loads.
 */
export function useCallQuery<C extends AnyCall>(call: C, body: CallBody<C> | null, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: callKey(call, body),
    queryFn: (): Promise<CallData<C>> => callApi(call, { body: body! }),
    enabled: body !== null,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
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
