import type { MenuNode, PowerNode } from '@juqi/contract';
import type { PowerRow } from './table';

export const MAX_MENU_DEPTH = 3;

const byOrder = (a: PowerRow, b: PowerRow) => a.sort - b.sort || a.id - b.id;

function toPowerNode(row: PowerRow, children: PowerNode[]): PowerNode {
  return {
    id: row.id,
    pid: row.pid,
    kind: row.kind,
    name: row.name,
    name_en: row.nameEn ?? '',
    path: row.path,
    code: row.code,
    icon: row.icon,
    sort: row.sort,
    hidden: row.hidden,
    no_cache: row.noCache,
    children,
  };
}

function childrenBuilder(rows: PowerRow[]): (pid: number) => PowerNode[] {
  const byParent = new Map<number, PowerRow[]>();
  for (const row of rows) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), row]);
  const build = (pid: number): PowerNode[] => (byParent.get(pid) ?? []).sort(byOrder).map((row) => toPowerNode(row, build(row.id)));
  return build;
}

/** The catalogue as a tree, siblings by sort then id. Rows whose parent is missing are dropped. */
export function buildPowerTree(rows: PowerRow[]): PowerNode[] {
  return childrenBuilder(rows)(0);
}

/** One entry with everything under it. */
export function powerNodeOf(rows: PowerRow[], id: number): PowerNode | undefined {
  const row = rows.find((r) => r.id === id);
  return row && toPowerNode(row, childrenBuilder(rows)(id));
}

/** The menu tree limited to the visible ids: an entry shows when it or any entry below it is granted. */
export function buildMenuTree(rows: PowerRow[], granted: ReadonlySet<number> | 'all'): MenuNode[] {
  const menus = rows.filter((r) => r.kind === 'menu');
  const byParent = new Map<number, PowerRow[]>();
  for (const row of menus) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), row]);
  const build = (pid: number): MenuNode[] =>
    (byParent.get(pid) ?? []).sort(byOrder).flatMap((row) => {
      const children = build(row.id);
      if (granted !== 'all' && !granted.has(row.id) && children.length === 0) return [];
      return [{ id: row.id, path: row.path, name: row.name, name_en: row.nameEn ?? '', icon: row.icon, sort: row.sort, hidden: row.hidden, no_cache: row.noCache, children }];
    });
  return build(0);
}

/** How many menu levels an entry and the menus below it span (1 = no menus below it). */
export function heightOf(rows: Map<number, PowerRow>, id: number): number {
  let height = 1;
  for (const row of rows.values()) {
    if (row.pid === id && row.kind === 'menu') height = Math.max(height, 1 + heightOf(rows, row.id));
  }
  return height;
}

/** How deep a menu entry sits (1 = top level), following parents. */
export function depthOf(rows: Map<number, PowerRow>, id: number): number {
  let depth = 0;
  for (let at = rows.get(id); at; at = rows.get(at.pid)) depth++;
  return depth;
}
