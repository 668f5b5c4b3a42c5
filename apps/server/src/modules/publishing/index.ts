import { extensionLabel, material, publishAccount, publishingCalls, publishWindow, titleTemplate, workingKeyword } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { lazyService } from '../../lib/http/types';
import { accountRules, AccountService, feedRoute } from './accounts';
import { SmartKeywords } from './keywords';
import { publishAdapters } from './adapters';
import { materialReviews, materialRules, workingKeywordRules } from './materials';
import { CHECK_JOB, PublicationService, PUBLISH_JOB, PUBLISH_JOB_EXPIRY_SECONDS } from './publications';
import { seedPublishing } from './seed';
import { SmartPublishing, windowRules } from './smart';
import { TitleService } from './titles';
import { extensionLabel as extensionLabelTable, material as materialTable, publishAccount as publishAccountTable, publishWindow as publishWindowTable, titleTemplate as titleTemplateTable, workingKeyword as workingKeywordTable } from './table';

/** The automatic publishing tool (docs/publishing.md): its title templates, its accounts with their adapters and posting windows, its materials and their review, and publishing by hand, at a time and by plan. */
export const publishingModule: ServerModule = {
  name: 'publishing',
  seed: seedPublishing,
  routes: async (app) => {
    const db = app.database.db;
    const privateHosts = app.config.outboundPrivateHosts;
    const adapters = publishAdapters(db, { privateHosts });
    const accounts = new AccountService(db, app.secrets, adapters);
    const timeZone = lazyService(app.access, 'timeZone', 'settings');
    const publications = new PublicationService(db, app.jobs, app.clock, accounts, adapters, () => timeZone.current());
    const keywords = new SmartKeywords(db, lazyService(app.access, 'keywordLibrary', 'keyword'));
    const smart = new SmartPublishing(db, app.jobs, app.clock, () => timeZone.current());
    const titles = new TitleService(db, app.clock, () => timeZone.current());
    // A timed publish is due to the second: its idle worker asks every second, not every 30.
    app.jobs.work<{ id: number }>(PUBLISH_JOB, ({ id }) => publications.send(id), { pollingSeconds: 1, retryLimit: 2, retryDelay: 30, expireInSeconds: PUBLISH_JOB_EXPIRY_SECONDS });
    app.jobs.work<{ id: number }>(CHECK_JOB, ({ id }) => publications.check(id), { retryLimit: 2, retryDelay: 60 });
    resourceRoutes(app, titleTemplate, titleTemplateTable);
    resourceRoutes(app, publishAccount, publishAccountTable, accountRules(privateHosts));
    resourceRoutes(app, publishWindow, publishWindowTable, windowRules);
    resourceRoutes(app, material, materialTable, materialRules);
    resourceRoutes(app, extensionLabel, extensionLabelTable);
    resourceRoutes(app, workingKeyword, workingKeywordTable, workingKeywordRules);
    app.access.reviews.provide(materialReviews(app, db));
    route(app, publishingCalls.accountCheck, ({ body }) => accounts.check(body.id));
    route(app, publishingCalls.accountFeed, ({ body, principal, request }) => accounts.renewFeed(body.id, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.keywordSuggest, ({ body }) => keywords.suggest(body));
    route(app, publishingCalls.keywordKeep, ({ body, principal, request }) => keywords.keep(body, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.titleGenerate, ({ body }) => titles.generate(body));
    route(app, publishingCalls.titleSave, ({ body, principal, request }) => titles.save(body, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.publish, ({ body, principal, request }) => publications.publish(body, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.smartPlan, ({ body }) => smart.plan(body));
    route(app, publishingCalls.smartPublish, ({ body, principal, request }) => smart.publish(body, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.publicationList, ({ body }) => publications.list(body));
    route(app, publishingCalls.publicationDetails, ({ body }) => publications.details(body.id));
    route(app, publishingCalls.publicationRetry, ({ body, principal, request }) => publications.retry(body.id, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.publicationCancel, ({ body, principal, request }) => publications.cancel(body.id, { staffId: principal!.staffId, ip: request.ip }));
    route(app, publishingCalls.publicationCheck, ({ body }) => publications.checkNow(body.id));
    feedRoute(app, accounts);
  },
};
