import { keyword, keywordCalls, keywordType } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { addImportedKeywords, checkKeywordImport, sendKeywordImportTemplate, uploadedKeywords } from './import';
import { seedKeyword } from './seed';
import { keywordRules } from './service';
import { keyword as keywordTable, keywordType as keywordTypeTable } from './table';

/** The keyword library (docs/publishing.md › Keyword library): its types, the master keywords and their import. */
export const keywordModule: ServerModule = {
  name: 'keyword',
  seed: seedKeyword,
  routes: async (app) => {
    const db = app.database.db;
    resourceRoutes(app, keywordType, keywordTypeTable);
    resourceRoutes(app, keyword, keywordTable, keywordRules);
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
