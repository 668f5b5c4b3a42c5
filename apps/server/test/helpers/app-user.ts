import { appUserAuthCalls, ErrorCode, type LOGIN_PLATFORMS } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../src/lib/db/schema';
import type { TestApp } from './app';
import { invoke, makeSign, smsOutbox } from './auth';

let addressSeq = 0;
/** An address of its own for each request, so the per-IP sign-in and SMS limits do not throttle test set-up. */
const freshAddress = () => {
  addressSeq += 1;
  return `10.${200 + ((addressSeq >> 16) & 31)}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

/**
 * Signs a marketplace user in to the apps as a client does: asks for a code for their mobile, reads it from the SMS
 * outbox, signs in with it. Answers the app token. A second sign-in of the same user within the minute's resend
 * cooldown moves the test clock past it first, as a patient client would wait.
 */
export async function signInAppUser(t: TestApp, userId: number, platform: (typeof LOGIN_PLATFORMS)[number] = 'h5'): Promise<string> {
  const [user] = await t.database.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  let sent = await invoke(t, appUserAuthCalls.sendSmsCode, { mobile: user.mobile }, undefined, { ip: freshAddress() });
  if (sent.code === ErrorCode.TOO_MANY && sent.data?.retry_after) {
    t.clock.advance(sent.data.retry_after * 1000);
    sent = await invoke(t, appUserAuthCalls.sendSmsCode, { mobile: user.mobile }, undefined, { ip: freshAddress() });
  }
  if (sent.code !== ErrorCode.OK) throw new Error(`no code sent to user ${userId}: ${JSON.stringify(sent)}`);
  const code = smsOutbox(t).filter((m) => m.phone === user.mobile).at(-1)?.code;
  if (!code) throw new Error(`no code in the outbox for user ${userId}`);
  const body = { mobile: user.mobile, verification_code: code, sign: makeSign(t.clock.now().getTime()), platform };
  const signedIn = await invoke(t, appUserAuthCalls.smsLogin, body, undefined, { ip: freshAddress() });
  if (signedIn.code !== ErrorCode.OK) throw new Error(`sign-in of user ${userId} failed: ${JSON.stringify(signedIn)}`);
  return signedIn.data.token;
}
