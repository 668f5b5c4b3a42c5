export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const NOT_FOUND_PATH = '/404';

/** Why the sign-in page opened, when it has something to tell: one's own password was just changed. */
export type SignInNotice = 'password_changed';

/** The sign-in page, remembering where to come back to: the path with its query (§2.1), and what to tell, if anything. */
export const loginPath = (from: string, notice?: SignInNotice): string =>
  `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}${notice ? `&notice=${notice}` : ''}`;

/**
 * Where to go after sign-in: the `redirect` parameter when it is a path of this site, else home. A full URL or a
 * protocol-relative `//host` would let a crafted link send the staff to another site after they sign in.
 */
export function redirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return raw;
}
