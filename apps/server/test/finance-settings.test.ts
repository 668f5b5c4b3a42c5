import { financeSettingsCalls, RECHARGE_AMOUNT_MAX, RECHARGE_AMOUNT_MIN, rechargePreset } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { seedFinanceSettings } from '../src/modules/finance/settings-seed';
import { financeFunctionCharge, financePackage, financeRechargePreset } from '../src/modules/finance/settings-table';
import { buildTestApp, type TestApp } from './helpers/app';
import { testEngine } from './helpers/database';
import { expectError, expectOk, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/**
 * 充值设置 beyond what the generated resource tests cover: the top-up limits, a settings document every preset lies
 * within (checked on both sides of the rule), and the demo rows. Amounts are fen.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const { rechargeLimitsDetails, rechargeLimitsEdit } = financeSettingsCalls;
const presets = rechargePreset.calls;
// A resource's calls take its declared fields (docs/resources.md), checked at run time.
const preset = (call: keyof typeof presets, body: Record<string, unknown>) => invokeUnchecked(t, presets[call]!, body, admin);
const addPreset = async (amount: number) => (expectOk(await preset('add', { amount, bonus_beans: 10 })) as { id: number }).id;
const setLimits = (min_amount: number, max_amount: number) => invoke(t, rechargeLimitsEdit, { min_amount, max_amount }, admin);
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
const clearPresets = () => t.database.db.delete(financeRechargePreset);

describe('the top-up limits (充值限额)', () => {
  it('are as wide as any top-up until staff set them; a change is kept and audited with before and after', async () => {
    expect(await ok(t, rechargeLimitsDetails, {}, admin)).toEqual({ min_amount: RECHARGE_AMOUNT_MIN, max_amount: RECHARGE_AMOUNT_MAX });
    expect(expectOk(await setLimits(1000, 500_000))).toEqual({ min_amount: 1000, max_amount: 500_000 });
    expect(await ok(t, rechargeLimitsDetails, {}, admin)).toEqual({ min_amount: 1000, max_amount: 500_000 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'finance.settings.recharge.edit'), eq(auditLog.target, 'settings:finance_recharge')));
    expect(entry?.detail).toEqual({ before: { min_amount: RECHARGE_AMOUNT_MIN, max_amount: RECHARGE_AMOUNT_MAX }, after: { min_amount: 1000, max_amount: 500_000 } });
  });

  it('are viewed and changed only under their operations', async () => {
    const viewer = await signInWith(t, ['finance.settings.recharge.view']);
    expect(await ok(t, rechargeLimitsDetails, {}, viewer)).toMatchObject({ min_amount: expect.any(Number) });
    expectError(await invoke(t, rechargeLimitsEdit, { min_amount: 1000, max_amount: 2000 }, viewer), 40300);
  });

  it('refuse a smallest above the largest, or a fraction of a fen, changing nothing', async () => {
    await setLimits(1000, 500_000);
    const before = await snapshot();
    expect(expectError(await setLimits(3000, 2000), 40000)).toEqual({
      field: 'max_amount',
      fields: [{ field: 'max_amount', label: '最高充值金额', message: '不能低于最低充值金额' }],
    });
    expect(expectError(await invokeUnchecked(t, rechargeLimitsEdit, { min_amount: 1000.5, max_amount: 2000 }, admin), 40000)).toEqual({
      field: 'min_amount',
      fields: [{ field: 'min_amount', label: '最低充值金额', message: '须为整数' }],
    });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('a top-up preset (充值档位)', () => {
  it('lies within the limits: one outside them is refused on add and on edit, naming amount, changing nothing', async () => {
    await clearPresets();
    await setLimits(1000, 500_000);
    const id = await addPreset(5000);
    expect(await addPreset(1000)).toBeGreaterThan(id);
    expect(await addPreset(500_000)).toBeGreaterThan(id);

    const before = await snapshot();
    for (const amount of [999, 500_001]) {
      const refused = await preset('add', { amount });
      expect(expectError(refused, 40000)).toMatchObject({ field: 'amount', fields: [{ field: 'amount' }] });
      expect(refused.message).toBe('充值金额：须在充值限额 ¥ 10.00–¥ 5,000.00 之内');
      expect(expectError(await preset('edit', { id, amount }), 40000)).toMatchObject({ field: 'amount', fields: [{ field: 'amount' }] });
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
    // Another field changes without the amount being checked again.
    expectOk(await preset('edit', { id, bonus_beans: 99, enabled: false }));
    expect(expectOk(await preset('details', { id }))).toMatchObject({ amount: 5000, bonus_beans: 99, enabled: false });
  });

  it('holds the limits back: limits leaving a preset outside are refused, naming the bound it would cross', async () => {
    await clearPresets();
    await setLimits(1000, 500_000);
    await addPreset(2000);
    await addPreset(30_000);
    const before = await snapshot();
    const below = await setLimits(5000, 500_000);
    expect(expectError(below, 40000)).toMatchObject({ field: 'min_amount', fields: [{ field: 'min_amount' }] });
    expect(below.message).toBe('最低充值金额：充值档位 ¥ 20.00 低于此金额，请先修改或删除该档位');
    const above = await invoke(t, rechargeLimitsEdit, { min_amount: 1000, max_amount: 10_000 }, admin, { headers: { 'accept-language': 'en-US' } });
    expect(expectError(above, 40000)).toMatchObject({ field: 'max_amount', fields: [{ field: 'max_amount' }] });
    expect(above.message).toBe('Largest top-up: the top-up preset ¥ 300.00 lies above it: change or delete that preset first');
    // Limits crossing presets on both sides name both bounds at once.
    const both = await setLimits(5000, 10_000);
    expect(expectError(both, 40000).fields?.map((f) => f.field)).toEqual(['min_amount', 'max_amount']);
    expect(changedTables(before, await snapshot())).toEqual([]);
    // Exactly on the presets is within.
    expect(expectOk(await setLimits(2000, 30_000))).toEqual({ min_amount: 2000, max_amount: 30_000 });
  });

  // PGlite has one connection: only PostgreSQL runs two writes at once.
  it.runIf(testEngine === 'postgres')('makes a change of limits wait for a preset being written, then refuses the preset it would leave outside', async () => {
    await clearPresets();
    expectOk(await setLimits(1000, 500_000));
    const { db } = t.database;
    /** Resolves once at least `count` of the database's sessions wait for a lock. */
    const waiting = async (count: number) => {
      for (let tries = 0; tries < 500; tries++) {
        const query = sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        const { rows } = (await db.execute(query)) as unknown as { rows: { waiting: number }[] };
        if (rows[0]!.waiting >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`fewer than ${count} sessions wait for a lock`);
    };
    // Another session holds the amount, uncommitted: the preset's insert waits on it after the preset passed the check.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = db
      .transaction(async (tx) => {
        await tx.insert(financeRechargePreset).values({ amount: 60_000 });
        holding();
        await released;
        tx.rollback();
      })
      .catch(() => undefined);
    await held;
    const added = preset('add', { amount: 60_000 });
    await waiting(1);
    const narrowed = setLimits(1000, 50_000);
    // The change of limits waits for the preset's write (or, were it not kept out, answers at once).
    await Promise.race([narrowed, waiting(2)]);
    release();
    await holder;
    expectOk(await added);
    expectRefused(await narrowed, 'max_amount', rechargeLimitsEdit);
    expect(await ok(t, rechargeLimitsDetails, {}, admin)).toEqual({ min_amount: 1000, max_amount: 500_000 });
  });
});

describe('the demo rows', () => {
  it('set the limits, presets within them, packages and charges once; what staff delete stays deleted', async () => {
    const { db } = t.database;
    await clearPresets();
    await db.delete(financePackage);
    await db.delete(financeFunctionCharge);
    // Limits staff narrowed before the demo rows came: the presets beyond them are left out.
    expectOk(await setLimits(1000, 10_000));
    const seed = () => seedFinanceSettings({ db, log: pino({ level: 'silent' }), demo: true });
    await seed();
    const amounts = async () => (await db.select({ amount: financeRechargePreset.amount }).from(financeRechargePreset)).map((row) => row.amount).sort((a, b) => a - b);
    expect(await amounts()).toEqual([1000, 3000, 5000, 10_000]);
    expect(await ok(t, rechargeLimitsDetails, {}, admin)).toEqual({ min_amount: 1000, max_amount: 10_000 });
    expect((await db.select().from(financePackage)).map((row) => row.name)).toEqual(['入门套餐', '进阶套餐', '专业套餐']);
    expect((await db.select().from(financeFunctionCharge)).map((row) => row.code)).toContain('ai.title');

    await db.delete(financeRechargePreset).where(eq(financeRechargePreset.amount, 3000));
    await seed();
    expect(await amounts()).toEqual([1000, 5000, 10_000]);
    expect(await db.select().from(financePackage)).toHaveLength(3);
  });
});
