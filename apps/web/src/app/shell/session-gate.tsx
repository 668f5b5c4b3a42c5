import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, TransportError } from '../../lib/api-errors';
import { showError, showFailure } from '../../lib/failure-notice';
import { useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { loginPath } from '../../lib/redirect';
import { removeToken } from '../../lib/token';
import { usePickersOnPlatformTime } from '../../lib/picker-today';
import { useMenus, useProfile } from '../../lib/session-queries';
import { loadSiteDetails } from '../../lib/site-details';
import { FullPageLoading } from '../full-page-loading';
import { buildMenuModel } from '../../lib/menu-routes';
import { shellMessages } from './messages';
import { ShellContext } from '../../lib/shell-session';
import { preloadPage } from './pages';
import { ShellLayout } from './shell-layout';

// §8 texts, shown as the spec gives them in both languages.
const EMPTY_PROFILE_TEXT = 'Verification failed, please Login again.';
const MENU_FAILED_TEXT = '菜单数据加载异常';
const UNKNOWN_FAILURE_TEXT = 'Has Error';

/** What to show when a step fails: a text, or the §8 transport notice when the server could not be reached. */
type Failure = string | TransportError;

const failureOf = (error: unknown): Failure =>
  error instanceof TransportError ? error : (error instanceof Error && error.message) || UNKNOWN_FAILURE_TEXT;

/**
 * First navigation with a token: the profile and the menus, then the routes (§4). Both calls, the site details and the
 * chunk of the page the address names start together, so the page's own call waits for one round trip, not a chain
 * (docs/architecture.md › Start-up). The answers are judged in the spec's order: if the profile fails, or then the
 * menus, the token is cleared, the error is shown and the staff goes to sign in, coming back here afterwards.
 */
export function SessionGate() {
  const t = useMessages(shellMessages);
  const language = usePreferences((s) => s.language);
  const profile = useProfile();
  const menus = useMenus();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  usePickersOnPlatformTime();

  // Once, at boot: what every screen shows (logo, site name, time zone) and the page about to open.
  const [bootPath] = useState(pathname);
  useEffect(() => {
    loadSiteDetails();
    preloadPage(bootPath);
  }, [bootPath]);

  let failure: Failure | null = null;
  if (profile.isError && !profile.data) failure = failureOf(profile.error);
  else if (profile.isSuccess && !profile.data) failure = EMPTY_PROFILE_TEXT;
  // A refused token fails both calls: the menus' failure counts only once the profile is in.
  else if (profile.data && menus.isError && !menus.data) failure = menus.error instanceof ApiError ? MENU_FAILED_TEXT : failureOf(menus.error);

  useEffect(() => {
    if (!failure) return;
    removeToken();
    if (typeof failure === 'string') showError(failure);
    else showFailure(failure);
    navigate(loginPath(pathname + search), { replace: true });
  }, [failure, navigate, pathname, search]);

  const model = useMemo(() => (menus.data ? buildMenuModel(menus.data, t.dashboard, language) : null), [menus.data, t.dashboard, language]);
  const session = useMemo(() => (profile.data && model ? { profile: profile.data, menus: model } : null), [profile.data, model]);
  if (!session) return <FullPageLoading />;
  return (
    <ShellContext value={session}>
      <ShellLayout />
    </ShellContext>
  );
}
