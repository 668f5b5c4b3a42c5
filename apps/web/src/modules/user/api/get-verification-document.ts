import { userCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';
import { dataUrlOf } from '../../../lib/data-url';
import { userKeys } from './keys';


/**
 * GET /api/user/verification_document: the `index`-th document of a submission as a picture URL, fetched with the
 * session's token (an `<img>` could not send it). A refusal or a missing file is the caller's to show, not a toast.
 */
export const getVerificationDocument = async (id: number, index: number) =>
  dataUrlOf((await downloadFile(userCalls.verificationDocument, { query: { id, index }, quiet: true })).blob);

export function useVerificationDocument(id: number, index: number) {
  return useQuery({
    queryKey: userKeys.verificationDocument(id, index),
    queryFn: () => getVerificationDocument(id, index),
    staleTime: Infinity,
    // An identity document stays in memory only while it is on screen.
    gcTime: 0,
  });
}
