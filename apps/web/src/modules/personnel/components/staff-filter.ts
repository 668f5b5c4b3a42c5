import { calendarDay, STAFF_STATUSES, staffFindFilter, type StaffFindFilter, type StaffStatus } from '@juqi/contract';
import { urlField, type UrlValues, type Validator } from '../../../lib/url-state';

const isStatus = (value: string): value is StaffStatus => (STAFF_STATUSES as readonly string[]).includes(value);

/** `probation,regular`: one or more states, comma-separated as other screens link in; an unknown state refuses the whole. */
const statusList: Validator<StaffStatus[]> = {
  safeParse(value) {
    if (typeof value !== 'string') return { success: false };
    const parts = [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))];
    return parts.length > 0 && parts.every(isStatus) ? { success: true, data: parts } : { success: false };
  },
};

const shape = staffFindFilter.shape;

/**
 * The list's filters as its URL holds them, so other screens (the HR dashboard) link in:
 * `/man/employee?department=3&status=probation,regular&reportFrom=2026-01-01&reportTo=2026-03-31`. A list is written
 * as its items joined by commas. The identity card number is kept out of the URL (browser history, server logs).
 */
export const STAFF_URL = {
  name: urlField('text', shape.name),
  mobile: urlField('text', shape.mobile),
  company: urlField('number', shape.company),
  department: urlField('number', shape.department),
  status: urlField('text', statusList),
  reportFrom: urlField('text', calendarDay),
  reportTo: urlField('text', calendarDay),
};
export type StaffUrlFilter = UrlValues<typeof STAFF_URL>;

const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

/** findPage's body from the URL's filters and the identity card typed on the screen; an open end of the day range is unbounded. */
export function findBody(filter: StaffUrlFilter, idCard: string | undefined): StaffFindFilter {
  const { reportFrom, reportTo, ...rest } = filter;
  const body: StaffFindFilter = { ...rest, idCard };
  if (reportFrom || reportTo) body.reportTime = [reportFrom ?? FIRST_DAY, reportTo ?? LAST_DAY];
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as StaffFindFilter;
}
