import { lazy } from 'react';
import type { WebModule } from '../../lib/web-module';

/**
 * Calendar settings under 设置 › 日历设置: the work time and the calendar of holidays and make-up working days; and, for
 * every staff member after sign-in, the notice of the holiday at hand.
 */
export const calendarWebModule: WebModule = {
  name: 'calendar',
  shellParts: [lazy(() => import('./components/holiday-notice').then((m) => ({ default: m.HolidayNotice })))],
  pages: {
    '/permission/calendar/time': { load: () => import('./pages').then((m) => ({ default: m.WorkTimePage })) },
    // The month shown is the page's query (`?month=2026-10`).
    '/permission/calendar/calendar': { load: () => import('./pages').then((m) => ({ default: m.CalendarPage })), queryIsState: true },
  },
};
