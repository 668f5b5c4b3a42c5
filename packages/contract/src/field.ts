import { z } from 'zod';
import { defineCall, fields, operation } from './call';
import { fieldDefinition, FIELD_TYPES, type FieldDefinition } from './field-types';
import type { Texts } from './resource';

/**
 * Admin-defined fields (docs/field-definitions.md): the forms whose fields staff define on the 字段设置 screens, the
 * calls that list, add, edit, delete and order a form's definitions, and the check of a record's values against them.
 * Each form's calls are guarded by that form's own operations, so each form has its own paths.
 */

/** The forms holding admin-defined fields, each on its menu screen. */
export const FIELD_FORMS = {
  customer_info: { menu: '/permission/customer/info', label: { 'zh-CN': '客户信息设置', 'en-US': 'Customer information' } },
  customer_register: { menu: '/permission/customer/register', label: { 'zh-CN': '客户注册设置', 'en-US': 'Customer sign-up' } },
  product_info: { menu: '/permission/customer/product', label: { 'zh-CN': '产品信息设置', 'en-US': 'Product information' } },
  personnel_info: { menu: '/permission/personnel/info', label: { 'zh-CN': '人员信息', 'en-US': 'Staff information' } },
} as const satisfies Record<string, { menu: string; label: Texts }>;
export type FieldForm = keyof typeof FIELD_FORMS;
export const FIELD_FORM_NAMES = Object.keys(FIELD_FORMS) as FieldForm[];

/** A form's operations: `view` lists its definitions and checks values, `edit` changes the definitions. */
export const fieldFormOperations = (form: FieldForm) => ({ view: `field.${form}.view`, edit: `field.${form}.edit` });

/** Keys a record or its list body holds itself: a custom field named so would clash with them in a list or filter. */
export const RESERVED_FIELD_KEYS = ['id', 'page', 'limit', 'sort', 'order', 'keyword', 'updated_at', 'created_at'] as const;

/** How many fields one form may hold. */
export const FIELD_DEFINITIONS_MAX = 200;

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
 * A new definition: every property but the order (a new field goes last; `definition_sort` moves it) and the
 * permission byte (staff's own fields get every flag; only the seed's system fields get less).
 */
const addShape = fieldDefinition.in.omit({ sort: true, permission: true }).strict();
// The shape's output (defaults filled) is an input the whole definition takes: its rules then run once, on all of it.
const addBody = addShape.pipe(fieldDefinition as unknown as z.ZodType<FieldDefinition, z.output<typeof addShape>>);

/**
 * The changes to a definition: what is left out keeps its value; `default: null` and a null bound clear them. `key` and
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
    hidden: shape.hidden.unwrap().optional(),
    sub_fields: shape.sub_fields,
  })
  .strict();

/** A record's values by definition key, as a record holder sends them and as the check answers them cleaned. */
export const fieldValuesBody = z.record(z.string(), z.unknown());

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
  };
}
export type FieldFormCalls = ReturnType<typeof formCalls>;

/** Each form's calls, by form. */
export const fieldFormCalls = Object.fromEntries(FIELD_FORM_NAMES.map((form) => [form, formCalls(form)])) as Record<FieldForm, FieldFormCalls>;

/** Every form's calls as the module's call record (`callsByModule`). */
export const fieldCalls = Object.fromEntries(
  FIELD_FORM_NAMES.flatMap((form) => Object.entries(fieldFormCalls[form]).map(([action, call]) => [`${form}.${action}`, call])),
) as Record<`${FieldForm}.${keyof FieldFormCalls}`, FieldFormCalls[keyof FieldFormCalls]>;
