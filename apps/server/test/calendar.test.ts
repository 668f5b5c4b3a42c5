import { calendarCalls, settingsCalls, SPECIAL_DAY_KINDS, specialDay, type WorkTimeInput } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { lazyService } from '../src/lib/http/types';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, snapshotDatabase } from './helpers/snapshot';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const { holiday, workday } = SPECIAL_DAY_KINDS;
const OFFICE_WEEK: WorkTimeInput = { work_days: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '18:00', break_start: '12:00', break_end: '13:00' };

const saveWorkTime = (body: WorkTimeInput, token = admin) => invoke(t, calendarCalls.workTimeEdit, body, token);
// Resource calls are typed loosely by their declaration's generic calls, so their bodies are sent unchecked.
const addDay = async (day: string, kind: number, name: string) => expectOk(await invokeUnchecked(t, specialDay.calls.add!, { day, kind, name }, admin));
/** The calendar as another module sees it: through `app.access`, importing nothing of the calendar module. */
const calendar = () => lazyService(t.app.access, 'calendar', 'calendar');
const askWorkingDays = (query: { from?: string; n?: number }, token = admin) => ok(t, calendarCalls.workingDays, query, token);
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: ['audit_log'], exceptColumns: ACTIVITY_COLUMNS });

describe('时间设置 (work time)', () => {
  it('answers Monday to Friday, 09:00–18:00 with a lunch break, until it is saved', async () => {
    expect(await ok(t, calendarCalls.workTimeDetails, {}, admin)).toEqual(OFFICE_WEEK);
  });

  it('saves the work week in weekday order and records who changed it from what', async () => {
    const saved = expectOk(await saveWorkTime({ work_days: [6, 1, 3, 2, 5, 4], start_time: '08:30', end_time: '17:30', break_start: null, break_end: null }));
    expect(saved).toEqual({ work_days: [1, 2, 3, 4, 5, 6], start_time: '08:30', end_time: '17:30', break_start: null, break_end: null });
    expect(await ok(t, calendarCalls.workTimeDetails, {}, admin)).toEqual(saved);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'calendar.work_time.edit'));
    expect(entry?.detail).toEqual({ before: OFFICE_WEEK, after: saved });
    expectOk(await saveWorkTime(OFFICE_WEEK));
  });

  it('refuses bad work time naming the field, changing nothing', async () => {
    const before = await snapshot();
    const refused: [unknown, string][] = [
      [{ ...OFFICE_WEEK, work_days: [] }, 'work_days'],
      [{ ...OFFICE_WEEK, work_days: [1, 1, 2] }, 'work_days'],
      [{ ...OFFICE_WEEK, work_days: [1, 8] }, 'work_days.1'],
      [{ ...OFFICE_WEEK, start_time: '9:00' }, 'start_time'],
      [{ ...OFFICE_WEEK, start_time: '24:00' }, 'start_time'],
      [{ ...OFFICE_WEEK, end_time: '08:59' }, 'end_time'],
      [{ ...OFFICE_WEEK, end_time: '09:00' }, 'end_time'],
      [{ ...OFFICE_WEEK, break_end: null }, 'break_end'],
      [{ ...OFFICE_WEEK, break_start: null }, 'break_start'],
      [{ ...OFFICE_WEEK, break_start: '08:00' }, 'break_start'],
      [{ ...OFFICE_WEEK, break_start: '13:00', break_end: '12:00' }, 'break_end'],
      [{ ...OFFICE_WEEK, break_end: '19:00' }, 'break_end'],
    ];
    for (const [body, field] of refused) {
      expect(expectError(await invokeUnchecked(t, calendarCalls.workTimeEdit, body, admin), 40000), JSON.stringify(body)).toMatchObject({ field });
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('lets a staff who may only view it read it but not change it (40300)', async () => {
    const viewer = await createStaffWith(t, ['calendar.time.view']);
    expect(await ok(t, calendarCalls.workTimeDetails, {}, viewer.token)).toEqual(OFFICE_WEEK);
    expectError(await saveWorkTime({ ...OFFICE_WEEK, work_days: [1] }, viewer.token), 40300);
    expect(await ok(t, calendarCalls.workTimeDetails, {}, admin)).toEqual(OFFICE_WEEK);
    const outsider = await createStaffWith(t, ['calendar.day.view']);
    expectError(await invoke(t, calendarCalls.workTimeDetails, {}, outsider.token), 40300);
  });
});

describe('时间日历 (special days)', () => {
  it('refuses an add without its date or kind, naming the field, keeping nothing', async () => {
    const before = await snapshot();
    expect(expectError(await invokeUnchecked(t, specialDay.calls.add!, { kind: holiday, name: '无日期' }, admin), 40000)).toMatchObject({ field: 'day' });
    expect(expectError(await invokeUnchecked(t, specialDay.calls.add!, { day: '2026-03-02', name: '无类型' }, admin), 40000)).toMatchObject({ field: 'kind' });
    expect(expectError(await invokeUnchecked(t, specialDay.calls.add!, { day: '2026-03-02', kind: 3, name: '未知' }, admin), 40000)).toMatchObject({ field: 'kind' });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('shows each day of a range as working or rest: the work week, a holiday on a weekday, a make-up day on a Saturday', async () => {
    const { id: holidayId } = await addDay('2026-03-11', holiday, '公司年会');
    const { id: workdayId } = await addDay('2026-03-14', workday, '年会调休');
    const status = await ok(t, calendarCalls.dayStatus, { from: '2026-03-09', to: '2026-03-15' }, admin);
    expect(status.work_days).toEqual([1, 2, 3, 4, 5]);
    expect(status.days).toEqual([
      { day: '2026-03-09', weekday: 1, working: true, special: null },
      { day: '2026-03-10', weekday: 2, working: true, special: null },
      { day: '2026-03-11', weekday: 3, working: false, special: { id: holidayId, kind: holiday, name: '公司年会' } },
      { day: '2026-03-12', weekday: 4, working: true, special: null },
      { day: '2026-03-13', weekday: 5, working: true, special: null },
      { day: '2026-03-14', weekday: 6, working: true, special: { id: workdayId, kind: workday, name: '年会调休' } },
      { day: '2026-03-15', weekday: 7, working: false, special: null },
    ]);
    // Back to normal: the date follows the work week again.
    expectOk(await invokeUnchecked(t, specialDay.calls.delete!, { id: holidayId }, admin));
    expectOk(await invokeUnchecked(t, specialDay.calls.delete!, { id: workdayId }, admin));
    const after = await ok(t, calendarCalls.dayStatus, { from: '2026-03-11', to: '2026-03-14' }, admin);
    expect(after.days.map((d) => d.working)).toEqual([true, true, true, false]);
  });

  it('answers a range of at most a year, its end not before its start', async () => {
    expect((await ok(t, calendarCalls.dayStatus, { from: '2028-01-01', to: '2028-12-31' }, admin)).days).toHaveLength(366);
    expect(expectError(await invoke(t, calendarCalls.dayStatus, { from: '2026-01-01', to: '2027-01-02' }, admin), 40000)).toMatchObject({ field: 'to' });
    expect(expectError(await invoke(t, calendarCalls.dayStatus, { from: '2026-03-02', to: '2026-03-01' }, admin), 40000)).toMatchObject({ field: 'to' });
    expect(expectError(await invoke(t, calendarCalls.dayStatus, { from: '0000-12-31', to: '0001-01-01' }, admin), 40000)).toMatchObject({ field: 'from' });
  });

  it('lets a staff who may only view the calendar see it but not mark a day (40300)', async () => {
    const viewer = await createStaffWith(t, ['calendar.day.view']);
    expect((await ok(t, calendarCalls.dayStatus, { from: '2026-03-01', to: '2026-03-31' }, viewer.token)).days).toHaveLength(31);
    expectError(await invokeUnchecked(t, specialDay.calls.add!, { day: '2026-03-03', kind: holiday, name: '不许' }, viewer.token), 40300);
    const outsider = await createStaffWith(t, ['calendar.time.view']);
    expectError(await invoke(t, calendarCalls.dayStatus, { from: '2026-03-01', to: '2026-03-31' }, outsider.token), 40300);
  });
});

describe('working days (what other modules use)', () => {
  // China's National Day holiday of 2026: 1–7 October off, Sunday 20 September and Saturday 10 October worked.
  beforeAll(async () => {
    for (let date = 1; date <= 7; date += 1) await addDay(`2026-10-0${date}`, holiday, '国庆节');
    await addDay('2026-09-20', workday, '国庆节调休');
    await addDay('2026-10-10', workday, '国庆节调休');
    // A holiday on a weekday, and a make-up working day on a Saturday.
    await addDay('2026-06-10', holiday, '公司年会');
    await addDay('2026-06-13', workday, '年会调休');
  });

  it('rests on weekends by the work week', async () => {
    expect(await calendar().isWorkingDay('2026-06-05')).toBe(true); // Friday
    expect(await calendar().isWorkingDay('2026-06-06')).toBe(false); // Saturday
    expect(await calendar().isWorkingDay('2026-06-07')).toBe(false); // Sunday
    expect(await calendar().addWorkingDays('2026-06-05', 1)).toBe('2026-06-08'); // Friday + 1: Monday
    expect(await calendar().addWorkingDays('2026-06-06', 1)).toBe('2026-06-08'); // Saturday + 1: Monday
    expect(await calendar().addWorkingDays('2026-06-01', 5)).toBe('2026-06-08'); // a full week
  });

  it('rests on a holiday that falls on a weekday, and works a make-up day that falls on a Saturday', async () => {
    expect(await calendar().isWorkingDay('2026-06-10')).toBe(false); // Wednesday, holiday
    expect(await calendar().isWorkingDay('2026-06-13')).toBe(true); // Saturday, make-up day
    expect(await calendar().addWorkingDays('2026-06-09', 1)).toBe('2026-06-11');
    expect(await calendar().addWorkingDays('2026-06-12', 1)).toBe('2026-06-13');
    expect(await calendar().addWorkingDays('2026-06-12', 2)).toBe('2026-06-15');
  });

  it('counts across a long holiday, forwards and backwards', async () => {
    expect(await calendar().addWorkingDays('2026-09-30', 1)).toBe('2026-10-08');
    expect(await calendar().addWorkingDays('2026-09-30', 3)).toBe('2026-10-10'); // the Saturday worked
    expect(await calendar().addWorkingDays('2026-09-30', 4)).toBe('2026-10-12');
    expect(await calendar().addWorkingDays('2026-09-18', 1)).toBe('2026-09-20'); // the Sunday worked
    expect(await calendar().nextWorkingDay('2026-10-01')).toBe('2026-10-08');
    expect(await calendar().addWorkingDays('2026-10-08', -1)).toBe('2026-09-30');
    expect(await calendar().addWorkingDays('2026-10-12', -4)).toBe('2026-09-30');
    expect(await calendar().addWorkingDays('2026-09-21', -1)).toBe('2026-09-20');
    expect(await calendar().addWorkingDays('2026-06-08', -1)).toBe('2026-06-05'); // Monday − 1: Friday
  });

  it('answers a working day itself for N = 0, else the next working day', async () => {
    expect(await calendar().addWorkingDays('2026-09-30', 0)).toBe('2026-09-30');
    expect(await calendar().addWorkingDays('2026-10-03', 0)).toBe('2026-10-08');
    expect(await calendar().addWorkingDays('2026-06-06', 0)).toBe('2026-06-08');
  });

  it('follows a change of the work week: a Saturday becomes working, a holiday on it still rests', async () => {
    expectOk(await saveWorkTime({ ...OFFICE_WEEK, work_days: [1, 2, 3, 4, 5, 6] }));
    try {
      expect(await calendar().isWorkingDay('2026-06-06')).toBe(true);
      expect(await calendar().isWorkingDay('2026-10-03')).toBe(false);
      expect(await calendar().addWorkingDays('2026-06-05', 1)).toBe('2026-06-06');
    } finally {
      expectOk(await saveWorkTime(OFFICE_WEEK));
    }
  });

  it('counts inside a caller’s transaction (on PGlite a query outside it would wait forever)', async () => {
    const day = await t.database.db.transaction((tx) => calendar().addWorkingDays('2026-09-30', 1, tx));
    expect(day).toBe('2026-10-08');
  });

  it('is asked over HTTP by any signed-in staff, from today in the platform’s time zone by default', async () => {
    const plain = await createStaffWith(t, []);
    expect(await askWorkingDays({ from: '2026-09-30', n: 1 }, plain.token)).toEqual({ from: '2026-09-30', n: 1, from_working: true, day: '2026-10-08' });
    expect(await askWorkingDays({ from: '2026-10-08', n: -1 })).toEqual({ from: '2026-10-08', n: -1, from_working: true, day: '2026-09-30' });

    // 16:30 UTC on 30 September is already 1 October in Shanghai, still 30 September in Berlin.
    t.clock.advance(Date.parse('2026-09-30T16:30:00Z') - t.clock.now().getTime());
    expect(await calendar().today()).toBe('2026-10-01');
    expect(await askWorkingDays({})).toEqual({ from: '2026-10-01', n: 1, from_working: false, day: '2026-10-08' });
    expectOk(await invoke(t, settingsCalls.systemEdit, { website: '聚企中台', time_zone: 'Europe/Berlin' }, admin));
    try {
      expect(await askWorkingDays({ n: 0 })).toEqual({ from: '2026-09-30', n: 0, from_working: true, day: '2026-09-30' });
    } finally {
      expectOk(await invoke(t, settingsCalls.systemEdit, { website: '聚企中台', time_zone: 'Asia/Shanghai' }, admin));
    }
  });

  it('walks years of working days, and refuses an answer past 9999-12-31 naming n', async () => {
    // 2,600 working days of five a week are 520 weeks, give or take the few special days above.
    const far = await askWorkingDays({ from: '2026-01-01', n: 2600 });
    expect(far.day > '2035-12-01' && far.day < '2036-01-15').toBe(true);
    // Back as far: the working day it started from.
    expect(await askWorkingDays({ from: far.day, n: -2600 })).toMatchObject({ day: '2026-01-01' });
    expect(expectError(await invoke(t, calendarCalls.workingDays, { from: '9999-12-28', n: 5 }, admin), 40000)).toMatchObject({ field: 'n' });
    expect(expectError(await invoke(t, calendarCalls.workingDays, { from: '2026-01-01', n: 2601 }, admin), 40000)).toMatchObject({ field: 'n' });
  });
});

describe('audit of special days', () => {
  it('records each mark and its removal with the day before and after', async () => {
    const { id } = await addDay('2026-11-11', holiday, '双十一');
    expectOk(await invokeUnchecked(t, specialDay.calls.edit!, { id, kind: workday, name: '双十一值班' }, admin));
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'calendar.day.edit'), eq(auditLog.target, `calendar.day:${id}`)));
    expect(rows[0]?.detail).toMatchObject({ before: { day: '2026-11-11', kind: holiday, name: '双十一' }, after: { day: '2026-11-11', kind: workday, name: '双十一值班' } });
  });
});

/** The holiday notices on a day, asked by a session begun then (months on, earlier sessions have expired). */
async function noticesOn(day: string) {
  // Noon UTC is 20:00 in Shanghai, the platform's zone: the same date there.
  t.clock.advance(Date.parse(`${day}T12:00:00Z`) - t.clock.now().getTime());
  return ok(t, calendarCalls.holidayNotices, {}, await signInAsAdmin(t));
}

describe('the holiday notice after sign-in', () => {
  it('tells of a holiday from 7 days before its first day until its last, with the make-up days named after it', async () => {
    for (const day of ['2027-05-01', '2027-05-02', '2027-05-03']) await addDay(day, holiday, '劳动节');
    await addDay('2027-04-25', workday, '劳动节调休');
    await addDay('2027-05-08', workday, '劳动节调休');
    // Another holiday's make-up day nearby is not this one's.
    await addDay('2027-05-15', workday, '端午节调休');
    await addDay('2027-06-09', holiday, '端午节');
    const mayDay = { name: '劳动节', first_day: '2027-05-01', last_day: '2027-05-03', make_up_days: ['2027-04-25', '2027-05-08'] };

    expect(await noticesOn('2027-04-23')).toEqual([]);
    expect(await noticesOn('2027-04-24')).toEqual([mayDay]);
    // Any signed-in staff is told.
    expect(await ok(t, calendarCalls.holidayNotices, {}, (await createStaffWith(t, [])).token)).toEqual([mayDay]);
    expect(await noticesOn('2027-05-03')).toEqual([mayDay]);
    expect(await noticesOn('2027-05-04')).toEqual([]);
    expect(await noticesOn('2027-06-02')).toEqual([{ name: '端午节', first_day: '2027-06-09', last_day: '2027-06-09', make_up_days: ['2027-05-15'] }]);
    // Months after the holiday, nothing.
    expect(await noticesOn('2027-11-20')).toEqual([]);
  });
});
