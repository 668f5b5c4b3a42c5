import { userCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { UserExporter } from './export';
import { seedUsers } from './seed';
import { filterOf, UserService } from './service';

/** The marketplace's users: lists, detail, export, locks, verification review, sign-in records, user selection. */
export const userModule: ServerModule = {
  name: 'user',
  seed: seedUsers,
  routes: async (app) => {
    const service = new UserService(
      app.database.db,
      app.clock,
      lazyService(app.access, 'timeZone', 'settings'),
      lazyService(app.access, 'systemEvents', 'inform'),
    );
    const exporter = new UserExporter(app.database.db, service);
    const files = lazyService(app.access, 'files', 'file');
    // For other modules (notifications to users): a user selection made exact and counted, with this module's cache.
    app.access.users = service;

    route(app, userCalls.lists, ({ body }) => service.list(filterOf(body), body.sort, body.order, body));
    route(app, userCalls.details, ({ body }) => service.detail(body.id));
    route(app, userCalls.export, async ({ body, reply, principal }) => {
      await exporter.send(filterOf(body), body.sort, body.order, reply, principal!);
      return null;
    });
    route(app, userCalls.lock, ({ body, principal, request }) => service.lock(body.id, body.action, body.reason, principal!, request.ip));

    route(app, userCalls.loginLogList, ({ body }) => service.userLogins(body.user_id, body, body));
    route(app, userCalls.loginLogListAll, ({ body }) => service.logins(body, body));

    route(app, userCalls.authenticationLists, ({ body }) => service.verifications(body, body));
    route(app, userCalls.verificationFind, ({ body }) => service.verificationDetail(body.id));
    // Identity documents: only here, behind user.verification.view, and only files stored in the verification scope.
    route(app, userCalls.verificationDocument, async ({ query, reply, principal, request }) => {
      await files.send(reply, await service.documentFor(query.id, query.index, { staffId: principal!.staffId, ip: request.ip }), 'verification');
      return null;
    });
    route(app, userCalls.verificationAudit, ({ body, principal, request }) =>
      service.decideVerification(body.id, body.action, body.reason, principal!, request.ip),
    );

    route(app, userCalls.selectSearchList, () => service.searchOptions());
    route(app, userCalls.selectList, ({ body }) => service.selectList(filterOf(body), body));
    route(app, userCalls.checkedList, ({ body }) => service.checkedList(body.selection, body));
    route(app, userCalls.select, ({ body }) => service.confirmSelection(body.selection));
  },
};
