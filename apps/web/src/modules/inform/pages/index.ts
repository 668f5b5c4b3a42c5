/** The notification screens, one chunk: loaded when one of them first opens. */
export { ManagePage } from './manage-page';
export { PublishPage } from './publish-page';
