import { userCalls } from '@juqi/contract';
import { useCheckedPicture } from '../../../lib/checked-picture';

/** GET /api/user/verification_document: the `index`-th document of a submission as a picture URL (`useCheckedPicture`). */
export const useVerificationDocument = (id: number, index: number) => useCheckedPicture(userCalls.verificationDocument, { id, index });
