import type { WebModule } from '../../lib/web-module';

/**
 * 订单中心 (docs/marketplace.md › 订单中心): every business's orders, a keyset record list with its totals, 新增订单,
 * and an order's drawer with its history, commission, postings and the moves staff make.
 */
export const orderWebModule: WebModule = {
  name: 'order',
  pages: {
    '/agencyorder_center/index': { load: () => import('./pages/order-center-page').then(({ OrderCenterPage }) => ({ default: OrderCenterPage })), queryIsState: true },
  },
};
