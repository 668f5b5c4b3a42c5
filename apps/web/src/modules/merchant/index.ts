import type { WebModule } from '../../lib/web-module';

/**
 * 客户信息管理 (docs/marketplace.md › Customers): the agencies' customers, a keyset record list whose values and form
 * are 客户信息设置's fields, with a customer's drawer.
 */
export const merchantWebModule: WebModule = {
  name: 'merchant',
  pages: {
    '/merchant/info': { load: () => import('./pages/merchant-list-page').then(({ MerchantListPage }) => ({ default: MerchantListPage })), queryIsState: true },
  },
};
