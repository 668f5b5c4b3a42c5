import { Link } from 'react-router';
import { useMessages } from '../lib/i18n';
import { HOME_PATH } from '../lib/redirect';
import { usePageTitle } from '../lib/site-details';
import { appMessages } from './messages';

/** /404: public and outside the shell, so it needs neither a session nor antd. Unknown and unpermitted paths land here. */
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
