import type { HttpMethod } from './call';

/**
 * What the web's sign-in page and start-up need of the contract, without zod: the declarations are zod schemas (27 KB
 * gzip in the browser), which that first load does without (bench/README.md › Sign-in page weight). So nothing here
 * imports zod or a module that does; the declarations in auth.ts and settings.ts spread these addresses, so a call's
 * method and path are written once.
 */

/** A call by what a client needs to send it. */
export interface CallAddress {
  readonly method: HttpMethod;
  readonly path: string;
  readonly response?: 'json' | 'blob';
}

const address = (method: HttpMethod, path: string) => ({ method, path }) satisfies CallAddress;

/**
 * The calls the sign-in page and the start-up make, named as in `authCalls` and `settingsCalls`. A client sends one as
 * `callApi<typeof authCalls.login>(firstLoadCalls.login, …)`: the declaration types it, the address sends it.
 */
export const firstLoadCalls = {
  login: address('POST', '/api/login/login'),
  sendSmsCode: address('POST', '/api/login/mobile_verification_code'),
  smsLogin: address('POST', '/api/login/mobile_login'),
  logout: address('POST', '/api/login/log_out'),
  info: address('GET', '/api/staff/info'),
  menuList: address('GET', '/api/staff/menu_list'),
  systemDetails: address('GET', '/api/set/system_details'),
};

/** §4: the web app keeps the session token in this cookie. */
export const TOKEN_COOKIE = 'juqi_token';

/** §5 phone rule: optional leading plus, optional 0, 2-4 digits with optional hyphen, then 6-11 digits. */
export const PHONE_PATTERN = /^\+?0?\d{2,4}-?\d{6,11}$/;
