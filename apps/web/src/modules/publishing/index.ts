import { extensionLabel, material, titleTemplate, workingKeyword } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';
import { MATERIAL_REVIEW_PATH } from './subjects';

export { materialQueries, materialReviewLink } from './subjects';

/**
 * 自动发布工具 (docs/publishing.md): 账号管理 with its platforms' checks; the materials (自定义标题) and their review
 * (素材审核, the same records waiting for review); the title templates.
 */
export const publishingWebModule: WebModule = {
  name: 'publishing',
  pages: {
    '/automatic_publishing_tool/account': { load: () => import('./pages').then((m) => ({ default: m.AccountPage })), queryIsState: true },
    '/automatic_publishing_tool/publish/manual': { load: () => import('./pages').then((m) => ({ default: m.ManualPublishingPage })), queryIsState: true },
    '/automatic_publishing_tool/publish/timed': { load: () => import('./pages').then((m) => ({ default: m.TimedPublishingPage })), queryIsState: true },
    '/automatic_publishing_tool/publish/smart': { load: () => import('./pages').then((m) => ({ default: m.SmartPublishingPage })), queryIsState: true },
    '/automatic_publishing_tool/material/keyword': resourcePage(workingKeyword),
    '/automatic_publishing_tool/material/smart_keyword': { load: () => import('./pages').then((m) => ({ default: m.SmartKeywordPage })) },
    '/automatic_publishing_tool/material/extension_label': resourcePage(extensionLabel),
    '/automatic_publishing_tool/material/custom_title': resourcePage(material),
    '/automatic_publishing_tool/material/smart_title': { load: () => import('./pages').then((m) => ({ default: m.SmartTitlePage })) },
    [MATERIAL_REVIEW_PATH]: { load: () => import('./pages').then((m) => ({ default: m.MaterialReviewPage })), queryIsState: true },
    '/automatic_publishing_tool/material/title_template': resourcePage(titleTemplate),
  },
};
