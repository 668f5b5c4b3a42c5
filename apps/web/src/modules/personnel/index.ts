import type { WebModule } from '../../lib/web-module';

/**
 * Staff records (issue 18): 员工管理 at /man/employee. Its filters live in the URL (the HR dashboard links in with
 * them), so it keeps one tab that follows them.
 */
export const personnelWebModule: WebModule = {
  name: 'personnel',
  pages: {
    '/man/employee': { load: () => import('./pages').then((m) => ({ default: m.StaffPage })), queryIsState: true },
    '/human/dashboard': { load: () => import('./dashboard').then((m) => ({ default: m.HrDashboardPage })) },
  },
};
