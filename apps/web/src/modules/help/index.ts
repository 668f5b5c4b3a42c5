import { QuestionCircleOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { helpManualResource, upgradeLogResource } from '@juqi/contract';
import type { WebModule } from '../../lib/web-module';
import { resourcePage } from '../../components/resource';

const HelpEditor = lazy(() => import('./components/help-editor').then((m) => ({ default: m.HelpEditor })));

/**
 * Help (issue 6): the help settings screens under 设置 › 帮助, and the top bar's help button. Every page comes from the
 * pages barrel, so the screens are one chunk, fetched when one of them first opens.
 */
export const helpWebModule: WebModule = {
  name: 'help',
  pages: {
    // Declared resources; their content is written with the help editor, which uploads images into the help scope.
    '/permission/help/upgrade_log': resourcePage(upgradeLogResource, { editors: { content: HelpEditor } }),
    '/permission/help/manual': resourcePage(helpManualResource, { editors: { content: HelpEditor } }),
    '/permission/help/introduction': { load: () => import('./pages').then((m) => ({ default: m.IntroductionPage })) },
  },
  topBarPanels: [
    {
      key: 'help',
      order: 20,
      title: { 'zh-CN': '帮助', 'en-US': 'Help' },
      icon: QuestionCircleOutlined,
      // Feature introduction, help manual, upgrade log: loaded the first time the drawer opens.
      Panel: lazy(() => import('./components/help-panel').then((m) => ({ default: m.HelpPanel }))),
      width: 560,
    },
  ],
};
