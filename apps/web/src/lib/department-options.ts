import type { DepartmentNode } from '@juqi/contract';

// The department tree (`/admin/structures/index`) as pickers and names show it: staff records, leads, transfers.

export interface DepartmentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: DepartmentOption[];
}

/** The tree as a TreeSelect's options; `excluded` (a department being moved) and everything under it cannot be chosen. */
export function departmentOptions(nodes: readonly DepartmentNode[], excluded?: number, inside = false): DepartmentOption[] {
  return nodes.map((node) => {
    const out = inside || node.id === excluded;
    return { value: node.id, title: node.name, disabled: out || undefined, children: departmentOptions(node.children, excluded, out) };
  });
}

/** Each department's name by id, at any depth. */
export function departmentNames(nodes: readonly DepartmentNode[], names = new Map<number, string>()): Map<number, string> {
  for (const node of nodes) {
    names.set(node.id, node.name);
    departmentNames(node.children, names);
  }
  return names;
}

/** A department of the tree by id. */
export function findDepartment(nodes: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findDepartment(node.children, id);
    if (found) return found;
  }
  return undefined;
}
