import { z } from 'zod';
import { defineCall, fields, operation, pageOf } from './call';
import { calendarDay, dayRange } from './days';
import { INDEX_LETTERS } from './department';
import { isEmail, isIdCardNumber, isPhone } from './validators';

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
export const STAFF_NAME_MAX = 30;
export const STAFF_POST_MAX = 50;
export const STAFF_REASON_MAX = 200;

const status = z.enum(STAFF_STATUSES);
const optionalText = (max: number) => fields.text(max).nullish();
const phone = z.string().trim().refine(isPhone, 'not a mobile number');
/** An identity card number checked as GB 11643 gives it; a lower-case `x` is stored as `X`. */
const idCard = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => isIdCardNumber(value), 'not an identity card number (region, birth date, check character)');

/** What a staff record's form sends; a left-out or null property is empty. Status changes go through staff_status. */
const staffFields = {
  name: fields.text(STAFF_NAME_MAX).min(1),
  gender: z.enum(STAFF_GENDERS),
  id_card: idCard.nullish(),
  mobile: phone.nullish(),
  email: z.string().trim().refine(isEmail, 'not an email address').nullish(),
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
  created_at: z.string(),
});
export type StaffRow = z.output<typeof staffRow>;

/** A whole record; `id_card` is whole only for holders of personnel.id_card.view (`id_card_masked` says which). */
export const staffDetails = staffRow.extend({
  id_card_masked: z.boolean(),
  email: z.string().nullable(),
  probation_end: z.string().nullable(),
  contract_start: z.string().nullable(),
  contract_end: z.string().nullable(),
  leaving_date: z.string().nullable(),
  emergency_contact: z.string().nullable(),
  emergency_mobile: z.string().nullable(),
  account_id: z.number().int().nullable(),
  extra: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
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
    /** The whole number. */
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

const path = (action: string) => `/api/personnel/${action}`;
const tag = 'personnel';

export const personnelCalls = {
  findPage: defineCall({
    method: 'POST',
    path: '/staff/findPage',
    tag,
    summary:
      'A page of staff records, newest first: pageNo in the query is zero-based (0: the first page), pageSize up to 200; the body filters (name or initials, whole id card, part of the mobile, company, department with its sub-departments, status or statuses, report days). Identity cards masked',
    permission: operation('personnel.view'),
    query: z.object({ pageNo: z.coerce.number().int().min(0).max(99_999).default(0), pageSize: fields.limit }),
    body: staffFindFilter,
    data: pageOf(staffRow),
  }),
  deleteById: defineCall({
    method: 'GET',
    path: '/staff/deleteById',
    tag,
    summary: 'Deletes a staff record: gone from lists and the address book, kept with its history and the optional reason; 40400 when there is none (or it is already deleted)',
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
      'Adds a staff record. A bad identity card is 40000 naming id_card; an identity card or mobile another record holds 40900 naming it; an unknown department or company 40000 naming it; custom values are checked by form personnel_info (40000 naming the key)',
    permission: operation('personnel.edit'),
    body: staffAddInput,
    data: z.object({ id: z.number().int() }),
  }),
  edit: defineCall({
    method: 'POST',
    path: path('staff_edit'),
    tag,
    summary: 'Changes the properties sent of a staff record (not its status: staff_status); the rules of staff_add apply',
    permission: operation('personnel.edit'),
    body: staffEditInput,
    data: z.null(),
  }),
  details: defineCall({
    method: 'POST',
    path: path('staff_details'),
    tag,
    summary: 'A whole staff record; the identity card whole only with personnel.id_card.view, masked otherwise',
    permission: operation('personnel.view'),
    body: z.object({ id: fields.id }).strict(),
    data: staffDetails,
  }),
  status: defineCall({
    method: 'POST',
    path: path('staff_status'),
    tag,
    summary:
      'Moves records to a state. All or nothing: a move the states do not allow (docs/personnel.md) is 40000 naming status and changes nothing. Hiring sets the report day (today) and the probation end (three months on) where empty; resigned sets the leaving day where empty',
    permission: operation('personnel.edit'),
    body: z.object({ ids: z.array(fields.id).min(1).max(200), status, reason: fields.text(STAFF_REASON_MAX).optional() }).strict(),
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
  companies: defineCall({
    method: 'POST',
    path: path('company_list'),
    tag,
    summary: 'The operator’s legal entities a staff record may belong to, by sort then id',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
};
