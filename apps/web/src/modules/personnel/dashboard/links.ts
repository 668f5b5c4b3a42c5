import { IN_OFFICE_STATUSES, type HrDashboard, type StaffStatus } from '@juqi/contract';

/**
 * Where the HR dashboard's charts and lists lead: 员工管理 filtered by its URL (`components/staff-filter.ts` STAFF_URL,
 * a list of states joined by commas), showing the people a number counts.
 */
export const STAFF_LIST_PATH = '/man/employee';

/** The states of everyone hired: a month's joiners are counted among these (candidates are not hired yet). */
const HIRED_STATUSES: readonly StaffStatus[] = ['probation', 'regular', 'resigning', 'resigned'];

type DepartmentRow = HrDashboard['departments'][number];
type EndingPerson = Pick<HrDashboard['probation_ending']['items'][number], 'name' | 'department_id'>;

function staffList(filter: Record<string, string | number | readonly string[] | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `${STAFF_LIST_PATH}?${query}`;
}

/** Staff in office in some states (all of them when none is given). */
export const statusLink = (statuses: readonly StaffStatus[] = IN_OFFICE_STATUSES) => staffList({ status: statuses });

/** A department's bar (or one state's segment of it); none for the staff in no department, whom the list cannot filter. */
export const departmentLink = (row: DepartmentRow, status?: StaffStatus): string | null =>
  row.id === null ? null : staffList({ department: row.id, status: status ? [status] : IN_OFFICE_STATUSES });

/** The last day `YYYY-MM-DD` of a month `YYYY-MM`. */
export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** A month's joiners: hired staff whose report day is in the month, up to today as the dashboard counts them. */
export function joinersLink(month: string, today: string): string {
  const last = lastDayOf(month);
  return staffList({ reportFrom: `${month}-01`, reportTo: last < today ? last : today, status: HIRED_STATUSES });
}

/** A person of the probation list: found by name in their department, in probation. */
export const probationLink = (person: EndingPerson) => staffList({ name: person.name, department: person.department_id, status: ['probation'] });

/** A person whose contract ends: found by name in their department, among staff in office. */
export const contractLink = (person: EndingPerson) => staffList({ name: person.name, department: person.department_id, status: IN_OFFICE_STATUSES });

/** A person whose leaving date comes or has gone by: found by name in their department, resigning. */
export const leavingLink = (person: EndingPerson) => staffList({ name: person.name, department: person.department_id, status: ['resigning'] });

/** Days from `today` to `day` (both `YYYY-MM-DD`). */
export const daysUntil = (day: string, today: string) => Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);

/** What a click on a chart's item tells: which series (its id) and which of its data. */
export interface ChartItem {
  seriesId?: string;
  dataIndex: number;
}

const isSegment = (id: string | undefined): id is 'probation' | 'regular' | 'resigning' => id === 'probation' || id === 'regular' || id === 'resigning';

/** A click on a department's segment: that department's staff in that state. */
export function departmentItemLink(answer: Pick<HrDashboard, 'departments'>, item: ChartItem): string | null {
  const row = answer.departments[item.dataIndex];
  return row && isSegment(item.seriesId) ? departmentLink(row, item.seriesId) : null;
}

/** A click on a month's joiners: who joined that month; leavers lead nowhere (the list has no leaving-day filter). */
export function monthItemLink(answer: Pick<HrDashboard, 'months' | 'today'>, item: ChartItem): string | null {
  const month = answer.months[item.dataIndex];
  return month && item.seriesId === 'joiners' ? joinersLink(month.month, answer.today) : null;
}
