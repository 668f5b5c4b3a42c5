import { z } from 'zod';
import { defineCall, fields, operation, pageOf, wholeNumber } from './call';
import { menuPaths } from './menu-tree';
import { operationCodes } from './operations';
import { said } from './refusals';
import { defineContractModule } from './contract-module';

export const powerKind = z.enum(['menu', 'operation']);

/** An entry of the function catalogue: a menu entry (with a path) or an operation (with a code). */
export interface PowerNode {
  id: number;
  pid: number;
  kind: 'menu' | 'operation';
  name: string;
  /** The name the en-US interface shows; empty: it shows `name`. */
  name_en: string;
  path: string;
  code: string;
  icon: string;
  sort: number;
  hidden: boolean;
  no_cache: boolean;
  children: PowerNode[];
}
export const powerNode: z.ZodType<PowerNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    pid: z.number(),
    kind: powerKind,
    name: z.string(),
    name_en: z.string(),
    path: z.string(),
    code: z.string(),
    icon: z.string(),
    sort: z.number(),
    hidden: z.boolean(),
    no_cache: z.boolean(),
    children: z.array(powerNode),
  }),
);

const productMenuPaths = new Set(menuPaths());

/**
 * The product's own entries — the menu tree's paths and the operation catalogue's codes — are what its screens and
 * calls are built on: they cannot be deleted (hide a menu instead), and their path or code does not change. Every
 * operation's code is fixed once made, since roles grant entries while calls check codes.
 */
export const isProductEntry = (entry: Pick<PowerNode, 'kind' | 'path' | 'code'>): boolean =>
  entry.kind === 'menu' ? productMenuPaths.has(entry.path) : operationCodes.has(entry.code);

const powerFields = {
  pid: wholeNumber(0, 2_147_483_647).default(0),
  name: fields.text(40).min(1),
  name_en: fields.text(60).default(''),
  path: z.string().trim().max(200).regex(/^(\/[A-Za-z0-9_-]+)*$/, said({ 'zh-CN': '须为形如 /section/page 的路径', 'en-US': 'expected a path like /section/page' })).default(''),
  code: z.string().trim().max(100).regex(/^([a-z_]+(\.[a-z_]+)+)?$/, said({ 'zh-CN': '须为形如 module.action 的编码', 'en-US': 'expected a code like module.action' })).default(''),
  icon: fields.text(60).default(''),
  sort: wholeNumber(0, 100_000).default(0),
  hidden: z.boolean().default(false),
  no_cache: z.boolean().default(false),
};

export const role = z.object({
  id: z.number(),
  name: z.string(),
  remark: z.string(),
  staff_count: z.number(),
  created_at: z.string(),
});
export type Role = z.infer<typeof role>;

const roleFields = { name: fields.text(40).min(1), remark: fields.text(200).default('') };

/** The function catalogue (menus and operations), roles and their grants. */
export const powerCalls = {
  particulars: defineCall({
    method: 'POST',
    path: '/api/power/powerparticulars',
    tag: 'power',
    summary: 'The whole function catalogue as a tree: menu entries and their operations',
    permission: operation('power.view'),
    data: z.object({ tree: z.array(powerNode) }),
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/power/poweradd',
    tag: 'power',
    summary: 'Add a menu entry (up to three levels) or an operation',
    permission: operation('power.edit'),
    body: z.object({ kind: powerKind, ...powerFields }),
    data: powerNode,
  }),
  edit: defineCall({
    method: 'POST',
    path: '/api/power/poweredit',
    tag: 'power',
    summary: 'Edit a catalogue entry; an operation’s code and the path of one of the product’s menus do not change',
    permission: operation('power.edit'),
    body: z.object({ id: fields.id, ...powerFields }),
    data: powerNode,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/api/power/powerdelete',
    tag: 'power',
    summary: 'Delete a catalogue entry without children that no role grants and that is not one of the product’s own',
    permission: operation('power.edit'),
    body: z.object({ id: fields.id }),
    data: z.null(),
  }),
  roleList: defineCall({
    method: 'POST',
    path: '/api/power/role_list',
    tag: 'power',
    summary: 'Roles with their staff counts',
    permission: operation('role.view'),
    body: z.object({ keyword: fields.text(40).optional(), page: fields.page, limit: fields.limit }),
    data: pageOf(role),
  }),
  roleAdd: defineCall({
    method: 'POST',
    path: '/api/power/role_add',
    tag: 'power',
    summary: 'Create a role',
    permission: operation('role.edit'),
    body: z.object(roleFields),
    data: role,
  }),
  roleEdit: defineCall({
    method: 'POST',
    path: '/api/power/role_edit',
    tag: 'power',
    summary: 'Rename a role or change its remark',
    permission: operation('role.edit'),
    body: z.object({ id: fields.id, ...roleFields }),
    data: role,
  }),
  roleDelete: defineCall({
    method: 'POST',
    path: '/api/power/role_delete',
    tag: 'power',
    summary: 'Delete a role no staff holds',
    permission: operation('role.edit'),
    body: z.object({ id: fields.id }),
    data: z.null(),
  }),
  roleGrants: defineCall({
    method: 'POST',
    path: '/api/power/role_grants',
    tag: 'power',
    summary: 'The catalogue entries a role grants, those the caller may grant, and the catalogue tree to show them in',
    permission: operation('role.view'),
    body: z.object({ id: fields.id }),
    // The tree comes with the grants, so staff who manage roles need not also hold power.view to see what they grant.
    data: z.object({ power_ids: z.array(z.number()), grantable_ids: z.array(z.number()), tree: z.array(powerNode) }),
  }),
  roleGrant: defineCall({
    method: 'POST',
    path: '/api/power/role_grant',
    tag: 'power',
    summary: 'Set the catalogue entries a role grants; only entries the caller holds may be granted',
    permission: operation('role.grant'),
    body: z.object({ id: fields.id, power_ids: z.array(fields.id).max(5000) }),
    data: z.object({ power_ids: z.array(z.number()) }),
  }),
};

/** The power module's share of the contract (`contractModules`). */
export const powerContract = defineContractModule({ name: 'power', calls: powerCalls });
