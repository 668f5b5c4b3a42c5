import { keyword, keywordCalls, keywordIndex, keywordType } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { addImportedKeywords, checkIndexImport, checkKeywordImport, sendIndexImportTemplate, sendKeywordImportTemplate, uploadedIndexes, uploadedKeywords, writeImportedIndexes } from './import';
import { keywordLibrary } from './related';
import { seedKeyword } from './seed';
import { indexTrend, keywordIndexRules, keywordRules } from './service';
import { keywordIndex as keywordIndexTable, keyword as keywordTable, keywordType as keywordTypeTable } from './table';

/** The keyword library (docs/publishing.md › Keyword library): its types, the master keywords and their import, their indexes. */
export const keywordModule: ServerModule = {
  name: 'keyword',
  seed: seedKeyword,
  routes: async (app) => {
    const db = app.database.db;
    app.access.keywordLibrary = keywordLibrary(db);
    resourceRoutes(app, keywordType, keywordTypeTable);
    resourceRoutes(app, keyword, keywordTable, keywordRules);
    resourceRoutes(app, keywordIndex, keywordIndexTable, keywordIndexRules);
    route(app, keywordCalls.indexTrend, ({ body }) => indexTrend(db, body.keyword_id, body.period, body.period_start));
    route(app, keywordCalls.indexImportTemplate, async ({ reply }) => {
      await sendIndexImportTemplate(reply);
      return null;
    });
    route(app, keywordCalls.indexImport, async ({ request, principal }) => {
      const file = await uploadedIndexes(request);
      return writeImportedIndexes(db, await checkIndexImport(db, file, request.locale), file.name, { staffId: principal!.staffId, ip: request.ip });
    });
    route(app, keywordCalls.importTemplate, async ({ reply }) => {
      await sendKeywordImportTemplate(reply);
      return null;
    });
    route(app, keywordCalls.import, async ({ request, principal }) => {
      const file = await uploadedKeywords(request);
      return addImportedKeywords(db, await checkKeywordImport(db, file, request.locale), file.name, { staffId: principal!.staffId, ip: request.ip });
    });
  },
};
