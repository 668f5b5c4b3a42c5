import { material, publishAccount, publishingCalls, titleTemplate } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { accountRules, AccountService, feedRoute } from './accounts';
import { publishAdapters } from './adapters';
import { materialReviews, materialRules } from './materials';
import { seedPublishing } from './seed';
import { material as materialTable, publishAccount as publishAccountTable, titleTemplate as titleTemplateTable } from './table';

/** The automatic publishing tool (docs/publishing.md): its title templates, its accounts with their adapters, its materials and their review. */
export const publishingModule: ServerModule = {
  name: 'publishing',
  seed: seedPublishing,
  routes: async (app) => {
    const db = app.database.db;
    const privateHosts = app.config.outboundPrivateHosts;
    const accounts = new AccountService(db, app.secrets, publishAdapters(db, { privateHosts }));
    resourceRoutes(app, titleTemplate, titleTemplateTable);
    resourceRoutes(app, publishAccount, publishAccountTable, accountRules(privateHosts));
    resourceRoutes(app, material, materialTable, materialRules);
    app.access.reviews.provide(materialReviews(app, db));
    route(app, publishingCalls.accountCheck, ({ body }) => accounts.check(body.id));
    route(app, publishingCalls.accountFeed, ({ body, principal, request }) => accounts.renewFeed(body.id, { staffId: principal!.staffId, ip: request.ip }));
    feedRoute(app, accounts);
  },
};
