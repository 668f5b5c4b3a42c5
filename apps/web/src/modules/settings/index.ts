import type { WebModule } from '../../lib/web-module';

/**
 * Site settings under 设置: 系统设置 (the logo, the website name and the platform's time zone). The page comes from the
 * pages barrel, so the module is one chunk, fetched when the page first opens.
 */
export const settingsWebModule: WebModule = {
  name: 'settings',
  pages: {
    '/permission/homepage': { load: () => import('./pages').then((m) => ({ default: m.SystemSettingsPage })) },
  },
};
