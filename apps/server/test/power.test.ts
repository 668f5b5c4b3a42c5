import { authCalls, menuPaths, menuTree, operationCatalogue, powerCalls, type MenuNode, type PowerNode } from '@juqi/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { power, rolePower } from '../src/lib/db/schema';
import { seedPower } from '../src/modules/power/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, ok, signInAsAdmin } from './helpers/auth';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const flatten = <N extends { children: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const catalogue = async (): Promise<PowerNode[]> => (await ok(t, powerCalls.particulars, {}, admin)).tree;
const idOf = async (match: (n: PowerNode) => boolean) => flatten(await catalogue()).find(match)!.id;
const menuId = (path: string) => idOf((n) => n.path === path);

describe('the function catalogue', () => {
  it('holds the whole menu tree of the spec with every operation under its menu', async () => {
    const nodes = flatten(await catalogue());
    const menus = nodes.filter((n) => n.kind === 'menu');
    expect(menus.map((m) => m.path).sort()).toEqual(menuPaths().sort());
    expect(menus.find((m) => m.path === '/permission/help/upgrade_log')?.name).toBe('升级日志');
    for (const op of operationCatalogue) {
      const node = nodes.find((n) => n.kind === 'operation' && n.code === op.code)!;
      expect(nodes.find((n) => n.id === node.pid)?.path).toBe(op.menu);
    }
  });

  it('gives the super-admin every menu, sorted by sort, three levels deep at most', async () => {
    const menus: MenuNode[] = (await ok(t, authCalls.menuList, {}, admin)).menuList;
    expect(menus.map((m) => m.path)).toEqual(menuTree.map((m) => m.path));
    const settings = menus[0]!;
    const sorts = settings.children.map((c) => c.sort);
    expect(sorts).toEqual(sorts.slice().sort((a, b) => a - b));
    const depth = (nodes: MenuNode[]): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.children)));
    expect(depth(menus)).toBe(3);
  });

  it('shows a staff only granted menus, with their ancestors, and no operations they lack', async () => {
    const { token } = await createStaffWith(t, ['role.view'], ['/user/list', '/permission/help/manual']);
    const profile = await ok(t, authCalls.info, {}, token);
    expect(profile.menus.map((m: MenuNode) => m.path)).toEqual(['/permission', '/user']);
    expect(profile.menus[0].children.map((m: MenuNode) => m.path)).toEqual(['/permission/help']);
    expect(profile.menus[0].children[0].children.map((m: MenuNode) => m.path)).toEqual(['/permission/help/manual']);
    expect(profile.menus[1].children.map((m: MenuNode) => m.path)).toEqual(['/user/list']);
    expect(profile.operations).toEqual(['role.view']);
  });

  it('adds, edits and deletes entries within the rules', async () => {
    const help = await idOf((n) => n.path === '/permission/help');
    const manual = await idOf((n) => n.path === '/permission/help/manual');
    const tooDeep = await invoke(t, powerCalls.add, { kind: 'menu', pid: manual, name: '第四层', path: '/permission/help/manual/x' }, admin);
    expect(tooDeep).toMatchObject({ code: 40000, data: { field: 'pid' } });
    const noPath = await invoke(t, powerCalls.add, { kind: 'menu', pid: help, name: '无路径' }, admin);
    expect(noPath).toMatchObject({ code: 40000, data: { field: 'path' } });
    const dupPath = await invoke(t, powerCalls.add, { kind: 'menu', pid: help, name: '重复', path: '/permission/help/manual' }, admin);
    expect(dupPath).toMatchObject({ code: 40900, data: { field: 'path' } });
    const topOp = await invoke(t, powerCalls.add, { kind: 'operation', name: '顶层操作', code: 'x.y' }, admin);
    expect(topOp).toMatchObject({ code: 40000, data: { field: 'pid' } });

    const added = await ok(t, powerCalls.add, { kind: 'menu', pid: help, name: '常见问题', path: '/permission/help/faq', icon: 'BulbOutlined', sort: 5 }, admin);
    expect(added).toMatchObject({ kind: 'menu', pid: help, name: '常见问题', path: '/permission/help/faq', sort: 5, code: '' });
    const op = await ok(t, powerCalls.add, { kind: 'operation', pid: added.id, name: '编辑常见问题', code: 'help.faq_edit' }, admin);
    expect(op).toMatchObject({ kind: 'operation', code: 'help.faq_edit', path: '' });
    expect((await invoke(t, powerCalls.remove, { id: added.id }, admin)).code).toBe(40900);
    const moved = await invoke(t, powerCalls.edit, { id: added.id, pid: op.id, name: 'x', path: '/x' }, admin);
    expect(moved).toMatchObject({ code: 40000, data: { field: 'pid' } });
    // Moving a menu takes the menus below it along: a top-level entry with a child cannot go under a second-level one.
    const top = await ok(t, powerCalls.add, { kind: 'menu', name: '报表', path: '/report' }, admin);
    const child = await ok(t, powerCalls.add, { kind: 'menu', pid: top.id, name: '日报', path: '/report/daily' }, admin);
    const tooDeepMove = await invoke(t, powerCalls.edit, { id: top.id, pid: help, name: '报表', path: '/report' }, admin);
    expect(tooDeepMove).toMatchObject({ code: 40000, data: { field: 'pid' } });
    const allowedMove = await invoke(t, powerCalls.edit, { id: top.id, pid: (await idOf((n) => n.path === '/permission')), name: '报表', path: '/report' }, admin);
    expect(allowedMove.code).toBe(20000);
    expect((await invoke(t, powerCalls.remove, { id: child.id }, admin)).code).toBe(20000);
    expect((await invoke(t, powerCalls.remove, { id: top.id }, admin)).code).toBe(20000);
    const renamed = await ok(t, powerCalls.edit, { id: added.id, pid: help, name: 'FAQ', path: '/permission/help/faq', sort: 1 }, admin);
    expect(renamed.name).toBe('FAQ');
    const menus: MenuNode[] = (await ok(t, authCalls.menuList, {}, admin)).menuList;
    expect(flatten(menus).find((m) => m.path === '/permission/help')!.children[0]!.name).toBe('FAQ');
    expect((await invoke(t, powerCalls.remove, { id: op.id }, admin)).code).toBe(20000);
    expect((await invoke(t, powerCalls.remove, { id: added.id }, admin)).code).toBe(20000);
    expect((await invoke(t, powerCalls.remove, { id: added.id }, admin)).code).toBe(40400);
  });
});

describe('what the catalogue keeps fixed', () => {
  it('keeps operation codes: a catalogue editor cannot move a code onto an entry it holds (the attack of renaming codes)', async () => {
    const editor = await createStaffWith(t, ['power.view', 'power.edit']);
    const staffView = await idOf((n) => n.kind === 'operation' && n.code === 'staff.view');
    const powerEdit = await idOf((n) => n.kind === 'operation' && n.code === 'power.edit');
    const node = flatten(await catalogue()).find((n) => n.id === staffView)!;
    const renamed = await invoke(t, powerCalls.edit, { ...node, code: 'staff.view_moved' }, editor.token);
    expect(renamed).toMatchObject({ code: 40000, data: { field: 'code' } });
    const own = flatten(await catalogue()).find((n) => n.id === powerEdit)!;
    const taken = await invoke(t, powerCalls.edit, { ...own, code: 'staff.view' }, editor.token);
    expect(taken.code).toBeGreaterThanOrEqual(40000);
    expect((await invoke(t, authCalls.staffList, {}, editor.token)).code).toBe(40300);
    expect(flatten(await catalogue()).find((n) => n.id === staffView)!.code).toBe('staff.view');
    // Names, sort and place may still change.
    const renamedOnly = await ok(t, powerCalls.edit, { ...node, name: '查看员工', sort: 3 }, editor.token);
    expect(renamedOnly).toMatchObject({ name: '查看员工', code: 'staff.view', sort: 3 });
    await invoke(t, powerCalls.edit, { ...node }, admin);
  });

  it('keeps the product’s menu paths and refuses to delete the product’s entries or entries a role grants', async () => {
    const userList = flatten(await catalogue()).find((n) => n.path === '/user/list')!;
    expect(await invoke(t, powerCalls.edit, { ...userList, path: '/user/elsewhere' }, admin)).toMatchObject({ code: 40000, data: { field: 'path' } });
    const hidden = await ok(t, powerCalls.edit, { ...userList, hidden: true }, admin);
    expect(hidden).toMatchObject({ hidden: true, path: '/user/list' });
    await invoke(t, powerCalls.edit, { ...userList }, admin);

    const leafMenu = flatten(await catalogue()).find((n) => n.path === '/permission/help/upgrade_log')!;
    const productOp = leafMenu.children.find((n) => n.kind === 'operation')!;
    for (const id of [productOp.id, (await idOf((n) => n.path === '/business/list'))]) {
      const refused = await invoke(t, powerCalls.remove, { id }, admin);
      expect(refused.code).toBe(40900);
    }
    const custom = await ok(t, powerCalls.add, { kind: 'operation', pid: leafMenu.id, name: '导出日志', code: 'help.upgrade_log_export' }, admin);
    const role = await ok(t, powerCalls.roleAdd, { name: '日志导出员' }, admin);
    await invoke(t, powerCalls.roleGrant, { id: role.id, power_ids: [custom.id] }, admin);
    const inUse = await invoke(t, powerCalls.remove, { id: custom.id }, admin);
    expect(inUse.code).toBe(40900);
    expect(inUse.message).toContain('日志导出员');
    await invoke(t, powerCalls.roleGrant, { id: role.id, power_ids: [] }, admin);
    expect((await invoke(t, powerCalls.remove, { id: custom.id }, admin)).code).toBe(20000);
    expect(flatten(await catalogue()).some((n) => n.id === productOp.id)).toBe(true);
  });
});

describe('English names', () => {
  it('come with every menu and operation of the product, in the catalogue and the menu list', async () => {
    const menus = flatten((await ok(t, authCalls.menuList, {}, admin)).menuList);
    expect(menus.find((m) => m.path === '/user/list')).toMatchObject({ name: '全部用户', name_en: 'All users' });
    expect(menus.filter((m) => !m.name_en)).toEqual([]);
    const operations = flatten(await catalogue()).filter((n) => n.kind === 'operation');
    expect(operations.find((o) => o.code === 'role.grant')).toMatchObject({ name: '角色授权', name_en: 'Grant roles' });
    expect(operations.filter((o) => !o.name_en)).toEqual([]);
  });

  it('are added and edited with the entry; too long a name is refused naming name_en', async () => {
    const help = await idOf((n) => n.path === '/permission/help');
    const added = await ok(t, powerCalls.add, { kind: 'menu', pid: help, name: '常见问题', name_en: ' FAQ ', path: '/permission/help/faq2' }, admin);
    expect(added).toMatchObject({ name: '常见问题', name_en: 'FAQ' });
    const long = await invoke(t, powerCalls.edit, { id: added.id, pid: help, name: '常见问题', name_en: 'x'.repeat(61), path: '/permission/help/faq2' }, admin);
    expect(long).toMatchObject({ code: 40000, data: { field: 'name_en' } });
    const edited = await ok(t, powerCalls.edit, { id: added.id, pid: help, name: '常见问题', name_en: 'Questions', path: '/permission/help/faq2' }, admin);
    expect(edited.name_en).toBe('Questions');
    const menus = flatten((await ok(t, authCalls.menuList, {}, admin)).menuList);
    expect(menus.find((m) => m.path === '/permission/help/faq2')?.name_en).toBe('Questions');
    expect((await invoke(t, powerCalls.remove, { id: added.id }, admin)).code).toBe(20000);
  });

  it('are filled in by the seed on entries from before them, and a name staff cleared stays cleared', async () => {
    const db = t.database.db;
    await db.update(power).set({ nameEn: null }).where(eq(power.path, '/user/list'));
    await db.update(power).set({ nameEn: '' }).where(eq(power.path, '/user/login_log'));
    await db.update(power).set({ nameEn: null }).where(eq(power.code, 'user.export'));
    await db.update(power).set({ nameEn: '' }).where(eq(power.code, 'user.lock'));
    await seedPower({ db, log: pino({ level: 'silent' }), demo: false });
    const rows = await db.select({ path: power.path, code: power.code, nameEn: power.nameEn }).from(power);
    expect(rows.find((r) => r.path === '/user/list')?.nameEn).toBe('All users');
    expect(rows.find((r) => r.path === '/user/login_log')?.nameEn).toBe('');
    expect(rows.find((r) => r.code === 'user.export')?.nameEn).toBe('Export users');
    expect(rows.find((r) => r.code === 'user.lock')?.nameEn).toBe('');
    expect(rows.filter((r) => r.nameEn === null)).toEqual([]);
    await db.update(power).set({ nameEn: 'Sign-in records' }).where(eq(power.path, '/user/login_log'));
    await db.update(power).set({ nameEn: 'Lock and unlock users' }).where(eq(power.code, 'user.lock'));
  });
});

describe('an operation the catalogue moves from a section down to one of its screens', () => {
  it('follows it at the next seed; one staff placed elsewhere stays', async () => {
    const db = t.database.db;
    const parentOf = async (code: string) => (await db.select({ pid: power.pid }).from(power).where(eq(power.code, code)))[0]!.pid;
    // Where an earlier catalogue had it: under the 财务 section.
    await db.update(power).set({ pid: await menuId('/finance') }).where(eq(power.code, 'finance.ledger.view'));
    // Placed by staff under another section's screen.
    await db.update(power).set({ pid: await menuId('/user/login_log') }).where(eq(power.code, 'user.export'));
    await seedPower({ db, log: pino({ level: 'silent' }), demo: false });
    expect(await parentOf('finance.ledger.view')).toBe(await menuId('/finance/reconciliation'));
    expect(await parentOf('user.export')).toBe(await menuId('/user/login_log'));
    await db.update(power).set({ pid: await menuId('/user/list') }).where(eq(power.code, 'user.export'));
  });
});

describe('roles and the grant ceiling', () => {
  it('creates, renames, lists and deletes roles', async () => {
    const role = await ok(t, powerCalls.roleAdd, { name: '审核员', remark: '内容审核' }, admin);
    expect(role).toMatchObject({ name: '审核员', remark: '内容审核', staff_count: 0 });
    expect(await invoke(t, powerCalls.roleAdd, { name: '审核员' }, admin)).toMatchObject({ code: 40900, data: { field: 'name' } });
    expect((await ok(t, powerCalls.roleEdit, { id: role.id, name: '高级审核员' }, admin)).name).toBe('高级审核员');
    const list = await ok(t, powerCalls.roleList, { keyword: '审核' }, admin);
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['高级审核员']);
    expect((await invoke(t, powerCalls.roleDelete, { id: role.id }, admin)).code).toBe(20000);
  });

  it('refuses to grant what the granter does not hold, and changes nothing', async () => {
    const granter = await createStaffWith(t, ['role.view', 'role.grant', 'staff.view']);
    const target = await ok(t, powerCalls.roleAdd, { name: '被授权角色' }, admin);
    const staffView = await idOf((n) => n.code === 'staff.view');
    const staffEdit = await idOf((n) => n.code === 'staff.edit');
    const granted = await ok(t, powerCalls.roleGrant, { id: target.id, power_ids: [staffView] }, granter.token);
    expect(granted.power_ids).toEqual([staffView]);
    const refused = await invoke(t, powerCalls.roleGrant, { id: target.id, power_ids: [staffView, staffEdit] }, granter.token);
    expect(refused).toMatchObject({ code: 40300, data: { power_ids: [staffEdit] } });
    const grants = await ok(t, powerCalls.roleGrants, { id: target.id }, admin);
    expect(grants.power_ids).toEqual([staffView]);
    const mine = await ok(t, powerCalls.roleGrants, { id: target.id }, granter.token);
    expect(mine.grantable_ids).not.toContain(staffEdit);
    // Without power.view the granter still sees the catalogue the grants refer to.
    expect((await invoke(t, powerCalls.particulars, {}, granter.token)).code).toBe(40300);
    expect(flatten(mine.tree).map((n) => n.id)).toEqual(expect.arrayContaining([staffView, staffEdit]));
  });

  it('keeps entries the granter cannot revoke, since they do not hold them', async () => {
    const granter = await createStaffWith(t, ['role.view', 'role.grant', 'staff.view']);
    const target = await ok(t, powerCalls.roleAdd, { name: '混合角色' }, admin);
    const staffEdit = await idOf((n) => n.code === 'staff.edit');
    await invoke(t, powerCalls.roleGrant, { id: target.id, power_ids: [staffEdit] }, admin);
    const res = await ok(t, powerCalls.roleGrant, { id: target.id, power_ids: [] }, granter.token);
    expect(res.power_ids).toEqual([staffEdit]);
  });

  it('refuses to give a staff a role granting more than the granter holds', async () => {
    const manager = await createStaffWith(t, ['staff.edit', 'staff.view']);
    const strong = await ok(t, powerCalls.roleAdd, { name: '强角色' }, admin);
    await invoke(t, powerCalls.roleGrant, { id: strong.id, power_ids: [await idOf((n) => n.code === 'power.edit')] }, admin);
    const before = await t.database.db.select().from(rolePower);
    const res = await invoke(t, authCalls.staffAdd, { staff_num: 'grab', name: '越权', password: 'Staff-Pass-2026', role_ids: [strong.id] }, manager.token);
    expect(res.code).toBe(40300);
    expect((await ok(t, authCalls.staffList, { keyword: 'grab' }, admin)).count).toBe(0);
    expect(await t.database.db.select().from(rolePower)).toEqual(before);
  });

  it('shows new grants to a signed-in staff without signing in again', async () => {
    const { token, roleId } = await createStaffWith(t, ['staff.view']);
    expect((await ok(t, authCalls.verifyOperation, { code: 'staff.edit' }, token)).allowed).toBe(false);
    const ids = [await idOf((n) => n.code === 'staff.view'), await idOf((n) => n.code === 'staff.edit'), await idOf((n) => n.path === '/user/list')];
    await invoke(t, powerCalls.roleGrant, { id: roleId, power_ids: ids }, admin);
    expect((await ok(t, authCalls.verifyOperation, { code: 'staff.edit' }, token)).allowed).toBe(true);
    const menus: MenuNode[] = (await ok(t, authCalls.menuList, {}, token)).menuList;
    expect(menus.map((m) => m.path)).toEqual(['/user']);
  });
});
