import { appsCalls, llmProvider } from '@juqi/contract';
import { resourceRoutes, type ResourceHooks } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import { keptAddressAllowed } from '../../lib/http/outbound';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { ModelService } from './models';
import { seedApps } from './seed';
import { llmProvider as llmProviderTable } from './table';

/** A provider's address is https, as every address the server reaches for its users (plain http only to local fakes). */
const providerRules = (privateHosts: boolean): ResourceHooks => ({
  async beforeWrite(values) {
    if (typeof values.base_url === 'string' && !keptAddressAllowed(values.base_url, privateHosts))
      throw AppError.invalid('base_url', { 'zh-CN': '接口地址须为 https://', 'en-US': 'the base URL must be https://' });
  },
});

/** The apps and their large models (docs/publishing.md › The app centre): so far 大模型设置 and its 测试. */
export const appsModule: ServerModule = {
  name: 'apps',
  seed: seedApps,
  routes: async (app) => {
    const models = new ModelService(app.database.db, app.secrets, { privateHosts: app.config.outboundPrivateHosts, fakeModel: app.config.fakeModel });
    resourceRoutes(app, llmProvider, llmProviderTable, providerRules(app.config.outboundPrivateHosts));
    route(app, appsCalls.llmTest, ({ body }) => models.test(body.id, body.prompt));
  },
};
