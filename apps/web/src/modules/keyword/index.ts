import { keywordType } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/** 关键词库设置 (docs/publishing.md › Keyword library): declared resources, each screen one line. */
export const keywordWebModule: WebModule = {
  name: 'keyword',
  pages: {
    '/permission/keyword/master': resourcePage(keywordType),
  },
};
