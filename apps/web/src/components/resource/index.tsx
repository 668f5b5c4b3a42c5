import type { WebPage } from '../../lib/web-module';
import type { AnyResource } from '../../lib/resource';
import type { ResourcePageOptions } from './resource-page';

export type { ResourcePageOptions } from './resource-page';
export type { RowMenuItem } from './resource-actions';

/**
 * A module descriptor's page for a declared resource: `'/permission/case/platform': resourcePage(casePlatform)`, with
 * the page's own additions where it has any (`ResourcePageOptions`). The screen's code loads when it first opens, as a
 * module's pages barrel does; its filters are its query string.
 */
export const resourcePage = (resource: AnyResource, options?: ResourcePageOptions): WebPage => ({
  load: () => import('./resource-page').then(({ ResourcePage }) => ({ default: () => <ResourcePage resource={resource} options={options} /> })),
  queryIsState: true,
});
