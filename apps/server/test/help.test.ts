import { helpCalls, helpManualResource, UPGRADE_LOG_ID, upgradeLogResource, type AnyCall, type HelpCategory, type HelpFunction } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpCategory, helpFunction, helpManual, helpUpgradeLog, helpUpgradeVersion } from '../src/lib/db/schema';
import { seedHelp } from '../src/modules/help/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { xssCorpus, xssFindings } from './helpers/xss';

const manuals = helpManualResource.calls;
const versions = upgradeLogResource.calls;

let t: TestApp;
let admin: string;
let reader: string;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  admin = await signInAsAdmin(t);
  reader = await signInWith(t, []);
});
afterAll(() => t?.close());

const countOf = async (table: typeof helpCategory | typeof helpFunction | typeof helpManual | typeof helpUpgradeVersion) =>
  (await t.database.db.select().from(table)).length;

describe('the help seed', () => {
  it('creates upgrade log 1 with several versions, manuals, and a two-level introduction, and is idempotent', async () => {
    const before = await Promise.all([helpUpgradeVersion, helpManual, helpCategory, helpFunction].map(countOf));
    expect(before[0]).toBeGreaterThanOrEqual(4);
    expect(before[1]).toBeGreaterThanOrEqual(4);
    expect(before[2]).toBeGreaterThanOrEqual(6);
    expect(before[3]).toBeGreaterThanOrEqual(6);
    await seedHelp({ db: t.database.db, log: pino({ level: 'silent' }), demo: true });
    await seedHelp({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
    const after = await Promise.all([helpUpgradeVersion, helpManual, helpCategory, helpFunction].map(countOf));
    expect(after).toEqual(before);
    // Log 1 was written with its id; the id sequence moved past it.
    const [next] = await t.database.db.insert(helpUpgradeLog).values({ name: '第二个日志' }).returning();
    expect(next!.id).toBe(2);
    await t.database.db.delete(helpUpgradeLog).where(eq(helpUpgradeLog.id, 2));
  });
});

describe('reading help', () => {
  it('needs a session but no operation', async () => {
    expect((await invoke(t, helpCalls.upgradeLog, {})).code).toBe(50008);
    const res = await invoke(t, helpCalls.upgradeLog, {}, reader);
    expect(res.code).toBe(20000);
  });

  it('shows upgrade log 1 as a timeline, newest first, in pages', async () => {
    const res = await ok(t, helpCalls.upgradeLog, { id: UPGRADE_LOG_ID }, reader);
    expect(res).toMatchObject({ id: 1, name: '聚企中台升级日志' });
    const days: string[] = res.data.map((e: { up_time: string }) => e.up_time);
    expect(days.every((day, i) => i === 0 || days[i - 1]! >= day)).toBe(true);
    expect(res.data[0]).toMatchObject({ log_id: 1, version_number: expect.any(String), name: expect.any(String), content: expect.stringContaining('<') });
    expect(days[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const page2 = await ok(t, helpCalls.upgradeLog, { page: 2, limit: 2 }, reader);
    expect(page2.count).toBe(res.count);
    expect(page2.data.map((e: { id: number }) => e.id)).toEqual(res.data.slice(2, 4).map((e: { id: number }) => e.id));
    const found = await ok(t, helpCalls.upgradeLogFind, { id: res.data[0].id }, reader);
    expect(found).toEqual(res.data[0]);
    expect((await invoke(t, helpCalls.upgradeLog, { id: 999 }, reader)).code).toBe(40400);
    expect((await invoke(t, helpCalls.upgradeLogFind, { id: 999_999 }, reader)).code).toBe(40400);
  });

  it('lists manuals without content and finds one by id or by page path', async () => {
    const list = await ok(t, helpCalls.helpManual, { limit: 200 }, reader);
    expect(list.count).toBeGreaterThanOrEqual(4);
    expect(list.data[0]).not.toHaveProperty('content');
    const role = list.data.find((m) => m.path === '/permission/role')!;
    const byId = await ok(t, helpCalls.helpManualFind, { id: role.id }, reader);
    expect(byId).toMatchObject({ id: role.id, name: '角色设置', explains: expect.any(String), content: expect.stringContaining('<ol>') });
    const byPath = await ok(t, helpCalls.helpManualFind, { path: '/permission/role' }, reader);
    expect(byPath).toEqual(byId);
    const search = await ok(t, helpCalls.helpManual, { keyword: '员工' }, reader);
    expect(search.data.map((m: { name: string }) => m.name)).toEqual(['员工管理']);
    expect((await ok(t, helpCalls.helpManual, { keyword: '%' }, reader)).count).toBe(0);
    expect((await invoke(t, helpCalls.helpManualFind, { path: '/nope' }, reader)).code).toBe(40400);
    expect(await invoke(t, helpCalls.helpManualFind, {}, reader)).toMatchObject({ code: 40000, data: { field: 'id' } });
  });

  it('gives the two dependent dropdowns and the accordion', async () => {
    const tops: HelpCategory[] = await ok(t, helpCalls.powerlist, { level_id: 1 }, reader);
    expect(tops.length).toBeGreaterThanOrEqual(3);
    expect(tops.every((c) => c.pid === 0 && c.level === 1 && c.options.length > 0)).toBe(true);
    expect(await ok(t, helpCalls.powerlist, {}, reader)).toEqual(tops);
    const subs: HelpCategory[] = await ok(t, helpCalls.powerlistsubset, { pid: tops[0]!.id }, reader);
    expect(subs.map((s) => ({ id: s.id, name: s.name }))).toEqual(tops[0]!.options);
    expect(subs.every((s) => s.pid === tops[0]!.id && s.level === 2 && s.options.length === 0)).toBe(true);
    const allSubs: HelpCategory[] = await ok(t, helpCalls.powerlist, { level_id: 2 }, reader);
    expect(allSubs.length).toBe(tops.reduce((n, c) => n + c.options.length, 0));
    const fns: HelpFunction[] = await ok(t, helpCalls.functionInform, { pid: subs[0]!.id }, reader);
    expect(fns.length).toBeGreaterThan(0);
    expect(fns[0]).toMatchObject({ pid: subs[0]!.id, name: expect.any(String), explains: expect.stringContaining('<p>') });
    expect(await ok(t, helpCalls.functionInform, { pid: 999_999 }, reader)).toEqual([]);
    expect(await ok(t, helpCalls.powerlistsubset, { pid: 999_999 }, reader)).toEqual([]);
  });

  it('lists functions for the admin table by top category, subcategory or name', async () => {
    const tops: HelpCategory[] = await ok(t, helpCalls.powerlist, {}, reader);
    const all = await ok(t, helpCalls.functionIntroduction, { limit: 200 }, reader);
    expect(all.count).toBe(await countOf(helpFunction));
    const underTop = await ok(t, helpCalls.functionIntroduction, { pid: tops[0]!.id, limit: 200 }, reader);
    expect(underTop.count).toBeGreaterThan(0);
    expect(underTop.data.every((r: { top_category_id: number }) => r.top_category_id === tops[0]!.id)).toBe(true);
    const sub = tops[0]!.options[0]!;
    const underSub = await ok(t, helpCalls.functionIntroduction, { pid: sub.id }, reader);
    expect(underSub.data.every((r: { pid: number; category_name: string }) => r.pid === sub.id && r.category_name === sub.name)).toBe(true);
    const named = await ok(t, helpCalls.functionIntroduction, { keyword: '智能' }, reader);
    expect(named.data.length).toBeGreaterThan(0);
    expect(named.data.every((r: { name: string }) => r.name.includes('智能'))).toBe(true);
    const one = await ok(t, helpCalls.functionFind, { id: underSub.data[0].id }, reader);
    expect(one).toMatchObject({ id: underSub.data[0].id, explains: expect.any(String) });
  });

  it('refuses bad input with 40000 naming the field', async () => {
    const cases: [AnyCall, unknown, string][] = [
      [helpCalls.upgradeLog, { id: 'abc' }, 'id'],
      [helpCalls.upgradeLog, { limit: 0 }, 'limit'],
      [helpCalls.upgradeLogFind, { id: -1 }, 'id'],
      [helpCalls.powerlist, { level_id: 3 }, 'level_id'],
      [helpCalls.powerlistsubset, {}, 'pid'],
      [helpCalls.functionInform, { pid: 'x' }, 'pid'],
      [helpCalls.helpManual, { keyword: 'x'.repeat(41) }, 'keyword'],
      [helpCalls.functionIntroduction, { page: 0 }, 'page'],
    ];
    for (const [call, body, field] of cases) {
      const res = await invokeUnchecked(t, call, body, reader);
      expect(() => expectRefused(res, field, call), `${call.path} ${JSON.stringify(body)}`).not.toThrow();
    }
  });
});

describe('writing help', () => {
  it('needs the operation of its screen', async () => {
    const manualEditor = await signInWith(t, ['help.manual.edit']);
    const version = { name: '测试', version_number: 'v9.0.0', up_time: '2026-01-01', content: '<p>x</p>' };
    expect((await invoke(t, versions.add!, version, reader)).code).toBe(40300);
    expect((await invoke(t, versions.add!, version, manualEditor)).code).toBe(40300);
    expect((await invoke(t, helpCalls.functionAdd, { pid: 1, name: 'x' }, manualEditor)).code).toBe(40300);
    const added = await ok(t, manuals.add!, { name: '权限测试', content: '<p>ok</p>' }, manualEditor);
    expect((await invoke(t, manuals.delete!, { id: added.id }, manualEditor)).code).toBe(20000);
    // The settings list needs its own view operation; the drawer's reading calls need only a session.
    expect((await invoke(t, manuals.list, {}, reader)).code).toBe(40300);
  });

  it('adds, edits and deletes versions of the log the drawer shows, sanitising the content; other logs stay out of reach', async () => {
    const editor = await signInWith(t, ['help.upgrade_log.view', 'help.upgrade_log.edit']);
    const added = await ok(
      t,
      versions.add!,
      { name: ' 夏季更新 ', version_number: 'v3.1.0', up_time: '2026-06-30', content: '<p onclick="x()">新功能<script>alert(1)</script></p>' },
      editor,
    );
    expect(await ok(t, helpCalls.upgradeLogFind, { id: added.id }, reader)).toMatchObject({
      log_id: UPGRADE_LOG_ID,
      name: '夏季更新',
      version_number: 'v3.1.0',
      up_time: '2026-06-30',
      content: '<p>新功能</p>',
    });
    // The newest version leads the drawer's timeline.
    const timeline = await ok(t, helpCalls.upgradeLog, { limit: 1 }, reader);
    expect(timeline.data[0].id).toBe(added.id);

    const dup = await invoke(t, versions.add!, { name: '重复', version_number: 'v3.1.0', up_time: '2026-07-01' }, editor);
    expect(dup).toMatchObject({ code: 40900, data: { field: 'version_number' } });
    const badDay = await invoke(t, versions.add!, { name: 'x', version_number: 'v3.2.0', up_time: '2026-02-30' }, editor);
    expect(badDay).toMatchObject({ code: 40000, data: { field: 'up_time' } });
    const badVersion = await invoke(t, versions.add!, { name: 'x', version_number: 'latest', up_time: '2026-02-01' }, editor);
    expect(badVersion).toMatchObject({ code: 40000, data: { field: 'version_number' } });
    const noName = await invoke(t, versions.add!, { name: '   ', version_number: 'v1', up_time: '2026-02-01' }, editor);
    expect(noName).toMatchObject({ code: 40000, data: { field: 'name' } });

    await ok(t, versions.edit!, { id: added.id, name: '夏季更新（修订）', version_number: 'v3.1.1', up_time: '2026-07-01', content: '<h3>修订</h3>' }, editor);
    expect(await ok(t, helpCalls.upgradeLogFind, { id: added.id }, reader)).toMatchObject({ version_number: 'v3.1.1', content: '<h3>修订</h3>' });
    const clash = await invoke(t, versions.edit!, { id: added.id, version_number: 'v1.0.0' }, editor);
    expect(clash).toMatchObject({ code: 40900, data: { field: 'version_number' } });

    // A version of another log is neither listed nor reached by id, and its number is free in log 1.
    const [other] = await t.database.db.insert(helpUpgradeLog).values({ name: '内部日志' }).returning();
    const [foreign] = await t.database.db
      .insert(helpUpgradeVersion)
      .values({ logId: other!.id, name: '内部版本', versionNumber: 'v9.9.9', upTime: '2026-01-01' })
      .returning();
    const listed = await ok(t, versions.list, { limit: 200 }, editor);
    expect(listed.data.map((row) => row.id)).not.toContain(foreign!.id);
    expect(listed.count).toBe(listed.data.length);
    expect((await invoke(t, versions.details, { id: foreign!.id }, editor)).code).toBe(40400);
    expect((await invoke(t, versions.edit!, { id: foreign!.id, name: '改' }, editor)).code).toBe(40400);
    expect((await invoke(t, versions.delete!, { id: foreign!.id }, editor)).code).toBe(40400);
    const twin = await ok(t, versions.add!, { name: '同号', version_number: 'v9.9.9', up_time: '2026-01-02' }, editor);
    expect(await ok(t, helpCalls.upgradeLogFind, { id: twin.id }, reader)).toMatchObject({ log_id: UPGRADE_LOG_ID });

    for (const id of [added.id, twin.id]) expect((await invoke(t, versions.delete!, { id }, editor)).code).toBe(20000);
    expect((await invoke(t, versions.delete!, { id: added.id }, editor)).code).toBe(40400);
    expect((await invoke(t, helpCalls.upgradeLogFind, { id: foreign!.id }, reader)).code).toBe(20000);
  });

  it('adds, edits and deletes help manuals; a page has one manual, and the drawer reads what was written', async () => {
    const added = await ok(
      t,
      manuals.add!,
      { name: '订单中心', path: '/agencyorder_center', explains: '查看全部业务订单', content: '<p>说明<img src="x" onerror="alert(1)"></p>', sort: 5 },
      admin,
    );
    expect(await ok(t, helpCalls.helpManualFind, { path: '/agencyorder_center' }, reader)).toMatchObject({
      id: added.id,
      name: '订单中心',
      sort: 5,
      content: '<p>说明<img src="x" /></p>',
    });
    const dup = await invoke(t, manuals.add!, { name: '又一个', path: '/agencyorder_center' }, admin);
    expect(dup).toMatchObject({ code: 40900, data: { field: 'path' } });
    const badPath = await invoke(t, manuals.add!, { name: 'x', path: '../etc' }, admin);
    expect(badPath).toMatchObject({ code: 40000, data: { field: 'path' } });
    // Manuals for no page may be many.
    const general = await ok(t, manuals.add!, { name: '通用说明一' }, admin);
    const general2 = await ok(t, manuals.add!, { name: '通用说明二', path: '' }, admin);
    const taken = await invoke(t, manuals.edit!, { id: general.id, path: '/agencyorder_center' }, admin);
    expect(taken).toMatchObject({ code: 40900, data: { field: 'path' } });
    await ok(t, manuals.edit!, { id: added.id, content: '<a href="javascript:alert(1)">链接</a>' }, admin);
    expect((await ok(t, helpCalls.helpManualFind, { id: added.id }, reader)).content).toBe('<a>链接</a>');
    for (const id of [added.id, general.id, general2.id]) {
      expect((await invoke(t, manuals.delete!, { id }, admin)).code).toBe(20000);
    }
    expect((await invoke(t, helpCalls.helpManualFind, { id: added.id }, reader)).code).toBe(40400);
  });

  it('keeps categories to two levels and functions under subcategories', async () => {
    const editor = await signInWith(t, ['help.introduction.edit']);
    const top = await ok(t, helpCalls.categoryAdd, { name: '测试大类', sort: 99 }, editor);
    expect(top).toMatchObject({ pid: 0, level: 1, options: [] });
    const sub = await ok(t, helpCalls.categoryAdd, { pid: top.id, name: '测试小类' }, editor);
    expect(sub).toMatchObject({ pid: top.id, level: 2 });
    expect((await invoke(t, helpCalls.categoryAdd, { pid: top.id, name: '测试小类' }, editor))).toMatchObject({ code: 40900, data: { field: 'name' } });
    expect(await invoke(t, helpCalls.categoryAdd, { pid: sub.id, name: '第三层' }, editor)).toMatchObject({ code: 40000, data: { field: 'pid' } });
    expect(await invoke(t, helpCalls.categoryAdd, { pid: 999_999, name: '无父级' }, editor)).toMatchObject({ code: 40000, data: { field: 'pid' } });
    expect(await invoke(t, helpCalls.functionAdd, { pid: top.id, name: '放在大类' }, editor)).toMatchObject({ code: 40000, data: { field: 'pid' } });

    const fn = await ok(t, helpCalls.functionAdd, { pid: sub.id, name: '测试功能', explains: '<p style="color:red">说明</p><iframe src="https://x"></iframe>' }, editor);
    expect(fn).toMatchObject({ pid: sub.id, name: '测试功能', explains: '<p style="color:red">说明</p>' });
    expect((await ok(t, helpCalls.categoryEdit, { id: top.id, pid: 0, name: '测试大类' }, editor)).options).toEqual([{ id: sub.id, name: '测试小类' }]);

    // Moves that would break the two levels are refused.
    const otherTop = await ok(t, helpCalls.categoryAdd, { name: '另一大类' }, editor);
    expect(await invoke(t, helpCalls.categoryEdit, { id: top.id, pid: otherTop.id, name: '测试大类' }, editor)).toMatchObject({ code: 40000, data: { field: 'pid' } });
    expect(await invoke(t, helpCalls.categoryEdit, { id: sub.id, pid: 0, name: '测试小类' }, editor)).toMatchObject({ code: 40000, data: { field: 'pid' } });
    expect(await invoke(t, helpCalls.categoryEdit, { id: otherTop.id, pid: otherTop.id, name: '另一大类' }, editor)).toMatchObject({ code: 40000, data: { field: 'pid' } });
    const moved = await ok(t, helpCalls.categoryEdit, { id: sub.id, pid: otherTop.id, name: '测试小类', sort: 3 }, editor);
    expect(moved).toMatchObject({ pid: otherTop.id, sort: 3 });

    // Deleting needs an empty category.
    expect((await invoke(t, helpCalls.categoryDelete, { id: otherTop.id }, editor)).code).toBe(40900);
    expect((await invoke(t, helpCalls.categoryDelete, { id: sub.id }, editor)).code).toBe(40900);
    const edited = await ok(t, helpCalls.functionEdit, { id: fn.id, pid: sub.id, name: '改名功能', explains: '' }, editor);
    expect(edited).toMatchObject({ name: '改名功能', explains: '' });
    expect((await invoke(t, helpCalls.functionDelete, { id: fn.id }, editor)).code).toBe(20000);
    expect((await invoke(t, helpCalls.functionDelete, { id: fn.id }, editor)).code).toBe(40400);
    for (const id of [sub.id, otherTop.id, top.id]) expect((await invoke(t, helpCalls.categoryDelete, { id }, editor)).code).toBe(20000);
    expect((await invoke(t, helpCalls.categoryDelete, { id: top.id }, editor)).code).toBe(40400);
  });
});

describe('stored XSS', () => {
  it(`stores none of ${xssCorpus.length} payloads through any rich-text field`, async () => {
    const top = await ok(t, helpCalls.categoryAdd, { name: 'XSS 大类' }, admin);
    const sub = await ok(t, helpCalls.categoryAdd, { pid: top.id, name: 'XSS 小类' }, admin);
    for (const [i, payload] of xssCorpus.entries()) {
      const res = await invoke(t, helpCalls.functionAdd, { pid: sub.id, name: `payload ${i}`, explains: payload }, admin);
      expect(res.code, payload).toBe(20000);
    }
    const stored: HelpFunction[] = await ok(t, helpCalls.functionInform, { pid: sub.id }, reader);
    expect(stored).toHaveLength(xssCorpus.length);
    const survivors = stored.filter((f) => xssFindings(f.explains).length > 0);
    expect(survivors).toEqual([]);

    const all = xssCorpus.join('\n');
    const manual = await ok(t, manuals.add!, { name: 'XSS 手册', content: all }, admin);
    expect(xssFindings((await ok(t, helpCalls.helpManualFind, { id: manual.id }, reader)).content)).toEqual([]);
    const version = await ok(t, versions.add!, { name: 'XSS', version_number: 'v0.0.1', up_time: '2020-01-01', content: all }, admin);
    expect(xssFindings((await ok(t, helpCalls.upgradeLogFind, { id: version.id }, reader)).content)).toEqual([]);
  });
});
