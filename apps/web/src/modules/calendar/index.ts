import type { WebModule } from '../../app/web-module';

/** Calendar settings under 设置 › 日历设置: the work time and the calendar of holidays and make-up working days. */
export const calendarWebModule: WebModule = {
  name: 'calendar',
  pages: {
    '/permission/calendar/time': { load: () => import('./pages').then((m) => ({ default: m.WorkTimePage })) },
    // The month shown is the page's query (`?month=2026-10`).
    '/permission/calendar/calendar': { load: () => import('./pages').then((m) => ({ default: m.CalendarPage })), queryIsState: true },
  },
};
