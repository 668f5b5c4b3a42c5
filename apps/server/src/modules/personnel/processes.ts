import {
  dayInZone,
  personnelProcessCalls,
  STAFF_TRANSITIONS,
  type ApprovalKind,
  type ResignRequestInput,
  type StaffStatus,
  type TransferRequestInput,
} from '@juqi/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService, type ApprovalKindHandler, type Principal } from '../../lib/http/types';
import { SettingsStore, type SettingValue } from '../../lib/settings/store';
import { assertMayManageLinked } from './linked-accounts';
import type { PersonnelService } from './service';

/** The payloads as the approval module stores them: what the request calls sent, defaults filled in. */
type ResignPayload = Omit<ResignRequestInput, 'staff_id'> & { handover_items: string[] };
type TransferPayload = Omit<TransferRequestInput, 'staff_id'>;

const actorOf = (principal: Principal | null, ip: string) => ({ staffId: principal!.staffId, ip });

/**
 * The personnel processes (docs/approvals.md › Personnel processes): their settings, the request calls, and the kinds
 * `resign` and `transfer` registered on the approval module, which check a request and apply it once approved.
 */
export function registerPersonnelProcesses(app: FastifyInstance, service: PersonnelService, resignationCommitted: (leavingDate: string) => Promise<void>): void {
  const db = app.database.db;
  const store = new SettingsStore(db);
  const approvals = lazyService(app.access, 'approvals', 'approval');
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const accounts = lazyService(app.access, 'accounts', 'auth');
  const lookups = app.access.lookups;

  /** The live record a request is about: in office and not leaving already (40000 naming staff_id otherwise). */
  async function subjectOf(staffId: number, tx: Executor) {
    const record = await service.records.get(staffId, tx);
    if (!record) throw AppError.invalid('staff_id', `no staff record ${staffId}`);
    if (!STAFF_TRANSITIONS[record.status as StaffStatus].includes('resigning')) throw AppError.invalid('staff_id', `the staff record is ${record.status}, not in office`);
    return record;
  }

  const resign: ApprovalKindHandler = {
    async check(subjectId, payload, tx) {
      const { reason, handover_items: items, leaving_date: leavingDate } = payload as ResignPayload;
      const settings = await store.get('personnel_resign', tx);
      if (!settings.reasons.includes(reason)) throw AppError.invalid('reason', `not a reason of the resignation settings: ${reason}`);
      const unknown = items.find((item) => !settings.handover_items.includes(item));
      if (unknown !== undefined) throw AppError.invalid('handover_items', `not an item of the handover checklist: ${unknown}`);
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
      if (!settings.types.includes(type)) throw AppError.invalid('type', `not a transfer type of the settings: ${type}`);
      const record = await subjectOf(subjectId, tx);
      const departments = await lookups.namesOf('department', [departmentId, ...(record.departmentId === null ? [] : [record.departmentId])], tx);
      if (!departments.has(departmentId)) throw AppError.invalid('department_id', `no department ${departmentId}`);
      if (departmentId === record.departmentId && (post || null) === record.post) throw AppError.invalid('department_id', 'the department and post are the ones the staff member has');
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
  async function saveSettings<K extends 'personnel_resign' | 'personnel_transfer'>(key: K, kind: ApprovalKind, value: SettingValue<K>, principal: Principal | null, ip: string) {
    if (value.flow_id !== null && !(await approvals.flowServes(value.flow_id, kind))) throw AppError.invalid('flow_id', `flow ${value.flow_id} is not a ${kind} flow`);
    await db.transaction(async (tx) => {
      const before = await store.get(key, tx);
      const after = await store.set(key, value, tx);
      await recordAudit(tx, { staffId: principal!.staffId, action: `personnel.${kind}.edit`, target: `settings:${key}`, detail: { before, after }, ip });
    });
    return null;
  }

  /** A date a request sets (leaving, taking effect) may not have passed by the platform's today. */
  async function assertNotPast(field: 'leaving_date' | 'effective_date', day: string): Promise<void> {
    if (day < dayInZone(await timeZone.current())) throw AppError.invalid(field, `the date has passed: ${day}`);
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
}
