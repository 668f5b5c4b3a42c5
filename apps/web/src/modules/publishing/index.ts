import { titleTemplate } from '@juqi/contract';
import { resourcePage } from '../../components/resource';
import type { WebModule } from '../../lib/web-module';

/** 自动发布工具 (docs/publishing.md): declared resources, each screen one line. */
export const publishingWebModule: WebModule = {
  name: 'publishing',
  pages: {
    '/automatic_publishing_tool/material/title_template': resourcePage(titleTemplate),
  },
};
