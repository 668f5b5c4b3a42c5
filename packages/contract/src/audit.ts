import { z } from 'zod';
import { defineCall, fields, keysetPageOf, operation } from './call';
import type { Locale } from './errors';
import { operationCatalogue } from './operations';
import { defineContractModule } from './contract-module';
import type { Resource, ResourceField, Texts } from './resource';
import { dayRange } from './days';
import { said } from './refusals';

/**
 * 操作日志 (operation log): the audit log read back, never edited — who did what to which record, when, from where, with
 * the record before and after. Every write the server audits lands there, and so does every refusal of the access guard
 * (40300, `permission.denied`). Rules and decisions: docs/operation-log.md.
 */

type AnyResource = Resource<Record<string, ResourceField>>;

// ——— what the entries say ———

/** Actions written by hand-made modules, by name. Resources' actions and operation codes are named from their declarations. */
const NAMED_ACTIONS: Record<string, Texts> = {
  'permission.denied': { 'zh-CN': '无权限，已拒绝', 'en-US': 'Refused: no permission' },
  'grant.refused': { 'zh-CN': '授权超出本人权限，已拒绝', 'en-US': 'Refused: grant beyond own rights' },
  'staff.refused': { 'zh-CN': '管理员工超出本人权限，已拒绝', 'en-US': 'Refused: staff beyond own rights' },
  'staff.add': { 'zh-CN': '新增员工账号', 'en-US': 'Add a staff account' },
  'staff.edit': { 'zh-CN': '编辑员工账号', 'en-US': 'Edit a staff account' },
  'staff.password': { 'zh-CN': '设置员工密码', 'en-US': 'Set a staff password' },
  'staff.phone': { 'zh-CN': '修改本人手机号', 'en-US': 'Change own phone' },
  'staff.enable': { 'zh-CN': '启用员工账号', 'en-US': 'Enable a staff account' },
  'staff.disable': { 'zh-CN': '停用员工账号', 'en-US': 'Disable a staff account' },
  'staff.lock': { 'zh-CN': '锁定员工账号', 'en-US': 'Lock a staff account' },
  'staff.unlock': { 'zh-CN': '解锁员工账号', 'en-US': 'Unlock a staff account' },
  'user.lock': { 'zh-CN': '锁定用户', 'en-US': 'Lock a user' },
  'relevance.region.cities': { 'zh-CN': '设置大区城市', 'en-US': "Set a region's cities" },
  'field.definition.add': { 'zh-CN': '新增自定义字段', 'en-US': 'Add a custom field' },
  'field.definition.edit': { 'zh-CN': '编辑自定义字段', 'en-US': 'Edit a custom field' },
  'field.definition.delete': { 'zh-CN': '删除自定义字段', 'en-US': 'Delete a custom field' },
  'field.definition.sort': { 'zh-CN': '调整自定义字段顺序', 'en-US': 'Reorder custom fields' },
  'field.sample.add': { 'zh-CN': '保存试填记录', 'en-US': 'Save a form preview' },
  'field.sample.edit': { 'zh-CN': '编辑试填记录', 'en-US': 'Edit a form preview' },
  'field.sample.delete': { 'zh-CN': '删除试填记录', 'en-US': 'Delete a form preview' },
  'field.sample.export': { 'zh-CN': '导出试填记录', 'en-US': 'Export form previews' },
  'user.unlock': { 'zh-CN': '解锁用户', 'en-US': 'Unlock a user' },
  'user.verification.approve': { 'zh-CN': '通过实名认证', 'en-US': 'Approve a verification' },
  'user.verification.reject': { 'zh-CN': '驳回实名认证', 'en-US': 'Reject a verification' },
  'user.verification.document': { 'zh-CN': '查看实名认证证件', 'en-US': 'View an identity document' },
  'approval.flow.add': { 'zh-CN': '新增审批流程', 'en-US': 'Add an approval flow' },
  'approval.flow.edit': { 'zh-CN': '编辑审批流程', 'en-US': 'Edit an approval flow' },
  'approval.flow.delete': { 'zh-CN': '删除审批流程', 'en-US': 'Delete an approval flow' },
  'approval.submit': { 'zh-CN': '提交审批申请', 'en-US': 'Submit an approval request' },
  'approval.approve': { 'zh-CN': '审批通过', 'en-US': 'Approve a request' },
  'approval.reject': { 'zh-CN': '审批驳回', 'en-US': 'Reject a request' },
  'approval.withdraw': { 'zh-CN': '撤回审批申请', 'en-US': 'Withdraw a request' },
  'personnel.transfer': { 'zh-CN': '人员调岗', 'en-US': 'Transfer a staff member' },
  'department.add': { 'zh-CN': '新增部门', 'en-US': 'Add a department' },
  'department.edit': { 'zh-CN': '编辑部门', 'en-US': 'Edit a department' },
  'department.move': { 'zh-CN': '移动部门', 'en-US': 'Move a department' },
  'department.delete': { 'zh-CN': '删除部门', 'en-US': 'Delete a department' },
  'recruitment.lead.convert': { 'zh-CN': '线索转为员工', 'en-US': 'Convert a lead to a staff record' },
  'personnel.add': { 'zh-CN': '新增人员档案', 'en-US': 'Add a staff record' },
  'personnel.edit': { 'zh-CN': '编辑人员档案', 'en-US': 'Edit a staff record' },
  'personnel.status': { 'zh-CN': '变更人员状态', 'en-US': 'Change a staff record’s status' },
  'personnel.link_account': { 'zh-CN': '关联登录账号', 'en-US': 'Link a staff record to a sign-in account' },
  'personnel.delete': { 'zh-CN': '删除人员档案', 'en-US': 'Delete a staff record' },
  'personnel.export': { 'zh-CN': '导出人员档案', 'en-US': 'Export staff records' },
  'personnel.import': { 'zh-CN': '导入人员档案', 'en-US': 'Import staff records' },
  'finance.adjust.reject': { 'zh-CN': '驳回调账', 'en-US': 'Reject an adjustment' },
  'finance.withdraw.account_view': { 'zh-CN': '查看完整收款账号', 'en-US': 'Read a whole payout account' },
};

/** Records a target names as `<kind>:<id>`, other than resources' (`<module>.<thing>:<id>`); `users` is the whole user list. */
const NAMED_TARGETS: Record<string, Texts> = {
  user: { 'zh-CN': '用户', 'en-US': 'User' },
  users: { 'zh-CN': '全部用户', 'en-US': 'All users' },
  staff: { 'zh-CN': '员工', 'en-US': 'Staff' },
  role: { 'zh-CN': '角色', 'en-US': 'Role' },
  verification: { 'zh-CN': '实名认证', 'en-US': 'Verification' },
  audit_log: { 'zh-CN': '操作日志', 'en-US': 'Operation log' },
  'field.definition': { 'zh-CN': '自定义字段', 'en-US': 'Custom field' },
  'field.form': { 'zh-CN': '自定义字段表单', 'en-US': 'Custom field form' },
  'field.sample': { 'zh-CN': '试填记录', 'en-US': 'Form preview' },
  department: { 'zh-CN': '部门', 'en-US': 'Department' },
  personnel: { 'zh-CN': '人员档案', 'en-US': 'Staff record' },
  'approval.flow': { 'zh-CN': '审批流程', 'en-US': 'Approval flow' },
  'approval.request': { 'zh-CN': '审批申请', 'en-US': 'Approval request' },
  staff_records: { 'zh-CN': '全部人员档案', 'en-US': 'All staff records' },
  'finance.adjustment': { 'zh-CN': '调账', 'en-US': 'Adjustment' },
  'finance.withdrawal': { 'zh-CN': '提现', 'en-US': 'Withdrawal' },
};

const RESOURCE_VERBS = {
  add: { 'zh-CN': '新增', 'en-US': 'Add' },
  edit: { 'zh-CN': '编辑', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
} as const satisfies Record<string, Texts>;

/** `Case platform` → `case platform` inside an English sentence; an acronym (`LLM`) keeps its capitals. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

/** One action the log may hold, named; the resource it writes when it is a resource's. */
export interface AuditActionName {
  value: string;
  name: Texts;
  resource?: AnyResource;
}

/** One kind of target, named: a resource's records, users, staff … */
export interface AuditTargetKind {
  value: string;
  name: Texts;
  resource?: AnyResource;
}

/**
 * What the log's codes mean: every action and target kind the server writes, named in both languages. Built from the
 * hand-made modules' names, the declared resources (`新增案例平台`, their field labels) and the operation catalogue (an
 * action that is an operation code takes its name: `user.export` 导出用户). Both sides build it from `allResources`.
 */
export class AuditVocabulary {
  readonly actions: AuditActionName[];
  readonly targetKinds: AuditTargetKind[];
  private readonly byAction: Map<string, AuditActionName>;
  private readonly byKind: Map<string, AuditTargetKind>;

  constructor(resources: readonly AnyResource[]) {
    const actions = new Map<string, AuditActionName>();
    for (const [value, name] of Object.entries(NAMED_ACTIONS)) actions.set(value, { value, name });
    for (const resource of resources) {
      for (const verb of ['add', 'edit', 'delete', 'export'] as const) {
        if (!resource.operations[verb]) continue;
        const value = `${resource.module}.${resource.thing}.${verb}`;
        const name = {
          'zh-CN': `${RESOURCE_VERBS[verb]['zh-CN']}${resource.label['zh-CN']}`,
          'en-US': `${RESOURCE_VERBS[verb]['en-US']} ${inSentence(resource.label['en-US'])}`,
        };
        actions.set(value, { value, name, resource });
      }
    }
    for (const op of operationCatalogue) if (!actions.has(op.code)) actions.set(op.code, { value: op.code, name: { 'zh-CN': op.name, 'en-US': op.nameEn } });
    this.byAction = actions;
    this.actions = [...actions.values()];

    const kinds = new Map<string, AuditTargetKind>();
    for (const [value, name] of Object.entries(NAMED_TARGETS)) kinds.set(value, { value, name });
    for (const resource of resources) kinds.set(`${resource.module}.${resource.thing}`, { value: `${resource.module}.${resource.thing}`, name: resource.label, resource });
    this.byKind = kinds;
    this.targetKinds = [...kinds.values()];
  }

  /** The action's name; an action nobody named yet reads as its code. */
  actionName(action: string, locale: Locale): string {
    return this.byAction.get(action)?.name[locale] ?? action;
  }

  /** The resource an action writes, when it is a resource's add, edit or delete. */
  resourceOf(action: string): AnyResource | undefined {
    return this.byAction.get(action)?.resource;
  }

  /** `案例平台 #12` for `case.platform:12`; a target of no known kind (a refused call's `POST /api/…`) as it is. */
  targetName(target: string | null, locale: Locale): string {
    if (!target) return '';
    const { kind, id } = splitTarget(target);
    const known = this.byKind.get(kind);
    if (!known) return target;
    return id === null ? known.name[locale] : `${known.name[locale]} #${id}`;
  }

  /** A field's label in a record the action wrote: the resource's label for it, else the key. */
  fieldName(action: string, field: string, locale: Locale): string {
    const resource = this.resourceOf(action);
    return resource?.fields[field]?.label[locale] ?? field;
  }
}

/** A target `<kind>:<id>` in its parts; one without an id (`users`) is all kind. */
export function splitTarget(target: string): { kind: string; id: string | null } {
  const colon = target.lastIndexOf(':');
  return colon > 0 ? { kind: target.slice(0, colon), id: target.slice(colon + 1) } : { kind: target, id: null };
}

/** One field of a record before and after a write; `changed` when the two differ. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A write's record before and after (`detail.before`, `detail.after`), field by field in the record's own order: an add
 * has only `after`, a delete only `before`, an edit both. Empty when the entry holds no record.
 */
export function auditChanges(detail: Record<string, unknown> | null): AuditChange[] {
  const before = isRecord(detail?.before) ? detail.before : undefined;
  const after = isRecord(detail?.after) ? detail.after : undefined;
  if (!before && !after) return [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((field) => ({ field, before: before?.[field], after: after?.[field], changed: !sameValue(before?.[field], after?.[field]) }));
}

/** The entry's other details (a reason, a refused operation, an export's filter): everything but the record. */
export function auditExtras(detail: Record<string, unknown> | null): [string, unknown][] {
  return Object.entries(detail ?? {}).filter(([key]) => key !== 'before' && key !== 'after');
}

// ——— calls ———

/** An action code or a target kind: dotted lower-case words. */
const code = z.string().trim().min(1).max(80).regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/, said({ 'zh-CN': '须为形如 case.platform 的编码', 'en-US': 'expected a code such as case.platform' }));

/** What the log can be narrowed to; every field optional. */
export const auditFilter = z.object({
  /** Who: a staff number (exactly) or part of a staff name. */
  staff: fields.text(40).min(1).optional(),
  /** What: one or more action codes. */
  action: z.array(code).min(1).max(50).optional(),
  /** Which kind of record (`case.platform`, `user`, `staff` …). */
  target_kind: code.optional(),
  /** Which record of that kind (needs `target_kind`). */
  target_id: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/, said({ 'zh-CN': '须为记录 ID', 'en-US': 'expected a record id' })).optional(),
  /** When: days in the platform's time zone, both included. */
  time: dayRange.optional(),
  /** Words in the target, the IP or the details (the record before and after). */
  keyword: fields.text(50).min(1).optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;

export const AUDIT_PAGE_SIZE = 50;

export const auditEntry = z.object({
  id: z.number().int(),
  /** Null for what the server did on its own. */
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  staff_num: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The record's name at the time (its `name` after the write, else before), when it has one. */
  target_name: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditEntryDetails = auditEntry.extend({
  /** As recorded: `before` / `after` for writes, a reason, a refused operation … */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryDetails = z.infer<typeof auditEntryDetails>;

const tag = 'audit';

export const auditCalls = {
  logList: defineCall({
    method: 'POST',
    path: '/api/audit/log_list',
    tag,
    summary: 'The operation log, newest first, by staff, action, target, day range and keyword; keyset pages (pass next_cursor as cursor)',
    permission: operation('system.audit.view'),
    body: auditFilter
      .extend({
        limit: fields.limit.default(AUDIT_PAGE_SIZE),
        cursor: fields.cursor.optional(),
      })
      .strict(),
    data: keysetPageOf(auditEntry),
  }),
  logDetails: defineCall({
    method: 'POST',
    path: '/api/audit/log_details',
    tag,
    summary: 'One operation log entry with its details: the record before and after, a reason, a refused operation',
    permission: operation('system.audit.view'),
    body: z.object({ id: fields.id }).strict(),
    data: auditEntryDetails,
  }),
  logExport: defineCall({
    method: 'POST',
    path: '/api/audit/log_export',
    tag,
    summary:
      'Every entry matching the filter as an Excel workbook, streamed (blob answer), newest first. Headers: x-export-rows and ' +
      'x-export-estimated-bytes, for a progress bar.',
    permission: operation('system.audit.export'),
    body: auditFilter.strict(),
    data: z.null(),
    response: 'blob',
  }),
};

/** The audit module's share of the contract (`contractModules`). */
export const auditContract = defineContractModule({ name: 'audit', calls: auditCalls });
