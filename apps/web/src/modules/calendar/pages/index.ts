import '../calendar.css';

export { CalendarPage } from './calendar-page';
export { WorkTimePage } from './work-time-page';
