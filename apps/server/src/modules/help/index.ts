import { helpCalls, helpManualResource, UPGRADE_LOG_ID, upgradeLogResource } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { seedHelp } from './seed';
import { HelpService } from './service';
import { helpManual, helpUpgradeVersion } from './table';

const done = () => null;

export const helpModule: ServerModule = {
  name: 'help',
  seed: seedHelp,
  routes: async (app) => {
    const service = new HelpService(app.database.db);
    route(app, helpCalls.upgradeLog, ({ body }) => service.upgradeLog(body.id, body.page, body.limit));
    route(app, helpCalls.upgradeLogFind, ({ body }) => service.findVersion(body.id));
    // The settings screen's calls, kept to the log the drawer shows.
    resourceRoutes(app, upgradeLogResource, helpUpgradeVersion, {}, { logId: UPGRADE_LOG_ID });

    route(app, helpCalls.helpManual, ({ body }) => service.manuals(body.keyword, body.page, body.limit));
    route(app, helpCalls.helpManualFind, ({ body }) => service.findManual(body));
    resourceRoutes(app, helpManualResource, helpManual);

    route(app, helpCalls.powerlist, ({ body }) => service.categoriesAtLevel(body.level_id === 2 ? 2 : 1));
    route(app, helpCalls.powerlistsubset, ({ body }) => service.subcategories(body.pid));
    route(app, helpCalls.categoryAdd, ({ body }) => service.addCategory(body));
    route(app, helpCalls.categoryEdit, ({ body }) => service.editCategory(body.id, body));
    route(app, helpCalls.categoryDelete, ({ body }) => service.deleteCategory(body.id).then(done));

    route(app, helpCalls.functionInform, ({ body }) => service.functionsOf(body.pid));
    route(app, helpCalls.functionIntroduction, ({ body }) => service.functionTable(body, body.page, body.limit));
    route(app, helpCalls.functionFind, ({ body }) => service.findFunction(body.id));
    route(app, helpCalls.functionAdd, ({ body }) => service.addFunction(body));
    route(app, helpCalls.functionEdit, ({ body }) => service.editFunction(body.id, body));
    route(app, helpCalls.functionDelete, ({ body }) => service.deleteFunction(body.id).then(done));
  },
};
