import {
  APPROVAL_KIND_NAMES,
  approvalKindKeys,
  codeName,
  dayInZone,
  PERSONNEL_APPROVAL_KINDS,
  personnelProcessCalls,
  STAFF_STATUS_NAMES,
  STAFF_TRANSITIONS,
  type PersonnelApprovalKind,
  type ResignRequestInput,
  type StaffPendingRequest,
  type StaffStatus,
  type TransferRequestInput,
} from '@juqi/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { AppError, Refusals } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService, type ApprovalKindHandler, type Principal } from '../../lib/http/types';
import { SettingsStore, type SettingValue } from '../../lib/settings/store';
import { assertMayManageLinked } from './linked-accounts';
import type { PersonnelService } from './service';

/** The payloads as the approval module stores them: what the request calls sent, defaults filled in. */
type ResignPayload = Omit<ResignRequestInput, 'staff_id'> & { handover_items: string[] };
type TransferPayload = Omit<TransferRequestInput, 'staff_id'>;

const actorOf = (principal: Principal | null, ip: string) => ({ staffId: principal!.staffId, ip });

/** The kinds of request about a staff record, as the contract declares them. */
const PERSONNEL_KINDS = approvalKindKeys(PERSONNEL_APPROVAL_KINDS);

/** What the processes add to a staff record's answer. */
export interface PersonnelProcesses {
  /** The record's requests waiting for approval, oldest first. */
  pendingAbout(staffId: number): Promise<StaffPendingRequest[]>;
}

/**
 * The personnel processes (docs/approvals.md › Personnel processes): their settings, the request calls, and the kinds
 * `resign` and `transfer` registered on the approval module, which check a request and apply it once approved.
 */
export function registerPersonnelProcesses(app: FastifyInstance, service: PersonnelService, resignationCommitted: (leavingDate: string) => Promise<void>): PersonnelProcesses {
  const db = app.database.db;
  const store = new SettingsStore(db);
  const approvals = lazyService(app.access, 'approvals', 'approval');
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const accounts = lazyService(app.access, 'accounts', 'auth');
  const lookups = app.access.lookups;

  /** The live record a request is about: in office and not leaving already (40000 naming staff_id otherwise). */
  async function subjectOf(staffId: number, tx: Executor) {
    const record = await service.records.get(staffId, tx);
    if (!record) throw AppError.invalid('staff_id', { 'zh-CN': `人员档案 ${staffId} 不存在`, 'en-US': `no staff record ${staffId}` });
    if (!STAFF_TRANSITIONS[record.status as StaffStatus].includes('resigning'))
      throw AppError.invalid('staff_id', { 'zh-CN': `该人员为“${codeName(STAFF_STATUS_NAMES, record.status, 'zh-CN')}”，不在职`, 'en-US': `the staff record is ${record.status}, not in office` });
    return record;
  }

  const resign: ApprovalKindHandler = {
    async check(subjectId, payload, tx) {
      const { reason, handover_items: items, leaving_date: leavingDate } = payload as ResignPayload;
      const settings = await store.get('personnel_resign', tx);
      const refusals = new Refusals();
      if (!settings.reasons.includes(reason)) refusals.add('reason', { 'zh-CN': `不是离职设置中的原因：${reason}`, 'en-US': `not a reason of the resignation settings: ${reason}` });
      const unknown = items.find((item) => !settings.handover_items.includes(item));
      if (unknown !== undefined) refusals.add('handover_items', { 'zh-CN': `不是交接清单中的事项：${unknown}`, 'en-US': `not an item of the handover checklist: ${unknown}` });
      refusals.throwIfAny();
      const record = await subjectOf(subjectId, tx);
      return { subjectName: record.name, departmentId: record.departmentId, summary: `离职日期 ${leavingDate} · ${reason}` };
    },
    flowId: async (tx) => (await store.get('personnel_resign', tx)).flow_id,
    async apply(request, tx) {
      const { leaving_date: leavingDate, reason } = request.payload as ResignPayload;
      const today = dayInZone((await store.get('system', tx)).time_zone);
      await service.changeStatusApproved({ ids: [request.subjectId], status: 'resigning', leaving_date: leavingDate, reason: `离职申请 #${request.id}：${reason}` }, request.approver, tx, today);
    },
    // The leaving-date job, as for a resignation set by a status change (docs/personnel.md › Leaving date).
    applied: (request) => resignationCommitted((request.payload as ResignPayload).leaving_date),
  };

  const transfer: ApprovalKindHandler = {
    async check(subjectId, payload, tx) {
      const { type, department_id: departmentId, post, effective_date: effectiveDate } = payload as TransferPayload;
      const settings = await store.get('personnel_transfer', tx);
      const refusals = new Refusals();
      if (!settings.types.includes(type)) refusals.add('type', { 'zh-CN': `不是调岗设置中的类型：${type}`, 'en-US': `not a transfer type of the settings: ${type}` });
      const record = await subjectOf(subjectId, tx);
      const departments = await lookups.namesOf('department', [departmentId, ...(record.departmentId === null ? [] : [record.departmentId])], tx);
      if (!departments.has(departmentId)) refusals.add('department_id', { 'zh-CN': `部门 ${departmentId} 不存在`, 'en-US': `no department ${departmentId}` });
      else if (departmentId === record.departmentId && (post || null) === record.post)
        refusals.add('department_id', { 'zh-CN': '部门和岗位与该员工现在的相同', 'en-US': 'the department and post are the ones the staff member has' });
      refusals.throwIfAny();
      const place = (id: number | null, title: string | null) => [id === null ? '无部门' : departments.get(id), title].filter(Boolean).join(' / ');
      return {
        subjectName: record.name,
        departmentId: record.departmentId,
        summary: `${type} · ${place(record.departmentId, record.post)} → ${place(departmentId, post || null)} · 生效日期 ${effectiveDate}`,
      };
    },
    flowId: async (tx) => (await store.get('personnel_transfer', tx)).flow_id,
    async apply(request, tx) {
      const { type, department_id: departmentId, post, effective_date: effectiveDate } = request.payload as TransferPayload;
      const reason = `调岗申请 #${request.id}：${type}，生效日期 ${effectiveDate}`;
      await service.transfer(request.subjectId, { department_id: departmentId, post: post || null }, reason, request.approver, tx);
    },
  };

  approvals.register('resign', resign);
  approvals.register('transfer', transfer);

  /** A process's settings with the chosen flow's name. */
  async function settingsOf<K extends 'personnel_resign' | 'personnel_transfer'>(key: K): Promise<SettingValue<K> & { flow_name: string | null }> {
    const settings = await store.get(key);
    return { ...settings, flow_name: settings.flow_id === null ? null : await approvals.flowName(settings.flow_id) };
  }

  /** Saves a process's settings, its flow one serving the process (40000 naming flow_id), audited with before and after. */
  async function saveSettings<K extends 'personnel_resign' | 'personnel_transfer'>(key: K, kind: PersonnelApprovalKind, value: SettingValue<K>, principal: Principal | null, ip: string) {
    if (value.flow_id !== null && !(await approvals.flowServes(value.flow_id, kind)))
      throw AppError.invalid('flow_id', { 'zh-CN': `审批流程 ${value.flow_id} 不用于${APPROVAL_KIND_NAMES[kind]['zh-CN']}`, 'en-US': `flow ${value.flow_id} is not a ${kind} flow` });
    await db.transaction(async (tx) => {
      const before = await store.get(key, tx);
      const after = await store.set(key, value, tx);
      await recordAudit(tx, { staffId: principal!.staffId, action: `personnel.${kind}.edit`, target: `settings:${key}`, detail: { before, after }, ip });
    });
    return null;
  }

  /** A date a request sets (leaving, taking effect) may not have passed by the platform's today. */
  async function assertNotPast(field: 'leaving_date' | 'effective_date', day: string): Promise<void> {
    if (day < dayInZone(await timeZone.current())) throw AppError.invalid(field, { 'zh-CN': `日期已过：${day}`, 'en-US': `the date has passed: ${day}` });
  }

  route(app, personnelProcessCalls.resignSettings, () => settingsOf('personnel_resign'));
  route(app, personnelProcessCalls.transferSettings, () => settingsOf('personnel_transfer'));
  route(app, personnelProcessCalls.resignSettingsSave, ({ body, principal, request }) => saveSettings('personnel_resign', 'resign', body, principal, request.ip));
  route(app, personnelProcessCalls.transferSettingsSave, ({ body, principal, request }) => saveSettings('personnel_transfer', 'transfer', body, principal, request.ip));

  route(app, personnelProcessCalls.resignRequest, async ({ body, principal, request }) => {
    await assertNotPast('leaving_date', body.leaving_date);
    // Asking for a resignation asks for the linked account to be disabled on the leaving date: the requester is held
    // to the grant ceiling over it, as staff_status holds a manager. The approval is applied inside the approval's
    // transaction, where the auth module's check cannot run on PGlite's one connection.
    const subject = await service.records.get(body.staff_id);
    if (subject) await assertMayManageLinked(accounts, [subject], principal!, 'personnel.resign_request');
    const { staff_id: subjectId, ...payload } = body;
    const handover = payload.handover_items ?? (await store.get('personnel_resign')).handover_items;
    return approvals.submit({ kind: 'resign', subjectId, payload: { ...payload, handover_items: handover } }, actorOf(principal, request.ip));
  });
  route(app, personnelProcessCalls.transferRequest, async ({ body, principal, request }) => {
    await assertNotPast('effective_date', body.effective_date);
    const { staff_id: subjectId, ...payload } = body;
    return approvals.submit({ kind: 'transfer', subjectId, payload }, actorOf(principal, request.ip));
  });

  return {
    async pendingAbout(staffId) {
      const requests = await approvals.pendingAbout(PERSONNEL_KINDS, staffId);
      return requests.map(({ createdAt, ...request }) => ({ ...request, kind: request.kind as PersonnelApprovalKind, created_at: createdAt.toISOString() }));
    },
  };
}
