import { approvalCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import { lazyService, type Principal } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { ApprovalService } from './service';

const actorOf = (principal: Principal | null, ip: string) => ({ staffId: principal!.staffId, ip });

/**
 * Approval flows, requests, to-dos and decisions (docs/approvals.md). It fills `app.access.approvals` while it
 * registers: it loads before the modules registering kinds on it (modules/index.ts).
 */
export const approvalModule: ServerModule = {
  name: 'approval',
  routes: async (app) => {
    const service = new ApprovalService(app.database.db, app.access.lookups, lazyService(app.access, 'systemEvents', 'inform'));
    app.access.approvals = service;
    // The modules owning the kinds register their handlers after this one; by the time the app is ready each has.
    app.addHook('onReady', async () => service.assertEveryKindHandled());

    route(app, approvalCalls.flowList, ({ body }) => service.flowList(body.kind));
    route(app, approvalCalls.flowOptions, ({ body }) => service.flowOptions(body.kind));
    route(app, approvalCalls.approverOptions, () => service.records.approverOptions());
    route(app, approvalCalls.flowAdd, ({ body, principal, request }) => service.addFlow(body, actorOf(principal, request.ip)));
    route(app, approvalCalls.flowEdit, async ({ body, principal, request }) => {
      await service.editFlow(body, actorOf(principal, request.ip));
      return null;
    });
    route(app, approvalCalls.flowDelete, async ({ body, principal, request }) => {
      await service.deleteFlow(body.id, actorOf(principal, request.ip));
      return null;
    });

    route(app, approvalCalls.todoList, ({ body, principal }) => service.list({ kind: body.kind, approverId: principal!.staffId }, body.page, body.limit));
    // The two-person steps other modules keep, from the sources they provide (docs/approvals.md › Reviews).
    route(app, approvalCalls.reviewList, ({ body, principal, request }) => app.access.reviews.waitingFor(principal!, body.page, body.limit, request.locale));
    route(app, approvalCalls.requestList, ({ body, principal }) =>
      service.list({ kind: body.kind, state: body.state, requesterId: body.mine ? principal!.staffId : undefined }, body.page, body.limit),
    );
    route(app, approvalCalls.myRequests, ({ body, principal }) => service.list({ kind: body.kind, state: body.state, requesterId: principal!.staffId }, body.page, body.limit));
    route(app, approvalCalls.requestDetails, ({ body, principal }) => service.details(body.id, principal!));
    route(app, approvalCalls.approve, async ({ body, principal, request }) => {
      await service.decide(body, 'approve', actorOf(principal, request.ip));
      return null;
    });
    route(app, approvalCalls.reject, async ({ body, principal, request }) => {
      await service.decide(body, 'reject', actorOf(principal, request.ip));
      return null;
    });
    route(app, approvalCalls.withdraw, async ({ body, principal, request }) => {
      await service.withdraw(body, actorOf(principal, request.ip));
      return null;
    });
  },
};
