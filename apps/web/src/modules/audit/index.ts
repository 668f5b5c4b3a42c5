import type { WebModule } from '../../lib/web-module';

/** 操作日志: the audit log read back, under 设置. Its filters live in the URL, so it keeps one tab that follows them. */
export const auditWebModule: WebModule = {
  name: 'audit',
  pages: {
    '/permission/operation_log': { load: () => import('./pages').then((m) => ({ default: m.OperationLogPage })), queryIsState: true },
  },
};
