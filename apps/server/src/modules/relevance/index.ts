import { regionResource, relevanceCalls } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { seedRelevance } from './seed';
import { RelevanceService } from './service';
import { relevanceRegion } from './table';

/** 关联设置: regions (大区) and the cities they hold (docs/relevance.md). Deleting a region frees its cities (cascade). */
export const relevanceModule: ServerModule = {
  name: 'relevance',
  seed: seedRelevance,
  routes: async (app) => {
    const service = new RelevanceService(app.database.db);
    // For other modules (a city's region): see regions.ts.
    app.access.regions = service;

    resourceRoutes(app, regionResource, relevanceRegion);
    route(app, relevanceCalls.regionCities, ({ body }) => service.citiesOf(body.id));
    route(app, relevanceCalls.regionCitiesSet, async ({ body, principal, request }) => {
      await service.setCities(body.id, body.city_codes, { staffId: principal!.staffId, ip: request.ip });
      return null;
    });
    route(app, relevanceCalls.cityRegions, () => service.cityRegions());
  },
};
