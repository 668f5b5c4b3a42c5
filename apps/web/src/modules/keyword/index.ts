import { keyword, keywordType } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/**
 * 关键词库设置 (docs/publishing.md › Keyword library): 总关键词库 is the keywords and, in a second tab, their types (the
 * view path "keyword library types").
 */
export const keywordWebModule: WebModule = {
  name: 'keyword',
  pages: {
    '/permission/keyword/master': [
      { ...resourcePage(keyword), section: { label: { 'zh-CN': '关键词', 'en-US': 'Keywords' }, order: 0, operation: keyword.operations.view } },
      { ...resourcePage(keywordType), section: { label: { 'zh-CN': '关键词库类型', 'en-US': 'Types' }, order: 1, operation: keywordType.operations.view } },
    ],
  },
};
