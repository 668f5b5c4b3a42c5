import { menuTree, operationCatalogue, type MenuDefinition } from '@juqi/contract';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import type { SeedContext } from '../../lib/module';
import { staff } from '../../lib/db/schema';
import { PowerRepository } from './repository';
import { rolePower, staffRole, type PowerRow } from './table';

/** Demo roles by the menu sections and operations they grant, and the demo staff holding them. */
const demoRoles = [
  { name: '运营专员', remark: '用户、代理、客户与通知的日常运营', sections: ['/user', '/agency', '/merchant', '/notification', '/case'], operations: [], staff: ['ops01'] },
  { name: '财务专员', remark: '财务记录与财务设置', sections: ['/finance', '/permission/finance'], operations: [], staff: ['fin01', 'ops01'] },
  { name: '客服专员', remark: '用户查询与订单跟进', sections: ['/user', '/agencyorder_center', '/business'], operations: [], staff: ['cs01'] },
  {
    name: '人事专员',
    remark: '员工账号与人事设置',
    sections: ['/human', '/permission/personnel'],
    operations: ['staff.view', 'staff.edit', 'staff.lock', 'staff.password', 'login.records.view'],
    staff: ['hr01'],
  },
];

/** The catalogue as it stands, by menu path, operation code and id: read once, so a start costs a handful of queries. */
interface Catalogue {
  menus: Map<string, PowerRow>;
  operations: Map<string, PowerRow>;
  byId: Map<number, PowerRow>;
}

function readCatalogue(rows: PowerRow[]): Catalogue {
  const catalogue: Catalogue = { menus: new Map(), operations: new Map(), byId: new Map() };
  for (const row of rows) add(catalogue, row);
  return catalogue;
}

function add(catalogue: Catalogue, row: PowerRow): void {
  catalogue.byId.set(row.id, row);
  if (row.kind === 'menu' && row.path) catalogue.menus.set(row.path, row);
  if (row.kind === 'operation' && row.code) catalogue.operations.set(row.code, row);
}

/** An entry from before English names (null) gets the product's; one staff named or cleared ('') keeps theirs. */
async function fillEnglishName(repo: PowerRepository, tx: Executor, existing: PowerRow, nameEn: string): Promise<void> {
  if (existing.nameEn === null) await repo.updatePower(existing.id, { nameEn }, tx);
}

/**
 * An operation the catalogue has moved from a section down to one of its screens (查看财务对账 from 财务 to 财务对账)
 * follows it; one staff placed anywhere else stays where they put it.
 */
async function moveDownToItsScreen(repo: PowerRepository, tx: Executor, catalogue: Catalogue, existing: PowerRow, menuPath: string): Promise<void> {
  const parent = catalogue.byId.get(existing.pid);
  if (!parent?.path || parent.path === menuPath || !menuPath.startsWith(`${parent.path}/`)) return;
  const screen = catalogue.menus.get(menuPath);
  if (screen) await repo.updatePower(existing.id, { pid: screen.id }, tx);
}

/** Adds the menu entries that are missing, one insert per level of siblings. Entries already there keep what staff made of them. */
async function ensureMenus(repo: PowerRepository, tx: Executor, catalogue: Catalogue, items: MenuDefinition[], pid: number): Promise<void> {
  const missing = items.flatMap((item, index) =>
    catalogue.menus.has(item.path) ? [] : [{ pid, kind: 'menu' as const, name: item.name, nameEn: item.nameEn, path: item.path, icon: item.icon ?? '', sort: (index + 1) * 10 }],
  );
  for (const row of await repo.insertPowers(missing, tx)) add(catalogue, row);
  for (const item of items) {
    const row = catalogue.menus.get(item.path)!;
    await fillEnglishName(repo, tx, row, item.nameEn);
    await ensureMenus(repo, tx, catalogue, item.children ?? [], row.id);
  }
}

/** Writes the menu tree and the operation catalogue into the function catalogue, adding only what is missing. */
export async function seedPower({ db, demo }: SeedContext): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = new PowerRepository(tx);
    const catalogue = readCatalogue(await repo.allPowers(tx));
    await ensureMenus(repo, tx, catalogue, menuTree, 0);
    const missing = [];
    for (const [index, op] of operationCatalogue.entries()) {
      const existing = catalogue.operations.get(op.code);
      if (existing) {
        await fillEnglishName(repo, tx, existing, op.nameEn);
        await moveDownToItsScreen(repo, tx, catalogue, existing, op.menu);
        continue;
      }
      const menu = catalogue.menus.get(op.menu);
      if (!menu) throw new Error(`operation ${op.code} names menu ${op.menu}, which is not in the menu tree`);
      missing.push({ pid: menu.id, kind: 'operation' as const, name: op.name, nameEn: op.nameEn, code: op.code, sort: index });
    }
    await repo.insertPowers(missing, tx);
    if (demo) await seedDemoRoles(repo, tx);
  });
}

async function seedDemoRoles(repo: PowerRepository, tx: Executor): Promise<void> {
  const rows = await repo.allPowers(tx);
  const under = (path: string) => {
    const root = rows.find((r) => r.kind === 'menu' && r.path === path);
    const ids: number[] = [];
    const walk = (id: number) => {
      ids.push(id);
      rows.filter((r) => r.pid === id).forEach((r) => walk(r.id));
    };
    if (root) walk(root.id);
    return ids;
  };
  for (const demoRole of demoRoles) {
    if (await repo.findRoleByName(demoRole.name, tx)) continue;
    const created = await repo.insertRole({ name: demoRole.name, remark: demoRole.remark }, tx);
    const ids = new Set(demoRole.sections.flatMap(under));
    for (const code of demoRole.operations) {
      const op = rows.find((r) => r.kind === 'operation' && r.code === code);
      if (op) ids.add(op.id);
    }
    if (ids.size) await tx.insert(rolePower).values([...ids].map((powerId) => ({ roleId: created.id, powerId })));
    const holders = await tx.select({ id: staff.id }).from(staff).where(inArray(staff.staffNum, demoRole.staff));
    if (holders.length) await tx.insert(staffRole).values(holders.map((h) => ({ staffId: h.id, roleId: created.id }))).onConflictDoNothing();
  }
}
