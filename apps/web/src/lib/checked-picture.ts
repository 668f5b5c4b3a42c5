import type { AnyCall, CallQuery } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from './api-client';
import { dataUrlOf } from './data-url';

/**
 * A picture served only by a checked call (an identity document, a certification's picture): fetched with the
 * session's token, which an `<img>` could not send, and answered as a `data:` URL. It stays in memory only while it is
 * on screen; a refusal or a missing file is the caller's to show, not a toast.
 */
export function useCheckedPicture<C extends AnyCall>(call: C, query: CallQuery<C>) {
  return useQuery({
    queryKey: [call.path, query],
    queryFn: async () => dataUrlOf((await downloadFile(call, { query, quiet: true })).blob),
    staleTime: Infinity,
    gcTime: 0,
  });
}
