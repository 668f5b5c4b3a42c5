import { regionResource } from '@juqi/contract';
import type { WebModule } from '../../lib/web-module';
import { resourcePage } from '../../components/resource';
import { regionCitiesMenu } from './components/region-cities-menu';

/** 关联设置: regions (a declared resource) with each region's cities, picked in a drawer from the row (docs/relevance.md). */
export const relevanceWebModule: WebModule = {
  name: 'relevance',
  pages: {
    '/permission/relevance': resourcePage(regionResource, { rowMenu: regionCitiesMenu }),
  },
};
