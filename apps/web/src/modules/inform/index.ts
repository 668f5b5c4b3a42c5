import { BellOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { WebModule } from '../../lib/web-module';
import { InformBadge } from './components/inform-badge';

/** Opens what a notification or a to-do is about (an approval request, a submission, a finance record waiting). */
export { useOpenSubject } from './components/notification-subject';

/**
 * Notifications and announcements (issue 6): the publish and manage screens, and what the shell mounts — the message
 * button with its unread badge and drawer, and the live side (stream, pop-ups, detail drawer). The badge is tiny and
 * in the shell's chunk; the drawer content and the live side load as chunks of their own.
 */
export const informWebModule: WebModule = {
  name: 'inform',
  pages: {
    '/notification/publish': { load: () => import('./pages').then((m) => ({ default: m.PublishPage })) },
    '/notification/manage': { load: () => import('./pages').then((m) => ({ default: m.ManagePage })), queryIsState: true },
    // The notification settings, each a chunk of its own: staff who publish never load them.
    '/permission/notification/type': { load: () => import('./pages/notification-types-page').then((m) => ({ default: m.NotificationTypesPage })), queryIsState: true },
    '/permission/notification/system': { load: () => import('./pages/system-events-page').then((m) => ({ default: m.SystemEventsPage })) },
  },
  topBarPanels: [
    {
      key: 'messages',
      order: 10,
      title: { 'zh-CN': '消息通知', 'en-US': 'Notifications' },
      icon: BellOutlined,
      Decoration: InformBadge,
      // Message notifications and announcements.
      Panel: lazy(() => import('./components/inform-panel').then((m) => ({ default: m.InformPanel }))),
      width: 480,
    },
  ],
  // The live stream, the pop-up announcements and the announcement detail drawer, for as long as the staff is signed in.
  shellParts: [lazy(() => import('./components/inform-live').then((m) => ({ default: m.InformLive })))],
};
