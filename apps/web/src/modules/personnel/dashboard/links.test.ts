import type { HrDashboard } from '@juqi/contract';
import { describe, expect, it } from 'vitest';
import { contractLink, departmentItemLink, lastDayOf, monthItemLink, probationLink } from './links';

const answer: Pick<HrDashboard, 'today' | 'departments' | 'months'> = {
  today: '2026-04-16',
  departments: [
    { id: 3, name: '研发', probation: 1, regular: 4, resigning: 0 },
    { id: null, name: null, probation: 2, regular: 0, resigning: 0 },
  ],
  months: [
    { month: '2024-02', joiners: 1, leavers: 0 },
    { month: '2026-04', joiners: 2, leavers: 1 },
  ],
};
const query = (link: string | null) => (link === null ? null : Object.fromEntries(new URL(link, 'http://x').searchParams));

describe('where the dashboard leads', () => {
  it('a department segment opens 员工管理 filtered by the department and that state; staff in no department lead nowhere', () => {
    expect(departmentItemLink(answer, { seriesId: 'regular', dataIndex: 0 })).toMatch(/^\/man\/employee\?/);
    expect(query(departmentItemLink(answer, { seriesId: 'regular', dataIndex: 0 }))).toEqual({ department: '3', status: 'regular' });
    expect(departmentItemLink(answer, { seriesId: 'probation', dataIndex: 1 })).toBeNull();
  });

  it('a month’s joiners open the month’s report days (up to today in this month) among hired staff; leavers lead nowhere', () => {
    expect(query(monthItemLink(answer, { seriesId: 'joiners', dataIndex: 0 }))).toEqual({ reportFrom: '2024-02-01', reportTo: '2024-02-29', status: 'probation,regular,resigning,resigned' });
    expect(query(monthItemLink(answer, { seriesId: 'joiners', dataIndex: 1 }))).toMatchObject({ reportFrom: '2026-04-01', reportTo: '2026-04-16' });
    expect(monthItemLink(answer, { seriesId: 'leavers', dataIndex: 1 })).toBeNull();
  });

  it('a person of the lists is found by name in their department', () => {
    expect(query(probationLink({ name: '张一', department_id: 7 }))).toEqual({ name: '张一', department: '7', status: 'probation' });
    expect(query(contractLink({ name: '王二', department_id: null }))).toEqual({ name: '王二', status: 'probation,regular,resigning' });
  });

  it('knows the last day of each month', () => {
    expect(['2026-01', '2026-02', '2028-02', '2026-04', '2026-12'].map(lastDayOf)).toEqual(['2026-01-31', '2026-02-28', '2028-02-29', '2026-04-30', '2026-12-31']);
  });
});
