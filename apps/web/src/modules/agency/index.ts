import { agencyActivitySettings, agencyBasicSettings, agencyLevel, agencyLoginSettings } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import { settingsDocumentPage } from '../../components/settings-document';
import type { WebModule } from '../../lib/web-module';

/**
 * 全部代理 (docs/marketplace.md › Agencies): a keyset record list with an agency's drawer; 业务申请, the agencies'
 * applications to sell a business, a paged record list. 代理设置: 代理等级 a declared
 * resource, 基础设置, 代理登录 and 代理活跃度 declared settings documents, each screen one line.
 */
export const agencyWebModule: WebModule = {
  name: 'agency',
  pages: {
    '/agency/list': { load: () => import('./pages/agency-list-page').then(({ AgencyListPage }) => ({ default: AgencyListPage })), queryIsState: true },
    '/agency/business_apply': { load: () => import('./pages/business-apply-page').then(({ BusinessApplyPage }) => ({ default: BusinessApplyPage })), queryIsState: true },
    '/permission/agency/basic': settingsDocumentPage(agencyBasicSettings),
    '/permission/agency/level': resourcePage(agencyLevel),
    '/permission/agency/login': settingsDocumentPage(agencyLoginSettings),
    '/permission/agency/activity': settingsDocumentPage(agencyActivitySettings),
  },
};
