import { informCalls, notificationTypeResource } from '@juqi/contract';
import type pg from 'pg';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { LocalBus, PgNotifyBus, type InformBus } from './bus';
import { seedInform } from './seed';
import { InformService } from './service';
import { SystemEventService } from './system-events';
import { informType } from './table';
import { defaultStreamOptions, StreamHub, wantsEventStream, type StreamOptions } from './stream';

const done = () => null;

export interface InformModuleOptions {
  stream?: Partial<StreamOptions>;
}

/**
 * Notifications and announcements (`/api/inform/*`). Live delivery runs on an in-process bus; on PostgreSQL the bus
 * also uses LISTEN/NOTIFY, so several server processes on one database reach each other's streams, and a session's end
 * closes its streams in all of them.
 */
export function createInformModule(options: InformModuleOptions = {}): ServerModule {
  return {
    name: 'inform',
    seed: seedInform,
    routes: async (app) => {
      const db = app.database.db;
      const streamOptions = { ...defaultStreamOptions, ...options.stream };
      // The node-postgres pool behind Drizzle, when the engine is PostgreSQL.
      const pool = app.database.engine === 'postgres' ? (db as unknown as { $client?: pg.Pool }).$client : undefined;
      let bus: InformBus;
      if (pool) {
        const pgBus = new PgNotifyBus(pool, app.log);
        await pgBus.start();
        bus = pgBus;
      } else {
        bus = new LocalBus(app.log);
      }
      const service = new InformService(db, bus, app.clock, lazyService(app.access, 'users', 'user'));
      const systemEvents = new SystemEventService(db, service, lazyService(app.access, 'grants', 'power'), app.log);
      // For other modules: the events they raise are noticed as 系统通知 sets them up.
      app.access.systemEvents = systemEvents;
      const hub = new StreamHub(service, new SettingsStore(db), bus, app.clock, app.log, streamOptions);
      const sessionEvents = lazyService(app.access, 'sessionEvents', 'auth');
      // Through the bus, so the session's streams in every process close, not only in this one.
      app.addHook('onReady', async () =>
        sessionEvents.onEnded(({ staffId, sessionId, exceptSessionId }) =>
          void bus.publish({ kind: 'session-ended', staffIds: [staffId], sessionId, exceptSessionId }),
        ),
      );
      app.addHook('preClose', async () => hub.closeAll());
      app.addHook('onClose', async () => bus.close());

      // ——— the signed-in staff's own ———
      route(app, informCalls.stream, async ({ principal, request, reply }) => {
        if (wantsEventStream(request)) {
          hub.open(principal!, reply);
          // The reply is hijacked: what is returned here is not sent.
          return { unread: { total: 0, by_type: [] }, announcements: [], heartbeat_ms: streamOptions.heartbeatMs };
        }
        return service.snapshot(principal!.staffId, streamOptions.heartbeatMs);
      });
      route(app, informCalls.listNotifications, ({ body, principal }) =>
        service.listNotifications(principal!.staffId, { is_read: body.is_read, type: body.type }, body.page, body.limit),
      );
      route(app, informCalls.unreadCount, ({ principal }) => service.unread(principal!.staffId));
      route(app, informCalls.readNotifications, ({ body, principal }) => service.markRead(principal!.staffId, body));
      route(app, informCalls.delNotification, ({ body, principal }) => service.deleteOwn(principal!.staffId, body.id));
      route(app, informCalls.pendingAnnouncements, ({ principal }) => service.pending(principal!.staffId));
      route(app, informCalls.seenAnnouncements, ({ body, principal }) => service.seen(principal!.staffId, body.ids));
      route(app, informCalls.myAnnouncements, ({ body, principal }) => service.myAnnouncements(principal!.staffId, body.page, body.limit));
      route(app, informCalls.announcementDetails, ({ body, principal }) => service.details(principal!.staffId, body.id));

      // ——— publishing ———
      route(app, informCalls.addNotifications, ({ body, principal }) => service.publishNotification(body, principal!.staffId));
      route(app, informCalls.addAnnouncement, async ({ body, principal }) => {
        const published = await service.publishAnnouncement(body, principal!.staffId);
        await systemEvents.raise('inform.announcement.published', {
          params: { title: published.title, sender: published.sender, count: String(published.recipient_count) },
        });
        return published;
      });
      route(app, informCalls.staffOptions, ({ body }) => service.staffOptions(body.keyword, body.ids));
      route(app, informCalls.templateSelect, () => service.templateSelect());
      route(app, informCalls.siteShowTemplateSelect, () => service.popupTemplateSelect());

      // ——— managing what was published ———
      route(app, informCalls.listDataNotifications, ({ body }) => service.listMessages(body, body.page, body.limit));
      route(app, informCalls.dataNotificationDetails, ({ body }) => service.messageDetails(body.id));
      route(app, informCalls.dataNotificationRecipients, ({ body }) => service.messageRecipients(body.id, body.is_read, body.page, body.limit));
      route(app, informCalls.delDataNotifications, ({ body }) => service.deleteMessage(body.id).then(done));
      route(app, informCalls.listDataAnnouncements, ({ body }) => service.listAnnouncements(body, body.page, body.limit));
      route(app, informCalls.withdrawAnnouncement, ({ body }) => service.withdraw(body.id));

      // ——— templates ———
      route(app, informCalls.templateList, ({ body }) => service.templates(body, body.page, body.limit));
      route(app, informCalls.templateDetails, ({ body }) => service.template(body.id));
      route(app, informCalls.templateParameter, async ({ body }) => (await service.template(body.id)).parameters);
      route(app, informCalls.templateEdit, ({ body }) => service.editTemplate(body.id, body));
      route(app, informCalls.siteShowTemplateList, ({ body }) => service.popupTemplates(body, body.page, body.limit));
      route(app, informCalls.siteShowTemplateDetails, ({ body }) => service.popupTemplate(body.id));
      route(app, informCalls.siteShowTemplateAdd, ({ body }) => service.addPopupTemplate(body));
      route(app, informCalls.siteShowTemplateEdit, ({ body }) => service.editPopupTemplate(body.id, body));
      route(app, informCalls.siteShowTemplateDelete, ({ body }) => service.deletePopupTemplate(body.id).then(done));

      // ——— notification types and system notifications ———
      route(app, informCalls.typeOptions, () => service.typeOptions());
      resourceRoutes(app, notificationTypeResource, informType);
      route(app, informCalls.systemEventList, () => systemEvents.list());
      route(app, informCalls.systemEventEdit, ({ body, principal, request }) => systemEvents.edit(body, { staffId: principal!.staffId, ip: request.ip }));
    },
  };
}

export const informModule: ServerModule = createInformModule();
