import { titleTemplate } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/** 自动发布工具 (docs/publishing.md): 账号管理 with its platforms' checks, and the declared material lists. */
export const publishingWebModule: WebModule = {
  name: 'publishing',
  pages: {
    '/automatic_publishing_tool/account': { load: () => import('./pages').then((m) => ({ default: m.AccountPage })), queryIsState: true },
    '/automatic_publishing_tool/material/title_template': resourcePage(titleTemplate),
  },
};
