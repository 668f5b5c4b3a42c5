import type { WebModule } from '../../lib/web-module';

/**
 * 客户信息管理 and 产品信息管理 (docs/marketplace.md › Customers): the agencies' customers and their products, keyset
 * record lists whose values and forms are 客户信息设置's and 产品信息设置's fields, each with its drawer.
 */
export const merchantWebModule: WebModule = {
  name: 'merchant',
  pages: {
    '/merchant/info': { load: () => import('./pages/merchant-list-page').then(({ MerchantListPage }) => ({ default: MerchantListPage })), queryIsState: true },
    '/merchant/product': { load: () => import('./pages/product-list-page').then(({ ProductListPage }) => ({ default: ProductListPage })), queryIsState: true },
  },
};
