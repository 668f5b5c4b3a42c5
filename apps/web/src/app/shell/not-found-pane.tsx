import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useMessages } from '../../lib/i18n';
import { HOME_PATH } from '../../lib/redirect';
import { usePageTitle } from '../../lib/site-details';
import { appMessages } from '../messages';

/**
 * /404 for a signed-in staff member, in the shell's layout: an address that names nothing, or a page their roles do not
 * open (a deep link followed after sign-in), leaves the top bar and the tabs in reach. Without a session, /404 is the
 * plain page of its own (`app/not-found-page.tsx`), with the same words.
 */
export function NotFoundPane() {
  const t = useMessages(appMessages);
  const navigate = useNavigate();
  usePageTitle(t.notFoundTitle);
  return (
    <Result
      status="404"
      title={<Typography.Title level={1}>{t.notFoundTitle}</Typography.Title>}
      subTitle={t.notFoundText}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t.backHome}
        </Button>
      }
    />
  );
}
