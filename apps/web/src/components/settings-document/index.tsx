import type { SettingsDocument } from '@juqi/contract';
import type { WebPage } from '../../lib/web-module';

/**
 * A module descriptor's page for a declared settings document: `'/permission/agency/basic':
 * settingsDocumentPage(agencyBasicSettings)`. The screen's code loads when it first opens.
 */
export const settingsDocumentPage = (doc: SettingsDocument): WebPage => ({
  load: () => import('./settings-document-page').then(({ SettingsDocumentPage }) => ({ default: () => <SettingsDocumentPage doc={doc} /> })),
});
