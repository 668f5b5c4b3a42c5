export { FlowsPage } from './flows-page';
export { ResignSettingsPage, TransferSettingsPage } from './process-settings-pages';
