import type { WebPage } from '../../app/web-module';
import type { AnyResource } from '../../lib/resource';

/**
 * A module descriptor's page for a declared resource: `'/permission/case/platform': resourcePage(casePlatform)`. The
 * screen's code loads when it first opens, as a module's pages barrel does; its filters are its query string.
 */
export const resourcePage = (resource: AnyResource): WebPage => ({
  load: () => import('./resource-page').then(({ ResourcePage }) => ({ default: () => <ResourcePage resource={resource} /> })),
  queryIsState: true,
});
