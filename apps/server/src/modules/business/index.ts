import { businessCatalogCalls, businessPackage, businessResource } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { BusinessRepository } from './repository';
import { seedBusiness } from './seed';
import { business, businessPackage as businessPackageTable } from './table';

/**
 * 业务设置 and 套餐设置: the businesses sold through agencies and their packages; 全部业务, the businesses as the apps
 * show them (docs/marketplace.md › Businesses).
 */
export const businessModule: ServerModule = {
  name: 'business',
  seed: seedBusiness,
  routes: async (app) => {
    const repo = new BusinessRepository(app.database.db);
    resourceRoutes(app, businessResource, business);
    resourceRoutes(app, businessPackage, businessPackageTable);
    route(app, businessCatalogCalls.catalog, ({ body }) => repo.catalog({ keyword: body.keyword || undefined, industryId: body.industry_id, enabled: body.enabled }, body.page, body.limit));
    route(app, businessCatalogCalls.show, async ({ body }) => {
      const card = await repo.card(body.id);
      if (!card) throw AppError.notFound();
      return { ...card, packages: await repo.packagesOf(body.id) };
    });
  },
};
