import {
  codeName,
  fieldTypeOf,
  maskIdCardNumber,
  STAFF_GENDER_NAMES,
  STAFF_STATUS_NAMES,
  type FieldDefinition,
  type StaffAddInput,
  type StaffFindFilter,
  type Texts,
} from '@juqi/contract';
import type { FastifyReply } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { keysetBatches } from '../../lib/export/batches';
import { sendWorkbook, type ExportColumn } from '../../lib/export/workbook';
import type { AccessServices } from '../../lib/http/types';
import { FORM, isMirrored } from './form';
import type { ListedStaff, PersonnelRepository } from './repository';
import type { Actor } from './service';

type StaffProperty = Exclude<keyof StaffAddInput, 'extra'>;

/** A record's own column: the export writes it, the import reads it back by its header (either language). */
export interface StaffColumn extends ExportColumn<ListedStaff> {
  property: StaffProperty;
}

const text = (value: string | null) => value ?? '';

/** The record's own columns, in the file's order; companies, departments, states and genders by name. */
export const STAFF_COLUMNS: readonly StaffColumn[] = [
  { property: 'name', header: { 'zh-CN': '姓名', 'en-US': 'Name' }, width: 12, value: (r) => r.name },
  { property: 'gender', header: { 'zh-CN': '性别', 'en-US': 'Gender' }, width: 8, value: (r, { locale }) => codeName(STAFF_GENDER_NAMES, r.gender, locale) },
  // Masked always: an export is a list. The import takes a masked number as "unchanged" (docs/personnel.md › Import).
  { property: 'id_card', header: { 'zh-CN': '身份证号', 'en-US': 'ID card' }, width: 20, value: (r) => (r.idCard === null ? '' : maskIdCardNumber(r.idCard)) },
  { property: 'mobile', header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (r) => text(r.mobile) },
  { property: 'email', header: { 'zh-CN': '邮箱', 'en-US': 'Email' }, width: 22, value: (r) => text(r.email) },
  { property: 'company_id', header: { 'zh-CN': '所属公司', 'en-US': 'Company' }, width: 20, value: (r) => text(r.companyName) },
  { property: 'department_id', header: { 'zh-CN': '部门', 'en-US': 'Department' }, width: 14, value: (r) => text(r.departmentName) },
  { property: 'post', header: { 'zh-CN': '岗位', 'en-US': 'Post' }, width: 14, value: (r) => text(r.post) },
  { property: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, width: 8, value: (r, { locale }) => codeName(STAFF_STATUS_NAMES, r.status, locale) },
  { property: 'report_time', header: { 'zh-CN': '入职日期', 'en-US': 'Report day' }, width: 12, value: (r) => text(r.reportTime) },
  { property: 'probation_end', header: { 'zh-CN': '试用期结束', 'en-US': 'Probation end' }, width: 12, value: (r) => text(r.probationEnd) },
  { property: 'contract_start', header: { 'zh-CN': '合同开始', 'en-US': 'Contract start' }, width: 12, value: (r) => text(r.contractStart) },
  { property: 'contract_end', header: { 'zh-CN': '合同结束', 'en-US': 'Contract end' }, width: 12, value: (r) => text(r.contractEnd) },
  { property: 'leaving_date', header: { 'zh-CN': '离职日期', 'en-US': 'Leaving day' }, width: 12, value: (r) => text(r.leavingDate) },
  { property: 'emergency_contact', header: { 'zh-CN': '紧急联系人', 'en-US': 'Emergency contact' }, width: 12, value: (r) => text(r.emergencyContact) },
  { property: 'emergency_mobile', header: { 'zh-CN': '紧急联系电话', 'en-US': 'Emergency mobile' }, width: 14, value: (r) => text(r.emergencyMobile) },
];

/** The fields of form personnel_info the file has a column for: those holding a value, other than the record's own. */
export const customFieldsOf = (definitions: readonly FieldDefinition[]) => definitions.filter((d) => fieldTypeOf(d.type).holdsValue && !isMirrored(d.key));

/** A custom field's column: its label as header, its value as the registry's text (times in the platform's zone). */
const customColumn = (definition: FieldDefinition): ExportColumn<ListedStaff> => ({
  header: definition.label,
  width: definition.type === 'textarea' || definition.type === 'detail_table' ? 40 : 16,
  value: (r, { locale, zone }) => fieldTypeOf(definition.type).text(r.extra[definition.key], definition, locale, zone),
});

const FILE_NAME: Texts = { 'zh-CN': '人员档案', 'en-US': 'staff-records' };
const SHEET_NAME: Texts = { 'zh-CN': '人员档案', 'en-US': 'Staff records' };
const TEMPLATE_NAME: Texts = { 'zh-CN': '人员档案导入模板', 'en-US': 'staff-import-template' };
/** Rows read per keyset query while exporting. */
const BATCH = 1000;
/** Compressed bytes a row takes in the workbook, measured on the demo records. */
const BYTES_PER_ROW = 120;

/** Staff records as .xlsx files streamed onto the reply (lib/export): the filtered list, and the import's template. */
export class StaffExporter {
  constructor(
    private readonly db: Db,
    private readonly records: PersonnelRepository,
    private readonly fields: NonNullable<AccessServices['fields']>,
  ) {}

  /** Every live record the findPage filter matches, newest first; audited with the filter and the row count. */
  async send(filter: StaffFindFilter, reply: FastifyReply, actor: Actor): Promise<void> {
    const where = await this.records.findCondition(filter);
    await sendWorkbook(reply, {
      fileName: FILE_NAME,
      sheetName: SHEET_NAME,
      columns: await this.columns(),
      bytesPerRow: BYTES_PER_ROW,
      open: async (zone) => {
        const total = await this.records.countWhere(where);
        // The audit log keeps identity cards masked, a searched one too.
        const audited = filter.idCard ? { ...filter, idCard: maskIdCardNumber(filter.idCard.toUpperCase()) } : filter;
        await recordAudit(this.db, { staffId: actor.staffId, action: 'personnel.export', target: 'staff_records', detail: { filter: audited, rows: total, time_zone: zone }, ip: actor.ip });
        const batches = keysetBatches(
          BATCH,
          (beforeId: number | undefined, size) => this.records.listedBefore(where, beforeId, size),
          (last) => last.id,
        );
        return { total, batches };
      },
    });
  }

  /** The header row alone: what the import reads. */
  async sendTemplate(reply: FastifyReply): Promise<void> {
    await sendWorkbook(reply, {
      fileName: TEMPLATE_NAME,
      sheetName: SHEET_NAME,
      columns: await this.columns(),
      bytesPerRow: BYTES_PER_ROW,
      open: () => Promise.resolve({ total: 0, batches: keysetBatches(1, () => Promise.resolve([] as ListedStaff[]), () => 0) }),
    });
  }

  private async columns(): Promise<ExportColumn<ListedStaff>[]> {
    return [...STAFF_COLUMNS, ...customFieldsOf(await this.fields.definitions(FORM)).map(customColumn)];
  }
}
