import { AuditOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { WebModule } from '../../lib/web-module';
import { APPROVAL_PANEL } from './components/shown-request';
import { TodoBadge } from './components/todo-badge';

export { openApprovalRequest } from './components/shown-request';
export { approvalQueryKeys } from './api';

const pages = () => import('./pages');

/**
 * 离职申请 / 调岗申请 for a staff record in office (`{staff}`: id, name, status, department_id, post), for another
 * module's screen (员工管理's rows) to mount inside Suspense: fetched when first shown.
 */
export const StaffProcessActions = lazy(() => import('./components/process-request').then((m) => ({ default: m.StaffProcessActions })));

/**
 * Approvals (docs/approvals.md): the flow and process settings under 人事设置, and the top bar's 待办审批 drawer. The
 * to-dos are a top-bar drawer, not a menu: any staff may be an approver, and menus are granted per role.
 */
export const approvalWebModule: WebModule = {
  name: 'approval',
  pages: {
    '/permission/personnel/flow': { load: () => pages().then((m) => ({ default: m.FlowsPage })) },
    '/permission/personnel/resign': { load: () => pages().then((m) => ({ default: m.ResignSettingsPage })) },
    '/permission/personnel/transfer': { load: () => pages().then((m) => ({ default: m.TransferSettingsPage })) },
  },
  topBarPanels: [
    {
      key: APPROVAL_PANEL,
      order: 15,
      title: { 'zh-CN': '待办审批', 'en-US': 'Approvals to do' },
      icon: AuditOutlined,
      Decoration: TodoBadge,
      // The lists and decisions: loaded the first time the drawer opens.
      Panel: lazy(() => import('./components/todo-panel').then((m) => ({ default: m.TodoPanel }))),
      width: 560,
    },
  ],
};
