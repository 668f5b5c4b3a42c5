import { z } from 'zod';
import { defineCall, fields, operation, pageOf } from './call';
import { fieldDefinition, FIELD_OPERATORS, FIELD_TYPES, MODULE_LOOKUPS, type FieldDefinition, type FieldType, type ModuleLookup } from './field-types';
import { said } from './refusals';
import { defineContractModule } from './contract-module';
import { RESOURCE_KEYWORD_MAX, type ReferenceField, type Texts } from './resource';

/**
 * Admin-defined fields (docs/field-definitions.md): the forms whose fields staff define on the 字段设置 screens, the
 * calls that list, add, edit, delete and order a form's definitions, and the check of a record's values against them.
 * Each form's calls are guarded by that form's own operations, so each form has its own paths.
 */

/**
 * The forms holding admin-defined fields, each on its menu screen. `recordOperations`: who fills in or reads the form's
 * records on its record holder's screens, besides the form's own view and edit (人员信息: the staff records' screens);
 * they may pick what the form's fields pick.
 */
export const FIELD_FORMS = {
  customer_info: { menu: '/permission/customer/info', label: { 'zh-CN': '客户信息设置', 'en-US': 'Customer information' }, recordOperations: ['merchant.view', 'merchant.edit'] },
  customer_register: { menu: '/permission/customer/register', label: { 'zh-CN': '客户注册设置', 'en-US': 'Customer sign-up' }, recordOperations: [] },
  product_info: { menu: '/permission/customer/product', label: { 'zh-CN': '产品信息设置', 'en-US': 'Product information' }, recordOperations: ['merchant.product.view', 'merchant.product.edit'] },
  agency_apply: { menu: '/permission/agency/apply', label: { 'zh-CN': '代理申请表', 'en-US': 'Agency application form' }, recordOperations: [] },
  business_apply: { menu: '/permission/agency/apply', label: { 'zh-CN': '业务申请表', 'en-US': 'Business application form' }, recordOperations: [] },
  // A section of 业务设置, whose screen is the business module's: the shell shows both as tabs.
  business_set: { menu: '/permission/business/business', label: { 'zh-CN': '业务开通表', 'en-US': 'Service set-up form' }, recordOperations: ['order.view', 'order.start'], section: true },
  personnel_info: { menu: '/permission/personnel/info', label: { 'zh-CN': '人员信息', 'en-US': 'Staff information' }, recordOperations: ['personnel.view', 'personnel.edit'] },
} as const satisfies Record<string, { menu: string; label: Texts; recordOperations: readonly string[]; section?: true }>;
export type FieldForm = keyof typeof FIELD_FORMS;
export const FIELD_FORM_NAMES = Object.keys(FIELD_FORMS) as FieldForm[];

/** A form's operations: `view` lists its definitions and checks values, `edit` changes the definitions. */
export const fieldFormOperations = (form: FieldForm) => ({ view: `field.${form}.view`, edit: `field.${form}.edit` });

/** Keys a record or its list body holds itself: a custom field named so would clash with them in a list or filter. */
export const RESERVED_FIELD_KEYS = ['id', 'page', 'limit', 'sort', 'order', 'keyword', 'updated_at', 'created_at'] as const;

/** How many fields one form may hold. */
export const FIELD_DEFINITIONS_MAX = 200;

/**
 * Characters of all of a form's definitions written as JSON (`fieldDefinitionChars`): every form drawn or checked reads
 * them all. Ten fields at their largest, or two hundred of a thousand characters.
 */
export const FIELD_FORM_DEFINITION_CHARS_MAX = 200_000;

const shape = fieldDefinition.in.shape;
const { sub_fields: _subFields, ...plainShape } = shape;

/** A stored definition as the list answers it (checked when written, so read back without the write's rules). */
export const fieldDefinitionRow = z.object({
  id: z.number().int(),
  ...plainShape,
  type: z.enum(FIELD_TYPES),
  sub_fields: z.array(z.object(plainShape)).optional(),
  updated_at: z.string(),
});
export type FieldDefinitionRow = z.output<typeof fieldDefinitionRow>;

/**
 * A new definition: every property but the order (a new field goes last; `definition_sort` moves it), the permission
 * byte (staff's own fields get every flag; only the seed's system fields get less) and a pattern: a regular expression
 * runs on the server at every write, and one written badly can take it seconds a value, so patterns are the
 * developers' (resource fields') alone.
 */
const addShape = fieldDefinition.in.omit({ sort: true, permission: true, pattern: true, lookup: true }).strict();

/** A detail table's columns sent by staff hold no pattern either. */
function refuseColumnPatterns(body: { sub_fields?: readonly { pattern?: string }[] }, ctx: z.RefinementCtx): void {
  body.sub_fields?.forEach(
    (sub, i) => sub.pattern !== undefined && ctx.addIssue({ code: 'custom', path: ['sub_fields', i, 'pattern'], message: said({ 'zh-CN': '只有系统内置字段可设置格式', 'en-US': 'patterns are set by the developers’ own fields only' }) }),
  );
}

// The shape's output (defaults filled) is an input the whole definition takes: its rules then run once, on all of it.
const addBody = addShape.superRefine(refuseColumnPatterns).pipe(fieldDefinition as unknown as z.ZodType<FieldDefinition, z.output<typeof addShape>>);

/**
 * The changes to a definition: what is left out keeps its value; `default: null` and a null bound clear them (a pattern
 * stays as the developer set it). `key` and
 * `type` may be sent only unchanged (a form sending the whole definition): stored values would no longer fit them.
 */
const editBody = z
  .object({
    id: fields.id,
    key: shape.key.optional(),
    type: shape.type.optional(),
    label: shape.label.optional(),
    description: shape.description,
    required: shape.required.unwrap().optional(),
    unique: shape.unique.unwrap().optional(),
    default: shape.default,
    options: shape.options,
    extend_quantity_min: shape.extend_quantity_min,
    extend_quantity_max: shape.extend_quantity_max,
    // Bounds other than extend_quantity: null clears one.
    min_length: shape.min_length.unwrap().nullable().optional(),
    max_length: shape.max_length.unwrap().nullable().optional(),
    min: shape.min.unwrap().nullable().optional(),
    max: shape.max.unwrap().nullable().optional(),
    hidden: shape.hidden.unwrap().optional(),
    sub_fields: shape.sub_fields,
  })
  .strict()
  .superRefine(refuseColumnPatterns);

/** A record's values by definition key, as a record holder sends them and as the check answers them cleaned. */
export const fieldValuesBody = z.record(z.string(), z.unknown());

/** How many saved previews (试填记录) one form keeps. */
export const FIELD_SAMPLES_MAX = 200;

/** A filter on one custom field of a list: the operator is one the field's type offers (`fieldTypes[type].operators`). */
export const customFieldFilter = z.object({ key: z.string().max(40), operator: z.enum(FIELD_OPERATORS), value: z.unknown() }).strict();

/** A saved preview of a form: values checked by its definitions, kept to try the form out (docs/field-definitions.md › Previews). */
export const fieldSampleRow = z.object({ id: z.number().int(), values: fieldValuesBody, updated_at: z.string(), updated_by: z.string() });
export type FieldSampleRow = z.output<typeof fieldSampleRow>;

/**
 * The record-picking types of §3 and the lookup that names their records: a lookup is registered on the server by the
 * module owning those records (people by personnel, industries by 通用设置); a picker whose lookup is not
 * registered yet says so and keeps the ids it holds. 人员 and 联系人 pickers pick from the address book (staff records
 * in office, docs/personnel.md), not from sign-in accounts: most staff never sign in.
 */
export const PICKER_LOOKUPS = {
  user: 'person',
  single_user: 'person',
  structure: 'department',
  contacts: 'person',
  customer: 'customer',
  contract: 'contract',
  business: 'business',
  company_select: 'company',
  merchant_select: 'merchant',
  industry: 'industry',
} as const satisfies Partial<Record<FieldType, string>>;
export type PickerType = keyof typeof PICKER_LOOKUPS;
/**
 * The pickers' lookups, the modules' own (a resource's reference to them), and `staff`: sign-in accounts, which name who
 * did something (history, approvals).
 */
export type LookupKind = (typeof PICKER_LOOKUPS)[PickerType] | ModuleLookup | 'staff';
export const PICKER_TYPES = Object.keys(PICKER_LOOKUPS) as PickerType[];
export const isPickerType = (type: string): type is PickerType => Object.hasOwn(PICKER_LOOKUPS, type);

/** The lookup naming a resource reference's records. */
export const referenceLookup = (field: ReferenceField): LookupKind => field.lookup ?? PICKER_LOOKUPS[field.picker];

/** How many records a lookup answers for a keyword. */
export const LOOKUP_MATCHES_MAX = 20;

export const lookupItem = z.object({ id: z.number().int(), name: z.string(), hint: z.string().optional() });
export type LookupItem = z.output<typeof lookupItem>;

/** Calls every form's fields share: naming picked records. */
export const fieldLookupCalls = {
  lookup: defineCall({
    method: 'POST',
    path: '/api/field/lookup',
    tag: 'field',
    summary:
      `Names records for a record-picking field: up to ${LOOKUP_MATCHES_MAX} one may pick matching the keyword, or the given ids that a picker may show (those one may pick, and ` +
      `those who left since a value picked them; never deleted ones). Only for staff who edit a form's fields, or who fill or view a form with a field picking from ` +
      `the type's lookup (40300 otherwise). available is false while no module provides the type's records. A module's own records (a resource's reference ` +
      `to them) are named by lookup instead of type; one of the two is sent`,
    permission: 'signed-in',
    body: z
      .object({
        type: z.enum(PICKER_TYPES as [PickerType, ...PickerType[]]).optional(),
        lookup: z.enum(MODULE_LOOKUPS).optional(),
        keyword: fields.text(RESOURCE_KEYWORD_MAX).optional(),
        ids: z.array(fields.id).max(200).optional(),
      })
      .strict()
      .refine((body) => (body.type === undefined) !== (body.lookup === undefined), {
        path: ['type'],
        message: said({ 'zh-CN': '须指定字段类型或模块记录之一', 'en-US': 'expected a picker type or a module lookup, one of the two' }),
      }),
    data: z.object({ available: z.boolean(), items: z.array(lookupItem) }),
  }),
};

/** What picks and orders a form's previews, in a list and in its export. */
const sampleQuery = {
  filters: z.array(customFieldFilter).max(20).default([]),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
};

function formCalls(form: FieldForm) {
  const { view, edit } = fieldFormOperations(form);
  const name = FIELD_FORMS[form].label['en-US'].toLowerCase();
  const path = (action: string) => `/api/field/${form}_${action}`;
  const tag = 'field';
  return {
    definitionList: defineCall({
      method: 'POST',
      path: path('definition_list'),
      tag,
      summary: `The ${name} form's field definitions, by sort then id`,
      permission: operation(view),
      data: z.array(fieldDefinitionRow),
    }),
    definitionAdd: defineCall({
      method: 'POST',
      path: path('definition_add'),
      tag,
      summary: `Adds a field to the ${name} form, last. A key the form holds is 40900 naming key; a reserved key 40000`,
      permission: operation(edit),
      body: addBody,
      data: z.object({ id: z.number().int() }),
    }),
    definitionEdit: defineCall({
      method: 'POST',
      path: path('definition_edit'),
      tag,
      summary: `Changes a field of the ${name} form; a change its permission byte forbids is 40300 naming the property, a new key or type 40000`,
      permission: operation(edit),
      body: editBody,
      data: z.null(),
    }),
    definitionDel: defineCall({
      method: 'POST',
      path: path('definition_del'),
      tag,
      summary: `Deletes a field of the ${name} form unless its permission byte forbids it (40300 naming id)`,
      permission: operation(edit),
      body: z.object({ id: fields.id }).strict(),
      data: z.null(),
    }),
    definitionSort: defineCall({
      method: 'POST',
      path: path('definition_sort'),
      tag,
      summary: `Orders the ${name} form's fields: ids lists every one of them, in the new order (40000 naming ids otherwise)`,
      permission: operation(edit),
      body: z.object({ ids: z.array(fields.id).min(1).max(FIELD_DEFINITIONS_MAX) }).strict(),
      data: z.null(),
    }),
    valuesCheck: defineCall({
      method: 'POST',
      path: path('values_check'),
      tag,
      summary: `Checks a record's values against the ${name} form's fields and answers them cleaned, defaults filled; a bad value is 40000 whose field is the definition key`,
      permission: operation(view),
      body: z.object({ values: fieldValuesBody }).strict(),
      data: fieldValuesBody,
    }),
    sampleList: defineCall({
      method: 'POST',
      path: path('sample_list'),
      tag,
      summary: `The ${name} form's saved previews, newest first or by a custom field; filters take the operators of each field's type (40000 naming the key otherwise)`,
      permission: operation(view),
      body: z.object({ page: fields.page, limit: fields.limit, ...sampleQuery }).strict(),
      data: pageOf(fieldSampleRow),
    }),
    sampleExport: defineCall({
      method: 'POST',
      path: path('sample_export'),
      tag,
      summary: `The ${name} form's saved previews the filters match as an Excel workbook (blob answer), in the list's order: a column per field holding a value, each value as the registry writes it (picked records by name). Headers: x-export-rows and x-export-estimated-bytes`,
      permission: operation(view),
      body: z.object(sampleQuery).strict(),
      data: z.null(),
      response: 'blob',
    }),
    sampleAdd: defineCall({
      method: 'POST',
      path: path('sample_add'),
      tag,
      summary: `Saves a preview of the ${name} form: values checked by its fields (40000 naming the key), a unique field's value not held by another preview (40900 naming the key)`,
      permission: operation(edit),
      body: z.object({ values: fieldValuesBody }).strict(),
      data: z.object({ id: z.number().int() }),
    }),
    sampleEdit: defineCall({
      method: 'POST',
      path: path('sample_edit'),
      tag,
      summary: `Replaces a saved preview's values of the ${name} form, checked as on save`,
      permission: operation(edit),
      body: z.object({ id: fields.id, values: fieldValuesBody }).strict(),
      data: z.null(),
    }),
    sampleDel: defineCall({
      method: 'POST',
      path: path('sample_del'),
      tag,
      summary: `Deletes a saved preview of the ${name} form`,
      permission: operation(edit),
      body: z.object({ id: fields.id }).strict(),
      data: z.null(),
    }),
  };
}
export type FieldFormCalls = ReturnType<typeof formCalls>;

/** Each form's calls, by form. */
export const fieldFormCalls = Object.fromEntries(FIELD_FORM_NAMES.map((form) => [form, formCalls(form)])) as Record<FieldForm, FieldFormCalls>;

/** Every form's calls and the shared lookup as the module's call record (`callsByModule`). */
export const fieldCalls = {
  ...(Object.fromEntries(
    FIELD_FORM_NAMES.flatMap((form) => Object.entries(fieldFormCalls[form]).map(([action, call]) => [`${form}.${action}`, call])),
  ) as Record<`${FieldForm}.${keyof FieldFormCalls}`, FieldFormCalls[keyof FieldFormCalls]>),
  ...fieldLookupCalls,
};

/** The field module's share of the contract (`contractModules`). */
export const fieldContract = defineContractModule({ name: 'field', calls: fieldCalls });
