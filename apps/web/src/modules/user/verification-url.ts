import { userCalls } from '@juqi/contract';
import { urlField, writeUrlState } from '../../lib/url-state';

const body = userCalls.authenticationLists.body!.shape;

/** The review list's path: /user/authentication. */
export const VERIFICATION_PATH = '/user/authentication';

/**
 * The review list's URL (`/user/authentication?state=1&type=2`): its filters, and `id`, the submission open in the
 * drawer, so a link (a notification about a submission) opens it.
 */
export const VERIFICATION_URL = {
  state: urlField('number', body.state),
  type: urlField('number', body.type),
  user_id: urlField('number', body.user_id),
  mobile: urlField('text', body.mobile),
  time_quantum: urlField('days', body.time_quantum),
  id: urlField('number', userCalls.verificationFind.body!.shape.id),
};

/** The review list with one submission open. */
export const verificationLink = (id: number) => `${VERIFICATION_PATH}?${writeUrlState({ id }, VERIFICATION_URL)}`;
