import { keyword, keywordType } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import type { ServerModule } from '../../lib/module';
import { seedKeyword } from './seed';
import { keywordRules } from './service';
import { keyword as keywordTable, keywordType as keywordTypeTable } from './table';

/** The keyword library (docs/publishing.md › Keyword library): its types and the master keywords. */
export const keywordModule: ServerModule = {
  name: 'keyword',
  seed: seedKeyword,
  routes: async (app) => {
    resourceRoutes(app, keywordType, keywordTypeTable);
    resourceRoutes(app, keyword, keywordTable, keywordRules);
  },
};
