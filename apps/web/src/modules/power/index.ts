import type { WebModule } from '../../lib/web-module';

/**
 * The settings screens of roles, the function catalogue and sign-in (issue 3). Every page comes from the pages barrel,
 * so the module is one chunk, fetched when one of its pages first opens.
 */
export const powerWebModule: WebModule = {
  name: 'power',
  pages: {
    '/permission/role': { load: () => import('./pages').then((m) => ({ default: m.RolePage })) },
    '/permission/page': { load: () => import('./pages').then((m) => ({ default: m.FunctionPage })) },
    '/permission/loginpage': { load: () => import('./pages').then((m) => ({ default: m.LoginSettingsPage })) },
  },
};
