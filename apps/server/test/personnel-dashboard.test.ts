import { departmentCalls, personnelCalls, settingsCalls, type CallBody, type HrDashboard } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personnelStaff } from '../src/lib/db/schema';
import { namedValues } from '../src/modules/personnel/service';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';

/**
 * The HR dashboard (人力看板): each aggregate over staff with known days. The clock stands at 2026-03-31 20:00 UTC,
 * already 1 April in Shanghai (the default zone), so moving the zone to UTC moves "today" and the months back a day.
 */
let t: TestApp;
let admin: string;
const NOW = '2026-03-31T20:00:00.000Z';

let mobileCounter = 0;
const add = async (name: string, values: Partial<CallBody<typeof personnelCalls.add>>) =>
  (await ok(t, personnelCalls.add, { name, mobile: `137${String(10_000_000 + (mobileCounter += 1))}`, ...values }, admin)).id;
const addDepartment = async (name: string, parent_id = 0, sort = 0) => (await ok(t, departmentCalls.add, { name, parent_id, sort }, admin)).id;
const dashboard = () => ok(t, personnelCalls.dashboard, {}, admin);
const setZone = (time_zone: string) => ok(t, settingsCalls.systemEdit, { website: '聚企中台', time_zone }, admin);
/** The months with anyone joining or leaving, as `{month: [joiners, leavers]}`. */
const busyMonths = (months: HrDashboard['months']) => Object.fromEntries(months.filter((m) => m.joiners || m.leavers).map((m) => [m.month, [m.joiners, m.leavers]]));
const ending = (list: { items: { name: string }[]; count: number }) => ({ count: list.count, names: list.items.map((item) => item.name) });

/** A record inserted as it stands, days long past included (the calls refuse some of those). */
const stored = (name: string, values: Pick<typeof personnelStaff.$inferInsert, 'status'> & Partial<typeof personnelStaff.$inferInsert>) => ({ ...namedValues(name), ...values });

let ids: { head: number; rd: number; web: number; sales: number; empty: number };

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(Date.parse(NOW) - t.clock.now().getTime());
  admin = await signInAsAdmin(t);
  // 总部 › 研发 › 前端 counts its subtree; 空部门 has no one.
  const head = await addDepartment('总部', 0, 1);
  const rd = await addDepartment('研发', head);
  const web = await addDepartment('前端', rd);
  const sales = await addDepartment('销售', 0, 2);
  const empty = await addDepartment('空部门', 0, 3);
  ids = { head, rd, web, sales, empty };

  await add('张一', { status: 'probation', department_id: web, report_time: '2026-04-01', probation_end: '2026-04-06', contract_end: '2026-05-01' });
  await add('张二', { status: 'regular', department_id: rd, report_time: '2025-05-01', contract_end: '2026-05-02' });
  await add('张三', { status: 'resigning', department_id: head, report_time: '2025-04-30', leaving_date: '2026-04-20' });
  await add('李一', { status: 'regular', department_id: sales, report_time: '2025-11-15', contract_end: '2026-03-31' });
  await add('王一', { status: 'probation', report_time: '2026-03-31', probation_end: '2026-03-31' });
  await add('王二', { status: 'probation', report_time: '2026-03-01', probation_end: '2026-05-01' });
  await add('赵一', { status: 'resigned', department_id: sales, report_time: '2025-06-01', leaving_date: '2026-03-15', contract_end: '2026-04-10' });
  await add('赵二', { status: 'candidate', report_time: '2026-04-01', probation_end: '2026-04-02' });
  const gone = await add('钱一', { status: 'probation', department_id: sales, report_time: '2026-04-01', probation_end: '2026-04-03' });
  await ok(t, personnelCalls.deleteById, { id: gone }, admin);
});
afterAll(() => t?.close());

describe('HR dashboard', () => {
  it('counts live records by state, and staff in office by top-level department with its subtree, in the tree’s order', async () => {
    const answer = await dashboard();
    expect(answer.today).toBe('2026-04-01');
    expect(answer.statuses).toEqual({ candidate: 1, probation: 3, regular: 2, resigning: 1, resigned: 1 });
    expect(answer.departments).toEqual([
      { id: ids.head, name: '总部', probation: 1, regular: 1, resigning: 1 },
      { id: ids.sales, name: '销售', probation: 0, regular: 1, resigning: 0 },
      { id: ids.empty, name: '空部门', probation: 0, regular: 0, resigning: 0 },
      { id: null, name: null, probation: 2, regular: 0, resigning: 0 },
    ]);
    // The approval module answers how many requests wait; none here.
    expect(answer.pending_approvals).toBe(0);
  });

  it('answers joiners and leavers for each of the last 12 months up to today, empty months as zero', async () => {
    const { months } = await dashboard();
    expect(months.map((m) => m.month)).toEqual([
      '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04',
    ]);
    // The candidate's report day does not count, nor the deleted record's, nor 张三's day before the window; 张三's leaving day is still ahead.
    expect(busyMonths(months)).toEqual({ '2025-05': [1, 0], '2025-06': [1, 0], '2025-11': [1, 0], '2026-03': [2, 1], '2026-04': [1, 0] });
  });

  it('lists probations, contracts and leaving dates ending from today to 30 days on, soonest first, and those past apart', async () => {
    const answer = await dashboard();
    expect(answer.probation_ending).toEqual({
      count: 2,
      items: [
        { id: expect.any(Number), name: '张一', department_id: ids.web, department_name: '前端', probation_end: '2026-04-06' },
        { id: expect.any(Number), name: '王二', department_id: null, department_name: null, probation_end: '2026-05-01' },
      ],
      // 王一's probation ended yesterday and they are still in probation.
      overdue: { count: 1, items: [{ id: expect.any(Number), name: '王一', department_id: null, department_name: null, probation_end: '2026-03-31' }] },
    });
    // 李一's contract ended yesterday, 张二's ends a day after the horizon, 赵一 has left.
    expect(ending(answer.contracts_ending)).toEqual({ count: 1, names: ['张一'] });
    expect(ending(answer.contracts_ending.overdue)).toEqual({ count: 1, names: ['李一'] });
    // 张三 leaves in 19 days; 赵一, resigned, is no longer leaving.
    expect(ending(answer.leaving_due)).toEqual({ count: 1, names: ['张三'] });
    expect(answer.leaving_due.items[0]!.leaving_date).toBe('2026-04-20');
    expect(answer.leaving_due.overdue).toEqual({ count: 0, items: [] });
  });

  it('counts today and the months in the platform’s time zone', async () => {
    await setZone('UTC');
    try {
      const answer = await dashboard();
      expect(answer.today).toBe('2026-03-31');
      expect(answer.months[0]!.month).toBe('2025-04');
      expect(answer.months.at(-1)!.month).toBe('2026-03');
      expect(busyMonths(answer.months)).toEqual({ '2025-04': [1, 0], '2025-05': [1, 0], '2025-06': [1, 0], '2025-11': [1, 0], '2026-03': [2, 1] });
      expect(ending(answer.probation_ending)).toEqual({ count: 2, names: ['王一', '张一'] });
      expect(ending(answer.contracts_ending)).toEqual({ count: 1, names: ['李一'] });
      // Yesterday's ends in Shanghai are today's in UTC: nothing is overdue.
      expect([answer.probation_ending, answer.contracts_ending, answer.leaving_due].map((list) => list.overdue.count)).toEqual([0, 0, 0]);
    } finally {
      await setZone('Asia/Shanghai');
    }
  });

  it('lists the nearest ten and counts them all', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({
      ...namedValues(`试用${i}`),
      status: 'probation',
      probationEnd: `2026-04-${String(20 - i).padStart(2, '0')}`,
    }));
    await t.database.db.insert(personnelStaff).values(many);
    const { probation_ending } = await dashboard();
    expect(probation_ending.count).toBe(13);
    expect(probation_ending.items.map((item) => item.probation_end)).toEqual([
      '2026-04-06', '2026-04-10', '2026-04-11', '2026-04-12', '2026-04-13', '2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17', '2026-04-18',
    ]);
  });

  it('counts probations, contracts and leaving dates gone by years ago as overdue, the longest past first, apart from those due', async () => {
    await t.database.db.insert(personnelStaff).values([
      ...Array.from({ length: 12 }, (_, i) => stored(`逾期试用${i}`, { status: 'probation', probationEnd: `20${String(12 + i).padStart(2, '0')}-06-30` })),
      stored('逾期合同', { status: 'regular', contractEnd: '2022-12-31' }),
      stored('逾期离职', { status: 'resigning', leavingDate: '2021-03-01' }),
      // Past days of records no longer in the state they end count nowhere.
      stored('已转正', { status: 'regular', probationEnd: '2015-01-01' }),
      stored('已离职', { status: 'resigned', leavingDate: '2019-01-01', contractEnd: '2019-01-01' }),
    ]);
    const answer = await dashboard();
    expect(answer.probation_ending.overdue.count).toBe(13);
    expect(answer.probation_ending.overdue.items.map((item) => item.probation_end)).toEqual([
      '2012-06-30', '2013-06-30', '2014-06-30', '2015-06-30', '2016-06-30', '2017-06-30', '2018-06-30', '2019-06-30', '2020-06-30', '2021-06-30',
    ]);
    // Those due soon are counted as before.
    expect(answer.probation_ending.count).toBe(13);
    expect(ending(answer.contracts_ending.overdue)).toEqual({ count: 2, names: ['逾期合同', '李一'] });
    expect(ending(answer.leaving_due.overdue)).toEqual({ count: 1, names: ['逾期离职'] });
    expect(answer.leaving_due.overdue.items[0]!.leaving_date).toBe('2021-03-01');
  });

  it('answers staff holding personnel.dashboard.view and refuses others (40300)', async () => {
    expect((await ok(t, personnelCalls.dashboard, {}, await signInWith(t, ['personnel.dashboard.view']))).today).toBe('2026-04-01');
    expectError(await invoke(t, personnelCalls.dashboard, {}, await signInWith(t, ['personnel.view'])), 40300);
  });
});
