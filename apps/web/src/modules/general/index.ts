import type { WebModule } from '../../lib/web-module';

/** 通用设置 under 设置: the industry tree and the cities; their filters are their query strings. */
export const generalWebModule: WebModule = {
  name: 'general',
  pages: {
    '/permission/general/industry': { load: () => import('./pages').then((m) => ({ default: m.IndustryPage })), queryIsState: true },
    '/permission/general/city': { load: () => import('./pages').then((m) => ({ default: m.CityPage })), queryIsState: true },
  },
};
