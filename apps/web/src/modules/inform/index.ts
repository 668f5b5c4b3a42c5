import { lazy } from 'react';
import type { WebModule } from '../../app/web-module';

/**
 * Notifications and announcements (issue 6): the publish and manage screens, and the widgets the top bar mounts — the
 * unread badge on the message button, the drawer's content, and the live side (stream, pop-ups, detail drawer).
 * The badge is tiny and eager; the drawer content and the live side load as chunks of their own.
 */
export const informWebModule: WebModule = {
  name: 'inform',
  pages: {
    '/notification/publish': { load: () => import('./pages').then((m) => ({ default: m.PublishPage })) },
    '/notification/manage': { load: () => import('./pages').then((m) => ({ default: m.ManagePage })) },
  },
};

export { InformBadge } from './components/inform-badge';

/** The notification drawer's content: message notifications and announcements. */
export const InformPanel = lazy(() => import('./components/inform-panel').then((m) => ({ default: m.InformPanel })));

/** The live stream, the pop-up announcements and the announcement detail drawer; mount once while signed in. */
export const InformLive = lazy(() => import('./components/inform-live').then((m) => ({ default: m.InformLive })));
