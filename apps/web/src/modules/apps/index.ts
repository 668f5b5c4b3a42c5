import type { WebModule } from '../../lib/web-module';

/** 应用 and 应用设置 (docs/publishing.md › The app centre): so far 大模型设置, the providers with their 测试. */
export const appsWebModule: WebModule = {
  name: 'apps',
  pages: {
    '/permission/application/llm': { load: () => import('./pages').then((m) => ({ default: m.LlmPage })), queryIsState: true },
  },
};
