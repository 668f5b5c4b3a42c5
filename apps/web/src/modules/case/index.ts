import { casePlatform } from '@juqi/contract';
import type { WebModule } from '../../lib/web-module';
import { resourcePage } from '../../components/resource';

/** Case settings under 设置 › 案例设置: declared resources, each screen one line. */
export const caseWebModule: WebModule = {
  name: 'case',
  pages: {
    '/permission/case/platform': resourcePage(casePlatform),
  },
};
