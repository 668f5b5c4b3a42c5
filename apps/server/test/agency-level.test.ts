import { agencyActivitySettings, agencyLevel, userCalls } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyLevel as agencyLevelTable, users } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { testEngine } from './helpers/database';
import { expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { insertUser } from './helpers/users';

/**
 * 代理等级's own rules (docs/marketplace.md › 代理等级); its CRUD, filters, export and permissions are the generated
 * resource tests'.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const calls = agencyLevel.calls;
type Level = { id: number; level: number; name: string; threshold: number; commission_rate_bp: number; discount_bp: number; enabled: boolean };
const levels = async () => (await ok(t, calls.list, { limit: 100 }, admin)).data as Level[];
const byRank = async (rank: number) => (await levels()).find((one) => one.level === rank)!;
const edit = (body: Record<string, unknown>) => invoke(t, calls.edit!, body as never, admin);

describe('代理等级', () => {
  it('starts with the six levels the user dictionary held, renamed as agencies’, each reached by more sales and paid more', async () => {
    const six = (await levels()).slice(0, 6);
    expect(six.map(({ level, name, threshold, commission_rate_bp, discount_bp, enabled }) => [level, name, threshold, commission_rate_bp, discount_bp, enabled])).toEqual([
      [0, '普通代理', 0, 1000, 10_000, true],
      [1, '青铜代理', 1_000_000, 1200, 9500, true],
      [2, '白银代理', 5_000_000, 1500, 9000, true],
      [3, '黄金代理', 20_000_000, 1800, 8500, true],
      [4, '铂金代理', 50_000_000, 2000, 8000, true],
      [5, '钻石代理', 100_000_000, 2500, 7500, true],
    ]);
    // The user filter's levels are these records.
    expect((await ok(t, userCalls.selectSearchList, {}, admin)).level_list.slice(0, 6).map((one) => one.name)).toEqual(six.map((one) => one.name));
  });

  it('keeps thresholds rising with the rank: a threshold at or past a neighbour’s is 40000 naming threshold, and nothing changes', async () => {
    const before = await levels();
    const added = await invoke(t, calls.add!, { name: '星耀代理', level: 6, threshold: 100_000_000 }, admin);
    expect(expectError(added, 40000)).toMatchObject({ field: 'threshold' });
    expect(JSON.stringify(added)).toContain('须高于等级 5（钻石代理）的 ¥ 1,000,000.00');
    const gold = await byRank(3);
    expect(expectError(await edit({ id: gold.id, threshold: 50_000_000 }), 40000)).toMatchObject({ field: 'threshold' });
    expect(expectError(await edit({ id: gold.id, threshold: 5_000_000 }), 40000)).toMatchObject({ field: 'threshold' });
    // Renumbered between two others, its threshold must lie between theirs too.
    expect(expectError(await edit({ id: gold.id, level: 7 }), 40000)).toMatchObject({ field: 'threshold' });
    expect(await levels()).toEqual(before);

    const star = await ok(t, calls.add!, { name: '星耀代理', level: 6, threshold: 200_000_000, commission_rate_bp: 3000, discount_bp: 7000 }, admin);
    await ok(t, calls.edit!, { id: gold.id, threshold: 49_999_999 }, admin);
    await ok(t, calls.delete!, { id: star.id }, admin);
    await ok(t, calls.edit!, { id: gold.id, threshold: 20_000_000 }, admin);
  });

  it('keeps the entry level at rank 0, enabled and reached with nothing; it cannot be deleted', async () => {
    const entry = await byRank(0);
    expect(expectError(await edit({ id: entry.id, level: 50 }), 40000)).toMatchObject({ field: 'level' });
    expect(expectError(await edit({ id: entry.id, enabled: false }), 40000)).toMatchObject({ field: 'enabled' });
    expect(expectError(await edit({ id: entry.id, threshold: 100 }), 40000)).toMatchObject({ field: 'threshold' });
    expectError(await invoke(t, calls.delete!, { id: entry.id }, admin), 40900);
    // Its name and rates are the staff's to set.
    await ok(t, calls.edit!, { id: entry.id, name: '入门代理', commission_rate_bp: 800 }, admin);
    expect(await byRank(0)).toMatchObject({ name: '入门代理', commission_rate_bp: 800, enabled: true, threshold: 0 });
    await ok(t, calls.edit!, { id: entry.id, name: '普通代理', commission_rate_bp: 1000 }, admin);
  });

  it('refuses to delete a level users hold (40900); renumbering it moves its holders with it', async () => {
    const top = await ok(t, calls.add!, { name: '王者代理', level: 9, threshold: 900_000_000 }, admin);
    const holder = await insertUser(t, { typeUser: 1, level: 9 });
    expectError(await invoke(t, calls.delete!, { id: top.id }, admin), 40900);
    await ok(t, calls.edit!, { id: top.id, level: 8 }, admin);
    expect((await t.database.db.select({ level: users.level }).from(users).where(eq(users.id, holder.id)))[0]?.level).toBe(8);
    await t.database.db.update(users).set({ level: 0 }).where(eq(users.id, holder.id));
    await ok(t, calls.delete!, { id: top.id }, admin);
  });

  it('代理活跃度 keeps 一般’s line below 活跃’s: 40000 naming normal_from, nothing changed', async () => {
    const { defaults } = agencyActivitySettings;
    for (const normal_from of [defaults.active_from, defaults.active_from + 1])
      expect(expectError(await invoke(t, agencyActivitySettings.calls.edit, { ...defaults, normal_from }, admin), 40000)).toMatchObject({ field: 'normal_from' });
    expect(await ok(t, agencyActivitySettings.calls.details, undefined, admin)).toEqual(defaults);
    expect(await ok(t, agencyActivitySettings.calls.edit, { ...defaults, normal_from: defaults.active_from - 1 }, admin)).toMatchObject({ normal_from: defaults.active_from - 1 });
    await ok(t, agencyActivitySettings.calls.edit, defaults, admin);
  });

  it('lets a staff who may only view list the levels but not change them (40300)', async () => {
    const viewer = await signInWith(t, ['agency.level.view']);
    expect((await ok(t, calls.list, {}, viewer)).count).toBeGreaterThanOrEqual(6);
    const entry = await byRank(1);
    expectError(await invoke(t, calls.edit!, { id: entry.id, name: '改名' }, viewer), 40300);
  });

  // Two staff moving two neighbouring thresholds at once, each move fine against what the other started from: the
  // second waits for the first's lock on the levels and is judged against its result.
  it.runIf(testEngine === 'postgres')('judges two threshold moves that meet against each other: the second refused, the order kept', async () => {
    const pool = t.database.client as pg.Pool;
    const [bronze, silver] = [await byRank(1), await byRank(2)];
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query('select id from agency_level where id = $1 for update', [bronze.id]);
      await other.query('update agency_level set threshold = 3000000 where id = $1', [bronze.id]);
      const moving = edit({ id: silver.id, threshold: 2_000_000 });
      await expect
        .poll(async () => (await pool.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n as number)
        .toBeGreaterThan(0);
      await other.query('commit');
      expect(expectError(await moving, 40000)).toMatchObject({ field: 'threshold' });
      expect((await byRank(2)).threshold).toBe(5_000_000);
    } finally {
      other.release();
      await t.database.db.update(agencyLevelTable).set({ threshold: 1_000_000 }).where(eq(agencyLevelTable.id, bronze.id));
    }
  });
});
