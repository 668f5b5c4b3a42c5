import { powerCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { seedPower } from './seed';
import { PowerService } from './service';

type PowerFields = { pid: number; name: string; name_en: string; path: string; code: string; icon: string; sort: number; hidden: boolean; no_cache: boolean };

const powerInput = (body: PowerFields) => ({
  pid: body.pid,
  name: body.name,
  nameEn: body.name_en,
  path: body.path,
  code: body.code,
  icon: body.icon,
  sort: body.sort,
  hidden: body.hidden,
  noCache: body.no_cache,
});

export const powerModule: ServerModule = {
  name: 'power',
  seed: seedPower,
  routes: async (app) => {
    const service = new PowerService(app.database.db);
    app.access.grants = service;

    route(app, powerCalls.particulars, async () => ({ tree: await service.tree() }));
    route(app, powerCalls.add, ({ body }) => service.add({ kind: body.kind, ...powerInput(body) }));
    route(app, powerCalls.edit, ({ body }) => service.edit(body.id, powerInput(body)));
    route(app, powerCalls.remove, async ({ body }) => {
      await service.remove(body.id);
      return null;
    });
    route(app, powerCalls.roleList, ({ body }) => service.roles(body.keyword, body.page, body.limit));
    route(app, powerCalls.roleAdd, ({ body }) => service.addRole(body));
    route(app, powerCalls.roleEdit, ({ body }) => service.editRole(body.id, body));
    route(app, powerCalls.roleDelete, async ({ body }) => {
      await service.deleteRole(body.id);
      return null;
    });
    route(app, powerCalls.roleGrants, ({ body, principal }) => service.roleGrants(body.id, principal!));
    route(app, powerCalls.roleGrant, ({ body, principal }) => service.grant(body.id, body.power_ids, principal!));
  },
};
