import type { WebModule } from '../../lib/web-module';
import { VERIFICATION_PATH } from './verification-url';

/**
 * The users area (issue 7): all users, real-name authentication review, and app sign-in records. Each page keeps its
 * filters in its URL, so it has one tab that follows them. The module is one chunk, fetched when a page first opens.
 */
export const userWebModule: WebModule = {
  name: 'user',
  pages: {
    '/user/list': { load: () => import('./pages').then((m) => ({ default: m.UserListPage })), queryIsState: true },
    [VERIFICATION_PATH]: { load: () => import('./pages').then((m) => ({ default: m.VerificationPage })), queryIsState: true },
    '/user/login_log': { load: () => import('./pages').then((m) => ({ default: m.LoginLogPage })), queryIsState: true },
  },
};

/**
 * Users (issue 6). The user-select drawer for choosing message recipients: any screen that sends to the marketplace's
 * users mounts `UserSelectDrawer` and stores the `selection` it confirms.
 */
export {
  UserSelectDrawer,
  type ConfirmedUserSelection,
  type UserSelectDrawerProps,
} from './components/user-select/user-select-drawer';

/** The review list with a verification submission open in its drawer (a notification about the submission opens it). */
export { verificationLink } from './verification-url';
