import { fieldLookupCalls, industryResource } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, generalIndustry } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';
import { testEngine } from './helpers/database';
import { insertUser } from './helpers/users';

/** 行业设置: the two-level tree's rules on top of the generated resource tests (test/resources.test.ts). */
const calls = industryResource.calls;
type Row = { id: number; name: string; parent_id: number | null; sort: number; enabled: boolean };

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const list = async (body: Record<string, unknown>) => (await ok(t, calls.list, body as never, admin)) as { count: number; data: Row[] };
const add = async (name: string, parentId?: number) => (await ok(t, calls.add!, { name, ...(parentId === undefined ? {} : { parent_id: parentId }) }, admin)).id;
const topLevel = async (name: string) => (await list({ parent_id: null, keyword: name, limit: 200 })).data.find((row) => row.name === name)!;

/** Answers the call's error after checking it left every table but the audit log as it was. */
async function refused(call: Parameters<typeof invoke>[1], body: Record<string, unknown>, code: 40000 | 40900 | 40300, token = admin) {
  const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
  const before = await snapshot();
  const details = expectError(await invoke(t, call as never, body as never, token), code);
  expect(changedTables(before, await snapshot())).toEqual([]);
  return details;
}

describe('the industry tree (行业设置)', () => {
  it('starts with a default tree: the marketplace’s industries, each with sub-industries', async () => {
    const tops = await list({ parent_id: null, limit: 200 });
    expect(tops.data.every((row) => row.parent_id === null)).toBe(true);
    expect(tops.data.map((row) => row.name)).toEqual(
      expect.arrayContaining(['餐饮美食', '教育培训', '美业美容', '家居建材', '汽车服务', '医疗健康', '电商零售', '房产中介', '旅游出行', '本地生活', '金融保险', '法律服务', '科技互联网', '文化传媒', '农业']),
    );
    for (const top of tops.data.slice(0, 3)) expect((await list({ parent_id: top.id })).count).toBeGreaterThan(2);
    const food = await topLevel('餐饮美食');
    expect((await list({ parent_id: food.id })).data.map((row) => row.name)).toContain('火锅');
  });

  it('adds a sub-industry under a top-level industry and lists it under its parent', async () => {
    const parent = await topLevel('教育培训');
    const id = await add('编程培训', parent.id);
    const children = await list({ parent_id: parent.id, limit: 200 });
    expect(children.data.find((row) => row.id === id)).toMatchObject({ name: '编程培训', parent_id: parent.id, enabled: true });
    // A top-level industry has no parent, also when the add leaves it out.
    expect(await ok(t, calls.details, { id: await add('宠物经济') }, admin)).toMatchObject({ name: '宠物经济', parent_id: null });
  });

  it('refuses a third level, a missing parent and an industry as its own parent: 40000 naming parent_id, nothing changed', async () => {
    const parent = await topLevel('美业美容');
    const child = await add('睫毛嫁接', parent.id);
    expect(await refused(calls.add!, { name: '第三级', parent_id: child }, 40000)).toMatchObject({ field: 'parent_id' });
    expect(await refused(calls.add!, { name: '无上级', parent_id: 999_999 }, 40000)).toMatchObject({ field: 'parent_id' });
    expect(await refused(calls.edit!, { id: parent.id, parent_id: parent.id }, 40000)).toMatchObject({ field: 'parent_id' });
    // A top-level industry with sub-industries cannot become a sub-industry itself.
    const other = await topLevel('家居建材');
    expect(await refused(calls.edit!, { id: parent.id, parent_id: other.id }, 40000)).toMatchObject({ field: 'parent_id' });
    // Moving a sub-industry to another top-level industry is fine.
    await ok(t, calls.edit!, { id: child, parent_id: other.id }, admin);
    expect(await ok(t, calls.details, { id: child }, admin)).toMatchObject({ parent_id: other.id });
  });

  it('keeps names unique among siblings only: 40900 naming the name, the same name elsewhere allowed', async () => {
    const food = await topLevel('餐饮美食');
    const travel = await topLevel('旅游出行');
    expect(await refused(calls.add!, { name: '火锅', parent_id: food.id }, 40900)).toMatchObject({ field: 'name' });
    expect(await refused(calls.add!, { name: '农业' }, 40900)).toMatchObject({ field: 'name' });
    const elsewhere = await add('火锅', travel.id);
    expect(elsewhere).toBeGreaterThan(0);
    // Renaming to a sibling's name, or moving next to a namesake, is refused the same way.
    const west = (await list({ parent_id: food.id, keyword: '西餐' })).data[0]!;
    expect(await refused(calls.edit!, { id: west.id, name: '火锅' }, 40900)).toMatchObject({ field: 'name' });
    expect(await refused(calls.edit!, { id: elsewhere, parent_id: food.id }, 40900)).toMatchObject({ field: 'name' });
    // A record keeps its own name.
    await ok(t, calls.edit!, { id: west.id, name: '西餐', sort: 5 }, admin);
  });

  it('refuses to delete an industry with sub-industries or with users in it (40900), and deletes a free one, audited', async () => {
    const law = await topLevel('法律服务');
    expect((await refused(calls.delete!, { id: law.id }, 40900)).field).toBeUndefined();
    const notary = (await list({ parent_id: law.id, keyword: '公证服务' })).data[0]!;
    await insertUser(t, { industryId: notary.id });
    await refused(calls.delete!, { id: notary.id }, 40900);

    const free = (await list({ parent_id: law.id, keyword: '知识产权' })).data[0]!;
    await ok(t, calls.delete!, { id: free.id }, admin);
    expect(await t.database.db.select().from(generalIndustry).where(eq(generalIndustry.id, free.id))).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'general.industry.delete'), eq(auditLog.target, `general.industry:${free.id}`)));
    expect(entry?.detail).toMatchObject({ before: { name: '知识产权', parent_id: law.id } });
  });

  // A parent's deletion and a sub-industry's add meeting at the database, each not seeing the other's uncommitted work:
  // the foreign key decides. Another connection holds one side open until the app's call waits on its lock.
  it.runIf(testEngine === 'postgres')('decides a parent’s deletion and a sub-industry’s add that meet by the foreign key: in use (40900), or the parent unknown (40000 on parent_id)', async () => {
    const pool = t.database.client as pg.Pool;
    const waitingOnALock = () =>
      expect
        .poll(async () => (await pool.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n as number)
        .toBeGreaterThan(0);
    const other = await pool.connect();
    try {
      // A sub-industry added and not yet committed: the deletion, which counted no sub-industries, waits, then is refused.
      const first = await add('并发甲');
      await other.query('begin');
      await other.query(`insert into general_industry (name, parent_id) values ('并发子', $1)`, [first]);
      const deleting = invoke(t, calls.delete!, { id: first }, admin);
      await waitingOnALock();
      await other.query('commit');
      expectError(await deleting, 40900);
      expect(await t.database.db.select().from(generalIndustry).where(eq(generalIndustry.id, first))).toHaveLength(1);

      // The parent deleted and not yet committed: the add, which found it, waits, then is refused on its field.
      const second = await add('并发乙');
      await other.query('begin');
      await other.query('delete from general_industry where id = $1', [second]);
      const adding = invoke(t, calls.add!, { name: '并发子', parent_id: second }, admin);
      await waitingOnALock();
      await other.query('commit');
      expect(expectError(await adding, 40000)).toMatchObject({ field: 'parent_id' });
      expect(await t.database.db.select().from(generalIndustry).where(eq(generalIndustry.parentId, second))).toEqual([]);
    } finally {
      other.release();
    }
  });

  it('lets staff who view the tree name and search industries (its parent is a reference), and no one else (40300)', async () => {
    const viewer = await signInWith(t, ['general.industry.view']);
    const food = await topLevel('餐饮美食');
    expect(await ok(t, fieldLookupCalls.lookup, { type: 'industry', ids: [food.id] }, viewer)).toEqual({ available: true, items: [{ id: food.id, name: '餐饮美食' }] });
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'industry', keyword: '火锅' }, viewer)).items).toContainEqual(expect.objectContaining({ name: '火锅', hint: '餐饮美食' }));
    // Only industries: a viewer of the tree has no reference to people.
    expectError(await invoke(t, fieldLookupCalls.lookup, { type: 'user', keyword: '张' }, viewer), 40300);
    expectError(await invoke(t, fieldLookupCalls.lookup, { type: 'industry', keyword: '火锅' }, await signInWith(t, [])), 40300);
  });

  it('lets staff who may only view list the tree but not change it (40300)', async () => {
    const viewer = await signInWith(t, ['general.industry.view']);
    const food = await topLevel('餐饮美食');
    expect((await ok(t, calls.list, { parent_id: food.id } as never, viewer)).count).toBeGreaterThan(0);
    await refused(calls.add!, { name: '看客新增', parent_id: food.id }, 40300, viewer);
    await refused(calls.edit!, { id: food.id, name: '看客改名' }, 40300, viewer);
    await refused(calls.delete!, { id: food.id }, 40300, viewer);
  });
});
