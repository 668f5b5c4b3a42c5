import type { ServerModule } from '../../lib/module';
import { registerCustomers } from './customers';
import { registerProducts } from './products';
import { seedMerchants } from './seed';

/**
 * 客户 (docs/marketplace.md › Customers): 客户信息管理, the agencies' customers (customers.ts), and 产品信息管理, their
 * products (products.ts), each with the values of its field form.
 */
export const merchantModule: ServerModule = {
  name: 'merchant',
  seed: seedMerchants,
  routes: async (app) => {
    registerCustomers(app);
    registerProducts(app);
  },
};
