import { titleTemplate } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import type { ServerModule } from '../../lib/module';
import { seedPublishing } from './seed';
import { titleTemplate as titleTemplateTable } from './table';

/** The automatic publishing tool (docs/publishing.md): its title templates so far. */
export const publishingModule: ServerModule = {
  name: 'publishing',
  seed: seedPublishing,
  routes: async (app) => {
    resourceRoutes(app, titleTemplate, titleTemplateTable);
  },
};
