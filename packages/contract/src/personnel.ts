import { z } from 'zod';
import { approvalKindKeys, defineApprovalKinds } from './approval-kind';
import { defineCall, fields, operation, pageOf, wholeNumber } from './call';
import { calendarDay, dayRange } from './days';
import { INDEX_LETTERS } from './department';
import { fieldDefinitionRow } from './field';
import { isEmail, isIdCardNumber, isPhone } from './validators';
import { said } from './refusals';
import type { NamedCode } from './user';

/**
 * Staff records (人员档案, issue 18): the people the operator employs or is about to, apart from sign-in accounts. Their
 * states and the moves between them, identity card rules, soft delete and the address book: docs/personnel.md.
 */

export const STAFF_STATUSES = ['candidate', 'probation', 'regular', 'resigning', 'resigned'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** Where each state may go by a status change (docs/personnel.md › States); `resigned` is final. */
export const STAFF_TRANSITIONS: Record<StaffStatus, readonly StaffStatus[]> = {
  candidate: ['probation'],
  probation: ['regular', 'resigning'],
  regular: ['resigning'],
  resigning: ['resigned', 'regular', 'probation'],
  resigned: [],
};

/** The states of staff in office: the address book (letter index, search, user list) shows only these. */
export const IN_OFFICE_STATUSES: readonly StaffStatus[] = ['probation', 'regular', 'resigning'];

export const STAFF_GENDERS = ['male', 'female', 'unknown'] as const;
/** Each state's name, as the export writes it and the import reads it (codeName); the web's texts say the same. */
export const STAFF_STATUS_NAMES = [
  { value: 'candidate', name: { 'zh-CN': '候选', 'en-US': 'Candidate' } },
  { value: 'probation', name: { 'zh-CN': '试用期', 'en-US': 'Probation' } },
  { value: 'regular', name: { 'zh-CN': '正式', 'en-US': 'Regular' } },
  { value: 'resigning', name: { 'zh-CN': '离职中', 'en-US': 'Resigning' } },
  { value: 'resigned', name: { 'zh-CN': '已离职', 'en-US': 'Resigned' } },
] as const satisfies readonly NamedCode<StaffStatus>[];
export const STAFF_GENDER_NAMES = [
  { value: 'male', name: { 'zh-CN': '男', 'en-US': 'Male' } },
  { value: 'female', name: { 'zh-CN': '女', 'en-US': 'Female' } },
  { value: 'unknown', name: { 'zh-CN': '未知', 'en-US': 'Unknown' } },
] as const satisfies readonly NamedCode<(typeof STAFF_GENDERS)[number]>[];

export const STAFF_NAME_MAX = 30;
export const STAFF_POST_MAX = 50;
export const STAFF_REASON_MAX = 200;

const status = z.enum(STAFF_STATUSES);
const optionalText = (max: number) => fields.text(max).nullish();
const phone = z.string().trim().refine(isPhone, said({ 'zh-CN': '不是有效的手机号码', 'en-US': 'not a mobile number' }));
/** An identity card number checked as GB 11643 gives it; a lower-case `x` is stored as `X`. */
const idCard = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => isIdCardNumber(value), said({ 'zh-CN': '不是有效的身份证号（地区、出生日期或校验位不符）', 'en-US': 'not an identity card number (region, birth date, check character)' }));

/**
 * The system fields of form `personnel_info` that a staff record holds as its own properties (docs/personnel.md › Custom
 * fields), by field key: the record's form edits the property, and `extra` never holds the key.
 */
export const STAFF_FORM_PROPERTIES = {
  name: 'name',
  mobile: 'mobile',
  id_number: 'id_card',
  entry_date: 'report_time',
  emergency_contact: 'emergency_contact',
  emergency_mobile: 'emergency_mobile',
} as const;

/** What a staff record's form sends; a left-out or null property is empty. Status changes go through staff_status. */
const staffFields = {
  name: fields.text(STAFF_NAME_MAX).min(1),
  gender: z.enum(STAFF_GENDERS),
  id_card: idCard.nullish(),
  mobile: phone.nullish(),
  email: z.string().trim().refine(isEmail, said({ 'zh-CN': '不是有效的邮箱地址', 'en-US': 'not an email address' })).nullish(),
  company_id: fields.id.nullish(),
  department_id: fields.id.nullish(),
  post: optionalText(STAFF_POST_MAX),
  report_time: calendarDay.nullish(),
  probation_end: calendarDay.nullish(),
  contract_start: calendarDay.nullish(),
  contract_end: calendarDay.nullish(),
  leaving_date: calendarDay.nullish(),
  emergency_contact: optionalText(STAFF_NAME_MAX),
  emergency_mobile: phone.nullish(),
  /** The values of the admin-defined fields of form `personnel_info` other than the ones the record holds itself. */
  extra: z.record(z.string(), z.unknown()),
};

/** A staff record's fields whose labels are narrower than the shared ones. */
const STAFF_LABELS = { name: { 'zh-CN': '姓名', 'en-US': 'Name' } };

export const staffAddInput = z
  .object({ ...staffFields, gender: staffFields.gender.default('unknown'), status: status.default('candidate'), extra: staffFields.extra.default({}) })
  .strict();
export type StaffAddInput = z.output<typeof staffAddInput>;

/** An edit changes the properties it sends; one left out keeps its value. */
export const staffEditInput = z
  .object({ id: fields.id, ...staffFields })
  .partial()
  .required({ id: true })
  .strict();
export type StaffEditInput = z.output<typeof staffEditInput>;

/** A row of the staff list: the identity card number always masked. */
export const staffRow = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(STAFF_GENDERS),
  id_card: z.string().nullable(),
  mobile: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  post: z.string().nullable(),
  status,
  report_time: z.string().nullable(),
  probation_end: z.string().nullable(),
  created_at: z.string(),
});
export type StaffRow = z.output<typeof staffRow>;

/** A sign-in account linked to a staff record (docs/personnel.md › Linking). */
export const staffRecordAccount = z.object({ id: z.number().int(), staff_num: z.string(), name: z.string(), status: z.enum(['active', 'disabled']) });
export type StaffRecordAccount = z.output<typeof staffRecordAccount>;

/** The approval requests filed about a staff record (docs/approvals.md › Personnel processes). */
export const PERSONNEL_APPROVAL_KINDS = defineApprovalKinds({
  resign: { 'zh-CN': '离职申请', 'en-US': 'Resignation' },
  transfer: { 'zh-CN': '调岗申请', 'en-US': 'Transfer' },
});
export type PersonnelApprovalKind = keyof typeof PERSONNEL_APPROVAL_KINDS;

/** A request about a record waiting for its approvers (离职申请, 调岗申请): one of each kind at most. */
export const staffPendingRequest = z.object({
  id: z.number().int(),
  kind: z.enum(approvalKindKeys(PERSONNEL_APPROVAL_KINDS)),
  /** What is asked, as the approval lists word it. */
  summary: z.string(),
  requester: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type StaffPendingRequest = z.output<typeof staffPendingRequest>;

/** A whole record; `id_card` is whole only for holders of personnel.id_card.view (`id_card_masked` says which). */
export const staffDetails = staffRow.extend({
  id_card_masked: z.boolean(),
  email: z.string().nullable(),
  contract_start: z.string().nullable(),
  contract_end: z.string().nullable(),
  leaving_date: z.string().nullable(),
  emergency_contact: z.string().nullable(),
  emergency_mobile: z.string().nullable(),
  account_id: z.number().int().nullable(),
  /** The linked sign-in account as the auth module has it: staff number, name and whether it may sign in. */
  account: staffRecordAccount.nullable(),
  extra: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
  /** Its requests waiting for approval, oldest first: while one of a kind waits, another of that kind is refused (40900). */
  pending_requests: z.array(staffPendingRequest),
});
export type StaffDetails = z.output<typeof staffDetails>;

export const STAFF_HISTORY_ACTIONS = ['add', 'edit', 'status', 'delete'] as const;
export const staffHistoryEntry = z.object({
  id: z.number().int(),
  action: z.enum(STAFF_HISTORY_ACTIONS),
  /** The properties that changed, before and after (the identity card number masked). */
  from: z.record(z.string(), z.unknown()).nullable(),
  to: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  created_at: z.string(),
});
export type StaffHistoryEntry = z.output<typeof staffHistoryEntry>;

/** A person in the address book: no identity card, no custom fields. */
export const addressBookEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  post: z.string().nullable(),
  status,
});
export type AddressBookEntry = z.output<typeof addressBookEntry>;

export const staffLetterGroup = z.object({
  letter: z.enum(INDEX_LETTERS),
  items: z.array(addressBookEntry.pick({ id: true, name: true, department_name: true, post: true })),
});
export type StaffLetterGroup = z.output<typeof staffLetterGroup>;

export const STAFF_SEARCH_LIMIT = 20;

/** The spec's list filters; an empty string or null filters nothing. */
export const staffFindFilter = z
  .object({
    /** Part of the name, or the name's pinyin initials (`zs` finds 张三). */
    name: fields.text(STAFF_NAME_MAX).nullish(),
    /**
     * The whole number; only for holders of personnel.id_card.view (40300 naming idCard otherwise: lists show the rest
     * of the number, so a yes/no answer would give the birth date away). Each search is audited.
     */
    idCard: fields.text(18).nullish(),
    /** Part of the mobile number. */
    mobile: fields.text(20).nullish(),
    company: fields.id.nullish(),
    /** The department and every department under it. */
    department: fields.id.nullish(),
    status: z.union([status, z.array(status).max(STAFF_STATUSES.length)]).nullish(),
    /** Report days `[first, last]`, both included. */
    reportTime: dayRange.nullish(),
  })
  .strict();
export type StaffFindFilter = z.output<typeof staffFindFilter>;

/** The most rows one import takes; a longer sheet is refused whole (split it). */
export const STAFF_IMPORT_MAX_ROWS = 5000;
/** The largest .xlsx an import takes. */
export const STAFF_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * One refusal of an import: the sheet's row number (the header is row 1), the property or
 * custom field key at fault, the column's header as the file has it (empty when the column is missing), and why.
 */
export const staffImportProblem = z.object({ row: z.number().int(), field: z.string(), column: z.string(), message: z.string() });
export type StaffImportProblem = z.output<typeof staffImportProblem>;

/** What an import did; a file with any refused row does nothing and answers 40000 with `data.rows` instead. */
export const staffImportResult = z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
export type StaffImportResult = z.output<typeof staffImportResult>;

/** How far ahead the HR dashboard looks for probations, contracts and leaving dates ending, in days from today (both included). */
export const DASHBOARD_HORIZON_DAYS = 30;
/** How many people the HR dashboard lists of each day list: the nearest due, and as many of the longest overdue. */
export const DASHBOARD_LIST_LIMIT = 10;
/** How many months, this one included, the HR dashboard's joiners and leavers cover. */
export const DASHBOARD_MONTHS = 12;

const endingPerson = z.object({ id: z.number().int(), name: z.string(), department_id: z.number().int().nullable(), department_name: z.string().nullable() });
/** How many people, and the first of them by their day, earliest first, with that day. */
const peopleByDay = <Day extends z.ZodRawShape>(day: Day) => z.object({ count: z.number().int(), items: z.array(endingPerson.extend(day)) });
/**
 * People whose day ends a state: `count` and `items` have it coming within the horizon (the nearest first); `overdue`
 * are still in the state with the day gone by (the longest past first), apart, as they wait for someone to act.
 */
const daysDue = <Day extends z.ZodRawShape>(day: Day) => peopleByDay(day).extend({ overdue: peopleByDay(day) });

/** The HR dashboard (人力看板): aggregates over live staff records, days and months in the platform's time zone. */
export const hrDashboard = z.object({
  /** Today in the platform's zone: the day the answer counts from. */
  today: z.string(),
  /** Live records in each state. */
  statuses: z.record(status, z.number().int()),
  /**
   * Staff in office by top-level department, each counting its whole subtree, in the tree's order; a last row with a
   * null id for staff in no department, when there are any.
   */
  departments: z.array(z.object({ id: z.number().int().nullable(), name: z.string().nullable(), probation: z.number().int(), regular: z.number().int(), resigning: z.number().int() })),
  /** The last months, oldest first, this one last (`YYYY-MM`): joiners by report day, leavers by leaving day, both up to today. */
  months: z.array(z.object({ month: z.string(), joiners: z.number().int(), leavers: z.number().int() })),
  /** Staff in probation whose probation ends from today to the horizon; overdue: it ended before today. */
  probation_ending: daysDue({ probation_end: z.string() }),
  /** Staff in office whose contract ends from today to the horizon; overdue: it ended before today. */
  contracts_ending: daysDue({ contract_end: z.string() }),
  /** Staff resigning whose leaving date is from today to the horizon; overdue: it was before today, and they are still resigning. */
  leaving_due: daysDue({ leaving_date: z.string() }),
  /** Approvals waiting for a decision; null while no approval module answers. */
  pending_approvals: z.number().int().nullable(),
});
export type HrDashboard = z.output<typeof hrDashboard>;

/**
 * A change of state. Resigning needs the leaving date, not before today in the platform's zone (the server checks the
 * day): on it a job makes the record resigned and disables its linked account. Other moves take no leaving date.
 */
export const staffStatusInput = z
  .object({ ids: z.array(fields.id).min(1).max(200), status, reason: fields.text(STAFF_REASON_MAX).optional(), leaving_date: calendarDay.optional() })
  .strict()
  .superRefine((value, ctx) => {
    if (value.status === 'resigning' && value.leaving_date === undefined) ctx.addIssue({ code: 'custom', path: ['leaving_date'], message: said({ 'zh-CN': '离职时必填', 'en-US': 'required when resigning' }) });
    if (value.status !== 'resigning' && value.leaving_date !== undefined) ctx.addIssue({ code: 'custom', path: ['leaving_date'], message: said({ 'zh-CN': '仅离职时填写', 'en-US': 'only a resignation takes a leaving date' }) });
  });
export type StaffStatusInput = z.output<typeof staffStatusInput>;

const path = (action: string) => `/api/personnel/${action}`;
const tag = 'personnel';

export const personnelCalls = {
  findPage: defineCall({
    method: 'POST',
    path: '/staff/findPage',
    tag,
    summary:
      'A page of staff records, newest first: pageNo in the query is zero-based (0: the first page), pageSize up to 200; the body filters (name or initials, whole id card, part of the mobile, company, department with its sub-departments, status or statuses, report days). Identity cards masked. Filtering by id card needs personnel.id_card.view (40300 naming idCard, recorded) and is audited',
    permission: operation('personnel.view'),
    query: z.object({ pageNo: wholeNumber(0, 99_999).default(0), pageSize: fields.limit }),
    body: staffFindFilter,
    data: pageOf(staffRow),
  }),
  deleteById: defineCall({
    method: 'GET',
    path: '/staff/deleteById',
    tag,
    summary:
      'Deletes a staff record: gone from lists and the address book, kept with its history and the optional reason; 40400 when there is none (or it is already deleted). A record linked to a sign-in account needs every grant of that account (40300, recorded)',
    permission: operation('personnel.delete'),
    query: z.object({ id: fields.id, reason: fields.text(STAFF_REASON_MAX).optional() }),
    data: z.null(),
  }),
  letterIndex: defineCall({
    method: 'POST',
    path: '/api/staff/index_letter',
    tag,
    summary:
      'The letter index of staff in office (address book): A–Z by the first letter of the name’s pinyin, the surname read as a surname (单 S, 曾 Z), then #; each group by pinyin then id; only letters that have staff',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: z.array(staffLetterGroup),
  }),
  search: defineCall({
    method: 'POST',
    path: '/api/staff/index_search',
    tag,
    summary: `Staff in office whose name, pinyin initials or mobile hold the keyword, up to ${STAFF_SEARCH_LIMIT}, by pinyin`,
    permission: 'signed-in',
    body: z.object({ keyword: fields.text(30).min(1) }).strict(),
    data: z.array(addressBookEntry),
  }),
  userList: defineCall({
    method: 'POST',
    path: '/admin/users/getUserList',
    tag,
    summary: 'The address book: staff in office by pinyin, filtered by a keyword (name, initials, mobile) and a department with its sub-departments',
    permission: 'signed-in',
    body: z.object({ keyword: fields.text(30).optional(), department_id: fields.id.optional(), page: fields.page, limit: fields.limit }).strict(),
    data: pageOf(addressBookEntry),
  }),
  userRead: defineCall({
    method: 'POST',
    path: '/admin/users/read',
    tag,
    summary: 'One person of the address book; 40400 for one not in office',
    permission: 'signed-in',
    body: z.object({ id: fields.id }).strict(),
    data: addressBookEntry,
  }),
  add: defineCall({
    method: 'POST',
    path: path('staff_add'),
    tag,
    summary:
      'Adds a staff record. An identity card needs personnel.id_card.view (40300 naming id_card); a bad one is 40000 naming id_card; an identity card or mobile another record holds 40900 naming it; an unknown department or company 40000 naming it; custom values are checked by form personnel_info (40000 naming the key)',
    permission: operation('personnel.edit'),
    body: staffAddInput,
    labels: STAFF_LABELS,
    data: z.object({ id: z.number().int() }),
  }),
  edit: defineCall({
    method: 'POST',
    path: path('staff_edit'),
    tag,
    summary:
      'Changes the properties sent of a staff record (not its status: staff_status); the rules of staff_add apply. Giving, changing or clearing its identity card needs personnel.id_card.view (40300 naming id_card); moving the leaving date of a record linked to a sign-in account needs every grant of that account (40300, recorded)',
    permission: operation('personnel.edit'),
    body: staffEditInput,
    labels: STAFF_LABELS,
    data: z.null(),
  }),
  details: defineCall({
    method: 'POST',
    path: path('staff_details'),
    tag,
    summary: 'A whole staff record; the identity card whole only with personnel.id_card.view (each such answer audited), masked otherwise',
    permission: operation('personnel.view'),
    body: z.object({ id: fields.id }).strict(),
    data: staffDetails,
  }),
  status: defineCall({
    method: 'POST',
    path: path('staff_status'),
    tag,
    summary:
      'Moves records to a state. All or nothing: a move the states do not allow (docs/personnel.md) is 40000 naming status and changes nothing. Hiring sets the report day (today) and the probation end (three months on) where empty; resigning needs leaving_date (not before today, platform zone; 40000 naming it), and on that day a job makes the record resigned and disables its linked account; resigned sets the leaving day where empty and disables the linked account; withdrawing a resignation clears the leaving day. Resigning a record linked to a sign-in account, or withdrawing its resignation, needs every grant of that account (40300, recorded, nothing changed)',
    permission: operation('personnel.edit'),
    body: staffStatusInput,
    data: z.null(),
  }),
  linkAccount: defineCall({
    method: 'POST',
    path: path('staff_link_account'),
    tag,
    summary:
      'Links a staff record to a sign-in account, or unlinks it (account_id null). The linker must hold every grant of the account linked and of the one unlinked (40300, recorded); an unknown account is 40000 naming account_id; an account another live record has is 40900 naming account_id',
    permission: operation('personnel.link_account'),
    body: z.object({ id: fields.id, account_id: fields.id.nullable() }).strict(),
    data: z.null(),
  }),
  history: defineCall({
    method: 'POST',
    path: path('staff_history'),
    tag,
    summary: 'The history of a staff record, newest first: each add, edit, change of state and delete with what changed, the reason and who did it',
    permission: operation('personnel.view'),
    body: z.object({ id: fields.id }).strict(),
    data: z.array(staffHistoryEntry),
  }),
  export: defineCall({
    method: 'POST',
    path: path('staff_export'),
    tag,
    summary:
      'Every staff record matching the findPage filter (no paging) as an Excel workbook, streamed (blob answer), newest first; identity cards masked, company, department, status and custom fields by name; filtering by id card as findPage. Headers: x-export-rows and x-export-estimated-bytes. Its columns are the import’s',
    permission: operation('personnel.export'),
    body: staffFindFilter,
    data: z.null(),
    response: 'blob',
  }),
  importTemplate: defineCall({
    method: 'POST',
    path: path('staff_import_template'),
    tag,
    summary: 'The import’s workbook with its header row only (blob answer): the export’s columns, custom fields of personnel_info included',
    permission: operation('personnel.import'),
    body: z.object({}).strict(),
    data: z.null(),
    response: 'blob',
  }),
  import: defineCall({
    method: 'POST',
    path: path('staff_import'),
    tag,
    summary:
      `Imports staff records from an .xlsx sent as multipart/form-data in the field \`file\` (at most ${STAFF_IMPORT_MAX_BYTES / 1024 / 1024} MB, ${STAFF_IMPORT_MAX_ROWS} rows), columns by the export's headers. ` +
      'Each row is checked as staff_add; a row whose identity card (or, without one, mobile) matches a live record updates it where something differs. ' +
      'Without personnel.id_card.view a row may give no whole identity card nor clear one (a row problem); moving the leaving date of a record linked to a sign-in account needs every grant of that account (40300). ' +
      'All or nothing: any refused row writes nothing and answers 40000 whose data.rows lists every refusal {row, field, message}',
    permission: operation('personnel.import'),
    // Multipart: no body schema here; the server reads the file part itself.
    data: staffImportResult,
  }),
  companies: defineCall({
    method: 'POST',
    path: path('company_list'),
    tag,
    summary: 'The operator’s legal entities a staff record may belong to, by sort then id',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  formFields: defineCall({
    method: 'POST',
    path: path('staff_fields'),
    tag,
    summary:
      'The fields of form personnel_info (人员信息) in order, for the add and edit form: whoever may view staff records reads them, ' +
      'without the field-settings operation that editing them needs',
    permission: operation('personnel.view'),
    body: z.object({}).strict(),
    data: z.array(fieldDefinitionRow),
  }),
  dashboard: defineCall({
    method: 'POST',
    path: path('dashboard'),
    tag,
    summary: `The HR dashboard in one answer: live records by state; staff in office by top-level department (each counting its subtree) and state; joiners and leavers in each of the last ${DASHBOARD_MONTHS} months, empty months included; probations, contracts and resignations' leaving dates ending within ${DASHBOARD_HORIZON_DAYS} days (how many, and the nearest ${DASHBOARD_LIST_LIMIT}) and those overdue, still in the state their day should have ended (how many, and the ${DASHBOARD_LIST_LIMIT} longest past); pending approvals (null without an approval module). Days and months in the platform's time zone`,
    permission: operation('personnel.dashboard.view'),
    body: z.object({}).strict(),
    data: hrDashboard,
  }),
};
