import { Result } from 'antd';
import { useLocation } from 'react-router';
import { defineMessages, useMessages } from '../lib/i18n';
import { useShellSession } from '../lib/shell-session';

const texts = defineMessages({
  'zh-CN': { comingSoon: '功能内测中，敬请期待……' },
  'en-US': { comingSoon: 'This feature is in beta. Coming soon……' },
});

/** Shown for permitted menu paths whose screen is not built yet. */
export function PlaceholderPage() {
  const t = useMessages(texts);
  const { pathname } = useLocation();
  const { menus } = useShellSession();
  return <Result status="info" title={menus.routes.get(pathname)?.title} subTitle={t.comingSoon} />;
}
