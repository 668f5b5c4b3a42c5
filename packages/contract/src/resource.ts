import { z } from 'zod';
import { defineCall, fields as sharedFields, operation, type CallDefinition } from './call';
import { calendarDay } from './days';
import type { Locale } from './errors';

/**
 * The resource layer's contract half (docs/resources.md): a screen that is a list of records with a form is declared
 * once with `defineResource`, and the declaration yields its calls (list, details, add, edit, delete) as ordinary
 * `defineCall` objects, so the boot checks, OpenAPI, the permission sweep and the bad-input tests cover them unchanged.
 * The server's `lib/crud` answers them from the declaration and a table; the web's resource page renders them.
 */

/** A text in both languages. */
export type Texts = Record<Locale, string>;

/** How a list may be filtered on a field. */
export type FilterOperator = 'equals' | 'in' | 'range';

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
  min: number;
  max: number;
  /** Whole numbers only (the default); money is whole fen, never a fraction of yuan. */
  integer?: boolean;
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
/** A display order: a whole number 0–9999, smaller first, 0 by default. */
export interface SortField extends FieldCommon {
  kind: 'sort';
}

export type ResourceField = TextField | TextareaField | RichTextField | NumberField | SelectField | BooleanField | DateField | SortField;
export type FieldKind = ResourceField['kind'];


function textInput(f: TextCommon): z.ZodType {
  const text = z.string().trim().min(f.min ?? (f.required ? 1 : 0)).max(f.max);
  const { pattern } = f;
  return pattern ? text.refine((v) => v === '' || pattern.test(v), { message: `must match ${pattern.source}`, abort: true }) : text;
}

/**
 * What each field kind is on the wire: the value a client sends (checked here, once, for the server and the form), the
 * value an answer holds, and how a list may be filtered on it. The field-type registry of the next layer extends this
 * map to the spec's 35 types; nothing else knows a kind's rules.
 */
export const fieldKinds: { [K in FieldKind]: { input(field: Extract<ResourceField, { kind: K }>): z.ZodType; output(field: Extract<ResourceField, { kind: K }>): z.ZodType; operators: readonly FilterOperator[] } } = {
  text: {
    input: (f) => textInput(f),
    output: () => z.string(),
    operators: ['equals'],
  },
  textarea: {
    input: (f) => textInput(f),
    output: () => z.string(),
    operators: [],
  },
  richtext: {
    input: (f) => z.string().max(f.max).refine((html) => !f.required || html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', 'must not be empty'),
    output: () => z.string(),
    operators: [],
  },
  number: {
    input: (f) => {
      const number = f.integer === false ? z.coerce.number() : z.coerce.number().int();
      return number.min(f.min).max(f.max);
    },
    output: () => z.number(),
    operators: ['equals', 'range'],
  },
  select: {
    input: (f) => z.coerce.number().int().refine((v) => f.options.some((o) => o.value === v), `must be one of ${f.options.map((o) => o.value).join(', ')}`),
    output: () => z.number().int(),
    operators: ['equals', 'in'],
  },
  boolean: {
    input: () => z.boolean(),
    output: () => z.boolean(),
    operators: ['equals'],
  },
  date: {
    input: () => calendarDay,
    output: () => z.string(),
    operators: ['range'],
  },
  sort: {
    input: () => z.coerce.number().int().min(0).max(9999),
    output: () => z.number().int(),
    operators: [],
  },
};

const inputOf = (field: ResourceField): z.ZodType => (fieldKinds[field.kind].input as (f: ResourceField) => z.ZodType)(field);
const outputOf = (field: ResourceField): z.ZodType => {
  const output = (fieldKinds[field.kind].output as (f: ResourceField) => z.ZodType)(field);
  return field.required || field.kind === 'boolean' || field.kind === 'sort' ? output : output.nullable();
};

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
  /** One record's name: 案例平台 / Case platform. */
  label: Texts;
  /** Operation codes (listed in the operation catalogue); a missing add, edit or delete means the call is not offered. */
  operations: ResourceOperations;
  fields: F;
  /** The list's columns, in order; `updated_at` is always available. */
  columns: readonly (keyof F & string | 'updated_at')[];
  /** Text fields the list's keyword searches (contains, case-insensitive). */
  keyword?: readonly (keyof F & string)[];
  /** Filters the list offers: each names an operator its field kind allows. */
  filters?: { readonly [K in keyof F & string]?: FilterOperator };
  /** The list's default order. */
  order: { by: keyof F & string | 'updated_at' | 'id'; direction: 'asc' | 'desc' };
  pageSize?: number;
}

type FieldInput<F extends ResourceField> = F extends { kind: 'text' | 'textarea' | 'richtext' } ? string : F extends { kind: 'boolean' } ? boolean : F extends { kind: 'date' } ? string : number;
type RowOf<F extends Record<string, ResourceField>> = { id: number; updated_at: string } & { [K in keyof F]: F[K] extends { required: true } ? FieldInput<F[K]> : F[K] extends { kind: 'boolean' | 'sort' } ? FieldInput<F[K]> : FieldInput<F[K]> | null };
type BodyOf<F extends Record<string, ResourceField>> = { [K in keyof F]?: FieldInput<F[K]> | null };

/** A list's body as a client sends it: a filter takes one value, a list of values (`in`) or a `[from, to]` pair (`range`). */
type ListBodyOf<F extends Record<string, ResourceField>> = {
  keyword?: string;
  page?: number;
  limit?: number;
  sort?: keyof F | 'id' | 'updated_at';
  order?: 'asc' | 'desc';
} & { [K in keyof F]?: FieldInput<F[K]> | FieldInput<F[K]>[] };
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
}

export interface Resource<F extends Record<string, ResourceField>> extends ResourceDeclaration<F> {
  /** A record as answers hold it. */
  row: z.ZodObject;
  calls: ResourceCalls<F>;
}

/** The longest keyword a resource list takes. */
export const RESOURCE_KEYWORD_MAX = 50;

/** A record's id in a body. */
const byId = z.object({ id: sharedFields.id });

function filterSchema(field: ResourceField, operator: FilterOperator): z.ZodType {
  const value = inputOf({ ...field, required: false } as ResourceField);
  if (operator === 'equals') return value.optional();
  if (operator === 'in') return z.array(value).min(1).max(50).optional();
  return z
    .tuple([value, value])
    .refine(([from, to]) => (from as number | string) <= (to as number | string), 'the range must start before it ends')
    .optional();
}

/** Declares a resource: its fields, list, filters and operations, and the calls they make (see the file comment). */
export function defineResource<const F extends Record<string, ResourceField>>(declaration: ResourceDeclaration<F>): Resource<F> {
  const { module, thing, fields, operations, label } = declaration;
  const entries = Object.entries(fields) as [string, ResourceField][];
  for (const [key, operator] of Object.entries(declaration.filters ?? {}) as [string, FilterOperator][]) {
    const field = fields[key];
    if (!field || !fieldKinds[field.kind].operators.includes(operator)) throw new Error(`${module}.${thing}: ${key} cannot be filtered by ${operator}`);
  }
  for (const key of declaration.keyword ?? []) {
    const kind = fields[key]?.kind;
    if (kind !== 'text' && kind !== 'textarea') throw new Error(`${module}.${thing}: keyword searches text fields, not ${key}`);
  }

  const row = z.object({
    id: z.number().int(),
    ...Object.fromEntries(entries.map(([key, field]) => [key, outputOf(field)])),
    updated_at: z.string(),
  });
  const written = (forAdd: boolean) =>
    z.object(
      Object.fromEntries(
        entries.map(([key, field]) => {
          const input = inputOf(field);
          if (!forAdd) return [key, field.required ? input.optional() : input.nullable().optional()];
          const fallback = defaultOf(field);
          // A required field with no value to fall back on (a date, a select without a default) must be given.
          return [key, field.required && (fallback === undefined || fallback === null) ? input : input.nullable().optional()];
        }),
      ),
    ).strict();
  const sortable = z.enum(['id', 'updated_at', ...entries.filter(([, f]) => f.kind !== 'textarea' && f.kind !== 'richtext').map(([key]) => key)] as [string, ...string[]]);
  const filterBody = z
    .object({
      keyword: declaration.keyword?.length ? sharedFields.text(RESOURCE_KEYWORD_MAX).optional() : z.undefined().optional(),
      sort: sortable.optional(),
      order: z.enum(['asc', 'desc']).optional(),
      ...Object.fromEntries((Object.entries(declaration.filters ?? {}) as [string, FilterOperator][]).map(([key, operator]) => [key, filterSchema(fields[key]!, operator)])),
    })
    .strict();
  const listBody = filterBody.extend({ page: sharedFields.page, limit: sharedFields.limit.default(declaration.pageSize ?? 20) }).strict();
  const name = label['en-US'].toLowerCase();
  const path = (action: string) => `/api/${module}/${thing}_${action}`;
  const call = <B extends z.ZodType, D extends z.ZodType>(action: string, summary: string, code: string, body: B, data: D, response?: 'blob') =>
    defineCall({ method: 'POST', path: path(action), summary, tag: module, permission: operation(code), body, data, response });

  const calls: ResourceCalls<F> = {
    list: call('list', `List ${name} records, filtered and ordered, a page at a time`, operations.view, listBody, z.object({ count: z.number().int(), data: z.array(row) })) as ResourceCalls<F>['list'],
    details: call('details', `One ${name} record by id`, operations.view, byId, row) as ResourceCalls<F>['details'],
  };
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
  return { ...declaration, row, calls };
}

/**
 * The columns of a resource's export, in order: the list's columns, then the other fields. Rich text is left out: a
 * cell of HTML is no use in a sheet.
 */
export function exportedKeys(resource: Pick<Resource<Record<string, ResourceField>>, 'columns' | 'fields'>): string[] {
  const keys = [...resource.columns, ...Object.keys(resource.fields).filter((key) => !(resource.columns as readonly string[]).includes(key))];
  if (!keys.includes('updated_at')) keys.push('updated_at');
  return keys.filter((key) => resource.fields[key]?.kind !== 'richtext');
}

/** A resource's calls as a module's call record (`callsByModule`). */
export function resourceCalls(...resources: Resource<Record<string, ResourceField>>[]): Record<string, CallDefinition<z.ZodType, undefined, z.ZodType>> {
  return Object.fromEntries(
    resources.flatMap((resource) =>
      Object.entries(resource.calls)
        .filter(([, call]) => call !== undefined)
        .map(([action, call]) => [`${resource.thing}${action[0]!.toUpperCase()}${action.slice(1)}`, call]),
    ),
  );
}
