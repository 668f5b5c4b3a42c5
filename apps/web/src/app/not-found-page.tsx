import { Link } from 'react-router';
import { useMessages } from '../lib/i18n';
import { HOME_PATH } from '../lib/redirect';
import { usePageTitle } from '../lib/site-details';
import { appMessages } from './messages';

/**
 * /404 without a session: a page of its own, needing neither a session nor antd. Unknown and unpermitted paths land at
 * /404; a signed-in staff member sees it inside the shell's layout (`shell/not-found-pane.tsx`).
 */
export function NotFoundPage() {
  const t = useMessages(appMessages);
  usePageTitle(t.notFoundTitle);
  return (
    <main className="not-found">
      <h1 className="not-found__code">{t.notFoundTitle}</h1>
      <p className="not-found__text">{t.notFoundText}</p>
      <Link className="plain-button plain-button--primary" to={HOME_PATH}>
        {t.backHome}
      </Link>
    </main>
  );
}
