import { keyword, keywordType } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/**
 * 关键词库设置 (docs/publishing.md › Keyword library): 总关键词库 is the keywords (with their workbook import) and, in a
 * second tab, their types (the view path "keyword library types"); 指数管理 is the keywords' index values with a trend.
 */
export const keywordWebModule: WebModule = {
  name: 'keyword',
  pages: {
    '/permission/keyword/master': [
      {
        load: () => import('./pages').then((m) => ({ default: m.KeywordPage })),
        queryIsState: true,
        section: { label: { 'zh-CN': '关键词', 'en-US': 'Keywords' }, order: 0, operation: keyword.operations.view },
      },
      { ...resourcePage(keywordType), section: { label: { 'zh-CN': '关键词库类型', 'en-US': 'Types' }, order: 1, operation: keywordType.operations.view } },
    ],
    '/permission/keyword/index': { load: () => import('./pages').then((m) => ({ default: m.IndexPage })), queryIsState: true },
  },
};
