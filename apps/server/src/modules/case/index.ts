import { casePlatform } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import type { ServerModule } from '../../lib/module';
import { seedCase } from './seed';
import { casePlatform as casePlatformTable } from './table';

export const caseModule: ServerModule = {
  name: 'case',
  seed: seedCase,
  routes: async (app) => {
    resourceRoutes(app, casePlatform, casePlatformTable);
  },
};
