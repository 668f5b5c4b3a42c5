import { settingsCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { SiteTimeZone } from '../../lib/time-zone';
import { SettingsService } from './service';

export const settingsModule: ServerModule = {
  name: 'settings',
  routes: async (app) => {
    const store = new SettingsStore(app.database.db);
    const timeZone = new SiteTimeZone(store, app.clock);
    // For other modules (day filters, exports): the zone they read times in, told at once of changes made here.
    app.access.timeZone = timeZone;
    const service = new SettingsService(store, timeZone);
    route(app, settingsCalls.systemDetails, () => service.systemDetails());
    route(app, settingsCalls.systemEdit, ({ body }) => service.updateSystem(body));
    route(app, settingsCalls.loginDetails, () => service.loginSettings());
    route(app, settingsCalls.loginEdit, ({ body }) => service.updateLogin(body));
  },
};
