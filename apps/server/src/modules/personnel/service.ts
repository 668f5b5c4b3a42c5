import {
  codeName,
  maskIdCardNumber,
  STAFF_STATUS_NAMES,
  STAFF_TRANSITIONS,
  dayInZone,
  type AddressBookEntry,
  type StaffRecordAccount,
  type StaffAddInput,
  type StaffDetails,
  type StaffEditInput,
  type StaffFindFilter,
  type StaffHistoryEntry,
  type StaffLetterGroup,
  type StaffRow,
  type StaffStatus,
  type StaffStatusInput,
} from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Db, Executor } from '../../lib/db/client';
import { isUniqueViolation, violatedConstraint } from '../../lib/db/errors';
import { AppError, Refusals } from '../../lib/errors';
import type { AccessServices, AccountDirectory, Principal, TimeZoneSource } from '../../lib/http/types';
import type { LookupRegistry } from '../../lib/lookups';
import { initialsOf, letterGroups, letterOf, spelledOf } from '../../lib/pinyin';
import { PersonnelForm } from './form';
import { recordIdCardRead, type IdCardAccess } from './id-cards';
import { assertLinksChecked, assertMayManageLinked, linkChangedMeanwhile, reachesAccount } from './linked-accounts';
import { PersonnelRepository, type ListedStaff, type NewStaffRecord, type StaffRecord } from './repository';

/** Who changed something, for the history and the audit log. */
export interface Actor {
  staffId: number;
  ip: string;
}

/**
 * The signed-in staff behind a call: the actor of its history and audit, the principal the grant ceiling over linked
 * accounts is checked against, and whether whole identity card numbers are theirs to use.
 */
export interface Caller extends Actor {
  principal: Principal;
  idCards: IdCardAccess;
}

/** How long probation runs when a hire sets no end (docs/personnel.md › States). */
export const PROBATION_MONTHS = 3;

/** The name with its pinyin columns, read as a person's name (surname first). */
export const namedValues = (name: string) => ({
  name,
  namePinyin: spelledOf(name, { person: true }),
  nameInitials: initialsOf(name, { person: true }),
  nameLetter: letterOf(name, { person: true }),
});

/** `YYYY-MM-DD` plus whole months, the day kept or clamped to the month's last (11-30 + 3 → 02-28). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** What history and audit keep of a record: every property, the identity card masked. */
export function snapshot(row: StaffRecord): Record<string, unknown> {
  return {
    name: row.name,
    gender: row.gender,
    id_card: row.idCard === null ? null : maskIdCardNumber(row.idCard),
    mobile: row.mobile,
    email: row.email,
    company_id: row.companyId,
    department_id: row.departmentId,
    post: row.post,
    status: row.status,
    report_time: row.reportTime,
    probation_end: row.probationEnd,
    contract_start: row.contractStart,
    contract_end: row.contractEnd,
    leaving_date: row.leavingDate,
    emergency_contact: row.emergencyContact,
    emergency_mobile: row.emergencyMobile,
    extra: row.extra,
  };
}

/**
 * The values with who set the leaving date, when they change it (cleared with it): the leaving job's audit entry names
 * that staff (docs/personnel.md › Leaving date).
 */
export function withLeavingSetter(values: Partial<NewStaffRecord>, before: StaffRecord | undefined, staffId: number | null): Partial<NewStaffRecord> {
  if (values.leavingDate === undefined || values.leavingDate === (before?.leavingDate ?? null)) return values;
  return { ...values, leavingSetBy: values.leavingDate === null ? null : staffId };
}

/**
 * Refuses a staff without personnel.id_card.view who would write an identity card number: give a record one, or
 * change or clear the one it holds (they see it masked). Sending none, or null for a record without one, writes
 * nothing. The refusal depends only on what the staff sees, never on whether a number is on file.
 */
async function assertMayWriteIdCard(access: IdCardAccess, sent: string | null | undefined, stored: string | null): Promise<void> {
  if (access.allowed || sent === undefined || (sent === null && stored === null)) return;
  await access.refuse('id_card');
}

/** The properties that differ between two snapshots, before and after. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>): { from: Record<string, unknown>; to: Record<string, unknown> } {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    from[key] = before[key];
    to[key] = after[key];
  }
  return { from, to };
}

/** The record's properties a form sends, as columns; a property left out is not in the answer. */
export function columnsOf(input: Omit<StaffEditInput, 'id' | 'extra'>): Partial<NewStaffRecord> {
  const values: Partial<NewStaffRecord> = {};
  const set = <K extends keyof NewStaffRecord>(key: K, value: NewStaffRecord[K] | undefined) => {
    if (value !== undefined) values[key] = value;
  };
  if (input.name !== undefined) Object.assign(values, namedValues(input.name));
  set('gender', input.gender);
  set('idCard', input.id_card);
  set('mobile', input.mobile);
  set('email', input.email);
  set('companyId', input.company_id);
  set('departmentId', input.department_id);
  set('post', input.post === '' ? null : input.post);
  set('reportTime', input.report_time);
  set('probationEnd', input.probation_end);
  set('contractStart', input.contract_start);
  set('contractEnd', input.contract_end);
  set('leavingDate', input.leaving_date);
  set('emergencyContact', input.emergency_contact === '' ? null : input.emergency_contact);
  set('emergencyMobile', input.emergency_mobile);
  return values;
}

const UNIQUE_COLUMNS: Record<string, { field: string; text: { 'zh-CN': string; 'en-US': string } }> = {
  personnel_staff_id_card_key: { field: 'id_card', text: { 'zh-CN': '该身份证号已被其他人员使用', 'en-US': 'Another staff record has this identity card number' } },
  personnel_staff_mobile_key: { field: 'mobile', text: { 'zh-CN': '该手机号已被其他人员使用', 'en-US': 'Another staff record has this mobile number' } },
  personnel_staff_account_key: { field: 'account_id', text: { 'zh-CN': '该登录账号已关联其他人员', 'en-US': 'Another staff record is linked to this sign-in account' } },
};
const taken = (constraint: string) => {
  const clash = UNIQUE_COLUMNS[constraint]!;
  return AppError.conflict(clash.text, clash.field);
};

const toRow = (row: ListedStaff): StaffRow => ({
  id: row.id,
  name: row.name,
  gender: row.gender as StaffRow['gender'],
  id_card: row.idCard === null ? null : maskIdCardNumber(row.idCard),
  mobile: row.mobile,
  company_id: row.companyId,
  company_name: row.companyName,
  department_id: row.departmentId,
  department_name: row.departmentName,
  post: row.post,
  status: row.status as StaffStatus,
  report_time: row.reportTime,
  probation_end: row.probationEnd,
  created_at: row.createdAt.toISOString(),
});

const toAddressBookEntry = (row: ListedStaff): AddressBookEntry => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  email: row.email,
  department_id: row.departmentId,
  department_name: row.departmentName,
  post: row.post,
  status: row.status as StaffStatus,
});

/** A resignation's leaving date may not have passed (the platform's today). */
function assertLeavingDateAhead(input: StaffStatusInput, today: string): void {
  if (input.leaving_date !== undefined && input.leaving_date < today)
    throw AppError.invalid('leaving_date', { 'zh-CN': `不能早于今天（${today}）`, 'en-US': `must not be before today (${today})` });
}

/** Staff records (docs/personnel.md): written with their history, states moved by the state machine, soft-deleted. */
export class PersonnelService {
  readonly records: PersonnelRepository;
  private readonly form: PersonnelForm;

  constructor(
    private readonly db: Db,
    fields: NonNullable<AccessServices['fields']>,
    private readonly timeZone: TimeZoneSource,
    private readonly lookups: LookupRegistry,
    private readonly accounts: AccountDirectory,
    clock: Clock,
  ) {
    this.records = new PersonnelRepository(db, clock);
    this.form = new PersonnelForm(fields);
  }

  async findPage(filter: StaffFindFilter, pageNo: number, pageSize: number, caller: Caller): Promise<{ count: number; data: StaffRow[] }> {
    await this.searchedByIdCard(filter, caller, 'findPage');
    const { count, rows } = await this.records.findPage(filter, pageNo * pageSize, pageSize);
    return { count, data: rows.map(toRow) };
  }

  /**
   * A filter by identity card (findPage's, the export's) tells whether the number is on file: only for holders of
   * personnel.id_card.view (40300 naming idCard otherwise, recorded), and each such search is a read of that number,
   * audited with the record holding it (none: `staff_records`).
   */
  async searchedByIdCard(filter: StaffFindFilter, caller: Caller, via: string): Promise<void> {
    if (!filter.idCard) return;
    if (!caller.idCards.allowed) await caller.idCards.refuse('idCard');
    const holder = await this.records.holderOf('idCard', filter.idCard.toUpperCase(), undefined, this.db);
    await recordIdCardRead(this.db, { staffId: caller.staffId, ip: caller.ip, recordId: holder, via, searched: filter.idCard.toUpperCase() });
  }

  /**
   * The whole record; its whole identity card only to holders of personnel.id_card.view, each such answer audited. Its
   * pending requests are the processes' to add.
   */
  async details(id: number, caller: Caller): Promise<Omit<StaffDetails, 'pending_requests'>> {
    const row = await this.records.getListed(id);
    if (!row) throw AppError.notFound();
    const masked = !caller.idCards.allowed && row.idCard !== null;
    if (row.idCard !== null && !masked) await recordIdCardRead(this.db, { staffId: caller.staffId, ip: caller.ip, recordId: id, via: 'staff_details' });
    return {
      ...toRow(row),
      id_card: masked ? maskIdCardNumber(row.idCard!) : row.idCard,
      id_card_masked: masked,
      email: row.email,
      contract_start: row.contractStart,
      contract_end: row.contractEnd,
      leaving_date: row.leavingDate,
      emergency_contact: row.emergencyContact,
      emergency_mobile: row.emergencyMobile,
      account_id: row.accountId,
      account: await this.linkedAccount(row.accountId),
      extra: row.extra,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** A signed-in staff's new record (staff_add): an identity card only from holders of personnel.id_card.view. */
  async add(input: StaffAddInput, caller: Caller): Promise<{ id: number }> {
    await assertMayWriteIdCard(caller.idCards, input.id_card, null);
    return this.addRecord(input, caller);
  }

  /** A record added by another module's act (recruitment's conversion) in its transaction, in a savepoint of it. */
  addWithin(input: StaffAddInput, actor: Actor, within: Executor): Promise<{ id: number }> {
    return this.addRecord(input, actor, within);
  }

  private async addRecord(input: StaffAddInput, actor: Actor, within?: Executor): Promise<{ id: number }> {
    const { extra, status, ...properties } = input;
    const columns = withLeavingSetter({ ...columnsOf(properties), status }, undefined, actor.staffId) as NewStaffRecord;
    return this.write(async (tx) => {
      await this.checkPlacement(columns, tx);
      await this.checkUniqueColumns(columns, undefined, tx);
      const values = { ...columns, extra: await this.form.checked(columns, extra, {}, undefined, tx) };
      const row = await this.records.insert(values, tx);
      const after = snapshot(row);
      await this.records.addHistory([{ staffRecordId: row.id, action: 'add', to: after, byStaffId: actor.staffId }], tx);
      await recordAudit(tx, { staffId: actor.staffId, action: 'personnel.add', target: `personnel:${row.id}`, detail: { after }, ip: actor.ip });
      return { id: row.id };
    }, within);
  }

  /**
   * Changes the properties sent. A staff without personnel.id_card.view writes no identity card; a new leaving date of
   * a record linked to an account decides when the leaving job disables it, so it needs the grant ceiling over that
   * account. Both are checked on the record read before the transaction. Answers the new leaving date when the edit
   * set one, for the leaving job to be due on it.
   */
  async edit({ id, extra, ...properties }: StaffEditInput, caller: Caller): Promise<string | null> {
    const current = await this.records.get(id);
    if (!current) throw AppError.notFound();
    await assertMayWriteIdCard(caller.idCards, properties.id_card, current.idCard);
    const movesLeavingDate = (record: StaffRecord) => properties.leaving_date !== undefined && properties.leaving_date !== record.leavingDate;
    const checked = await assertMayManageLinked(this.accounts, movesLeavingDate(current) ? [current] : [], caller.principal, 'personnel.edit');
    return this.write(async (tx) => {
      const [before] = await this.records.someForUpdate([id], tx);
      if (!before) throw AppError.notFound();
      if (movesLeavingDate(before)) assertLinksChecked([before], checked);
      const columns = withLeavingSetter(columnsOf(properties), before, caller.staffId);
      const merged = { ...before, ...columns };
      await this.checkPlacement(columns, tx);
      await this.checkUniqueColumns(columns, id, tx);
      const checkedExtra = await this.form.checked(merged, extra ?? {}, before.extra, id, tx);
      const row = await this.records.update(id, { ...columns, extra: checkedExtra }, tx);
      const { from, to } = changes(snapshot(before), snapshot(row));
      if (!Object.keys(to).length) return null;
      await this.records.addHistory([{ staffRecordId: id, action: 'edit', from, to, byStaffId: caller.staffId }], tx);
      await recordAudit(tx, { staffId: caller.staffId, action: 'personnel.edit', target: `personnel:${id}`, detail: { before: from, after: to }, ip: caller.ip });
      return movesLeavingDate(before) ? row.leavingDate : null;
    });
  }

  /**
   * A manager's change of state (staff_status). A move that resigns a record linked to a sign-in account, or sets or
   * clears its leaving date, disables or spares that account (now, or through the leaving job): it needs the grant
   * ceiling over the account, as disabling it directly does (40300, recorded as `staff.refused`, nothing changed).
   */
  async changeStatus(input: StaffStatusInput, caller: Caller): Promise<void> {
    const today = dayInZone(await this.timeZone.current());
    assertLeavingDateAhead(input, today);
    const current = await this.records.some(input.ids);
    const reaching = current.filter((row) => reachesAccount(row.status as StaffStatus, input.status));
    const checked = await assertMayManageLinked(this.accounts, reaching, caller.principal, 'personnel.status');
    await this.records.transaction((tx) => this.moveAll(input, caller, today, tx, checked));
  }

  /**
   * An approved resignation, in the final approval's transaction with today read there. Its requester was held to the
   * grant ceiling over the linked account when submitting it (processes.ts).
   */
  async changeStatusApproved(input: StaffStatusInput, actor: Actor, tx: Executor, today: string): Promise<void> {
    assertLeavingDateAhead(input, today);
    await tx.transaction((inner) => this.moveAll(input, actor, today, inner));
  }

  /**
   * Moves every record to `status`, or none: one move the states do not allow refuses them all. `checked`: the accounts
   * the manager was checked for; a move reaching another (linked meanwhile) is 40900.
   */
  private async moveAll(input: StaffStatusInput, actor: Actor, today: string, tx: Executor, checked?: ReadonlySet<number>): Promise<void> {
    const ids = [...new Set(input.ids)];
    const rows = await this.records.someForUpdate(ids, tx);
    if (rows.length !== ids.length) throw AppError.notFound();
    const refused = rows.find((row) => !STAFF_TRANSITIONS[row.status as StaffStatus].includes(input.status));
    if (refused) {
      const [from, to] = [refused.status, input.status].map((status) => codeName(STAFF_STATUS_NAMES, status, 'zh-CN'));
      throw AppError.invalid('status', { 'zh-CN': `人员档案 ${refused.id} 不能从“${from}”变为“${to}”`, 'en-US': `staff record ${refused.id} cannot go from ${refused.status} to ${input.status}` });
    }
    if (checked) assertLinksChecked(rows.filter((row) => reachesAccount(row.status as StaffStatus, input.status)), checked);
    for (const before of rows) {
      const values: Partial<NewStaffRecord> = { status: input.status };
      if (before.status === 'candidate' && input.status === 'probation') {
        const reportTime = before.reportTime ?? today;
        values.reportTime = reportTime;
        values.probationEnd = before.probationEnd ?? addMonths(reportTime, PROBATION_MONTHS);
      }
      if (input.status === 'resigning') values.leavingDate = input.leaving_date ?? before.leavingDate;
      // A resignation withdrawn has no leaving day any more.
      if (before.status === 'resigning' && input.status !== 'resigned') values.leavingDate = null;
      if (input.status === 'resigned') values.leavingDate = before.leavingDate ?? today;
      await this.move(before, withLeavingSetter(values, before, actor.staffId), input.reason ?? null, actor, tx);
    }
  }

  /**
   * The leaving job's work (docs/personnel.md › Leaving date): every resigning record whose leaving date is `today` or
   * past becomes resigned, by the system, and its linked account stops signing in. Running it again changes nothing.
   * The history's reason and both audit entries (the record's and the account's) name who set the leaving date.
   */
  async leaveDue(today: string): Promise<number> {
    return this.records.transaction(async (tx) => {
      const due = await this.records.dueToLeave(today, tx);
      const setters = await this.lookups.namesOf('staff', due.flatMap((row) => (row.leavingSetBy === null ? [] : [row.leavingSetBy])), tx);
      for (const before of due) {
        const setBy = before.leavingSetBy;
        const reason = `离职日期 ${before.leavingDate} 已到${setBy === null ? '' : `（由 ${setters.get(setBy) ?? `#${setBy}`} 设置）`}`;
        await this.move(before, { status: 'resigned' }, reason, null, tx, { leaving_set_by: setBy });
      }
      return due.length;
    });
  }

  /**
   * One record's change of state with its history row and audit entry (with `detail` added); `actor` null for the
   * system. Reaching `resigned` disables the linked sign-in account and ends its sessions in the same transaction.
   */
  private async move(before: StaffRecord, values: Partial<NewStaffRecord>, reason: string | null, actor: Actor | null, tx: Executor, detail: Record<string, unknown> = {}): Promise<void> {
    const row = await this.records.update(before.id, values, tx);
    const { from, to } = changes(snapshot(before), snapshot(row));
    const staffId = actor?.staffId ?? null;
    await this.records.addHistory([{ staffRecordId: before.id, action: 'status', from, to, reason, byStaffId: staffId }], tx);
    await recordAudit(tx, {
      staffId,
      action: 'personnel.status',
      target: `personnel:${before.id}`,
      detail: { before: from, after: to, ...(reason ? { reason } : {}), ...detail },
      ip: actor?.ip,
    });
    if (row.status === 'resigned' && row.accountId !== null) await this.accounts.disable(row.accountId, reason ?? `人员档案 #${row.id} 已离职`, tx);
  }

  /**
   * Links the record to a sign-in account, or unlinks it (null). The linker must hold every grant of each account whose
   * link changes (the grant ceiling, checked before the transaction: on PGlite's one connection the auth module's
   * queries would wait for it); the partial unique index settles a race for the same account (40900 naming account_id).
   */
  async linkAccount(input: { id: number; account_id: number | null }, caller: Caller): Promise<void> {
    const record = await this.records.get(input.id);
    if (!record) throw AppError.notFound();
    if (record.accountId === input.account_id) return;
    if (input.account_id !== null && !(await this.accounts.summaries([input.account_id])).has(input.account_id)) {
      throw AppError.invalid('account_id', { 'zh-CN': `登录账号 ${input.account_id} 不存在`, 'en-US': `no sign-in account ${input.account_id}` });
    }
    await assertMayManageLinked(this.accounts, [record, { accountId: input.account_id }], caller.principal, 'personnel.link_account');
    await this.write(async (tx) => {
      const [before] = await this.records.someForUpdate([input.id], tx);
      if (!before) throw AppError.notFound();
      // The ceiling was checked over the account linked when the call began.
      if (before.accountId !== record.accountId) throw linkChangedMeanwhile();
      if (input.account_id !== null && (await this.records.holderOf('accountId', input.account_id, input.id, tx)) !== undefined) throw taken('personnel_staff_account_key');
      await this.records.update(input.id, { accountId: input.account_id }, tx);
      const from = { account_id: before.accountId };
      const to = { account_id: input.account_id };
      await this.records.addHistory([{ staffRecordId: input.id, action: 'edit', from, to, byStaffId: caller.staffId }], tx);
      await recordAudit(tx, { staffId: caller.staffId, action: 'personnel.link_account', target: `personnel:${input.id}`, detail: { before: from, after: to }, ip: caller.ip });
    });
  }

  private async linkedAccount(accountId: number | null): Promise<StaffRecordAccount | null> {
    if (accountId === null) return null;
    const account = (await this.accounts.summaries([accountId])).get(accountId);
    return account ? { id: account.id, staff_num: account.staffNum, name: account.name, status: account.status } : null;
  }

  /** Moves a record to another department and post (an approved transfer) in the caller's transaction, with a history row giving the reason. */
  async transfer(id: number, placement: { department_id: number | null; post: string | null }, reason: string, actor: Actor, tx: Executor): Promise<void> {
    const [before] = await this.records.someForUpdate([id], tx);
    if (!before) throw AppError.notFound();
    const columns = columnsOf(placement);
    await this.checkPlacement(columns, tx);
    const row = await this.records.update(id, columns, tx);
    const { from, to } = changes(snapshot(before), snapshot(row));
    if (!Object.keys(to).length) return;
    await this.records.addHistory([{ staffRecordId: id, action: 'edit', from, to, reason, byStaffId: actor.staffId }], tx);
    await recordAudit(tx, { staffId: actor.staffId, action: 'personnel.transfer', target: `personnel:${id}`, detail: { before: from, after: to, reason }, ip: actor.ip });
  }

  /**
   * Takes the record out of every list; it stays, with its history and the reason, for the record. A linked account is
   * freed with it (no leaving date reaches it any more), so deleting a linked record needs the grant ceiling over it.
   */
  async remove(id: number, reason: string | undefined, caller: Caller): Promise<void> {
    const current = await this.records.get(id);
    if (!current) throw AppError.notFound();
    const checked = await assertMayManageLinked(this.accounts, [current], caller.principal, 'personnel.delete');
    await this.records.transaction(async (tx) => {
      const [before] = await this.records.someForUpdate([id], tx);
      if (!before) throw AppError.notFound();
      assertLinksChecked([before], checked);
      await this.records.softDelete(id, tx);
      const from = snapshot(before);
      await this.records.addHistory([{ staffRecordId: id, action: 'delete', from, reason: reason || null, byStaffId: caller.staffId }], tx);
      await recordAudit(tx, { staffId: caller.staffId, action: 'personnel.delete', target: `personnel:${id}`, detail: { before: from, ...(reason ? { reason } : {}) }, ip: caller.ip });
    });
  }

  /** A record's history, newest first, each entry naming who did it (through the staff lookup); a deleted record's too. */
  async history(id: number): Promise<StaffHistoryEntry[]> {
    if (!(await this.records.everAdded(id))) throw AppError.notFound();
    const entries = await this.records.history(id);
    const names = await this.lookups.namesOf('staff', entries.flatMap((entry) => (entry.byStaffId === null ? [] : [entry.byStaffId])));
    return entries.map((entry) => ({
      id: entry.id,
      action: entry.action as StaffHistoryEntry['action'],
      from: entry.from,
      to: entry.to,
      reason: entry.reason,
      staff_id: entry.byStaffId,
      staff_name: entry.byStaffId === null ? null : (names.get(entry.byStaffId) ?? null),
      created_at: entry.createdAt.toISOString(),
    }));
  }

  // ——— the address book ———

  async letterIndex(): Promise<StaffLetterGroup[]> {
    return letterGroups(
      await this.records.addressBook(),
      (row) => row.nameLetter,
      (row) => ({ id: row.id, name: row.name, department_name: row.departmentName, post: row.post }),
    );
  }

  async search(keyword: string, limit: number): Promise<AddressBookEntry[]> {
    return (await this.records.addressBook({ keyword, limit })).map(toAddressBookEntry);
  }

  async userList(input: { keyword?: string; department_id?: number; page: number; limit: number }): Promise<{ count: number; data: AddressBookEntry[] }> {
    const filter = { keyword: input.keyword || undefined, departmentId: input.department_id };
    const rows = await this.records.addressBook({ ...filter, offset: (input.page - 1) * input.limit, limit: input.limit });
    return { count: await this.records.addressBookCount(filter), data: rows.map(toAddressBookEntry) };
  }

  async userRead(id: number): Promise<AddressBookEntry> {
    const row = await this.records.addressBookEntry(id);
    if (!row) throw AppError.notFound();
    return toAddressBookEntry(row);
  }

  // ——— rules ———

  /** A write in a transaction; a number another write took meanwhile is 40900 naming it, as the unique index settles it. */
  private async write<T>(work: (tx: Executor) => Promise<T>, within?: Executor): Promise<T> {
    try {
      return await this.records.transaction(work, within);
    } catch (err) {
      const constraint = violatedConstraint(err);
      if (isUniqueViolation(err) && constraint && constraint in UNIQUE_COLUMNS) throw taken(constraint);
      throw err;
    }
  }

  /**
   * The department and company exist (40000 naming each that does not). Putting staff in a department takes the tree's
   * lock first, so the department cannot be deleted between this check and the commit (docs/departments.md › Deletes).
   */
  private async checkPlacement(columns: Partial<NewStaffRecord>, tx: Executor): Promise<void> {
    const refusals = new Refusals();
    if (columns.departmentId != null) {
      await this.records.lockDepartmentTree(tx);
      if (!(await this.records.departmentExists(columns.departmentId, tx)))
        refusals.add('department_id', { 'zh-CN': `部门 ${columns.departmentId} 不存在`, 'en-US': `no department ${columns.departmentId}` });
    }
    if (columns.companyId != null && !(await this.records.companyExists(columns.companyId, tx)))
      refusals.add('company_id', { 'zh-CN': `公司 ${columns.companyId} 不存在`, 'en-US': `no company ${columns.companyId}` });
    refusals.throwIfAny();
  }

  /** The identity card and mobile belong to no other live record (40900 naming them). */
  private async checkUniqueColumns(columns: Partial<NewStaffRecord>, exceptId: number | undefined, tx: Executor): Promise<void> {
    if (columns.idCard && (await this.records.holderOf('idCard', columns.idCard, exceptId, tx)) !== undefined) throw taken('personnel_staff_id_card_key');
    if (columns.mobile && (await this.records.holderOf('mobile', columns.mobile, exceptId, tx)) !== undefined) throw taken('personnel_staff_mobile_key');
  }
}
