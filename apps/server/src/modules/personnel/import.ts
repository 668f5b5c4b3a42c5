import { isDeepStrictEqual } from 'node:util';
import {
  errorCatalogue,
  FIELD_DEFINITIONS_MAX,
  fieldLabel,
  fieldTypeOf,
  maskIdCardNumber,
  personnelCalls,
  STAFF_GENDER_NAMES,
  STAFF_IMPORT_MAX_BYTES,
  STAFF_IMPORT_MAX_ROWS,
  STAFF_STATUS_NAMES,
  staffAddInput,
  type FieldDefinition,
  type Locale,
  type NamedCode,
  type StaffImportResult,
  type Texts,
} from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError, issueText } from '../../lib/errors';
import type { AccessServices, AccountDirectory } from '../../lib/http/types';
import type { WorkbookLimits } from '../../lib/import/limits';
import { ImportReport } from '../../lib/import/report';
import { receiveWorkbook, type UploadedWorkbook } from '../../lib/import/upload';
import { cellText, readWorkbook, type CellValue, type WorkbookRow } from '../../lib/import/workbook';
import { customFieldsOf, STAFF_COLUMNS, type StaffColumn } from './export';
import { FORM, lockUniqueValues, PersonnelForm } from './form';
import { assertMayManageLinked } from './linked-accounts';
import type { NewStaffRecord, PersonnelRepository, StaffRecord } from './repository';
import { changes, columnsOf, namedValues, snapshot, withLeavingSetter, type Actor, type Caller } from './service';

/** The staff import's upload: the shared one (lib/import/upload.ts) at this import's byte limit. */
export const uploadedWorkbook = (request: FastifyRequest): Promise<UploadedWorkbook> => receiveWorkbook(request, STAFF_IMPORT_MAX_BYTES);

/** What the staff import reads of a workbook: its row limit, and as many columns as its export can write. */
const WORKBOOK_LIMITS: Partial<WorkbookLimits> = { maxRows: STAFF_IMPORT_MAX_ROWS, maxColumns: STAFF_COLUMNS.length + FIELD_DEFINITIONS_MAX };

// ——— reading cells ———

/** A code by its name in either language, or by the code itself. */
const codeOf = <V extends string>(list: readonly NamedCode<V>[], text: string): V | undefined =>
  list.find((entry) => entry.value === text || entry.name['zh-CN'] === text || entry.name['en-US'].toLowerCase() === text.toLowerCase())?.value;

// ——— the sheet ———

/** A column of the sheet: one of the record's own, or a custom field's; `index` is its place in a row's cells (A = 0). */
type SheetColumn = { header: string; index: number } & ({ own: StaffColumn } | { custom: FieldDefinition });

interface SheetRow {
  /** The sheet's row number, as Excel shows it. */
  row: number;
  cells: Map<SheetColumn, string>;
}

/** A column's label where the sheet has none: the export's header of a record's own property, else the field's label. */
const columnLabel = (field: string, locale: Locale, label?: Texts) =>
  (label ?? STAFF_COLUMNS.find((c) => c.property === field)?.header)?.[locale] ?? fieldLabel(field, locale, personnelCalls.add.labels);

/** The header row read against the export's headers in either language; an unknown or repeated one is a problem. */
function sheetColumns(headerRow: readonly (CellValue | undefined)[], definitions: readonly FieldDefinition[], report: ImportReport): SheetColumn[] {
  const columns: SheetColumn[] = [];
  headerRow.forEach((value, index) => {
    const header = cellText(value);
    if (!header) return;
    const named = (texts: Texts) => texts['zh-CN'] === header || texts['en-US'].toLowerCase() === header.toLowerCase();
    const own = STAFF_COLUMNS.find((c) => named(c.header));
    const custom = own ? undefined : definitions.find((d) => named(d.label));
    const key = own?.property ?? custom?.key;
    if (!key) return report.add(1, 'file', header, { 'zh-CN': '无法识别的列（请用导出文件或模板的表头）', 'en-US': 'an unknown column (use the headers of an export or the template)' });
    if (columns.some((c) => ('own' in c ? c.own.property : c.custom.key) === key)) return report.add(1, key, header, { 'zh-CN': '列重复', 'en-US': 'a repeated column' });
    columns.push(own ? { header, index, own } : { header, index, custom: custom! });
  });
  const name = STAFF_COLUMNS[0]!;
  if (!columns.some((c) => 'own' in c && c.own === name))
    report.add(1, name.property, name.header[report.locale], { 'zh-CN': `缺少“${name.header['zh-CN']}”列`, 'en-US': `the column “${name.header['en-US']}” is missing` });
  return columns;
}

/** The rows under the header with any of the columns filled, each cell as text. */
function sheetRows(rows: readonly WorkbookRow[], columns: readonly SheetColumn[]): SheetRow[] {
  return rows.flatMap((row) => {
    const cells = new Map(columns.map((column) => [column, cellText(row.cells[column.index])]));
    return [...cells.values()].some(Boolean) ? [{ row: row.number, cells }] : [];
  });
}

// ——— the plan ———

/** What a checked row will do. */
type Planned = { add: NewStaffRecord } | { update: StaffRecord; values: Partial<NewStaffRecord> } | { unchanged: true };

/** The columns of the record's own properties, compared to tell an update from an unchanged row. */
const COMPARED: (keyof NewStaffRecord)[] = [
  'name',
  'gender',
  'idCard',
  'mobile',
  'email',
  'companyId',
  'departmentId',
  'post',
  'reportTime',
  'probationEnd',
  'contractStart',
  'contractEnd',
  'leavingDate',
  'emergencyContact',
  'emergencyMobile',
];
/** Custom values compared without their empty ones: a field added after the record was stored holds none. */
const filled = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined));

const repeated = (row: number): Texts => ({ 'zh-CN': `与第 ${row} 行重复`, 'en-US': `the same as row ${row}` });
const NO_ID_CARD_WRITE: Texts = {
  'zh-CN': '没有“查看完整身份证号”权限，不能填写、修改或清除身份证号：请保留导出时的脱敏号码，新人员留空',
  'en-US': 'without the permission to view whole identity card numbers, a file cannot give, change or clear one: keep the number as the export masked it, or leave it empty for new staff',
};
const CHANGED_MEANWHILE: Texts = { 'zh-CN': '导入期间人员档案有变动，请重新导入', 'en-US': 'Staff records changed during the import; import the file again' };

/**
 * Staff records from an .xlsx whose columns are the export's (docs/personnel.md › Import and export). Every row is
 * checked first, outside any transaction; one refused row refuses the file (40000 with every problem in data.rows).
 * Then one short transaction adds the new records and updates the matched ones that differ, with their history and
 * one audit entry; a file that changes nothing writes nothing.
 */
export class StaffImporter {
  private readonly form: PersonnelForm;

  constructor(
    private readonly db: Db,
    private readonly records: PersonnelRepository,
    private readonly fields: NonNullable<AccessServices['fields']>,
    private readonly accounts: AccountDirectory,
  ) {
    this.form = new PersonnelForm(fields);
  }

  /**
   * A staff without personnel.id_card.view imports no whole identity card: a match or a clash by one would tell
   * whether it is on file. Rows that move the leaving date of a record linked to a sign-in account need the grant
   * ceiling over that account, as staff_edit does.
   */
  async run(file: UploadedWorkbook, locale: Locale, caller: Caller): Promise<StaffImportResult> {
    const report = new ImportReport(locale);
    const sheet = await readWorkbook(file.data, WORKBOOK_LIMITS);
    const columns = sheetColumns(sheet[0]?.number === 1 ? sheet[0].cells : [], customFieldsOf(await this.fields.definitions(FORM)), report);
    report.refuseIfAny();
    const rows = sheetRows(sheet.filter((row) => row.number > 1), columns);
    if (!rows.length) throw AppError.invalid('file', { 'zh-CN': '表头下没有数据行', 'en-US': 'the sheet has no rows under its header' });
    const { plans, movingLeavingDates } = await this.check(rows, columns, report, caller);
    report.refuseIfAny();
    await assertMayManageLinked(this.accounts, movingLeavingDates, caller.principal, 'personnel.import');
    return this.write(plans, file.name, caller);
  }

  /**
   * Every row checked as staff_add checks a record, each problem reported; answers what each row will do, and the
   * matched records whose leaving date it moves.
   */
  private async check(rows: SheetRow[], columns: SheetColumn[], report: ImportReport, caller: Caller): Promise<{ plans: Planned[]; movingLeavingDates: StaffRecord[] }> {
    const ownColumn = (property: string) => columns.find((c) => 'own' in c && c.own.property === property);
    const headerOf = (field: string, label?: Texts) =>
      columns.find((c) => ('own' in c ? c.own.property : c.custom.key) === field)?.header ?? columnLabel(field, report.locale, label);
    const textOf = (row: SheetRow, property: string) => {
      const column = ownColumn(property);
      return column ? row.cells.get(column)! : '';
    };

    // What the rows name, read at once: companies, departments, and the live records holding their cards and mobiles.
    const companies = new Map((await this.records.companies()).map((c) => [c.name, c.id]));
    const departments = new Map<string, number[]>();
    for (const d of await this.records.departmentsNamed([...new Set(rows.map((row) => textOf(row, 'department_id')).filter(Boolean))]))
      departments.set(d.name, [...(departments.get(d.name) ?? []), d.id]);
    const holders = await this.records.liveByIdentity(
      rows.map((row) => textOf(row, 'id_card').toUpperCase()).filter((card) => card && !card.includes('*')),
      rows.map((row) => textOf(row, 'mobile')).filter(Boolean),
    );
    const byCard = new Map(holders.filter((h) => h.idCard).map((h) => [h.idCard!, h]));
    const byMobile = new Map(holders.filter((h) => h.mobile).map((h) => [h.mobile!, h]));
    /** The first row holding each card, mobile and unique custom value: a second row with one is refused. */
    const seen = new Map<string, number>();
    const once = (row: number, field: string, value: unknown, problem: (field: string, message: Texts) => void) => {
      if (value === null || value === undefined) return;
      const key = `${field}:${JSON.stringify(value)}`;
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, row);
      else problem(field, repeated(earlier));
    };

    const plans: Planned[] = [];
    const movingLeavingDates: StaffRecord[] = [];
    for (const row of rows) {
      const before = report.count;
      const problem = (field: string, message: Texts, label?: Texts) => report.add(row.row, field, headerOf(field, label), message);

      // The record's own properties, names turned into ids and codes, checked by staff_add's schema.
      const input: Record<string, unknown> = {};
      let maskedCard: string | undefined;
      for (const column of columns) {
        if (!('own' in column)) continue;
        const text = row.cells.get(column)!;
        const { property } = column.own;
        if (property === 'gender' || property === 'status') {
          const names = property === 'gender' ? STAFF_GENDER_NAMES : STAFF_STATUS_NAMES;
          input[property] = text ? (codeOf<string>(names, text) ?? text) : undefined;
        } else if (property === 'company_id') {
          if (text && !companies.has(text)) problem(property, { 'zh-CN': `没有名为“${text}”的公司`, 'en-US': `no company named “${text}”` });
          input[property] = text ? (companies.get(text) ?? null) : null;
        } else if (property === 'department_id') {
          const ids = text ? (departments.get(text) ?? []) : [];
          if (text && ids.length !== 1)
            problem(property, ids.length ? { 'zh-CN': `有多个名为“${text}”的部门`, 'en-US': `several departments are named “${text}”` } : { 'zh-CN': `没有名为“${text}”的部门`, 'en-US': `no department named “${text}”` });
          input[property] = ids.length === 1 ? ids[0] : null;
        } else if (property === 'id_card' && text.includes('*')) maskedCard = text;
        else input[property] = text || null;
      }
      const parsed = staffAddInput.safeParse(input);
      if (!parsed.success) for (const issue of parsed.error.issues) problem(String(issue.path[0] ?? 'file'), issueText(issue));

      // Custom values: those a cell can give back.
      const sent: Record<string, unknown> = {};
      for (const column of columns) {
        if (!('custom' in column)) continue;
        // The registry reads a cell back for the types a person can type; the others' columns are read as unchanged.
        const read = fieldTypeOf(column.custom.type).read?.(row.cells.get(column)!, column.custom);
        if (read && 'problem' in read) problem(column.custom.key, read.problem);
        else if (read) sent[column.custom.key] = read.value;
      }
      if (!parsed.success || report.count > before) continue;

      const { status, extra: _extra, ...properties } = parsed.data;
      const values = columnsOf(properties);
      // A column the sheet leaves out keeps the stored value; the schema's default gender is for new records only.
      if (!ownColumn('gender')) delete values.gender;
      const card = values.idCard ?? undefined;
      // Before anything reads the number: the answer to such a row must not depend on whether it is on file.
      if (card && !caller.idCards.allowed) {
        problem('id_card', NO_ID_CARD_WRITE);
        continue;
      }
      const mobile = values.mobile ?? undefined;
      const match = card ? byCard.get(card) : mobile ? byMobile.get(mobile) : undefined;
      // A masked number is the export's: it stands for the matched record's own, which it must mask to.
      if (maskedCard !== undefined && (!match?.idCard || maskIdCardNumber(match.idCard) !== maskedCard))
        problem('id_card', { 'zh-CN': '身份证号已脱敏且与已有人员不符，请填写完整号码', 'en-US': 'a masked number that matches no record: write the whole number' });
      const mobileHolder = mobile ? byMobile.get(mobile) : undefined;
      if (mobileHolder && mobileHolder.id !== match?.id) problem('mobile', { 'zh-CN': '该手机号已被其他人员使用', 'en-US': 'Another staff record has this mobile number' });
      once(row.row, 'id_card', card, problem);
      once(row.row, 'mobile', mobile, problem);
      if (match && textOf(row, 'status') && status !== match.status)
        problem('status', { 'zh-CN': '已有人员的状态请用“变更状态”修改', 'en-US': 'change an existing record’s status with staff_status' });
      if (report.count > before) continue;

      let extra: Record<string, unknown>;
      try {
        extra = await this.form.checked(match ? { ...match, ...values } : values, sent, match?.extra ?? {}, match?.id, this.db);
      } catch (err) {
        if (!(err instanceof AppError) || !err.data?.field) throw err;
        if (err.refused.length) for (const refused of err.refused) problem(refused.field, refused.text, refused.label);
        else problem(err.data.field, err.text ?? errorCatalogue[err.code].message);
        continue;
      }
      for (const column of columns) if ('custom' in column && column.custom.unique) once(row.row, column.custom.key, extra[column.custom.key], problem);
      if (report.count > before) continue;

      if (!match) {
        plans.push({ add: withLeavingSetter({ ...values, status, extra }, undefined, caller.staffId) as NewStaffRecord });
        continue;
      }
      const changed: Partial<NewStaffRecord> = Object.fromEntries(COMPARED.filter((key) => key in values && !isDeepStrictEqual(values[key], match[key])).map((key) => [key, values[key]]));
      // An empty cell would clear the number the record holds, which this staff sees only masked.
      if ('idCard' in changed && !caller.idCards.allowed) {
        problem('id_card', NO_ID_CARD_WRITE);
        continue;
      }
      if (changed.name !== undefined) Object.assign(changed, namedValues(changed.name));
      if (!isDeepStrictEqual(filled(extra), filled(match.extra))) changed.extra = extra;
      if ('leavingDate' in changed) movingLeavingDates.push(match);
      plans.push(Object.keys(changed).length ? { update: match, values: withLeavingSetter(changed, match, caller.staffId) } : { unchanged: true });
    }
    return { plans, movingLeavingDates };
  }

  /** One transaction: the adds, the updates of records unchanged since they were read, their history, one audit entry. */
  private async write(plans: Planned[], fileName: string, actor: Actor): Promise<StaffImportResult> {
    const adds = plans.flatMap((p) => ('add' in p ? [p.add] : []));
    const updates = plans.flatMap((p) => ('update' in p ? [p] : []));
    const result = { added: adds.length, updated: updates.length, unchanged: plans.length - adds.length - updates.length };
    if (!adds.length && !updates.length) return result;
    const written = [...adds, ...updates.map((u) => ({ ...u.update, ...u.values }))];
    try {
      await this.records.transaction(async (tx) => {
        await this.checkPlacements(written, tx);
        await this.checkUniqueCustomValues(written, updates.map((u) => u.update.id), tx);
        const locked = new Map((await this.records.someForUpdate(updates.map((u) => u.update.id), tx)).map((row) => [row.id, row]));
        if (updates.some((u) => locked.get(u.update.id)?.updatedAt.getTime() !== u.update.updatedAt.getTime())) throw AppError.conflict(CHANGED_MEANWHILE, 'file');
        const added = await this.records.insertAll(adds, tx);
        const history: Parameters<PersonnelRepository['addHistory']>[0] = added.map((row) => ({ staffRecordId: row.id, action: 'add', to: snapshot(row), byStaffId: actor.staffId }));
        for (const { update, values } of updates) {
          const row = await this.records.update(update.id, values, tx);
          history.push({ staffRecordId: row.id, action: 'edit', ...changes(snapshot(update), snapshot(row)), byStaffId: actor.staffId });
        }
        await this.records.addHistory(history, tx);
        await recordAudit(tx, { staffId: actor.staffId, action: 'personnel.import', target: 'staff_records', detail: { file: fileName, ...result }, ip: actor.ip });
      });
    } catch (err) {
      // A card or mobile another write took since the rows were checked: the partial unique indexes settle it.
      if (isUniqueViolation(err)) throw AppError.conflict(CHANGED_MEANWHILE, 'file');
      throw err;
    }
    return result;
  }

  /** The departments and companies named still exist; the department tree's lock is held till the commit (docs/departments.md). */
  private async checkPlacements(written: Partial<NewStaffRecord>[], tx: Executor): Promise<void> {
    const departmentIds = new Set(written.flatMap((r) => (r.departmentId == null ? [] : [r.departmentId])));
    const companyIds = new Set(written.flatMap((r) => (r.companyId == null ? [] : [r.companyId])));
    if (departmentIds.size) await this.records.lockDepartmentTree(tx);
    for (const id of departmentIds) if (!(await this.records.departmentExists(id, tx))) throw AppError.conflict(CHANGED_MEANWHILE, 'file');
    for (const id of companyIds) if (!(await this.records.companyExists(id, tx))) throw AppError.conflict(CHANGED_MEANWHILE, 'file');
  }

  /** Unique custom values are still free, under the lock personnel's add and edit take for them. */
  private async checkUniqueCustomValues(written: Partial<NewStaffRecord>[], updatedIds: number[], tx: Executor): Promise<void> {
    const unique = (await this.fields.definitions(FORM, tx)).filter((d) => d.unique && written.some((r) => r.extra?.[d.key] != null));
    if (!unique.length) return;
    await lockUniqueValues(tx);
    for (const { key } of unique) {
      const values = written.flatMap((r) => (r.extra?.[key] == null ? [] : [r.extra[key]]));
      if ((await this.records.holdersOfExtra(key, values, updatedIds, tx)).length) throw AppError.conflict(CHANGED_MEANWHILE, 'file');
    }
  }
}
