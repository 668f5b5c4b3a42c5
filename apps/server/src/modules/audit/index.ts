import { allResources, auditCalls, AuditVocabulary } from '@juqi/contract';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { AuditExporter } from './export';
import { AuditService } from './service';

/** 操作日志: the audit log read back (list, one entry, export). Read only: no call edits or deletes an entry. */
export const auditModule: ServerModule = {
  name: 'audit',
  routes: async (app) => {
    const service = new AuditService(app.database.db, lazyService(app.access, 'timeZone', 'settings'));
    const exporter = new AuditExporter(app.database.db, service, new AuditVocabulary(allResources));

    route(app, auditCalls.logList, ({ body }) => service.list(body));
    route(app, auditCalls.logDetails, ({ body }) => service.details(body.id));
    route(app, auditCalls.logExport, async ({ body, reply, principal }) => {
      await exporter.send(body, reply, principal!);
      return null;
    });
  },
};
