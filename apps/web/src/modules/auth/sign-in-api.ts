import { firstLoadCalls, type authCalls } from '@juqi/contract';
import { callApi } from '../../lib/api-client';
import { removeToken } from '../../lib/token';

/**
 * The replay guard of a sign-in request: `"<unix-ms>:<nonce>"`, fresh for every attempt; the server refuses a sign older
 * than 5 minutes or one it has seen. getRandomValues (not randomUUID) also works on plain-http intranet hosts.
 */
export function newSign(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const nonce = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `${Date.now()}:${nonce}`;
}

/** Signs in by staff number (trimmed, §5) and password; resolves to the session token. */
export async function signInWithPassword(staffNum: string, password: string): Promise<string> {
  const body = { staff_num: staffNum.trim(), user_pwd: password, sign: newSign() };
  return (await callApi<typeof authCalls.login>(firstLoadCalls.login, { body })).token;
}

/** Asks for an SMS code; resolves to the seconds before another may be requested. */
export async function sendSmsCode(phone: string): Promise<number> {
  return (await callApi<typeof authCalls.sendSmsCode>(firstLoadCalls.sendSmsCode, { body: { staff_tel: phone.trim() } })).resend_after;
}

/** Signs in by phone and SMS code; resolves to the session token. */
export async function signInWithSms(phone: string, code: string): Promise<string> {
  const body = { staff_tel: phone.trim(), verification_code: code, sign: newSign() };
  return (await callApi<typeof authCalls.smsLogin>(firstLoadCalls.smsLogin, { body })).token;
}

/**
 * Ends the session on the server, then forgets the token; a session the server has ended already (one's own password
 * changed) is only forgotten. Quiet: a session that has ended meanwhile answers 50008, and signing out must not then
 * ask the staff to sign in again.
 */
export async function endSession({ sessionEnded }: { sessionEnded: boolean }): Promise<void> {
  if (!sessionEnded) {
    try {
      await callApi<typeof authCalls.logout>(firstLoadCalls.logout, { quiet: true });
    } catch {
      // The server forgets unused sessions on its own; signing out here must still work offline.
    }
  }
  removeToken();
}
