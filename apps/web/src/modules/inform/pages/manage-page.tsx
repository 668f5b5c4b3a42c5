import { Card, Result, Tabs } from 'antd';
import { useCan } from '../../../lib/shell-session';
import { useMessages } from '../../../lib/i18n';
import { urlField, useUrlState } from '../../../lib/url-state';
import { MANAGE_TAB } from '../components/manage-filters';
import { NotificationTemplates } from '../components/notification-templates';
import { PopupTemplates } from '../components/popup-templates';
import { SentAnnouncements } from '../components/sent-announcements';
import { SentNotifications } from '../components/sent-notifications';
import { informMessages } from '../messages';
import '../inform.css';

const MANAGE_TABS = ['notifications', 'announcements', 'templates', 'popup-templates'] as const;
type ManageTab = (typeof MANAGE_TABS)[number];
const TAB_URL = { [MANAGE_TAB.urlKey]: urlField('text', { safeParse: (value: unknown) => (MANAGE_TABS.includes(value as ManageTab) ? { success: true, data: value as ManageTab } : { success: false }) }) } as const;

/**
 * /notification/manage: published notifications and announcements (notification.manage), and the notification and
 * pop-up templates (notification.template.view; editing them needs notification.template.edit). Tabs the staff may
 * not use are not shown. The open tab is in the URL (`?tab=announcements`), beside its list's filters, so a link or a
 * reload shows the same list.
 */
export function ManagePage() {
  const t = useMessages(informMessages);
  const can = useCan();
  const [url, setUrl] = useUrlState(TAB_URL);
  const items = [
    ...(can('notification.manage')
      ? [
          { key: 'notifications', label: t.sentNotifications, children: <SentNotifications /> },
          { key: 'announcements', label: t.sentAnnouncements, children: <SentAnnouncements /> },
        ]
      : []),
    ...(can('notification.template.view')
      ? [
          { key: 'templates', label: t.templates, children: <NotificationTemplates /> },
          { key: 'popup-templates', label: t.popupTemplates, children: <PopupTemplates /> },
        ]
      : []),
  ];
  if (!items.length) return <Result status="403" title={t.noPermission} />;
  return (
    <Card title={t.manageTitle} className="inform-page">
      {/* Choosing a tab leaves the last tab's filters behind: the URL holds the tab and its list's filters only. */}
      <Tabs items={items} activeKey={items.find((item) => item.key === url.tab)?.key ?? items[0]!.key} onChange={(tab) => setUrl({ tab: tab as ManageTab })} destroyOnHidden />
    </Card>
  );
}
