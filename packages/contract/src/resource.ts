import { z } from 'zod';
import { defineCall, fields as sharedFields, operation, type CallDefinition } from './call';
import type { AnyModuleCall, ContractModule } from './contract-module';
import type { Locale } from './errors';
import { said } from './refusals';
import type { LookupKind, PickerType } from './field';
import { fieldDefinition, fieldTypes, recordId, type FieldDefinition, type FieldDefinitionInput, type FieldOperator, type FieldType, type ModuleLookup, type NumberUnit } from './field-types';

/**
 * The resource layer's contract half (docs/resources.md): a screen that is a list of records with a form is declared
 * once with `defineResource`, and the declaration yields its calls (list, details, add, edit, delete) as ordinary
 * `defineCall` objects, so the boot checks, OpenAPI, the permission sweep and the bad-input tests cover them unchanged.
 * The server's `lib/crud` answers them from the declaration and a table; the web's resource page renders them.
 */

/** Names an action may not take: the calls every resource has. */
const RESERVED_ACTIONS = new Set(['list', 'details', 'add', 'edit', 'del', 'delete', 'export', 'history']);

/** A text in both languages. */
export type Texts = Record<Locale, string>;

/**
 * How a list may be filtered on a field: an operator the field's registry type offers that `lib/crud`'s SQL answers
 * (contains and empty are the custom fields' alone so far).
 */
export type FilterOperator = Extract<FieldOperator, 'equals' | 'in' | 'range'>;
const FILTER_OPERATORS: readonly FilterOperator[] = ['equals', 'in', 'range'];

interface FieldCommon {
  label: Texts;
  /** A line under the field's editor telling what the value does. */
  hint?: Texts;
  /** Must be given on add; on edit it may not be cleared. */
  required?: boolean;
  /** No two records may share the value: the server answers 40900 naming the field. */
  unique?: boolean;
}

interface TextCommon extends FieldCommon {
  max: number;
  min?: number;
  /** A shape the value must have when not empty (a colour `#1677ff`, a code); a mismatch is refused as invalid. */
  pattern?: RegExp;
}
/** One line, trimmed. */
export interface TextField extends TextCommon {
  kind: 'text';
}
/** Several lines, trimmed. */
export interface TextareaField extends TextCommon {
  kind: 'textarea';
}
/** Formatted text (HTML from the editor), sanitised by the server on every write, so what is read back may be rendered. */
export interface RichTextField extends FieldCommon {
  kind: 'richtext';
  /** Characters of HTML. */
  max: number;
}
export interface NumberField extends FieldCommon {
  kind: 'number';
  /** In the field's unit: fen for money, basis points for a rate. */
  min: number;
  max: number;
  /** Whole numbers only (the default); money is whole fen, never a fraction of yuan. */
  integer?: boolean;
  /**
   * `fen`: money, stored and sent as whole fen, edited and shown as yuan with two decimals (¥ 12.50); `bp`: a rate in
   * basis points, edited and shown as a percentage with two decimals (12.50%) — by its registry type (number with the
   * unit); a whole number only.
   */
  unit?: NumberUnit;
  default?: number;
}
export interface SelectField extends FieldCommon {
  kind: 'select';
  options: readonly { value: number; label: Texts }[];
  default?: number;
}
export interface BooleanField extends FieldCommon {
  kind: 'boolean';
  default: boolean;
}
export interface DateField extends FieldCommon {
  kind: 'date';
}
/**
 * A credential (a platform's password, a signing secret, a model provider's key): written, never read back. The server
 * seals it at rest (docs/security.md › Secrets); answers hold `SECRET_MASK` where one is kept and null where none is.
 * An edit that leaves it out, empty or as the mask keeps the one kept. Drawn as a text by its registry type, edited in a
 * password box; never unique, filtered, searched, sorted or exported.
 */
export interface SecretField extends FieldCommon {
  kind: 'secret';
  max: number;
  min?: number;
}

/** What an answer holds for a kept secret. */
export const SECRET_MASK = '••••••' as const;

/** A display order: a whole number 0–9999, smaller first, 0 by default. */
export interface SortField extends FieldCommon {
  kind: 'sort';
}

/**
 * A record of another module (or of this one), kept as its id and picked by name: drawn by the registry's record picker
 * of `picker` holding one record, and named by that picker's lookup, which the module owning the records registers on
 * the server (PICKER_LOOKUPS); or, for a module's own records no field type names (a keyword's type), by `lookup`
 * (MODULE_LOOKUPS), drawn as the one-record picker picking from it. An id no record of the lookup has is refused (40000
 * naming the field); the table's foreign key keeps a referenced record from being deleted (40900). Filtered by `equals`
 * or `in`.
 */
export type ReferenceField = FieldCommon & { kind: 'reference' } & ({ picker: PickerType; lookup?: never } | { lookup: ModuleLookup; picker?: never });

export type ResourceField = TextField | TextareaField | RichTextField | NumberField | SelectField | BooleanField | DateField | SortField | ReferenceField | SecretField;
export type FieldKind = ResourceField['kind'];
/** A field the field-type registry validates and draws: every kind but rich text, which §3 has no type for. */
export type RegistryField = Exclude<ResourceField, RichTextField>;

/**
 * The registry type of each kind (a number that is not whole is a floatnumber; a reference is its picker's type); a
 * display order is a number 0–9999.
 */
const KIND_TYPES: { [K in Exclude<RegistryField['kind'], 'reference'>]: FieldType } = {
  text: 'text',
  textarea: 'textarea',
  number: 'number',
  select: 'select',
  boolean: 'boolean_value',
  date: 'date',
  sort: 'number',
  secret: 'text',
};
const SORT_MAX = 9999;

const isRichText = (field: ResourceField): field is RichTextField => field.kind === 'richtext';
const isReference = (field: ResourceField): field is ReferenceField => field.kind === 'reference';
const isSecret = (field: ResourceField): field is SecretField => field.kind === 'secret';
/** How a list may be filtered on a reference: by one record or by several. */
const REFERENCE_OPERATORS: readonly FilterOperator[] = ['equals', 'in'];

/** The registry type a field is drawn and checked by. */
function registryTypeOf(field: RegistryField): FieldType {
  if (field.kind === 'reference') return field.lookup ? 'single_user' : field.picker;
  return field.kind === 'number' && field.integer === false ? 'floatnumber' : KIND_TYPES[field.kind];
}

/**
 * A resource field as a field definition (docs/field-types.md), so it is validated and drawn by its registry type as an
 * admin-defined field is. Its bounds become the definition's (`max_length`, `min_length`, `pattern`, `min`, `max`), a
 * number's unit its `unit`, and its default the definition's default; staff may change nothing of it (permission 0).
 * Refused, by throwing, when it is not a definition the registry takes, e.g. a pattern with flags (a definition's
 * pattern is a source alone).
 */
export function resourceFieldDefinition(key: string, field: RegistryField): FieldDefinition {
  if ((field.kind === 'text' || field.kind === 'textarea') && field.pattern?.flags) throw new Error(`${key}: a pattern takes no flags (${field.pattern})`);
  const fallback = defaultOf(field);
  const definition: FieldDefinitionInput = {
    key,
    type: registryTypeOf(field),
    label: field.label,
    required: field.required ?? false,
    unique: field.unique ?? false,
    permission: 0,
    ...(field.kind === 'secret' && { max_length: field.max, ...(field.min !== undefined && { min_length: field.min }) }),
    ...((field.kind === 'text' || field.kind === 'textarea') && {
      max_length: field.max,
      ...(field.min !== undefined && { min_length: field.min }),
      ...(field.pattern && { pattern: field.pattern.source }),
    }),
    ...(field.kind === 'number' && { min: field.min, max: field.max, ...(field.unit && { unit: field.unit }) }),
    ...(field.kind === 'sort' && { min: 0, max: SORT_MAX }),
    ...(field.kind === 'select' && { options: [...field.options] }),
    // A list picker (industry, structure…) holding one record; single_user holds one by its type.
    ...(field.kind === 'reference' && field.picker && fieldTypes[field.picker].quantity === 'items' && { extend_quantity_max: 1 }),
    ...(field.kind === 'reference' && field.lookup && { lookup: field.lookup }),
    ...((typeof fallback === 'number' || typeof fallback === 'boolean') && { default: fallback }),
  };
  const parsed = fieldDefinition.safeParse(definition);
  if (!parsed.success) throw new Error(`${key}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}

/** Formatted text (HTML) up to its length; a required one must hold some text, not only markup. */
const richTextInput = (field: RichTextField) =>
  z
    .string()
    .max(field.max)
    .refine((html) => !field.required || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', said({ 'zh-CN': '不能为空', 'en-US': 'must not be empty' }));

/**
 * The value a client sends for a registry field: its type's value schema. A resource's table holds '' for an empty text,
 * where the registry holds null: a blank non-required text is taken as ''.
 */
function registryInput(field: RegistryField, definition: FieldDefinition): z.ZodType {
  // One record's id, where its picker's type holds a list of them.
  if (field.kind === 'reference') return field.required ? recordId : recordId.nullable();
  // Empty, or the mask an answer held, keeps the kept one (an edit); a given one is as long as its bounds say.
  if (field.kind === 'secret') return z.union([z.literal(''), z.literal(SECRET_MASK), z.string().min(field.min ?? 1).max(field.max)]);
  const value = fieldTypes[definition.type].value(definition);
  return (field.kind === 'text' || field.kind === 'textarea') && !definition.required ? value.transform((text) => text ?? '') : value;
}

/** The value an answer holds: as the table stores it, null where a field is neither required nor always set. */
function outputOf(field: ResourceField): z.ZodType {
  if (isSecret(field)) return z.literal(SECRET_MASK).nullable();
  const output = field.kind === 'boolean' ? z.boolean() : field.kind === 'number' ? z.number() : field.kind === 'select' || field.kind === 'sort' || field.kind === 'reference' ? z.number().int() : z.string();
  return field.required || field.kind === 'boolean' || field.kind === 'sort' ? output : output.nullable();
}

/** Whether the table may hold null for the field: one neither required nor stored as a text, a yes / no or an order. */
const holdsNull = (field: ResourceField) => field.kind === 'secret' || (!field.required && (field.kind === 'reference' || field.kind === 'number' || field.kind === 'select' || field.kind === 'date'));

/** The value a field takes when an add leaves it out. */
export function defaultOf(field: ResourceField): unknown {
  if (field.kind === 'boolean') return field.default;
  if (field.kind === 'sort') return 0;
  if ((field.kind === 'number' || field.kind === 'select') && field.default !== undefined) return field.default;
  if (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'richtext') return field.required ? undefined : '';
  return null;
}

export interface ResourceOperations {
  /** Lists and opens records. */
  view: string;
  add?: string;
  edit?: string;
  delete?: string;
  /** Saves every record the list's filter matches as an Excel workbook (docs/export.md). */
  export?: string;
}

export interface ResourceDeclaration<F extends Record<string, ResourceField>> {
  /** `<module>` of the paths `/api/<module>/<thing>_list` …, and the OpenAPI tag. */
  module: string;
  /** `<thing>` of the paths. */
  thing: string;
  /** The menu entry of the screen. */
  menu: string;
  /**
   * Other menu entries listing these records for a task of their own (素材审核 lists the materials to review): an
   * action's operation may be granted under one of them.
   */
  alsoAt?: readonly string[];
  /** One record's name: 案例平台 / Case platform. */
  label: Texts;
  /** Operation codes (listed in the operation catalogue); a missing add, edit or delete means the call is not offered. */
  operations: ResourceOperations;
  fields: F;
  /** The list's columns, in order; `updated_at` is always available. */
  columns: readonly (keyof F & string | 'updated_at')[];
  /** Text fields the list's keyword searches (contains, case-insensitive). */
  keyword?: readonly (keyof F & string)[];
  /** Filters the list offers: each names an operator its field's registry type offers (FilterOperator). */
  filters?: { readonly [K in keyof F & string]?: FilterOperator };
  /** The list's default order. */
  order: { by: keyof F & string | 'updated_at' | 'id'; direction: 'asc' | 'desc' };
  pageSize?: number;
  /**
   * The record this one belongs to (a business's packages): `key` names a required reference field holding the parent's
   * id, and `resource` is the parent's declaration. The list is filtered by it (`equals`, added when not declared), a
   * unique field is unique among one parent's records, the parent's details show the records as a tab with add, edit
   * and delete in place, and a parent holding records cannot be deleted (40900).
   */
  parent?: { key: keyof F & string; resource: ParentResource };
  /**
   * The record's states and the actions between them: `field` names a select field holding the state (its default a new
   * record's state), which no add or edit writes — only the actions, each audited and shown in the record's history.
   */
  states?: { field: keyof F & string; actions: Readonly<Record<string, ResourceAction>> };
  /**
   * The lookup naming these records, for references and record-picking fields to pick them (a module lookup such as
   * `keyword_type`, or a picker's, such as `business`): the server provides it from the table — the records an
   * `enabled` field (where declared) leaves on, whose first keyword field holds the typed text, in the list's order,
   * each named by that field.
   */
  names?: Exclude<LookupKind, 'staff'>;
}

/**
 * An action moving a record from some states to another (docs/resources.md › States and actions): its own call
 * `/api/<module>/<thing>_<action>` under its own operation, offered only from its `from` states.
 */
export interface ResourceAction {
  /** The button: 标记已联系, 放弃. */
  label: Texts;
  /** The states (values of the state field's options) it may act from. */
  from: readonly number[];
  to: number;
  /** The operation that allows it (in the catalogue). */
  operation: string;
  /** The staff gives a reason, kept in the record's history: `required`, or `optional`. */
  reason?: 'required' | 'optional';
  /** Asked before acting; an action with a reason asks in its dialog instead. */
  confirm?: Texts;
  /** Offered on several records at once: all of them change, or none. */
  bulk?: boolean;
  /** Drawn as a danger (an action hard to take back). */
  danger?: boolean;
}

/** The most records one bulk action changes. */
export const RESOURCE_BULK_MAX = 100;
/** The longest reason an action keeps. */
export const RESOURCE_REASON_MAX = 200;

/** What a child list needs of its parent's declaration: its calls' names and label, not its fields' types. */
export interface ParentResource {
  module: string;
  thing: string;
  label: Texts;
}

/** A field's value as sent and answered: a reference is its record's id. */
type FieldInput<F extends ResourceField> = F extends { kind: 'text' | 'textarea' | 'richtext' | 'secret' } ? string : F extends { kind: 'boolean' } ? boolean : F extends { kind: 'date' } ? string : number;
type RowOf<F extends Record<string, ResourceField>> = { id: number; updated_at: string } & { [K in keyof F]: F[K] extends { kind: 'secret' } ? typeof SECRET_MASK | null : F[K] extends { required: true } ? FieldInput<F[K]> : F[K] extends { kind: 'boolean' | 'sort' } ? FieldInput<F[K]> : FieldInput<F[K]> | null };
type BodyOf<F extends Record<string, ResourceField>> = { [K in keyof F]?: FieldInput<F[K]> | null };

/**
 * A list's body as a client sends it: a filter takes one value (null: the field holds none), a list of values (`in`) or
 * a `[from, to]` pair (`range`).
 */
type ListBodyOf<F extends Record<string, ResourceField>> = {
  keyword?: string;
  page?: number;
  limit?: number;
  sort?: keyof F | 'id' | 'updated_at';
  order?: 'asc' | 'desc';
} & { [K in keyof F]?: FieldInput<F[K]> | FieldInput<F[K]>[] | null };
/** An export's body: the list's filter and order, without its paging (the file holds every matching record). */
type ExportBodyOf<F extends Record<string, ResourceField>> = Omit<ListBodyOf<F>, 'page' | 'limit'>;
type ById = { id: number };
/** A body schema typed the same on both sides, so test helpers and clients check what they send. */
type Body<T> = z.ZodType<T, T>;

export interface ResourceCalls<F extends Record<string, ResourceField>> {
  list: CallDefinition<Body<ListBodyOf<F>>, undefined, z.ZodType<{ count: number; data: RowOf<F>[] }>>;
  details: CallDefinition<Body<ById>, undefined, z.ZodType<RowOf<F>>>;
  add?: CallDefinition<Body<BodyOf<F>>, undefined, z.ZodType<{ id: number }>>;
  edit?: CallDefinition<Body<ById & BodyOf<F>>, undefined, z.ZodType<null>>;
  delete?: CallDefinition<Body<ById>, undefined, z.ZodType<null>>;
  export?: CallDefinition<Body<ExportBodyOf<F>>, undefined, z.ZodType<null>>;
  /** The record's history of adds, edits and actions, where it declares states. */
  history?: CallDefinition<Body<ById>, undefined, z.ZodType<HistoryEntry[]>>;
}

/** A declared action's call: a bulk one takes `ids`, the others `id`. */
export type ActionCall = CallDefinition<Body<ActionBody>, undefined, z.ZodType<null>>;

/** An action's body: the record (`id`) or, for a bulk action, the records (`ids`), and the reason where it takes one. */
export type ActionBody = { id?: number; ids?: number[]; reason?: string };

/** One step of a record's history: who did what when, the state before and after, the reason given. */
export const historyEntry = z.object({
  at: z.string(),
  staff_name: z.string().nullable(),
  /** `add`, `edit` or an action's name. */
  action: z.string(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** What an action was about beside the record itself (the business revoked from an agency); absent otherwise. */
  subject: z.string().optional(),
});
export type HistoryEntry = z.output<typeof historyEntry>;

export interface Resource<F extends Record<string, ResourceField>> extends ResourceDeclaration<F> {
  /** Each field but rich text as a field definition (`resourceFieldDefinition`): the registry validates and draws it. */
  definitions: Readonly<Record<string, FieldDefinition>>;
  /** A record as answers hold it. */
  row: z.ZodObject;
  calls: ResourceCalls<F>;
  /** The declared actions' calls, by action (none without states). */
  actionCalls: Readonly<Record<string, ActionCall>>;
}

/** The longest keyword a resource list takes. */
export const RESOURCE_KEYWORD_MAX = 50;

/** A record's id in a body. */
const byId = z.object({ id: sharedFields.id });

/**
 * A filter's value: present values of the field's type (a filter on no value is not one these lists offer); a
 * reference's is a record's id.
 */
function filterSchema(field: ResourceField, definition: FieldDefinition, operator: FilterOperator): z.ZodType {
  const value = isReference(field) ? recordId : fieldTypes[definition.type].value({ ...definition, required: true });
  // A field that may hold no value (a reference, a number, a choice or a day left empty) equals null where it holds none.
  if (operator === 'equals') return holdsNull(field) ? value.nullable().optional() : value.optional();
  if (operator === 'in') return z.array(value).min(1).max(50).optional();
  return z
    .tuple([value, value])
    .refine(([from, to]) => (from as number | string) <= (to as number | string), said({ 'zh-CN': '起点不能晚于终点', 'en-US': 'the range must start before it ends' }))
    .optional();
}

/** Declares a resource: its fields, list, filters and operations, and the calls they make (see the file comment). */
export function defineResource<const F extends Record<string, ResourceField>>(declaration: ResourceDeclaration<F>): Resource<F> {
  const { module, thing, fields, operations, label, parent } = declaration;
  if (parent) {
    const field = fields[parent.key];
    if (field?.kind !== 'reference' || !field.required) throw new Error(`${module}.${thing}: the parent's key ${parent.key} is a required reference`);
    if ((declaration.filters?.[parent.key] ?? 'equals') !== 'equals') throw new Error(`${module}.${thing}: a child list is filtered by its parent with equals`);
  }
  if (declaration.names && !declaration.keyword?.length) throw new Error(`${module}.${thing}: a resource naming the ${declaration.names} lookup names its records by its first keyword field`);
  const states = declaration.states;
  if (states) {
    const field = fields[states.field];
    if (field?.kind !== 'select' || field.default === undefined) throw new Error(`${module}.${thing}: the state field ${states.field} is a select with a default`);
    const values = new Set(field.options.map((option) => option.value));
    for (const [name, action] of Object.entries(states.actions)) {
      if (!/^[a-z][a-z_]*$/.test(name) || RESERVED_ACTIONS.has(name)) throw new Error(`${module}.${thing}: an action may not be named ${name}`);
      if (![...action.from, action.to].every((state) => values.has(state)) || action.from.length === 0) throw new Error(`${module}.${thing}.${name}: from and to are states of ${states.field}`);
    }
  }
  const entries = Object.entries(fields) as [string, ResourceField][];
  const definitionOf = (key: string, field: RegistryField) => {
    try {
      return resourceFieldDefinition(key, field);
    } catch (error) {
      throw new Error(`${module}.${thing}: ${(error as Error).message}`, { cause: error });
    }
  };
  const definitions: Record<string, FieldDefinition> = Object.fromEntries(entries.flatMap(([key, field]) => (isRichText(field) ? [] : [[key, definitionOf(key, field)]])));
  for (const [key, field] of entries) if (isSecret(field) && field.unique) throw new Error(`${module}.${thing}: the secret ${key} cannot be unique`);
  const offers = (key: string, operator: FieldOperator) => {
    const field = fields[key];
    if (field && isSecret(field)) return false;
    if (field && isReference(field)) return (REFERENCE_OPERATORS as readonly FieldOperator[]).includes(operator);
    return definitions[key] !== undefined && fieldTypes[definitions[key].type].operators.includes(operator);
  };
  // A child list is always filtered by its parent: the parent's tab lists its own records only.
  const declaredFilters: Partial<Record<string, FilterOperator>> = parent ? { [parent.key]: 'equals', ...declaration.filters } : { ...declaration.filters };
  const filters = Object.entries(declaredFilters) as [string, FilterOperator][];
  for (const [key, operator] of filters) {
    if (!FILTER_OPERATORS.includes(operator) || !offers(key, operator)) throw new Error(`${module}.${thing}: ${key} cannot be filtered by ${operator}`);
  }
  for (const key of declaration.keyword ?? []) {
    if (!offers(key, 'contains')) throw new Error(`${module}.${thing}: keyword searches text fields, not ${key}`);
  }
  const inputOf = (key: string, field: ResourceField) => (isRichText(field) ? richTextInput(field) : registryInput(field, definitions[key]!));

  const row = z.object({
    id: z.number().int(),
    ...Object.fromEntries(entries.map(([key, field]) => [key, outputOf(field)])),
    updated_at: z.string(),
  });
  // The state is the actions' to write: no add or edit sets it.
  const writable = entries.filter(([key]) => key !== states?.field);
  const written = (forAdd: boolean) =>
    z.object(
      Object.fromEntries(
        writable.map(([key, field]) => {
          // A required secret is given on add; an edit may leave it empty, keeping the one kept.
          const input = forAdd && isSecret(field) && field.required ? z.string().min(field.min ?? 1).max(field.max) : inputOf(key, field);
          if (!forAdd) return [key, field.required ? input.optional() : input.nullable().optional()];
          const fallback = defaultOf(field);
          // A required field with no value to fall back on (a date, a select without a default) must be given.
          return [key, field.required && (fallback === undefined || fallback === null) ? input : input.nullable().optional()];
        }),
      ),
    ).strict();
  // A reference's order would be its ids': nothing a reader sorts by.
  const sortable = z.enum(['id', 'updated_at', ...entries.filter(([, f]) => f.kind !== 'textarea' && f.kind !== 'richtext' && f.kind !== 'reference' && f.kind !== 'secret').map(([key]) => key)] as [string, ...string[]]);
  const filterBody = z
    .object({
      keyword: declaration.keyword?.length ? sharedFields.text(RESOURCE_KEYWORD_MAX).optional() : z.undefined().optional(),
      sort: sortable.optional(),
      order: z.enum(['asc', 'desc']).optional(),
      ...Object.fromEntries(filters.map(([key, operator]) => [key, filterSchema(fields[key]!, definitions[key]!, operator)])),
    })
    .strict();
  const listBody = filterBody.extend({ page: sharedFields.page, limit: sharedFields.limit.default(declaration.pageSize ?? 20) }).strict();
  const name = label['en-US'].toLowerCase();
  const labels = Object.fromEntries(entries.map(([key, field]) => [key, field.label]));
  const path = (action: string) => `/api/${module}/${thing}_${action}`;
  const call = <B extends z.ZodType, D extends z.ZodType>(action: string, summary: string, code: string, body: B, data: D, response?: 'blob') =>
    defineCall({ method: 'POST', path: path(action), summary, tag: module, permission: operation(code), body, data, response, labels });

  const calls: ResourceCalls<F> = {
    list: call('list', `List ${name} records, filtered and ordered, a page at a time`, operations.view, listBody, z.object({ count: z.number().int(), data: z.array(row) })) as ResourceCalls<F>['list'],
    details: call('details', `One ${name} record by id`, operations.view, byId, row) as ResourceCalls<F>['details'],
  };
  const actionCalls: Record<string, ActionCall> = {};
  for (const [action, { label: actionLabel, from, to, operation: code, reason, bulk }] of Object.entries(states?.actions ?? {})) {
    const target = bulk ? { ids: z.array(sharedFields.id).min(1).max(RESOURCE_BULK_MAX) } : { id: sharedFields.id };
    const reasonInput = sharedFields.text(RESOURCE_REASON_MAX);
    const body = z.object({ ...target, ...(reason && { reason: reason === 'required' ? reasonInput.min(1) : reasonInput.optional() }) }).strict();
    const summary =
      `${actionLabel['zh-CN']} (${actionLabel['en-US']}): ${bulk ? `up to ${RESOURCE_BULK_MAX} ${name} records, all or none,` : `a ${name} record`} from ${states!.field} ${from.join(' / ')} to ${to}, ` +
      `under the record's lock; another state is 40900 naming ${states!.field}`;
    actionCalls[action] = call(action, summary, code, body, z.null()) as ActionCall;
  }
  if (states) calls.history = call('history', `A ${name} record's history: its add, edits and actions, oldest first`, operations.view, byId, z.array(historyEntry)) as ResourceCalls<F>['history'];
  if (operations.add) calls.add = call('add', `Add a ${name} record`, operations.add, written(true), z.object({ id: z.number().int() })) as ResourceCalls<F>['add'];
  if (operations.edit)
    calls.edit = call('edit', `Edit a ${name} record; fields left out keep their value`, operations.edit, byId.extend(written(false).shape).strict(), z.null()) as unknown as ResourceCalls<F>['edit'];
  if (operations.delete) calls.delete = call('del', `Delete a ${name} record unless it is in use`, operations.delete, byId, z.null()) as ResourceCalls<F>['delete'];
  if (operations.export)
    calls.export = call(
      'export',
      `Every ${name} record matching the filter as an Excel workbook, streamed (blob answer), in the list's order. Headers: x-export-rows and x-export-estimated-bytes, for a progress bar.`,
      operations.export,
      filterBody,
      z.null(),
      'blob',
    ) as unknown as ResourceCalls<F>['export'];
  return { ...declaration, filters: declaredFilters as ResourceDeclaration<F>['filters'], definitions, row, calls, actionCalls };
}

/** A state's name (its option of the resource's state field), in both languages; undefined for a value with no option. */
export function stateName(resource: Pick<Resource<Record<string, ResourceField>>, 'fields' | 'states'>, state: unknown): Texts | undefined {
  const field = resource.states && resource.fields[resource.states.field];
  return field?.kind === 'select' ? field.options.find((option) => option.value === state)?.label : undefined;
}

/**
 * The columns of a resource's export, in order: the list's columns, then the other fields. Rich text is left out (a
 * cell of HTML is no use in a sheet), and secrets (never read back).
 */
export function exportedKeys(resource: Pick<Resource<Record<string, ResourceField>>, 'columns' | 'fields'>): string[] {
  const keys = [...resource.columns, ...Object.keys(resource.fields).filter((key) => !(resource.columns as readonly string[]).includes(key))];
  if (!keys.includes('updated_at')) keys.push('updated_at');
  return keys.filter((key) => resource.fields[key]?.kind !== 'richtext' && resource.fields[key]?.kind !== 'secret');
}

const camel = (action: string) => action.replace(/(^|_)([a-z])/g, (_, _sep: string, letter: string) => letter.toUpperCase());

/** A resource's calls as a module's call record (a contract module's, `defineContractModule`). */
export function resourceCalls(...resources: Resource<Record<string, ResourceField>>[]): Record<string, CallDefinition<z.ZodType, undefined, z.ZodType>> {
  return Object.fromEntries(
    resources.flatMap((resource) =>
      [...Object.entries(resource.calls), ...Object.entries(resource.actionCalls)]
        .filter(([, call]) => call !== undefined)
        .map(([action, call]) => [`${resource.thing}${camel(action)}`, call as CallDefinition<z.ZodType, undefined, z.ZodType>]),
    ),
  );
}

/**
 * Every call of a contract module by name: its hand-written families, its resources' calls and its settings documents'. A name two of them
 * share would leave one call unserved and undocumented: refused when the contract loads.
 */
export function moduleCalls(module: ContractModule): Record<string, AnyModuleCall> {
  const calls: Record<string, AnyModuleCall> = {};
  const settingsCalls: Record<string, AnyModuleCall> = Object.fromEntries(
    module.settings.flatMap((doc) => [[`${doc.thing}Details`, doc.calls.details as AnyModuleCall], [`${doc.thing}Edit`, doc.calls.edit as AnyModuleCall]]),
  );
  for (const family of [...module.calls, resourceCalls(...module.resources), settingsCalls])
    for (const [name, call] of Object.entries(family)) {
      if (name in calls) throw new Error(`${module.name}: two calls are named ${name}`);
      calls[name] = call;
    }
  return calls;
}
