import { lazy } from 'react';
import type { WebModule } from '../../lib/web-module';
import { endSession } from './sign-in-api';

/**
 * Sign-in and one's own account (issue 2). The sign-in page is in the app's first load (app/app.tsx imports it from
 * here; at most 100 KB gzip of JS, checked by e2e/tests/served-app.spec.ts), so nothing here may import antd, zod
 * (a contract declaration: its calls go by `firstLoadCalls`) or the shell's libraries statically: the personal centre
 * is a chunk of its own, fetched when the staff first opens it.
 */
export const authWebModule: WebModule = {
  name: 'auth',
  pages: {},
  userMenu: [
    {
      key: 'personal',
      order: 10,
      title: { 'zh-CN': '个人中心', 'en-US': 'Personal centre' },
      Panel: lazy(() => import('./account/personal-centre').then((m) => ({ default: m.PersonalCentre }))),
    },
  ],
  // Ends the session on the server and forgets the token.
  onSignOut: endSession,
};

export { SignInPage } from './sign-in-page';
