import { settingsCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { SettingsService } from './service';

export const settingsModule: ServerModule = {
  name: 'settings',
  routes: async (app) => {
    const service = new SettingsService(new SettingsStore(app.database.db));
    route(app, settingsCalls.systemDetails, () => service.systemDetails());
    route(app, settingsCalls.systemEdit, ({ body }) => service.updateSystem(body));
    route(app, settingsCalls.loginDetails, () => service.loginSettings());
    route(app, settingsCalls.loginEdit, ({ body }) => service.updateLogin(body));
  },
};
