import { settingsCalls, topUpRecordCalls, userCalls, type CallBody } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLoginLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectOk, invoke, ok, signInAsAdmin } from './helpers/auth';
import { insertUser } from './helpers/users';

let t: TestApp;
let admin: string;

/**
 * What a zone's clocks show, by Intl's Swedish format (`2026-03-28 19:00:00`): an oracle of its own, not the code
 * under test.
 */
const clockIn = (zone: string, at: Date | string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(at),
  );
/** An export's file-name stamp (`20260328-1900`) at `at` in `zone`. */
const stampIn = (zone: string, at: Date) => clockIn(zone, at).slice(0, 16).replace(/[-:]/g, '').replace(' ', '-');

// Berlin springs forward on 29 March 2026 (that day is 2026-03-28T23:00Z – 2026-03-29T22:00Z, 23 hours) and falls back
// on 25 October (2026-10-24T22:00Z – 2026-10-25T23:00Z, 25 hours). Shanghai's 29 March is 03-28T16:00Z – 03-29T16:00Z.
const EDGES = [
  { name: '时区界前', registeredAt: '2026-03-28T22:59:59.999Z', lastOrderAt: '2026-10-24T21:59:59.999Z' },
  { name: '时区界始', registeredAt: '2026-03-28T23:00:00.000Z', lastOrderAt: '2026-10-24T22:00:00.000Z' },
  { name: '时区界末', registeredAt: '2026-03-29T21:59:59.999Z', lastOrderAt: '2026-10-25T22:59:59.999Z' },
  { name: '时区界后', registeredAt: '2026-03-29T22:00:00.000Z', lastOrderAt: '2026-10-25T23:00:00.000Z' },
];
let loginUserId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  for (const edge of EDGES) await insertUser(t, { name: edge.name, registeredAt: new Date(edge.registeredAt), lastOrderAt: new Date(edge.lastOrderAt), orderCount: 1 });
  loginUserId = (await insertUser(t)).id;
  for (const [ip, at] of [
    ['36.2.2.1', '2026-03-28T22:59:59.999Z'],
    ['36.2.2.2', '2026-03-28T23:00:00.000Z'],
    ['36.2.2.3', '2026-03-29T21:59:59.999Z'],
    ['36.2.2.4', '2026-03-29T22:00:00.000Z'],
  ] as const) {
    await t.database.db.insert(userLoginLog).values({ userId: loginUserId, loginAt: new Date(at), ip, platform: 'ios', device: 'iPhone', location: '柏林', result: 'success' });
  }
});
afterAll(() => t?.close());

const details = () => ok(t, settingsCalls.systemDetails);
const saveSystem = (body: CallBody<typeof settingsCalls.systemEdit>) => invoke(t, settingsCalls.systemEdit, body, admin);
const namesOn = async (filter: CallBody<typeof userCalls.lists>) => {
  const answer = await ok(t, userCalls.lists, { keyword: '时区界', limit: 50, ...filter }, admin);
  return { count: answer.count, names: answer.data.map((u) => u.name).sort() };
};
const loginIpsOn = async (day: string) =>
  (await ok(t, userCalls.loginLogList, { user_id: loginUserId, time_quantum: [day, day] }, admin)).data.map((r) => r.ip).sort();

async function exportEdges(): Promise<{ fileName: string; registered: Map<string, unknown>; before: Date; after: Date }> {
  const before = t.clock.now();
  const res = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: { keyword: '时区界' }, headers: { 'x-token': admin } });
  const after = t.clock.now();
  expect(res.statusCode).toBe(200);
  const fileName = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'] as string)![1]!);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const header = rows[0] as string[];
  const registered = new Map(rows.slice(1).map((r) => [r[header.indexOf('姓名')] as string, r[header.indexOf('注册时间')]]));
  return { fileName, registered, before, after };
}

const stampOf = (fileName: string) => /^用户导出-(\d{8}-\d{4})\.xlsx$/.exec(fileName)?.[1];

describe('the platform’s time zone', () => {
  it('is Asia/Shanghai until set: day filters, exported times and the file name read China time', async () => {
    expect(await details()).toMatchObject({ time_zone: 'Asia/Shanghai' });
    expect(await namesOn({ time_quantum: ['2026-03-29', '2026-03-29'] })).toEqual({ count: 2, names: ['时区界前', '时区界始'] });
    const file = await exportEdges();
    expect([stampIn('Asia/Shanghai', file.before), stampIn('Asia/Shanghai', file.after)]).toContain(stampOf(file.fileName));
    expect(file.registered.get('时区界始')).toBe('2026-03-29 07:00:00');
  });

  it('refuses a zone Intl does not know with 40000 naming time_zone, and changes nothing', async () => {
    const before = await details();
    for (const bad of ['Mars/Olympus_Mons', '+08:00', '', 'Asia/Shanghai/extra']) {
      const answer = await saveSystem({ website: '改过的名字', time_zone: bad });
      expect(answer, bad).toMatchObject({ code: 40000, data: { field: 'time_zone' } });
    }
    expect(await details()).toEqual(before);
  });

  it('saves a zone as Intl spells it, and keeps it when a save leaves it out', async () => {
    expect(expectOk(await saveSystem({ website: '聚企中台', time_zone: ' europe/berlin ' })).time_zone).toBe('Europe/Berlin');
    expect(await details()).toMatchObject({ website: '聚企中台', time_zone: 'Europe/Berlin' });
    expect(expectOk(await saveSystem({ website: '聚企中台' })).time_zone).toBe('Europe/Berlin');
    expect((await details()).time_zone).toBe('Europe/Berlin');
  });

  it('reads day filters as days in the zone, 23- and 25-hour days included', async () => {
    // The same filter as under Shanghai: the cached count and pages must not answer for the old zone.
    expect(await namesOn({ time_quantum: ['2026-03-29', '2026-03-29'] })).toEqual({ count: 2, names: ['时区界始', '时区界末'] });
    expect((await namesOn({ time_quantum: ['2026-03-28', '2026-03-28'] })).names).toEqual(['时区界前']);
    expect((await namesOn({ time_quantum: ['2026-03-30', '2026-03-30'] })).names).toEqual(['时区界后']);
    expect((await namesOn({ issue_time_quantum: ['2026-10-25', '2026-10-25'] })).names).toEqual(['时区界始', '时区界末']);
    expect((await namesOn({ issue_time_quantum: ['2026-10-01', '2026-10-24'] })).names).toEqual(['时区界前']);
    expect(await loginIpsOn('2026-03-29')).toEqual(['36.2.2.2', '36.2.2.3']);
  });

  it('takes the calendar’s first and last days in a day filter, whatever the zone (no year 0, no year 10000 sent)', async () => {
    const all = await namesOn({});
    expect(await namesOn({ time_quantum: ['0001-01-01', '9999-12-31'] })).toEqual(all);
    expect((await namesOn({ time_quantum: ['0001-01-01', '0001-01-02'] })).count).toBe(0);
    expect(await namesOn({ issue_time_quantum: ['0001-01-01', '9999-12-31'] })).toEqual(all);
    expect((await namesOn({ issue_time_quantum: ['9999-12-30', '9999-12-31'] })).count).toBe(0);
    expect((await invoke(t, topUpRecordCalls.list, { time: ['0001-01-01', '9999-12-31'] }, admin)).code).toBe(20000);
  });

  it('writes exported times and the file name’s stamp in the zone', async () => {
    expect((await saveSystem({ website: '聚企中台', time_zone: 'America/New_York' })).code).toBe(20000);
    const file = await exportEdges();
    expect([stampIn('America/New_York', file.before), stampIn('America/New_York', file.after)]).toContain(stampOf(file.fileName));
    // 23:00 UTC on 28 March: 19:00 in New York (daylight saving since 8 March), 07:00 next day in Shanghai.
    expect(file.registered.get('时区界始')).toBe('2026-03-28 19:00:00');
    for (const edge of EDGES) expect(file.registered.get(edge.name)).toBe(clockIn('America/New_York', edge.registeredAt));
  });
});
