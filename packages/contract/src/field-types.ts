import { z } from 'zod';
import type { Locale } from './errors';
import { quoting, said } from './refusals';
import { IMAGE_EXTENSIONS, UPLOAD_URL_PREFIX, uploadPathField } from './file';
import type { Texts } from './resource';
import { DEFAULT_TIME_ZONE, formatInZone } from './time-zone';
import { calendarDay, dayRange } from './days';
import { checkExtendQuantity, checkQuantity, isEmail, isPhone, splitMultiValue, type ExtendQuantityCheck } from './validators';

/**
 * The field-type registry (docs/field-types.md): the spec's 35 form field types (§3), each with the schema of the value
 * it stores (what the server validates and the form checks), its filter operators and its plain text (table cell,
 * export, audit log). A field definition names its type; an admin-defined field and, later, a developer-declared
 * resource field go through the same entry.
 */

/** §3's field types, in the spec's order. */
export const FIELD_TYPES = [
  'text',
  'number',
  'floatnumber',
  'mobile',
  'email',
  'date',
  'datetime',
  'user',
  'structure',
  'contacts',
  'customer',
  'contract',
  'business',
  'single_user',
  'website',
  'textarea',
  'select',
  'company_select',
  'merchant_select',
  'certificate_img',
  'checkbox',
  'file',
  'boolean_value',
  'percent',
  'position',
  'location',
  'detail_table',
  'handwriting_sign',
  'date_interval',
  'desc_text',
  'pic',
  'file_img',
  'cascader',
  'title_divider',
  'industry',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * How a list may be filtered on a field: `equals` one value; `in` one of several (a list value: holds any of them; a
 * cascader: its path passes through any of them); `range` a `[from, to]` pair, both included (a date interval: overlaps
 * it); `contains` a text, case-insensitive (a place: its address); `empty` true for no value, false for any value.
 */
export const FIELD_OPERATORS = ['equals', 'in', 'range', 'contains', 'empty'] as const;
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

/**
 * What a number counts, where it is not a plain count: `fen` is money, stored and sent as whole fen (分) and edited and
 * shown as yuan with two decimals (¥ 12.50), so no amount is ever a fraction held in binary; `bp` is a rate in basis
 * points (10000 = 100 %), stored and sent whole and edited and shown as a percentage with two decimals (12.50%), so a
 * rate multiplies an amount in integers.
 */
export const NUMBER_UNITS = ['fen', 'bp'] as const;
export type NumberUnit = (typeof NUMBER_UNITS)[number];

/**
 * Whole fen as the digits of yuan, two decimals, thousands grouped: 1250 → `12.50`, 123456789 → `1,234,567.89`,
 * -5 → `-0.05`. Computed on the integer, so no binary fraction shows.
 */
export function fenAsYuan(fen: number): string {
  const whole = Math.abs(Math.round(fen));
  const yuan = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${fen < 0 ? '-' : ''}${yuan}.${String(whole % 100).padStart(2, '0')}`;
}

/** Basis points as a percentage, two decimals: 1250 → `12.50%`, 10000 → `100.00%`. */
export function percentText(bp: number): string {
  return `${fenAsYuan(bp).replace(/,/g, '')}%`;
}

/** Whole fen as money: 1250 → `¥ 12.50`, 123456 → `¥ 1,234.56`, -5 → `-¥ 0.05`. */
export function yuanText(fen: number): string {
  return `${fen < 0 ? '-' : ''}¥ ${fenAsYuan(Math.abs(fen))}`;
}

/** Prices from the cheapest to the dearest: one price where they meet (`¥ 99.00`), else `¥ 99.00 – ¥ 299.00`. */
export function yuanRangeText(from: number, to: number): string {
  return from === to ? yuanText(from) : `${yuanText(from)} – ${yuanText(to)}`;
}

// ——— the field-permission byte (§3) ———

/** §3's flags in the spec's order; flag i is bit i of the byte, nameEdit the least significant. */
export const FIELD_PERMISSION_FLAGS = ['nameEdit', 'deleteEdit', 'defaultEdit', 'percentEdit', 'nullEdit', 'uniqueEdit', 'hiddenEdit', 'optionsEdit'] as const;
export type FieldPermissionFlag = (typeof FIELD_PERMISSION_FLAGS)[number];
export type FieldPermissions = Record<FieldPermissionFlag, boolean>;
/** Every flag on: what a definition staff add themselves gets. */
export const ALL_FIELD_PERMISSIONS = 0xff;

export function decodeFieldPermission(byte: number): FieldPermissions {
  if (!Number.isInteger(byte) || byte < 0 || byte > 0xff) throw new RangeError(`a field-permission byte is a whole number 0–255, not ${byte}`);
  return Object.fromEntries(FIELD_PERMISSION_FLAGS.map((flag, bit) => [flag, (byte & (1 << bit)) !== 0])) as FieldPermissions;
}

export function encodeFieldPermission(flags: FieldPermissions): number {
  return FIELD_PERMISSION_FLAGS.reduce((byte, flag, bit) => (flags[flag] ? byte | (1 << bit) : byte), 0);
}

// ——— field definitions ———

/**
 * Lookups of a module's own records that no field type names (a keyword's type, a publication's account): a resource's
 * reference may pick from one (docs/resources.md › References). Its definition is the one-record picker `single_user`
 * naming the lookup instead of people; staff cannot give one to a field of their own, as these records mean nothing
 * outside their module's screens.
 */
export const MODULE_LOOKUPS = ['keyword_type', 'keyword', 'publish_account', 'material', 'extension_label', 'llm_provider'] as const;
export type ModuleLookup = (typeof MODULE_LOOKUPS)[number];

/** An option of a select, checkbox or cascader; only a cascader's options have children. */
export interface FieldOption {
  /** Stored in the value; all of a definition's option values are strings, or all whole numbers. */
  value: string | number;
  /** Its name in Chinese, and in English where one is given (none, or empty): see `optionName`. */
  label: { 'zh-CN': string; 'en-US'?: string };
  children?: FieldOption[];
}

/** An option's name in a language: where it has no English name, the English UI shows its Chinese one. */
export const optionName = (option: Pick<FieldOption, 'label'>, locale: Locale): string => option.label[locale] || option.label['zh-CN'];

export interface FieldDefinition {
  /** The value's name in a record: snake_case, 1–40 characters. */
  key: string;
  type: FieldType;
  label: Texts;
  /** desc_text's text (and only desc_text's). */
  description?: Texts;
  required: boolean;
  unique: boolean;
  /** The value a record takes when left out; valid for the type. */
  default?: unknown;
  /** select, checkbox and cascader only, and required there. */
  options?: FieldOption[];
  /** §5 bounds on the count of entries or items, where the type holds several; 0 and null mean no limit. */
  extend_quantity_min?: number | null;
  extend_quantity_max?: number | null;
  /**
   * Bounds §3 leaves to the type, which a definition may narrow (a resource field declares them; docs/field-types.md
   * › Bounds). text and textarea: the characters of the trimmed value, at most the type's own limit, and a regular
   * expression (its source, no flags) a value must match; number and floatnumber: the smallest and largest value.
   */
  min_length?: number;
  max_length?: number;
  pattern?: string;
  min?: number;
  max?: number;
  /** number only: what its whole numbers count (`fen`: money; `bp`: a rate; min and max in the unit too). Unset, a plain count. */
  unit?: NumberUnit;
  /** Display order, smaller first. */
  sort: number;
  hidden: boolean;
  /** The field-permission byte (decodeFieldPermission). */
  permission: number;
  /** A resource's reference to a module's own records: the lookup a `single_user` picker picks from instead of people. */
  lookup?: ModuleLookup;
  /** detail_table's columns (and only detail_table's): definitions of value types other than detail_table. */
  sub_fields?: FieldDefinition[];
}

const LAYOUT_TYPES: readonly FieldType[] = ['desc_text', 'title_divider'];
/** The characters a text type holds at most; `max_length` may lower it. */
const TEXT_LIMITS: Partial<Record<FieldType, number>> = { text: 255, textarea: 2000 };
/** The types `min` and `max` bound. */
const NUMBER_TYPES: readonly FieldType[] = ['number', 'floatnumber'];
const OPTION_TYPES: readonly FieldType[] = ['select', 'checkbox', 'cascader'];
const MAX_CASCADER_DEPTH = 5;

/**
 * How much one definition may hold (docs/field-definitions.md › Sizes): every form reads all its fields' definitions
 * whenever it is drawn or checked, so each bit of free text has a length and what adds up (options, the default, the
 * whole) a bound of its own. A refusal names the property.
 */
export const FIELD_DEFINITION_LIMITS = {
  /** Characters of a label, in each language. */
  label: 50,
  /** Characters of a desc_text's text, in each language. */
  description: 1000,
  /** Characters of an option's value, and of its name in each language. */
  optionText: 50,
  /** Options in all: every level of a cascader, and every column's of a detail table. */
  options: 200,
  /** Characters of the default written as JSON (a text's characters and its two quotes; a table's rows whole). */
  defaultChars: 4000,
  /** Characters of the whole definition written as JSON. */
  definitionChars: 20_000,
} as const;

const texts = (max: number) => z.object({ 'zh-CN': z.string().trim().min(1).max(max), 'en-US': z.string().trim().min(1).max(max) }).strict();

const fieldOption: z.ZodType<FieldOption> = z.lazy(() =>
  z
    .object({
      value: z.union([z.string().trim().min(1).max(FIELD_DEFINITION_LIMITS.optionText), z.number().int()]),
      // Only the Chinese name is asked for: options are many, and an English one is given where the English UI needs it.
      label: z
        .object({ 'zh-CN': z.string().trim().min(1).max(FIELD_DEFINITION_LIMITS.optionText), 'en-US': z.string().trim().max(FIELD_DEFINITION_LIMITS.optionText).optional() })
        .strict(),
      children: z.array(fieldOption).min(1).max(FIELD_DEFINITION_LIMITS.options).optional(),
    })
    .strict(),
);

const quantityBound = z.number().int().min(0).max(1000).nullable().optional();
const lengthBound = z.number().int().min(0).max(Math.max(...Object.values(TEXT_LIMITS))).optional();

const definitionShape = {
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, said({ 'zh-CN': '须以小写字母开头，只含小写字母、数字和下划线（1–40 个）', 'en-US': 'expected snake_case: a lowercase letter, then lowercase letters, digits or _ (1–40)' })),
  type: z.enum(FIELD_TYPES),
  label: texts(FIELD_DEFINITION_LIMITS.label),
  description: texts(FIELD_DEFINITION_LIMITS.description).optional(),
  required: z.boolean().default(false),
  unique: z.boolean().default(false),
  default: z.unknown().optional(),
  options: z.array(fieldOption).min(1).max(FIELD_DEFINITION_LIMITS.options).optional(),
  extend_quantity_min: quantityBound,
  extend_quantity_max: quantityBound,
  min_length: lengthBound,
  max_length: lengthBound,
  pattern: z.string().min(1).max(200).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  unit: z.enum(NUMBER_UNITS).optional(),
  sort: z.number().int().min(0).max(9999).default(0),
  hidden: z.boolean().default(false),
  permission: z.number().int().min(0).max(0xff).default(ALL_FIELD_PERMISSIONS),
  lookup: z.enum(MODULE_LOOKUPS).optional(),
};

/** Characters of a value written as JSON. */
const jsonLength = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/** Characters of a definition written as JSON: what FIELD_DEFINITION_LIMITS.definitionChars and a form's total count. */
export const fieldDefinitionChars = (definition: FieldDefinition): number => jsonLength(definition);

/** A definition's options in all: every level of a cascader, and its columns' when it is a detail table. */
function optionCount(definition: FieldDefinition): number {
  const count = (options: readonly FieldOption[]): number => options.reduce((n, option) => n + 1 + count(option.children ?? []), 0);
  return count(definition.options ?? []) + (definition.sub_fields ?? []).reduce((n, sub) => n + optionCount(sub), 0);
}

/**
 * The per-type rules a definition must keep; the default is checked last, by the type's own value schema. `whole`: a
 * form's field, not a detail table's column, so the bounds of all its parts apply to it as a whole.
 */
function checkDefinition(definition: FieldDefinition, ctx: z.RefinementCtx, whole = false): FieldDefinition {
  const { type } = definition;
  let problems = 0;
  const issue = (path: (string | number)[] | string, message: string, quoted?: unknown) => {
    problems += 1;
    ctx.addIssue({ code: 'custom', path: typeof path === 'string' ? [path] : path, message, ...(quoted !== undefined && quoting(quoted)) });
  };
  const tooBig = (path: string, origin: 'array' | 'string', maximum: number, message: string) => {
    problems += 1;
    ctx.addIssue({ code: 'too_big', origin, maximum, inclusive: true, input: definition[path as keyof FieldDefinition], path: [path], message });
  };
  const layout = LAYOUT_TYPES.includes(type);
  if (layout) {
    if (definition.required) issue('required', said({ 'zh-CN': '布局字段不能设为必填', 'en-US': `${type} is layout only: it cannot be required` }));
    if (definition.unique) issue('unique', said({ 'zh-CN': '布局字段不能设为唯一', 'en-US': `${type} is layout only: it cannot be unique` }));
    if (definition.default !== undefined) issue('default', said({ 'zh-CN': '布局字段没有默认值', 'en-US': `${type} is layout only: it takes no default` }));
  }
  if ((type === 'desc_text') !== (definition.description !== undefined))
    issue(
      'description',
      type === 'desc_text'
        ? said({ 'zh-CN': '说明文字字段须填写说明', 'en-US': 'desc_text needs its description' })
        : said({ 'zh-CN': '只有说明文字字段可填写说明', 'en-US': 'only desc_text takes a description' }),
    );

  if (OPTION_TYPES.includes(type) !== (definition.options !== undefined))
    issue(
      'options',
      OPTION_TYPES.includes(type)
        ? said({ 'zh-CN': '该类型须设置选项', 'en-US': `${type} needs its options` })
        : said({ 'zh-CN': '只有下拉单选、多选和级联字段可设置选项', 'en-US': 'only select, checkbox and cascader take options' }),
    );
  else if (definition.options) checkOptions(definition.options, type === 'cascader', issue);

  if (!fieldTypes[type].quantity && (definition.extend_quantity_min != null || definition.extend_quantity_max != null))
    issue('extend_quantity_min', said({ 'zh-CN': '该类型只填一个值，不能设置数量', 'en-US': `${type} holds one value: extend_quantity does not apply` }));
  const { min, max } = checkQuantity(0, definition);
  if (min !== null && max !== null && min > max) issue('extend_quantity_min', said({ 'zh-CN': '不能大于最多数量', 'en-US': 'is above the maximum count' }));

  checkBounds(definition, issue);
  if (definition.lookup !== undefined && type !== 'single_user')
    issue('lookup', said({ 'zh-CN': '只有单选人员类型可改从模块的记录中选择', 'en-US': 'only single_user picks from a module’s own records' }));

  if ((type === 'detail_table') !== (definition.sub_fields !== undefined))
    issue(
      'sub_fields',
      type === 'detail_table'
        ? said({ 'zh-CN': '明细表须设置子字段', 'en-US': 'detail_table needs its sub_fields' })
        : said({ 'zh-CN': '只有明细表可设置子字段', 'en-US': 'only detail_table takes sub_fields' }),
    );
  else if (definition.sub_fields) {
    const keys = definition.sub_fields.map((sub) => sub.key);
    keys.forEach((key, i) => keys.indexOf(key) !== i && issue(['sub_fields', i, 'key'], said({ 'zh-CN': '{value} 重复', 'en-US': '{value} is used twice' }), key));
  }

  if (definition.default !== undefined && jsonLength(definition.default) > FIELD_DEFINITION_LIMITS.defaultChars)
    tooBig(
      'default',
      'string',
      FIELD_DEFINITION_LIMITS.defaultChars,
      said({
        'zh-CN': `最多 ${FIELD_DEFINITION_LIMITS.defaultChars} 个字符（按 JSON 计）`,
        'en-US': `the default holds at most ${FIELD_DEFINITION_LIMITS.defaultChars} characters as JSON`,
      }),
    );
  if (whole && problems === 0) checkSize(definition, tooBig);

  if (definition.default === undefined || problems > 0) return definition;
  // Checked only once the rest holds (the value schema reads the options and sub-fields), and kept as the schema leaves
  // it (trimmed, numbers from strings); an empty default is none.
  const parsed = fieldTypes[type].value({ ...definition, required: false }).safeParse(definition.default);
  if (!parsed.success) {
    // Each issue as the value schema raised it, so its code and bounds still word it (refusals.ts).
    for (const sub of parsed.error.issues) ctx.addIssue({ ...sub, path: ['default', ...sub.path] });
    return definition;
  }
  const checked = { ...definition, default: parsed.data };
  if (parsed.data === null) delete checked.default;
  return checked;
}

/**
 * A form's field as a whole: at most FIELD_DEFINITION_LIMITS.options options in all (named by options, or by a table's
 * sub_fields), and at most definitionChars characters, named by its largest property (its options or columns: every
 * other property has a length well below the whole's).
 */
function checkSize(definition: FieldDefinition, tooBig: (path: string, origin: 'array' | 'string', maximum: number, message: string) => void): void {
  const { options: maxOptions, definitionChars } = FIELD_DEFINITION_LIMITS;
  if (optionCount(definition) > maxOptions) {
    tooBig(
      definition.options ? 'options' : 'sub_fields',
      'array',
      maxOptions,
      said({ 'zh-CN': `选项合计最多 ${maxOptions} 个（各级、各列都计入）`, 'en-US': `at most ${maxOptions} options in all, every level and column counted` }),
    );
    return;
  }
  if (fieldDefinitionChars(definition) <= definitionChars) return;
  const [largest] = Object.entries(definition).sort(([, a], [, b]) => jsonLength(b) - jsonLength(a))[0]!;
  tooBig(
    largest,
    'string',
    definitionChars,
    said({
      'zh-CN': `字段定义最多 ${definitionChars} 个字符（按 JSON 计），此项占得最多`,
      'en-US': `a field's definition holds at most ${definitionChars} characters as JSON, ${largest} the most of them`,
    }),
  );
}

/**
 * Length bounds and a pattern on a text type only, within its limit; min and max on a number type only, in order; a
 * unit on a whole number only.
 */
function checkBounds(definition: FieldDefinition, issue: (path: string, message: string) => void): void {
  const { type, min_length, max_length, pattern, min, max } = definition;
  const limit = TEXT_LIMITS[type];
  for (const [key, bound] of [['min_length', min_length], ['max_length', max_length], ['pattern', pattern]] as const) {
    if (bound !== undefined && limit === undefined) issue(key, said({ 'zh-CN': '只有单行文本和多行文本字段可设置', 'en-US': `only text and textarea take ${key}` }));
  }
  if (limit !== undefined) {
    const holdsAtMost = said({ 'zh-CN': `该类型最多 ${limit} 个字符`, 'en-US': `${type} holds at most ${limit} characters` });
    if (max_length !== undefined && max_length > limit) issue('max_length', holdsAtMost);
    if (min_length !== undefined && min_length > (max_length ?? limit))
      issue('min_length', max_length === undefined ? holdsAtMost : said({ 'zh-CN': '不能大于最多字数', 'en-US': 'is above the maximum length' }));
    if (pattern !== undefined && compiled(pattern) === null) issue('pattern', said({ 'zh-CN': '不是有效的正则表达式', 'en-US': 'pattern is not a valid regular expression' }));
  }
  for (const [key, bound] of [['min', min], ['max', max]] as const) {
    if (bound !== undefined && !NUMBER_TYPES.includes(type)) issue(key, said({ 'zh-CN': '只有整数和小数字段可设置', 'en-US': `only number and floatnumber take ${key}` }));
  }
  if (min !== undefined && max !== undefined && min > max) issue('min', said({ 'zh-CN': '不能大于最大值', 'en-US': 'is above the maximum' }));
  // Fen are whole: a unit counts a number's whole values, never a floatnumber's fractions.
  if (definition.unit !== undefined && type !== 'number') issue('unit', said({ 'zh-CN': '只有整数字段可设置单位', 'en-US': 'only number takes a unit' }));
}

/** A pattern's regular expression, or null when its source does not compile. */
function compiled(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** Sibling values distinct, every value of one kind (all strings or all numbers), children only in a cascader. */
function checkOptions(options: readonly FieldOption[], cascader: boolean, issue: (path: (string | number)[], message: string, quoted?: unknown) => void): void {
  const kind = typeof options[0]!.value;
  const walk = (level: readonly FieldOption[], path: (string | number)[], depth: number) => {
    const values = level.map((option) => option.value);
    level.forEach((option, i) => {
      const at = [...path, i];
      if (typeof option.value !== kind) issue([...at, 'value'], said({ 'zh-CN': `选项的值须同为${kind === 'number' ? '数字' : '文本'}`, 'en-US': `option values are all ${kind}s` }));
      if (values.indexOf(option.value) !== i) issue([...at, 'value'], said({ 'zh-CN': '{value} 重复', 'en-US': '{value} is used twice' }), option.value);
      if (!option.children) return;
      if (!cascader) issue([...at, 'children'], said({ 'zh-CN': '只有级联字段的选项可有下级', 'en-US': 'only a cascader’s options have children' }));
      else if (depth >= MAX_CASCADER_DEPTH) issue([...at, 'children'], said({ 'zh-CN': `级联最多 ${MAX_CASCADER_DEPTH} 级`, 'en-US': `a cascader is at most ${MAX_CASCADER_DEPTH} levels deep` }));
      else walk(option.children, [...at, 'children'], depth + 1);
    });
  };
  walk(options, ['options'], 1);
}

const VALUE_TYPES = FIELD_TYPES.filter((type) => type !== 'detail_table' && !LAYOUT_TYPES.includes(type));

/** A detail_table's column. */
const subFieldDefinition = z
  .object({ ...definitionShape, type: z.enum(VALUE_TYPES as [FieldType, ...FieldType[]]) })
  .strict()
  .transform((definition, ctx): FieldDefinition => checkDefinition(definition, ctx));

/** A field definition as the server stores it and the definition screens edit it (docs/field-types.md). */
export const fieldDefinition = z
  .object({ ...definitionShape, sub_fields: z.array(subFieldDefinition).min(1).max(30).optional() })
  .strict()
  .transform((definition, ctx): FieldDefinition => checkDefinition(definition, ctx, true));
export type FieldDefinitionInput = z.input<typeof fieldDefinition>;

// ——— stored values ———

/** null, undefined, a blank string and an empty list all mean "no value", stored as null. */
const toEmpty = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0) ? null : value;

function quantityIssue(check: ExtendQuantityCheck, ctx: z.RefinementCtx, input: unknown): void {
  if (check.problem === 'too-few')
    ctx.addIssue({ code: 'too_small', origin: 'array', minimum: check.min!, inclusive: true, input, message: said({ 'zh-CN': `至少 ${check.min} 项`, 'en-US': `expected at least ${check.min} entries` }) });
  if (check.problem === 'too-many')
    ctx.addIssue({ code: 'too_big', origin: 'array', maximum: check.max!, inclusive: true, input, message: said({ 'zh-CN': `最多 ${check.max} 项`, 'en-US': `expected at most ${check.max} entries` }) });
}

/** A list whose count keeps the definition's extend_quantity bounds; with `identity`, its items are distinct by it. */
function listOf<T extends z.ZodType>(item: T, max: number, definition: FieldDefinition, identity?: (item: z.output<T>) => unknown) {
  return z
    .array(item)
    .max(max)
    .superRefine((items, ctx) => {
      const seen = identity ? items.map(identity) : [];
      seen.forEach((v, i) => seen.indexOf(v) !== i && ctx.addIssue({ code: 'custom', path: [i], message: said({ 'zh-CN': '{value} 重复', 'en-US': '{value} is given twice' }), ...quoting(v) }));
      quantityIssue(checkQuantity(items.length, definition), ctx, items);
    });
}

/**
 * A string of comma-separated entries (§5 multi-value fields): its count keeps the extend_quantity bounds; with a rule,
 * each entry must pass it, and the value is stored as its entries joined by `,`.
 */
function entries(max: number, rule?: { test: (entry: string) => boolean; message: Texts }) {
  return (definition: FieldDefinition) => {
    // The definition's own bounds (text and textarea only) narrow the type's.
    const bounded = z
      .string()
      .trim()
      .min(definition.min_length ?? 0)
      .max(definition.max_length ?? max);
    const pattern = definition.pattern === undefined ? null : compiled(definition.pattern);
    const text = (pattern ? bounded.regex(pattern) : bounded).superRefine((value, ctx) => {
      const parts = splitMultiValue(value);
      if (rule)
        for (const part of parts)
          if (!rule.test(part))
            ctx.addIssue({ code: 'invalid_format', format: 'regex', input: value, message: said({ 'zh-CN': `${rule.message['zh-CN']}：{value}`, 'en-US': `${rule.message['en-US']}: {value}` }), ...quoting(part) });
      quantityIssue(checkExtendQuantity(value, definition), ctx, value);
    });
    return rule ? text.transform((value) => splitMultiValue(value).join(',')) : text;
  };
}

function isWebsite(entry: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(entry)) return false;
  try {
    return new URL(entry).hostname.includes('.');
  } catch {
    return false;
  }
}

/** A number, or a form's numeric string. */
const numeric = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);

/**
 * A number within the definition's min and max, where it sets them. A number with a unit (money, a rate) is taken as a
 * JSON number only, so an amount is what the client wrote; other numbers also come as a form's numeric string.
 */
function withinBounds(number: z.ZodNumber, definition: FieldDefinition) {
  const above = definition.min === undefined ? number : number.min(definition.min);
  const bounded = definition.max === undefined ? above : above.max(definition.max);
  return definition.unit !== undefined ? bounded : numeric(bounded);
}

/** A record's id (a PostgreSQL integer); unlike `fields.id` it takes no list or boolean for a number. */
/** A record's id as a picker holds it: a positive PostgreSQL integer. */
export const recordId = numeric(z.number().int().positive().max(2_147_483_647));

const TWO_DECIMALS = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** One option value of the definition: a string, or a whole number when its options are numbers. */
function optionValue(definition: FieldDefinition, values: readonly (string | number)[]) {
  const message = said({ 'zh-CN': `须为以下之一：${values.join('、')}`, 'en-US': `must be one of ${values.join(', ')}` });
  return typeof definition.options?.[0]?.value === 'number'
    ? numeric(z.number().int().refine((v) => values.includes(v), message))
    : z.string().trim().refine((v) => values.includes(v), message);
}

const optionLabel = (options: readonly FieldOption[] | undefined, value: unknown, locale: Locale) => {
  const option = options?.find((o) => o.value === value);
  return option ? optionName(option, locale) : String(value);
};

/** The cascader's options along a path of values, as far as the path follows them. */
function optionPath(options: readonly FieldOption[] | undefined, path: readonly unknown[]): FieldOption[] {
  const found: FieldOption[] = [];
  let level = options;
  for (const value of path) {
    const option = level?.find((o) => o.value === value);
    if (!option) break;
    found.push(option);
    level = option.children;
  }
  return found;
}

/** An upload the server made, stored as its `/uploads/…` URL; `extensions` narrows what it may be. */
function uploadUrl(extensions?: readonly string[]) {
  return uploadPathField
    .refine((path) => !extensions || extensions.includes(path.slice(path.lastIndexOf('.') + 1)), said({ 'zh-CN': `须为 ${extensions?.join(' / ')} 文件`, 'en-US': `must be a ${extensions?.join(' / ')} file` }))
    .transform((path) => `${UPLOAD_URL_PREFIX}${path}`);
}

/** A file of pic, file_img, certificate_img and file: its URL and the name it was uploaded under (shown and exported). */
const fileValue = (extensions?: readonly string[]) => z.object({ name: z.string().trim().min(1).max(200), url: uploadUrl(extensions) }).strict();
export type FileValue = z.output<ReturnType<typeof fileValue>>;

export const COORDINATE_SYSTEMS = ['gcj02', 'wgs84', 'bd09'] as const;
const divisionCode = z.string().regex(/^\d{6}$/, said({ 'zh-CN': '须为 6 位行政区划代码', 'en-US': 'expected a 6-digit division code' }));

/** A place of position and location: region codes (GB/T 2260), an address, and coordinates in their system. */
const placeValue = z
  .object({
    province_code: divisionCode.optional(),
    city_code: divisionCode.optional(),
    address: z.string().trim().min(1).max(200),
    lng: z.number().min(-180).max(180).optional(),
    lat: z.number().min(-90).max(90).optional(),
    coordinate_system: z.enum(COORDINATE_SYSTEMS),
  })
  .strict()
  .superRefine((place, ctx) => {
    if ((place.lng === undefined) !== (place.lat === undefined))
      ctx.addIssue({ code: 'custom', path: [place.lng === undefined ? 'lng' : 'lat'], message: said({ 'zh-CN': '经度和纬度须同时填写', 'en-US': 'longitude and latitude are given together' }) });
    if (place.city_code && place.city_code.slice(0, 2) !== place.province_code?.slice(0, 2))
      ctx.addIssue({ code: 'custom', path: ['city_code'], message: said({ 'zh-CN': '城市不在所选省份内', 'en-US': 'the city is not in the given province' }) });
  });
export type PlaceValue = z.output<typeof placeValue>;

/** The values of a set of definitions: a record's values, or a detail_table's row. Layout fields hold none. */
export function fieldValues(definitions: readonly FieldDefinition[]) {
  const held = definitions.map((definition) => [definition, fieldTypeOf(definition.type)] as const).filter(([, entry]) => entry.holdsValue);
  return z.object(Object.fromEntries(held.map(([definition, entry]) => [definition.key, entry.value(definition)]))).strict();
}

// ——— the registry ———

export interface FieldTypeEntry {
  type: FieldType;
  /** False for the layout types (desc_text, title_divider): they show, and store nothing. */
  holdsValue: boolean;
  /** What extend_quantity counts: a string's comma-separated entries, or a list's items; null where it does not apply. */
  quantity: 'entries' | 'items' | null;
  operators: readonly FieldOperator[];
  /**
   * The value as stored, checked by the server and the form alike: empty (null, a blank string, an empty list) is
   * stored as null, which a required field refuses.
   */
  value(definition: FieldDefinition): z.ZodType;
  /** Plain text for a table cell, the export and the audit log; '' for no value. Times are shown in `timeZone`. */
  text(value: unknown, definition: FieldDefinition, locale: Locale, timeZone?: string): string;
  /**
   * The value a cell's text stands for, the reverse of `text` in either language: what an import reads, its result
   * still checked by `value`. An empty cell is `{ value: null }`; a text naming nothing the field holds (an option
   * no one has) is a problem in both languages. Unset for the types a cell cannot give back (pickers, files, places,
   * tables, times, signatures, layout): an import leaves their values as they were.
   */
  read?(text: string, definition: FieldDefinition): CellReading;
}

/** What a cell's text gives a field: a value to check, or what is wrong with the text. */
export type CellReading = { value: unknown } | { problem: Texts };

interface TypeRules<T> {
  /** A value that is there; none for the layout types. */
  present?: (definition: FieldDefinition) => z.ZodType<T>;
  quantity?: 'entries' | 'items';
  operators: readonly FieldOperator[];
  text: (value: T, definition: FieldDefinition, locale: Locale, timeZone: string) => string;
  /** A cell's text, trimmed and not empty, as the value it stands for (FieldTypeEntry.read). */
  read?: (text: string, definition: FieldDefinition) => CellReading;
}

function defineType<T>(type: FieldType, rules: TypeRules<T>): FieldTypeEntry {
  const { present } = rules;
  return {
    type,
    holdsValue: present !== undefined,
    quantity: rules.quantity ?? null,
    operators: rules.operators,
    value: (definition) => z.preprocess(toEmpty, !present ? z.null() : definition.required ? present(definition) : present(definition).nullable()),
    text: (value, definition, locale, timeZone = DEFAULT_TIME_ZONE) => (value == null ? '' : rules.text(value as T, definition, locale, timeZone)),
    ...(rules.read && {
      read: (text: string, definition: FieldDefinition) => {
        const trimmed = text.trim();
        return trimmed ? rules.read!(trimmed, definition) : { value: null };
      },
    }),
  };
}

// Reading a cell's text back (FieldTypeEntry.read).
const readAsIs = (text: string): CellReading => ({ value: text });
/** An option by its name in either language, or by its value written out. */
const optionNamed = (definition: FieldDefinition, text: string) =>
  definition.options?.find((o) => o.label['zh-CN'] === text || o.label['en-US'] === text || String(o.value) === text)?.value;
const noOption = (text: string): CellReading => ({ problem: { 'zh-CN': `没有名为“${text}”的选项`, 'en-US': `no option named “${text}”` } });
/** Entries of a list as `text` joins them (、 or ,), or as a person types them (，). */
const listEntries = (text: string) => text.split(/\s*[、,，]\s*/).filter(Boolean);
/** Money as `yuanText` writes it, or as a person types it (12.5, 1,234.56, ¥12): whole fen, at most two decimals. */
function readYuan(text: string): CellReading {
  const figures = text.replace(/[¥￥,\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(figures)) return { problem: { 'zh-CN': '应为金额（元），最多 2 位小数', 'en-US': 'should be an amount in yuan, at most 2 decimals' } };
  return { value: Math.round(Number(figures) * 100) };
}
/** A rate as `percentText` writes it, or as a person types it (12.5, 12.5%): whole basis points, at most two decimals. */
function readPercent(text: string): CellReading {
  const figures = text.replace(/[%％\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(figures)) return { problem: { 'zh-CN': '应为百分比，最多 2 位小数', 'en-US': 'should be a percentage, at most 2 decimals' } };
  return { value: Math.round(Number(figures) * 100) };
}

const listSeparator = (locale: Locale) => (locale === 'zh-CN' ? '、' : ', ');
/** A value of any shape as text: what the fallback shows of a value stored under a type it does not know. */
const plain = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

const asIs: TypeRules<string>['text'] = plain;
const same = <T>(value: T) => value;

// Rules several types share.
const ids: TypeRules<number[]> = {
  present: (definition) => listOf(recordId, 200, definition, same),
  quantity: 'items',
  operators: ['in', 'empty'],
  text: (value, _d, locale) => value.join(listSeparator(locale)),
};
const files = (extensions?: readonly string[]): TypeRules<FileValue[]> => ({
  present: (definition) => listOf(fileValue(extensions), 50, definition, (file) => file.url),
  quantity: 'items',
  operators: ['empty'],
  text: (value, _d, locale) => value.map((file) => file.name).join(listSeparator(locale)),
});
const place: TypeRules<PlaceValue> = {
  present: () => placeValue,
  operators: ['contains', 'empty'],
  text: (value) => (value.lng === undefined ? value.address : `${value.address} (${value.lng}, ${value.lat})`),
};
const layout: TypeRules<never> = { operators: [], text: () => '' };

/**
 * The registry, keyed by type. Record pickers hold ids only: the lookups that name them are registered by their owning
 * modules, so their text is the ids until then (docs/field-types.md › Next).
 */
export const fieldTypes: Record<FieldType, FieldTypeEntry> = {
  text: defineType('text', { present: entries(TEXT_LIMITS.text!), quantity: 'entries', operators: ['equals', 'contains', 'empty'], text: asIs, read: readAsIs }),
  number: defineType<number>('number', {
    present: (definition) => withinBounds(z.number().int(), definition),
    operators: ['equals', 'range', 'empty'],
    text: (value, definition) => (definition.unit === 'fen' ? yuanText(value) : definition.unit === 'bp' ? percentText(value) : String(value)),
    read: (text, definition) => (definition.unit === 'fen' ? readYuan(text) : definition.unit === 'bp' ? readPercent(text) : { value: text.replace(/,/g, '') }),
  }),
  floatnumber: defineType('floatnumber', { present: (definition) => withinBounds(z.number(), definition), operators: ['equals', 'range', 'empty'], text: (value) => String(value), read: readAsIs }),
  mobile: defineType('mobile', {
    present: entries(500, { test: isPhone, message: { 'zh-CN': '不是有效的电话号码', 'en-US': 'not a phone number' } }),
    quantity: 'entries',
    operators: ['equals', 'contains', 'empty'],
    text: asIs,
    read: readAsIs,
  }),
  email: defineType('email', {
    present: entries(500, { test: isEmail, message: { 'zh-CN': '不是有效的邮箱地址', 'en-US': 'not an email address' } }),
    quantity: 'entries',
    operators: ['equals', 'contains', 'empty'],
    text: asIs,
    read: readAsIs,
  }),
  date: defineType('date', { present: () => calendarDay, operators: ['range', 'empty'], text: asIs, read: readAsIs }),
  datetime: defineType('datetime', {
    present: () =>
      z
        .string()
        .trim()
        .pipe(z.iso.datetime({ offset: true }))
        .transform((instant) => new Date(instant).toISOString()),
    operators: ['range', 'empty'],
    text: (value, _d, _locale, timeZone) => formatInZone(value, timeZone),
  }),
  user: defineType('user', ids),
  structure: defineType('structure', ids),
  contacts: defineType('contacts', ids),
  customer: defineType('customer', ids),
  contract: defineType('contract', ids),
  business: defineType('business', ids),
  single_user: defineType('single_user', { present: () => recordId, operators: ['equals', 'in', 'empty'], text: (value) => String(value) }),
  website: defineType('website', {
    present: entries(500, { test: isWebsite, message: { 'zh-CN': '不是 http(s) 网址', 'en-US': 'not an http(s) address' } }),
    quantity: 'entries',
    operators: ['contains', 'empty'],
    text: asIs,
    read: readAsIs,
  }),
  textarea: defineType('textarea', { present: entries(TEXT_LIMITS.textarea!), quantity: 'entries', operators: ['contains', 'empty'], text: asIs, read: readAsIs }),
  select: defineType<string | number>('select', {
    present: (definition) => optionValue(definition, (definition.options ?? []).map((o) => o.value)),
    operators: ['equals', 'in', 'empty'],
    text: (value, definition, locale) => optionLabel(definition.options, value, locale),
    read: (text, definition) => {
      const value = optionNamed(definition, text);
      return value === undefined ? noOption(text) : { value };
    },
  }),
  company_select: defineType('company_select', ids),
  merchant_select: defineType('merchant_select', ids),
  certificate_img: defineType('certificate_img', files(IMAGE_EXTENSIONS)),
  checkbox: defineType<(string | number)[]>('checkbox', {
    present: (definition) => listOf(optionValue(definition, (definition.options ?? []).map((o) => o.value)), FIELD_DEFINITION_LIMITS.options, definition, same),
    quantity: 'items',
    operators: ['in', 'empty'],
    text: (value, definition, locale) => value.map((v) => optionLabel(definition.options, v, locale)).join(listSeparator(locale)),
    read: (text, definition) => {
      const names = listEntries(text);
      const missing = names.find((name) => optionNamed(definition, name) === undefined);
      return missing === undefined ? { value: names.map((name) => optionNamed(definition, name)) } : noOption(missing);
    },
  }),
  file: defineType('file', files()),
  boolean_value: defineType<boolean>('boolean_value', {
    present: () => z.boolean(),
    operators: ['equals', 'empty'],
    text: (value, _d, locale) => (locale === 'zh-CN' ? (value ? '是' : '否') : value ? 'Yes' : 'No'),
    read: (text) => {
      const answer = text.toLowerCase();
      if (['是', 'yes', 'true', '1'].includes(answer)) return { value: true };
      if (['否', 'no', 'false', '0'].includes(answer)) return { value: false };
      return { problem: { 'zh-CN': '请填写“是”或“否”', 'en-US': 'write Yes or No' } };
    },
  }),
  percent: defineType<number>('percent', {
    present: () =>
      numeric(
        z
          .number()
          .min(0)
          .max(100)
          .refine(TWO_DECIMALS, said({ 'zh-CN': '最多 2 位小数', 'en-US': 'at most 2 decimals' }))
          .transform((v) => Math.round(v * 100) / 100),
      ),
    operators: ['equals', 'range', 'empty'],
    text: (value) => `${value}%`,
    read: (text) => ({ value: text.replace(/\s*%$/, '') }),
  }),
  position: defineType('position', place),
  location: defineType('location', place),
  detail_table: defineType<Record<string, unknown>[]>('detail_table', {
    present: (definition) => listOf(fieldValues(definition.sub_fields ?? []), 200, definition),
    quantity: 'items',
    operators: ['empty'],
    text: (rows, definition, locale, timeZone) => {
      const [colon, between] = locale === 'zh-CN' ? ['：', '；'] : [': ', '; '];
      const columns = (definition.sub_fields ?? []).map((sub) => [sub, fieldTypeOf(sub.type)] as const).filter(([, entry]) => entry.holdsValue);
      return rows
        .map((row) =>
          columns
            .map(([sub, entry]) => [sub.label[locale], entry.text(row[sub.key], sub, locale, timeZone)])
            .filter(([, text]) => text !== '')
            .map(([label, text]) => `${label}${colon}${text}`)
            .join(between),
        )
        .join('\n');
    },
  }),
  handwriting_sign: defineType('handwriting_sign', { present: () => uploadUrl(['png']), operators: ['empty'], text: asIs }),
  date_interval: defineType<[string, string]>('date_interval', {
    present: () => dayRange,
    operators: ['range', 'empty'],
    text: ([from, to], _d, locale) => `${from}${locale === 'zh-CN' ? ' 至 ' : ' to '}${to}`,
  }),
  desc_text: defineType('desc_text', layout),
  pic: defineType('pic', files(IMAGE_EXTENSIONS)),
  file_img: defineType('file_img', files(IMAGE_EXTENSIONS)),
  cascader: defineType<(string | number)[]>('cascader', {
    present: (definition) =>
      z
        .array(optionValue(definition, allOptionValues(definition.options ?? [])))
        .min(1)
        .max(MAX_CASCADER_DEPTH)
        .superRefine((path, ctx) => {
          const found = optionPath(definition.options, path);
          if (found.length < path.length) ctx.addIssue({ code: 'custom', path: [found.length], message: said({ 'zh-CN': '{value} 不是上一级下的选项', 'en-US': '{value} is not an option under the one before it' }), ...quoting(path[found.length]) });
          else if (found.at(-1)?.children) ctx.addIssue({ code: 'custom', message: said({ 'zh-CN': '请选择到最后一级', 'en-US': 'choose down to the last level' }) });
        }),
    operators: ['in', 'empty'],
    text: (path, definition, locale) => {
      const found = optionPath(definition.options, path);
      return path.map((value, i) => (found[i] ? optionName(found[i], locale) : String(value))).join(' / ');
    },
  }),
  title_divider: defineType('title_divider', layout),
  industry: defineType('industry', ids),
};

function allOptionValues(options: readonly FieldOption[]): (string | number)[] {
  return options.flatMap((option) => [option.value, ...allOptionValues(option.children ?? [])]);
}

export function isFieldType(name: string): name is FieldType {
  return Object.hasOwn(fieldTypes, name);
}

/** A type's entry; a name the registry does not know is a plain text field (§3: "an unknown type falls back to a plain input"). */
export function fieldTypeOf(name: string): FieldTypeEntry {
  return isFieldType(name) ? fieldTypes[name] : fieldTypes.text;
}
