import { Card, Result, Tabs } from 'antd';
import { useCan } from '../../../lib/shell-session';
import { useMessages } from '../../../lib/i18n';
import { NotificationTemplates } from '../components/notification-templates';
import { PopupTemplates } from '../components/popup-templates';
import { SentAnnouncements } from '../components/sent-announcements';
import { SentNotifications } from '../components/sent-notifications';
import { informMessages } from '../messages';
import '../inform.css';

/**
 * /notification/manage: published notifications and announcements (notification.manage), and the notification and
 * pop-up templates (notification.template.view; editing them needs notification.template.edit). Tabs the staff may
 * not use are not shown.
 */
export function ManagePage() {
  const t = useMessages(informMessages);
  const can = useCan();
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
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
