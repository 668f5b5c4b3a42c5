import { z } from 'zod';
import { defineCall, fields, operation, wholeNumber } from './call';
import { defineContractModule } from './contract-module';

/**
 * Departments (部门, issue 18): a tree of any depth, ordered among siblings by `sort` then id. A name is unique among its
 * siblings; moving a department takes its sub-departments along; a department with sub-departments (or, with the staff
 * records, with staff) cannot be deleted. The tree and the letter index are address-book calls: anyone signed in may
 * read them (the pickers do). Rules and decisions: docs/departments.md.
 */

/** `parent_id` of a top-level department. */
export const TOP_LEVEL_DEPARTMENT = 0;
export const DEPARTMENT_NAME_MAX = 30;
export const DEPARTMENT_SORT_MAX = 9999;

/** The letters of an address-book index, in their order: A–Z, then `#` for names starting with neither a Latin letter nor a Chinese character. */
export const INDEX_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;
export type IndexLetter = (typeof INDEX_LETTERS)[number];

const departmentName = fields.text(DEPARTMENT_NAME_MAX).min(1);
const parentId = wholeNumber(TOP_LEVEL_DEPARTMENT, 2_147_483_647);
const departmentSort = wholeNumber(0, DEPARTMENT_SORT_MAX);
/** The department's head (负责人): a sign-in account, who decides approval steps of type department head; null: none. Left out: unchanged. */
const headAccountId = fields.id.nullable().optional();

/** One department of the tree, its sub-departments in order. */
export interface DepartmentNode {
  id: number;
  name: string;
  parent_id: number;
  sort: number;
  children: DepartmentNode[];
}
export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int(), sort: z.number().int(), children: z.array(departmentNode) }),
);

/** One letter of the index with its departments, by pinyin (then id). */
export const departmentLetterGroup = z.object({
  letter: z.enum(INDEX_LETTERS),
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DepartmentLetterGroup = z.output<typeof departmentLetterGroup>;

/** A department as its edit form shows it: where it sits (its ancestors from the top) and what it holds. */
export const departmentDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int(),
  sort: z.number().int(),
  /** Its ancestors, top-level first; empty for a top-level department. */
  ancestors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  child_count: z.number().int(),
  head_account_id: z.number().int().nullable(),
  /** The head's account name (the staff lookup). */
  head_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DepartmentDetails = z.output<typeof departmentDetails>;

const path = (action: string) => `/api/department/department_${action}`;
const tag = 'department';

export const departmentCalls = {
  tree: defineCall({
    method: 'POST',
    path: '/admin/structures/index',
    tag,
    summary: 'The department tree (address book): top-level departments, each with its sub-departments, every level by sort then id',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: z.array(departmentNode),
  }),
  letterIndex: defineCall({
    method: 'POST',
    path: '/api/staff/indexdep_letter',
    tag,
    summary:
      'The letter index of department names (address book): groups A–Z by the first letter of the name’s pinyin (a Latin letter as it is), then # for names starting with anything else; each group by pinyin then id; only letters that have departments',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: z.array(departmentLetterGroup),
  }),
  details: defineCall({
    method: 'POST',
    path: path('details'),
    tag,
    summary: 'A department with its ancestors and how many sub-departments it has; 40400 when there is none of that id',
    permission: operation('department.view'),
    body: z.object({ id: fields.id }).strict(),
    data: departmentDetails,
  }),
  add: defineCall({
    method: 'POST',
    path: path('add'),
    tag,
    summary: `Adds a department under parent_id (${TOP_LEVEL_DEPARTMENT}: top level). An unknown parent is 40000 naming parent_id; an unknown head account 40000 naming head_account_id; a sibling of the same name 40900 naming name`,
    permission: operation('department.edit'),
    body: z.object({ name: departmentName, parent_id: parentId.default(TOP_LEVEL_DEPARTMENT), sort: departmentSort.default(0), head_account_id: headAccountId }).strict(),
    data: z.object({ id: z.number().int() }),
  }),
  edit: defineCall({
    method: 'POST',
    path: path('edit'),
    tag,
    summary: 'Renames and reorders a department and sets its head (left out: unchanged; an unknown account 40000 naming head_account_id); a sibling of the same name is 40900 naming name',
    permission: operation('department.edit'),
    body: z.object({ id: fields.id, name: departmentName, sort: departmentSort, head_account_id: headAccountId }).strict(),
    data: z.null(),
  }),
  move: defineCall({
    method: 'POST',
    path: path('move'),
    tag,
    summary:
      'Moves a department, with its sub-departments, under parent_id at sort. Under itself or one of its own sub-departments, or an unknown parent, is 40000 naming parent_id; a department of the same name already there is 40900 naming parent_id',
    permission: operation('department.edit'),
    body: z.object({ id: fields.id, parent_id: parentId, sort: departmentSort }).strict(),
    data: z.null(),
  }),
  delete: defineCall({
    method: 'POST',
    path: path('del'),
    tag,
    summary: 'Deletes a department; one with sub-departments or staff is 40900 and stays',
    permission: operation('department.edit'),
    body: z.object({ id: fields.id }).strict(),
    data: z.null(),
  }),
};

/** The department module's share of the contract (`contractModules`). */
export const departmentContract = defineContractModule({ name: 'department', calls: departmentCalls });
