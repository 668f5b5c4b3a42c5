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
    const service = new SettingsService(app.database.db, store, timeZone);
    route(app, settingsCalls.systemDetails, () => service.systemDetails());
    route(app, settingsCalls.systemEdit, ({ body, principal, request }) => service.updateSystem(body, { principal: principal!, ip: request.ip }));
    route(app, settingsCalls.loginDetails, () => service.loginSettings());
    route(app, settingsCalls.loginEdit, ({ body, principal, request }) => service.updateLogin(body, { principal: principal!, ip: request.ip }));
  },
};
