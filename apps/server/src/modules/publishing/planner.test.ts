import { fc, test } from '@fast-check/vitest';
import { formatInZone } from '@juqi/contract';
import { describe, expect, it } from 'vitest';
import { checkPlan, planSmartPublish, textKeys, type PlanAccount, type PlanInput, type PlanMaterial } from './planner';

const ZONE = 'Asia/Shanghai';
/** 2026-12-07 is a Monday. */
const at = (wall: string, zone = ZONE) => {
  const offset = zone === ZONE ? '+08:00' : '-05:00';
  return Date.parse(`${wall.replace(' ', 'T')}:00${offset}`);
};
const materials = (n: number, from = 1): PlanMaterial[] => Array.from({ length: n }, (_, i) => ({ id: from + i, titleHash: `title${from + i}`, bodyHash: `body${from + i}` }));
const account = (id: number, rest: Partial<PlanAccount> = {}): PlanAccount => ({ id, dailyQuota: 10, minGap: 60, windows: [], held: [], texts: new Set(), ...rest });
const input = (rest: Partial<PlanInput>): PlanInput => ({ from: at('2026-12-07 08:00'), days: 7, zone: ZONE, accounts: [account(1)], materials: materials(1), ...rest });
/** The plan's times on the platform's clock, by material. */
const wall = (planned: PlanInput) => planSmartPublish(planned).entries.map((entry) => `${entry.materialId}@${entry.accountId} ${formatInZone(new Date(entry.at), planned.zone, 'minute')}`);

describe('the smart publishing planner', () => {
  it('posts inside the account’s windows on the platform’s clock, its gap apart, the first free minute first', () => {
    const weekdayMornings = account(1, { minGap: 20, windows: [{ days: 2, start: '09:00', end: '10:00' }] });
    expect(wall(input({ accounts: [weekdayMornings], materials: materials(5) }))).toEqual([
      '1@1 2026-12-07 09:00',
      '2@1 2026-12-07 09:20',
      '3@1 2026-12-07 09:40',
      '4@1 2026-12-08 09:00',
      '5@1 2026-12-08 09:20',
    ]);
  });

  it('keeps the daily quota, counting what the account holds that day; the weekend window waits for Saturday', () => {
    const held = [at('2026-12-07 09:30')];
    expect(wall(input({ accounts: [account(1, { dailyQuota: 2, held })], materials: materials(3) }))).toEqual(['1@1 2026-12-07 10:30', '2@1 2026-12-08 09:00', '3@1 2026-12-08 10:00']);
    const weekend = account(1, { windows: [{ days: 3, start: '20:00', end: '24:00' }] });
    expect(wall(input({ accounts: [weekend], materials: materials(1) }))).toEqual(['1@1 2026-12-12 20:00']);
  });

  it('keeps its gap from what the account holds, either side', () => {
    const held = [at('2026-12-07 09:30'), at('2026-12-07 11:00')];
    expect(wall(input({ accounts: [account(1, { minGap: 45, held })], materials: materials(2) }))).toEqual(['1@1 2026-12-07 10:15', '2@1 2026-12-07 11:45']);
  });

  it('starts at the first whole minute from its start, and merges windows that overlap', () => {
    const twoWindows = account(1, { minGap: 30, windows: [{ days: 1, start: '14:00', end: '15:00' }, { days: 1, start: '14:30', end: '16:00' }] });
    expect(wall(input({ from: at('2026-12-07 14:40') + 10_000, accounts: [twoWindows], materials: materials(3) }))).toEqual(['1@1 2026-12-07 14:41', '2@1 2026-12-07 15:11', '3@1 2026-12-07 15:41']);
  });

  it('spreads over the accounts, the earliest free minute first and a tie to the lower id', () => {
    const evenings = account(2, { minGap: 60, windows: [{ days: 1, start: '09:30', end: '12:00' }] });
    expect(wall(input({ accounts: [evenings, account(1, { minGap: 60 })], materials: materials(4) }))).toEqual([
      '1@1 2026-12-07 09:00',
      '2@2 2026-12-07 09:30',
      '3@1 2026-12-07 10:00',
      '4@2 2026-12-07 10:30',
    ]);
  });

  it('never gives an account a material, title or body it holds; what no account may take is reported with why', () => {
    const [first, second, third] = materials(3);
    const holdsTitle = account(1, { texts: new Set([textKeys(first!)[1]]) });
    const plan = planSmartPublish(input({ accounts: [holdsTitle, account(2, { dailyQuota: 1 })], materials: [first!, second!, third!], days: 1 }));
    expect(plan.entries.map((entry) => [entry.materialId, entry.accountId])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    const sameBody = { id: 9, titleHash: 'other', bodyHash: first!.bodyHash };
    const full = planSmartPublish(input({ accounts: [account(1, { dailyQuota: 2 })], materials: [first!, sameBody, second!, third!], days: 1 }));
    expect(full.entries.map((entry) => entry.materialId)).toEqual([1, 2]);
    expect(full.unplaced).toEqual([
      { materialId: 9, reason: 'repeated' },
      { materialId: 3, reason: 'no_slot' },
    ]);
  });

  it('reads windows on the zone’s clock across a change of offset', () => {
    // New York leaves daylight time on 2026-11-01: 09:00 is 13:00 UTC the day before and 14:00 UTC that day.
    const daily = account(1, { dailyQuota: 1, windows: [{ days: 1, start: '09:00', end: '10:00' }] });
    const plan = planSmartPublish(input({ zone: 'America/New_York', from: Date.parse('2026-10-31T12:00:00Z'), days: 2, accounts: [daily], materials: materials(2) }));
    expect(plan.entries.map((entry) => new Date(entry.at).toISOString())).toEqual(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z']);
  });

  it('finds each rule a changed plan breaks', () => {
    const rules = account(1, { dailyQuota: 2, minGap: 30, windows: [{ days: 1, start: '09:00', end: '12:00' }], held: [at('2026-12-08 09:00')], texts: new Set(['t:held']) });
    const base = input({ accounts: [rules], materials: [...materials(4), { id: 5, titleHash: 'held', bodyHash: 'b5' }] });
    const entry = (materialId: number, wallTime: string, accountId = 1) => ({ materialId, accountId, at: at(wallTime) });
    const broken = (entries: ReturnType<typeof entry>[]) => checkPlan(entries, base).map((one) => `${one.rule}:${one.entry.materialId}`);
    expect(broken([entry(1, '2026-12-07 09:00'), entry(2, '2026-12-07 09:30')])).toEqual([]);
    expect(broken([entry(1, '2026-12-07 12:00')])).toEqual(['window:1']);
    expect(broken([entry(1, '2026-12-07 07:59')])).toEqual(['span:1']);
    expect(broken([entry(1, '2026-12-08 10:00'), entry(2, '2026-12-08 11:00')])).toEqual(['quota:2']);
    expect(broken([entry(1, '2026-12-07 09:00'), entry(2, '2026-12-07 09:29')])).toEqual(['gap:2']);
    expect(broken([entry(1, '2026-12-08 09:10')])).toEqual(['gap:1']);
    expect(broken([entry(5, '2026-12-07 09:00')])).toEqual(['repeated:5']);
    expect(broken([entry(1, '2026-12-07 09:00'), entry(1, '2026-12-07 10:00')])).toEqual(['twice:1']);
    expect(broken([entry(1, '2026-12-07 09:00', 7), entry(8, '2026-12-07 10:00')])).toEqual(['account:1', 'material:8']);
  });
});

/** `09:05` from minutes after midnight. */
const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const windowArbitrary = fc
  .record({ days: fc.constantFrom(1, 2, 3, 11, 13, 16, 17), start: fc.integer({ min: 0, max: 23 * 60 }), length: fc.integer({ min: 1, max: 8 * 60 }) })
  .map(({ days, start, length }) => {
    const end = Math.min(24 * 60, start + length);
    return { days, start: clockTime(start), end: clockTime(end) };
  });

describe('any plan it makes', () => {
  test.prop(
    [
      fc.array(
        fc.record({
          dailyQuota: fc.integer({ min: 1, max: 6 }),
          minGap: fc.integer({ min: 0, max: 300 }),
          windows: fc.array(windowArbitrary, { maxLength: 3 }),
          held: fc.array(fc.integer({ min: 0, max: 9 * 86_400 }), { maxLength: 8 }),
          holds: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 1, max: 5 }),
      fc.constantFrom('Asia/Shanghai', 'America/New_York', 'Europe/London'),
    ],
    { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
  )('keeps every rule, places each material once, and reports the rest', (accounts, count, days, zone) => {
    const from = Date.parse('2026-03-27T10:17:31Z');
    const chosen = materials(count);
    const planned: PlanInput = {
      from,
      days,
      zone,
      materials: chosen,
      accounts: accounts.map((one, i) => ({
        id: i + 1,
        dailyQuota: one.dailyQuota,
        minGap: one.minGap,
        windows: one.windows,
        held: one.held.map((seconds) => from - 86_400_000 + seconds * 1000),
        texts: new Set(one.holds.flatMap((id) => textKeys(chosen[id - 1] ?? { id, titleHash: '', bodyHash: '' }))),
      })),
    };
    const plan = planSmartPublish(planned);
    expect(checkPlan(plan.entries, { ...planned, from: plan.from })).toEqual([]);
    expect([...plan.entries.map((entry) => entry.materialId), ...plan.unplaced.map((one) => one.materialId)].sort((a, b) => a - b)).toEqual(chosen.map((one) => one.id));
  });
});
