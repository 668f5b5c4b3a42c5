import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allResources, AuditVocabulary, departmentCalls, fieldLookupCalls, type DepartmentNode } from '@juqi/contract';
import { asc, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, department } from '../src/lib/db/schema';
import { seedDepartment } from '../src/modules/department/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** Departments: the tree, moves carrying their subtree, deletes, the letter index, the structure picker's lookup. */
let t: TestApp;
let admin: string;
let webRoot: string;

beforeAll(async () => {
  // A built web app, so an unknown GET outside the API would be answered with its page.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ config: { webRoot } });
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});
// Each test starts from an empty tree.
beforeEach(async () => {
  await t.database.db.delete(department);
});

const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
const add = async (name: string, parentId = 0, sort = 0) => (await ok(t, departmentCalls.add, { name, parent_id: parentId, sort }, admin)).id;
const tree = (token = admin) => ok(t, departmentCalls.tree, {}, token);
/** The tree as nested names: `{ 技术中心: { 研发部: {} } }`, keys in the tree's order. */
const namesOf = (nodes: DepartmentNode[]): Record<string, unknown> => Object.fromEntries(nodes.map((n) => [n.name, namesOf(n.children)]));
const lookup = (body: { keyword?: string; ids?: number[] }) => ok(t, fieldLookupCalls.lookup, { type: 'structure', ...body }, admin);
const rows = () => t.database.db.select().from(department).orderBy(asc(department.id));
const pathOf = async (id: number) => (await t.database.db.select({ path: department.path }).from(department).where(eq(department.id, id)))[0]?.path;

/** Every department's path is its parent's path and its own id (a top-level one `/<id>/`): no cycle, no stale path. */
async function expectConsistentTree(): Promise<void> {
  const all = await rows();
  const byId = new Map(all.map((row) => [row.id, row]));
  for (const row of all) {
    const parentPath = row.parentId === 0 ? '/' : byId.get(row.parentId)?.path;
    expect(parentPath, `parent of ${row.name}`).toBeDefined();
    expect(row.path, row.name).toBe(`${parentPath}${row.id}/`);
  }
}

describe('the department tree', () => {
  it('adds departments at any depth and answers the tree, each level by sort then id', async () => {
    const tech = await add('技术中心', 0, 20);
    const office = await add('总经办', 0, 10);
    const rd = await add('研发部', tech, 10);
    await add('测试部', tech, 5);
    const web = await add('前端组', rd);
    await add('前端一组', web);
    const nodes = await tree();
    expect(namesOf(nodes)).toEqual({ 总经办: {}, 技术中心: { 测试部: {}, 研发部: { 前端组: { 前端一组: {} } } } });
    expect(Object.keys(namesOf(nodes))).toEqual(['总经办', '技术中心']);
    expect(Object.keys(namesOf(nodes[1]!.children))).toEqual(['测试部', '研发部']);
    expect(nodes[0]).toEqual({ id: office, name: '总经办', parent_id: 0, sort: 10, children: [] });
    expect(await pathOf(web)).toBe(`/${tech}/${rd}/${web}/`);
    await expectConsistentTree();

    const details = await ok(t, departmentCalls.details, { id: web }, admin);
    expect(details).toMatchObject({ id: web, name: '前端组', parent_id: rd, sort: 0, child_count: 1, ancestors: [{ id: tech, name: '技术中心' }, { id: rd, name: '研发部' }] });
    expectError(await invoke(t, departmentCalls.details, { id: 999_999 }, admin), 40400);
  });

  it('edits a name and order, keeping names unique among siblings (40900 naming name) but not across parents', async () => {
    const sales = await add('销售中心');
    const east = await add('华东销售部', sales);
    const west = await add('华西销售部', sales);
    await add('华东销售部');
    await ok(t, departmentCalls.edit, { id: west, name: '华南销售部', sort: 3 }, admin);
    expect(namesOf(await tree())).toEqual({ 销售中心: { 华东销售部: {}, 华南销售部: {} }, 华东销售部: {} });

    const before = await snapshot();
    expect(expectError(await invoke(t, departmentCalls.add, { name: ' 华东销售部 ', parent_id: sales }, admin), 40900)).toEqual({ field: 'name' });
    expect(expectError(await invoke(t, departmentCalls.edit, { id: east, name: '华南销售部', sort: 0 }, admin), 40900)).toEqual({ field: 'name' });
    expectRefused(await invoke(t, departmentCalls.add, { name: '新部门', parent_id: 999_999 }, admin), 'parent_id', departmentCalls.add);
    expectError(await invoke(t, departmentCalls.edit, { id: 999_999, name: '新部门', sort: 0 }, admin), 40400);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('moves a department with its subtree: the paths and the tree follow', async () => {
    const tech = await add('技术中心');
    const market = await add('市场中心');
    const rd = await add('研发部', tech);
    const web = await add('前端组', rd);
    const webOne = await add('前端一组', web);

    await ok(t, departmentCalls.move, { id: rd, parent_id: market, sort: 1 }, admin);
    expect(namesOf(await tree())).toEqual({ 技术中心: {}, 市场中心: { 研发部: { 前端组: { 前端一组: {} } } } });
    expect(await pathOf(webOne)).toBe(`/${market}/${rd}/${web}/${webOne}/`);
    await expectConsistentTree();

    // To the top level, then back under a sibling-like id prefix (`/1…/` must not catch `/1x…/`).
    await ok(t, departmentCalls.move, { id: web, parent_id: 0, sort: 0 }, admin);
    expect(await pathOf(webOne)).toBe(`/${web}/${webOne}/`);
    expect(await pathOf(rd)).toBe(`/${market}/${rd}/`);
    await ok(t, departmentCalls.move, { id: web, parent_id: tech, sort: 0 }, admin);
    expect(namesOf(await tree())).toEqual({ 技术中心: { 前端组: { 前端一组: {} } }, 市场中心: { 研发部: {} } });
    await expectConsistentTree();
  });

  it('refuses a move under itself or its own subtree, or next to a namesake, changing nothing', async () => {
    const tech = await add('技术中心');
    const rd = await add('研发部', tech);
    const web = await add('前端组', rd);
    const other = await add('其他中心');
    await add('研发部', other);

    const before = await snapshot();
    for (const parentId of [tech, rd, web]) {
      expectRefused(await invoke(t, departmentCalls.move, { id: tech, parent_id: parentId, sort: 0 }, admin), 'parent_id', departmentCalls.move);
    }
    expectRefused(await invoke(t, departmentCalls.move, { id: rd, parent_id: 999_999, sort: 0 }, admin), 'parent_id', departmentCalls.move);
    const clash = await invoke(t, departmentCalls.move, { id: rd, parent_id: other, sort: 0 }, admin);
    expect(expectError(clash, 40900)).toEqual({ field: 'parent_id' });
    expect(clash.message).toBe('同一上级部门下已有同名部门');
    expectError(await invoke(t, departmentCalls.move, { id: 999_999, parent_id: 0, sort: 0 }, admin), 40400);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('refuses to delete a department with sub-departments (40900), deletes a leaf', async () => {
    const tech = await add('技术中心');
    const rd = await add('研发部', tech);
    const before = await snapshot();
    const refused = await invoke(t, departmentCalls.delete, { id: tech }, admin, { headers: { 'accept-language': 'en-US' } });
    expectError(refused, 40900);
    expect(refused.message).toBe('This department still has sub-departments and cannot be deleted');
    expect(changedTables(before, await snapshot())).toEqual([]);

    await ok(t, departmentCalls.delete, { id: rd }, admin);
    await ok(t, departmentCalls.delete, { id: tech }, admin);
    expect(await tree()).toEqual([]);
    expectError(await invoke(t, departmentCalls.delete, { id: tech }, admin), 40400);
  });

  it('asks the staff records whether a department still has staff before deleting it', async () => {
    const rd = await add('研发部');
    const asked: number[][] = [];
    t.app.access.departmentMembers = {
      count: async (ids) => {
        asked.push([...ids]);
        return 2;
      },
    };
    try {
      expect((await invoke(t, departmentCalls.delete, { id: rd }, admin)).message).toBe('该部门下还有员工，不能删除');
      expect(asked).toEqual([[rd]]);
    } finally {
      delete t.app.access.departmentMembers;
    }
    await ok(t, departmentCalls.delete, { id: rd }, admin);
  });

  it('audits every write with the department before and after, named in the operation log', async () => {
    const tech = await add('技术中心');
    const rd = await add('研发部');
    await ok(t, departmentCalls.edit, { id: rd, name: '研发一部', sort: 2 }, admin);
    await ok(t, departmentCalls.move, { id: rd, parent_id: tech, sort: 3 }, admin);
    await ok(t, departmentCalls.delete, { id: rd }, admin);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `department:${rd}`)).orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['department.add', { after: { name: '研发部', parent_id: 0, sort: 0, path: `/${rd}/`, head_account_id: null } }],
      ['department.edit', { before: { name: '研发部', parent_id: 0, sort: 0, path: `/${rd}/`, head_account_id: null }, after: { name: '研发一部', parent_id: 0, sort: 2, path: `/${rd}/`, head_account_id: null } }],
      ['department.move', { before: { name: '研发一部', parent_id: 0, sort: 2, path: `/${rd}/`, head_account_id: null }, after: { name: '研发一部', parent_id: tech, sort: 3, path: `/${tech}/${rd}/`, head_account_id: null } }],
      ['department.delete', { before: { name: '研发一部', parent_id: tech, sort: 3, path: `/${tech}/${rd}/`, head_account_id: null } }],
    ]);
    expect(entries.every((e) => e.staffId === 1 && e.ip)).toBe(true);
    const vocabulary = new AuditVocabulary(allResources);
    expect(entries.map((e) => vocabulary.actionName(e.action, 'zh-CN'))).toEqual(['新增部门', '编辑部门', '移动部门', '删除部门']);
    expect(vocabulary.targetName(`department:${rd}`, 'en-US')).toBe(`Department #${rd}`);
  });

  it('keeps the tree consistent when moves race (two departments moved under each other at once)', async () => {
    const pairs = await Promise.all(Array.from({ length: 4 }, async (_, i) => [await add(`甲${i}`), await add(`乙${i}`)] as const));
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        invoke(t, departmentCalls.move, { id: a, parent_id: b, sort: 0 }, admin),
        invoke(t, departmentCalls.move, { id: b, parent_id: a, sort: 0 }, admin),
      ]),
    );
    // Of each pair, one move wins and the other would make a cycle.
    for (let i = 0; i < answers.length; i += 2) expect([answers[i]!.code, answers[i + 1]!.code].sort()).toEqual([20000, 40000]);
    await expectConsistentTree();
    expect((await tree()).map((node) => node.children.length)).toEqual([1, 1, 1, 1]);
  });

  it.runIf(testEngine === 'postgres')('keeps every path matching its parent’s under many concurrent moves on PostgreSQL', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await add(`部门${i}`, i % 3 === 0 ? 0 : ids[i - 1]!));
    const moves = Array.from({ length: 40 }, (_, i) => ({ id: ids[(i * 7) % 12]!, parent_id: i % 5 === 0 ? 0 : ids[(i * 5 + 3) % 12]!, sort: i }));
    const answers = await Promise.all(moves.map((move) => invoke(t, departmentCalls.move, move, admin)));
    expect(answers.every((a) => a.code === 20000 || a.code === 40000)).toBe(true);
    await expectConsistentTree();
    const countIn = (nodes: DepartmentNode[]): number => nodes.reduce((sum, n) => sum + 1 + countIn(n.children), 0);
    expect(countIn(await tree())).toBe(12);
  });
});

describe('the letter index', () => {
  it('groups names A–Z by their pinyin’s first letter, then # for the rest, each group by pinyin', async () => {
    for (const name of ['产品部', '财务部', 'HR', '2号仓库', '行政部', 'IT运维部', '（筹）华北分部', '长沙分公司', 'operations']) await add(name);
    const groups = await ok(t, departmentCalls.letterIndex, {}, admin);
    expect(groups.map((g) => [g.letter, g.items.map((i) => i.name)])).toEqual([
      // caiwubu, changshafengongsi, chanpinbu
      ['C', ['财务部', '长沙分公司', '产品部']],
      ['H', ['HR']],
      ['I', ['IT运维部']],
      ['O', ['operations']],
      ['X', ['行政部']],
      ['#', ['2号仓库', '（筹）华北分部']],
    ]);
    expect(Object.keys(groups[0]!.items[0]!)).toEqual(['id', 'name']);
  });

  it('follows a rename into its new group', async () => {
    const id = await add('财务部');
    await ok(t, departmentCalls.edit, { id, name: '审计部', sort: 0 }, admin);
    expect(await ok(t, departmentCalls.letterIndex, {}, admin)).toEqual([{ letter: 'S', items: [{ id, name: '审计部' }] }]);
  });
});

describe('the structure picker', () => {
  it('finds departments by name, pinyin or initials, and names picked ones with their parent as the hint', async () => {
    const tech = await add('技术中心');
    const rd = await add('研发部', tech);
    const hr = await add('人力资源部');
    expect(await lookup({ keyword: '研发' })).toEqual({ available: true, items: [{ id: rd, name: '研发部', hint: '技术中心' }] });
    expect((await lookup({ keyword: 'RLZY' })).items).toEqual([{ id: hr, name: '人力资源部' }]);
    expect((await lookup({ keyword: 'jishu' })).items.map((i) => i.id)).toEqual([tech]);
    // No keyword: all, by pinyin.
    expect((await lookup({})).items.map((i) => i.name)).toEqual(['技术中心', '人力资源部', '研发部']);
    expect((await lookup({ ids: [rd, 999_999, hr] })).items.map((i) => i.id).sort()).toEqual([rd, hr].sort());
  });
});

describe('who may read and change departments', () => {
  it('lets anyone signed in read the tree and the index, a viewer the details, and refuses changes without department.edit (40300)', async () => {
    const rd = await add('研发部');
    const viewer = await signInWith(t, ['department.view']);
    expect(namesOf(await tree(viewer))).toEqual({ 研发部: {} });
    expect((await ok(t, departmentCalls.details, { id: rd }, viewer)).name).toBe('研发部');
    const before = await snapshot();
    expectError(await invoke(t, departmentCalls.add, { name: '新部门' }, viewer), 40300);
    expectError(await invoke(t, departmentCalls.edit, { id: rd, name: '改名', sort: 0 }, viewer), 40300);
    expectError(await invoke(t, departmentCalls.move, { id: rd, parent_id: 0, sort: 1 }, viewer), 40300);
    expectError(await invoke(t, departmentCalls.delete, { id: rd }, viewer), 40300);
    expect(changedTables(before, await snapshot())).toEqual([]);

    const outsider = await signInWith(t, []);
    expect(namesOf(await tree(outsider))).toEqual({ 研发部: {} });
    expect((await ok(t, departmentCalls.letterIndex, {}, outsider)).map((g) => g.letter)).toEqual(['Y']);
    expectError(await invoke(t, departmentCalls.details, { id: rd }, outsider), 40300);
  });

  it('answers 50008 to every department call when signed out, changing nothing', async () => {
    const rd = await add('研发部');
    const before = await snapshot();
    expectError(await invoke(t, departmentCalls.tree, {}), 50008);
    expectError(await invoke(t, departmentCalls.letterIndex, {}), 50008);
    expectError(await invoke(t, departmentCalls.details, { id: rd }), 50008);
    expectError(await invoke(t, departmentCalls.add, { name: '新部门' }), 50008);
    expectError(await invoke(t, departmentCalls.move, { id: rd, parent_id: 0, sort: 0 }), 50008);
    expectError(await invoke(t, departmentCalls.delete, { id: rd }), 50008);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('serves the call outside /api like an /api one: the envelope, and a GET there is no web page', async () => {
    const post = await t.app.inject({ method: 'POST', url: departmentCalls.tree.path, payload: {}, headers: { 'x-token': admin } });
    expect(post.json()).toEqual({ code: 20000, message: '成功', data: [] });
    expect(post.headers['cache-control']).toBe('no-store');
    for (const url of [departmentCalls.tree.path, '/admin/structures/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ code: 40400, message: '请求的资源不存在', data: null });
    }
    // A page of the web app is still the page.
    expect((await t.app.inject({ method: 'GET', url: '/man/employee' })).body).toContain('<div id="root">');
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toContain('/admin/structures/index');
  });
});

describe('the demo tree', () => {
  it('gives a demo three levels of departments while there is none, and leaves departments staff made alone', async () => {
    const seed = () => seedDepartment({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await seed();
    const all = await rows();
    expect(all.length).toBeGreaterThanOrEqual(15);
    const depth = (nodes: DepartmentNode[]): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.children)));
    expect(depth(await tree())).toBe(3);
    await expectConsistentTree();
    expect((await t.database.db.select().from(department).where(like(department.name, '%研发%'))).map((r) => r.nameLetter)).toEqual(['Y']);

    await seed();
    expect(await rows()).toHaveLength(all.length);
    await t.database.db.delete(department);
    await add('只有一个');
    await seed();
    expect(namesOf(await tree())).toEqual({ 只有一个: {} });
    await seedDepartment({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
    expect(await rows()).toHaveLength(1);
  });
});
