import { DASHBOARD_HORIZON_DAYS, DASHBOARD_LIST_LIMIT, DASHBOARD_MONTHS, dayInZone, STAFF_STATUSES, type HrDashboard, type StaffStatus } from '@juqi/contract';
import type { FastifyInstance } from 'fastify';
import { lazyService } from '../../lib/http/types';
import { DashboardRepository, type EndingPerson, type PeopleByDay } from './dashboard-repository';
import { addMonths } from './service';

/** `YYYY-MM-DD` plus whole days. */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The months `YYYY-MM` from `count − 1` months before `today`'s to its own, oldest first. */
function monthsUpTo(today: string, count: number): string[] {
  const first = addMonths(`${today.slice(0, 7)}-01`, 1 - count);
  return Array.from({ length: count }, (_, i) => addMonths(first, i).slice(0, 7));
}

const asPerson = ({ id, name, departmentId, departmentName }: EndingPerson) => ({ id, name, department_id: departmentId, department_name: departmentName });

/** A day list as the answer words it: each person's day under the list's own key (`probation_end`…). */
function daysDue<Key extends string>(key: Key, list: PeopleByDay & { overdue: PeopleByDay }) {
  const people = ({ count, items }: PeopleByDay) => ({ count, items: items.map((item) => ({ ...asPerson(item), [key]: item.day }) as ReturnType<typeof asPerson> & Record<Key, string>) });
  return { ...people(list), overdue: people(list.overdue) };
}

/**
 * The HR dashboard (人力看板, docs/personnel.md › Dashboard): every aggregate from live records in one answer. "Today"
 * and the months are the platform's time zone's, on the app's clock.
 */
export function hrDashboard(app: FastifyInstance): () => Promise<HrDashboard> {
  const records = new DashboardRepository(app.database.db);
  const timeZone = lazyService(app.access, 'timeZone', 'settings');

  return async () => {
    const today = dayInZone(await timeZone.current(), app.clock.now().getTime());
    const months = monthsUpTo(today, DASHBOARD_MONTHS);
    const firstDay = `${months[0]}-01`;
    const horizon = addDays(today, DASHBOARD_HORIZON_DAYS);
    const [statusRows, departmentRows, tops, joiners, leavers, probation, contracts, leaving, pendingApprovals] = await Promise.all([
      records.countByStatus(),
      records.countInOfficeByTopDepartment(),
      records.topDepartments(),
      records.joinersByMonth(firstDay, today),
      records.leaversByMonth(firstDay, today),
      records.endingDays('probation', today, horizon, DASHBOARD_LIST_LIMIT),
      records.endingDays('contract', today, horizon, DASHBOARD_LIST_LIMIT),
      records.endingDays('leaving', today, horizon, DASHBOARD_LIST_LIMIT),
      // Asked when answering: the approval module may register after this one, or not be there at all.
      app.access.approvals ? app.access.approvals.pendingCount() : null,
    ]);

    const statuses = Object.fromEntries(STAFF_STATUSES.map((status) => [status, 0])) as Record<StaffStatus, number>;
    for (const row of statusRows) statuses[row.status as StaffStatus] = row.n;

    const departments = new Map<number | null, HrDashboard['departments'][number]>(tops.map(({ id, name }) => [id, { id, name, probation: 0, regular: 0, resigning: 0 }]));
    for (const { topId, status, n } of departmentRows) {
      const key = departments.has(topId) ? topId : null;
      let row = departments.get(key);
      if (!row) departments.set(key, (row = { id: null, name: null, probation: 0, regular: 0, resigning: 0 }));
      row[status as 'probation' | 'regular' | 'resigning'] += n;
    }
    const joinersOf = new Map(joiners.map((row) => [row.month, row.n]));
    const leaversOf = new Map(leavers.map((row) => [row.month, row.n]));

    return {
      today,
      statuses,
      // The staff in no department go last (a Map keeps insertion order: the tree's order, then the null row).
      departments: [...departments.values()],
      months: months.map((month) => ({ month, joiners: joinersOf.get(month) ?? 0, leavers: leaversOf.get(month) ?? 0 })),
      probation_ending: daysDue('probation_end', probation),
      contracts_ending: daysDue('contract_end', contracts),
      leaving_due: daysDue('leaving_date', leaving),
      pending_approvals: pendingApprovals,
    };
  };
}
