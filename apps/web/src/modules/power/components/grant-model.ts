import type { PowerNode } from '@juqi/contract';

/**
 * The grant editor's rules, kept apart from the Tree so they can be tested alone.
 *
 * A role grants explicit catalogue ids, and each id means something of its own: a page menu opens the page, an
 * operation enables a button. A page may be granted with only some of its operations, or none — a state antd's
 * cascading checkboxes cannot show (a checked parent there means "every child checked"). So the tree runs in
 * `checkStrictly` mode, the checked keys are exactly the ids the role grants, and these functions add the cascade:
 *
 * - checking an entry grants it, everything under it and the menus above it (an operation is no use without its page);
 * - unchecking an entry revokes it and everything under it, and a group menu left with nothing granted under it;
 * - entries the caller may not grant are never changed (the server keeps them, and would refuse to add them).
 *
 * The box of an entry with children shows checked when it and all below it are granted, half-checked when part is.
 */
export interface CatalogueIndex {
  byId: Map<number, PowerNode>;
  parentOf: Map<number, number>;
  /** Depth-first order, as the tree shows them. */
  order: number[];
}

export function indexCatalogue(tree: PowerNode[]): CatalogueIndex {
  const byId = new Map<number, PowerNode>();
  const parentOf = new Map<number, number>();
  const order: number[] = [];
  const walk = (nodes: PowerNode[], parent: number | null) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      order.push(node.id);
      if (parent !== null) parentOf.set(node.id, parent);
      walk(node.children, node.id);
    }
  };
  walk(tree, null);
  return { byId, parentOf, order };
}

export function descendantsOf(index: CatalogueIndex, id: number): number[] {
  const out: number[] = [];
  const walk = (node: PowerNode) =>
    node.children.forEach((child) => {
      out.push(child.id);
      walk(child);
    });
  const node = index.byId.get(id);
  if (node) walk(node);
  return out;
}

export function ancestorsOf(index: CatalogueIndex, id: number): number[] {
  const out: number[] = [];
  for (let at = index.parentOf.get(id); at !== undefined; at = index.parentOf.get(at)) out.push(at);
  return out;
}

/** A menu with submenus: it has no page of its own, only its children's. */
const isGroup = (node: PowerNode | undefined) => Boolean(node?.children.some((child) => child.kind === 'menu'));

/** Whether a click on the entry checks (true) or unchecks: it checks while anything grantable in its subtree is off. */
export function clickChecks(index: CatalogueIndex, granted: ReadonlySet<number>, grantable: ReadonlySet<number>, id: number): boolean {
  return [id, ...descendantsOf(index, id)].some((entry) => grantable.has(entry) && !granted.has(entry));
}

/** The granted ids after a click on one entry (see the rules above). */
export function toggleGrant(
  index: CatalogueIndex,
  granted: ReadonlySet<number>,
  grantable: ReadonlySet<number>,
  id: number,
  check: boolean,
): Set<number> {
  const next = new Set(granted);
  const subtree = [id, ...descendantsOf(index, id)].filter((entry) => grantable.has(entry));
  if (check) {
    subtree.forEach((entry) => next.add(entry));
    ancestorsOf(index, id)
      .filter((entry) => grantable.has(entry))
      .forEach((entry) => next.add(entry));
    return next;
  }
  subtree.forEach((entry) => next.delete(entry));
  for (const entry of ancestorsOf(index, id)) {
    if (!grantable.has(entry) || !isGroup(index.byId.get(entry))) continue;
    if (!descendantsOf(index, entry).some((below) => next.has(below))) next.delete(entry);
  }
  return next;
}

/** What each box shows: `checked` when the entry and all below it are granted, `halfChecked` when only part is. */
export function boxStates(
  index: CatalogueIndex,
  granted: ReadonlySet<number>,
  grantable: ReadonlySet<number>,
): { checked: number[]; halfChecked: number[] } {
  const checked: number[] = [];
  const halfChecked: number[] = [];
  // Entries the caller can neither grant nor has granted do not count against "all": nobody here can check them.
  const counts = (id: number) => granted.has(id) || grantable.has(id);
  for (const id of index.order) {
    const node = index.byId.get(id)!;
    const below = descendantsOf(index, id).filter(counts);
    const own = granted.has(id);
    if (node.children.length === 0 || below.length === 0) {
      if (own) checked.push(id);
      continue;
    }
    const grantedBelow = below.filter((entry) => granted.has(entry)).length;
    if (own && grantedBelow === below.length) checked.push(id);
    else if (own || grantedBelow > 0) halfChecked.push(id);
  }
  return { checked, halfChecked };
}

/** Depth of a menu entry, 1 = top level. */
export const depthOf = (index: CatalogueIndex, id: number): number => ancestorsOf(index, id).length + 1;

/** Levels of menus in an entry's subtree, counting itself (a menu without submenus is 1). */
export function menuHeight(node: PowerNode): number {
  const submenus = node.children.filter((child) => child.kind === 'menu');
  return 1 + (submenus.length ? Math.max(...submenus.map(menuHeight)) : 0);
}
