import { businessPackage, businessResource } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/**
 * 业务设置 › 业务设置 and 套餐设置 (docs/marketplace.md › Businesses): declared resources, each screen one line. A
 * business's details hold its packages as a tab (the packages are its child list). 全部业务: the businesses as the apps
 * show them.
 */
export const businessWebModule: WebModule = {
  name: 'business',
  pages: {
    '/business/list': { load: () => import('./pages/business-catalog-page').then(({ BusinessCatalogPage }) => ({ default: BusinessCatalogPage })), queryIsState: true },
    // 业务设置 holds the businesses and, from the field module, 业务开通表's fields: the businesses come first.
    '/permission/business/business': { ...resourcePage(businessResource), section: { label: { 'zh-CN': '业务列表', 'en-US': 'Businesses' }, order: 0, operation: businessResource.operations.view } },
    '/permission/business/package': resourcePage(businessPackage),
  },
};
