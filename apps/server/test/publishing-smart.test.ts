import { randomBytes } from 'node:crypto';
import { formatInZone, material, MATERIAL_STATES, PLATFORM, PUBLICATION_STATES, publishAccount, publishingCalls, publishWindow } from '@juqi/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material as materialTable, publication } from '../src/modules/publishing/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectRefused, invoke, ok, signInAsAdmin } from './helpers/auth';

/**
 * 智能发布 (docs/publishing.md › Publishing) through its calls: posting windows on an account, a plan shown and nothing
 * kept, the plan confirmed and scheduled with a job each, and a plan gone stale refused whole. The planner's rules
 * themselves are tested in src/modules/publishing/planner.test.ts.
 */
let t: TestApp;
let admin: string;
let n = 0;
const ZONE = 'Asia/Shanghai';

beforeAll(async () => {
  t = await buildTestApp({ config: { secrets: { current: randomBytes(32) } } });
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

/** A feed account (it needs no site) of a quota and gap, with its windows. */
async function account(name: string, extra: { daily_quota?: number; min_gap?: number } = {}, windows: { days: number; start: string; end: string }[] = []) {
  const { id } = await ok(t, publishAccount.calls.add!, { name, platform: PLATFORM.feed, ...extra }, admin);
  for (const window of windows) await ok(t, publishWindow.calls.add!, { account_id: id, ...window }, admin);
  return id;
}
async function approved(count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    n += 1;
    const { id } = await ok(t, material.calls.add!, { title: `智能发布第${n}篇`, body: `<p>正文 ${n}</p>` }, admin);
    ids.push(id);
  }
  await t.database.db.update(materialTable).set({ state: MATERIAL_STATES.approved }).where(inArray(materialTable.id, ids));
  return ids;
}
/** The Monday at least two days ahead, at 00:00 on the platform's clock, as ISO 8601. */
function nextMonday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (new Date(`${formatInZone(day, ZONE).slice(0, 10)}T12:00:00Z`).getUTCDay() !== 1) day.setTime(day.getTime() + 86_400_000);
  return `${formatInZone(day, ZONE).slice(0, 10)}T00:00:00+08:00`;
}
const wall = (iso: string) => formatInZone(new Date(iso), ZONE, 'minute').slice(11);
const publications = async () => (await t.database.db.select({ id: publication.id }).from(publication)).length;
/** The publish jobs of publications: when each is due, by publication. */
const jobsOf = async (ids: number[]) => {
  const result = await t.database.db.execute(sql`select (data->>'id')::int as id, start_after from pgboss.job where name = 'publishing.publish' and (data->>'id')::int in ${ids}`);
  return new Map((result as unknown as { rows: { id: number; start_after: Date | string }[] }).rows.map((job) => [job.id, new Date(job.start_after).toISOString()]));
};

describe('posting windows', () => {
  it('are an account’s child list; an end not after its start is refused naming it', async () => {
    const id = await account('时段账号');
    const refused = await invoke(t, publishWindow.calls.add!, { account_id: id, days: 1, start: '18:00', end: '09:00' }, admin);
    expectRefused(refused, 'end', '结束时间');
    expectRefused(await invoke(t, publishWindow.calls.add!, { account_id: id, days: 1, start: '9:00', end: '10:00' }, admin), 'start', '开始时间');
    const { id: window } = await ok(t, publishWindow.calls.add!, { account_id: id, days: 2, start: '09:00', end: '24:00' }, admin);
    expectRefused(await invoke(t, publishWindow.calls.edit!, { id: window, start: '24:00' }, admin), 'start', '开始时间');
    const listed = await ok(t, publishWindow.calls.list, { account_id: id }, admin);
    expect(listed.data).toEqual([expect.objectContaining({ id: window, days: 2, start: '09:00', end: '24:00' })]);
  });
});

describe('a smart plan', () => {
  it('spreads the materials over the accounts’ windows, keeps nothing, and says what did not fit', async () => {
    const mornings = await account('早间账号', { daily_quota: 2, min_gap: 30 }, [{ days: 2, start: '09:00', end: '10:00' }]);
    const evenings = await account('晚间账号', { daily_quota: 1, min_gap: 60 }, [{ days: 1, start: '20:00', end: '21:00' }]);
    const materials = await approved(7);
    const before = await publications();
    const plan = await ok(t, publishingCalls.smartPlan, { material_ids: materials, account_ids: [mornings, evenings], from: nextMonday(), days: 2 }, admin);
    expect(plan.entries.map((entry) => [entry.title, entry.account_name, wall(entry.at)])).toEqual([
      [`智能发布第${n - 6}篇`, '早间账号', '09:00'],
      [`智能发布第${n - 5}篇`, '早间账号', '09:30'],
      [`智能发布第${n - 4}篇`, '晚间账号', '20:00'],
      [`智能发布第${n - 3}篇`, '早间账号', '09:00'],
      [`智能发布第${n - 2}篇`, '早间账号', '09:30'],
      [`智能发布第${n - 1}篇`, '晚间账号', '20:00'],
    ]);
    expect(plan.unplaced).toEqual([{ material_id: materials[6], title: `智能发布第${n}篇`, reason: 'no_slot' }]);
    expect(await publications()).toBe(before);
  });

  it('confirmed, schedules each as a smart publication with its job; confirmed again, it is refused whole', async () => {
    const blog = await account('计划账号', { daily_quota: 5, min_gap: 10 }, [{ days: 1, start: '08:00', end: '12:00' }]);
    const materials = await approved(3);
    const plan = await ok(t, publishingCalls.smartPlan, { material_ids: materials, account_ids: [blog], from: nextMonday(), days: 1 }, admin);
    const entries = plan.entries.map(({ material_id, account_id, at }) => ({ material_id, account_id, at }));
    const { ids } = await ok(t, publishingCalls.smartPublish, { entries }, admin);
    expect(ids).toHaveLength(3);
    const listed = await ok(t, publishingCalls.publicationList, { account_id: blog, page: 1, limit: 20 }, admin);
    expect(listed.data.map((row) => [row.mode, row.state, wall(row.scheduled_at)]).sort()).toEqual([
      [3, PUBLICATION_STATES.scheduled, '08:00'],
      [3, PUBLICATION_STATES.scheduled, '08:10'],
      [3, PUBLICATION_STATES.scheduled, '08:20'],
    ]);
    // A job each, due at its time.
    expect(await jobsOf(ids)).toEqual(new Map(listed.data.map((row) => [row.id, row.scheduled_at])));

    const before = await publications();
    const again = await invoke(t, publishingCalls.smartPublish, { entries }, admin);
    expectRefused(again, 'entries', '发布计划');
    expect(again.message).toMatch(/请重新生成计划$/);
    // Planned again, the account holds them: nothing left to place, each said why.
    const replanned = await ok(t, publishingCalls.smartPlan, { material_ids: materials, account_ids: [blog], from: nextMonday(), days: 1 }, admin);
    expect(replanned.entries).toEqual([]);
    expect(replanned.unplaced.map((one) => one.reason)).toEqual(['repeated', 'repeated', 'repeated']);
    expect(await publications()).toBe(before);
  });

  it('refuses a plan another publish made stale, one entry moved out of its window, a material not approved, a start past', async () => {
    const blog = await account('变化账号', { daily_quota: 1, min_gap: 0 }, [{ days: 1, start: '10:00', end: '11:00' }]);
    const [first, second] = await approved(2);
    const from = nextMonday();
    const plan = await ok(t, publishingCalls.smartPlan, { material_ids: [first!], account_ids: [blog], from, days: 1 }, admin);
    const entries = plan.entries.map(({ material_id, account_id, at }) => ({ material_id, account_id, at }));
    // Meanwhile the day was filled by a timed publish.
    await ok(t, publishingCalls.publish, { material_ids: [second!], account_ids: [blog], at: entries[0]!.at }, admin);
    const before = await publications();
    const stale = await invoke(t, publishingCalls.smartPublish, { entries }, admin);
    expectRefused(stale, 'entries', '发布计划');
    expect(stale.message).toContain('超出每日发布上限');
    const outside = [{ ...entries[0]!, at: new Date(Date.parse(entries[0]!.at) + 2 * 3_600_000).toISOString() }];
    expect((await invoke(t, publishingCalls.smartPublish, { entries: outside }, admin)).message).toContain('不在“变化账号”的发布时段内');
    expect(await publications()).toBe(before);

    const { id: draft } = await ok(t, material.calls.add!, { title: '智能发布草稿', body: '<p>草稿</p>' }, admin);
    expectRefused(await invoke(t, publishingCalls.smartPlan, { material_ids: [draft], account_ids: [blog] }, admin), 'material_ids', '素材');
    expectRefused(await invoke(t, publishingCalls.smartPlan, { material_ids: [first!], account_ids: [blog], from: '2020-01-01T00:00:00Z' }, admin), 'from', '开始时间');
    const off = await ok(t, publishAccount.calls.add!, { name: '停用的计划账号', platform: PLATFORM.feed, enabled: false }, admin);
    expectRefused(await invoke(t, publishingCalls.smartPublish, { entries: [{ ...entries[0]!, account_id: off.id }] }, admin), 'entries', '发布计划');
    expect(await t.database.db.select().from(publication).where(eq(publication.materialId, first!))).toEqual([]);
  });
});
