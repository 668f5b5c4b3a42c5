import { agencyLevel } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/** 代理设置 (docs/marketplace.md › Agencies): 代理等级 is a declared resource, its screen one line. */
export const agencyWebModule: WebModule = {
  name: 'agency',
  pages: {
    '/permission/agency/level': resourcePage(agencyLevel),
  },
};
