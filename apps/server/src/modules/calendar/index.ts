import { calendarCalls, specialDay } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { Refusals } from '../../lib/errors';
import { lazyService } from '../../lib/http/types';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { seedCalendar } from './seed';
import { CalendarService } from './service';
import { calendarDay } from './table';

export const calendarModule: ServerModule = {
  name: 'calendar',
  seed: seedCalendar,
  routes: async (app) => {
    const service = new CalendarService(app.database.db, lazyService(app.access, 'timeZone', 'settings'), app.clock);
    // For other modules (deadlines in working days): see working-days.ts.
    app.access.calendar = service;

    resourceRoutes(app, specialDay, calendarDay, {
      // The resource layer lets an add leave out a required date or select (neither has a default to fill in): an add
      // without its date or kind is refused here, naming the field, before the table's not-null would fail.
      async beforeWrite(values, { before }) {
        if (before) return;
        const refusals = new Refusals();
        for (const key of ['day', 'kind'] as const) if (values[key] === undefined || values[key] === null) refusals.add(key, { 'zh-CN': '必填', 'en-US': 'required' });
        refusals.throwIfAny();
      },
    });
    route(app, calendarCalls.workTimeDetails, () => service.workTime());
    route(app, calendarCalls.workTimeEdit, ({ body, principal, request }) => service.editWorkTime(body, { staffId: principal!.staffId, ip: request.ip }));
    route(app, calendarCalls.dayStatus, ({ body }) => service.dayStatus(body.from, body.to));
    route(app, calendarCalls.holidayNotices, () => service.holidayNotices());
    route(app, calendarCalls.workingDays, async ({ query }) => {
      const from = query.from ?? (await service.today());
      return { from, n: query.n, from_working: await service.isWorkingDay(from), day: await service.addWorkingDays(from, query.n) };
    });
  },
};
