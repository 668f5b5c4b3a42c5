import type { Locale } from './errors';
import type { Texts } from './resource';

/**
 * How a refused input is told (docs/api.md › Refusals): in the request's language, each bad field by its label, every
 * bad field at once. A 40000's `data.fields` lists `{field, label, message}` per field (the key stays for API clients),
 * and its message joins them: `手机号：不是手机号码；身份证号：…`.
 *
 * The contract's own messages (a `refine`'s, a `regex`'s) are written with `said`, which keeps the English words as
 * zod's message and remembers the Chinese; zod's built-in issues are worded here from their codes and bounds.
 */

/** Chinese words of the contract's refusal messages, by their English words. */
const chineseOf = new Map<string, string>();

/**
 * A refusal message in both languages, for a zod `message`: answers the English words (what zod keeps) and remembers
 * the Chinese, which `issueWords` finds by them. The words are fixed text: one that quotes the input writes `{value}`
 * and the issue carries the value (`quoting`), so the remembered words stay one per message, never one per input.
 */
export function said(text: Texts): string {
  chineseOf.set(text['en-US'], text['zh-CN']);
  return text['en-US'];
}

/** What an issue whose message quotes the input (`{value} 重复`) carries: the value, filled in as it is worded. */
export const quoting = (value: unknown) => ({ params: { value: String(value) } });

/** The Chinese of a message written with `said`; undefined for any other. */
export function chineseOfSaid(message: string): string | undefined {
  return chineseOf.get(message);
}

/** What a zod issue carries that its wording reads (zod 4's issue, or fastify's copy of it). */
export interface RefusalIssue {
  code: string;
  message: string;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  /** The input a `said` message quotes as `{value}` (`quoting`). */
  params?: { value?: string };
}

const WORDS = {
  'zh-CN': {
    required: '必填',
    atLeastChars: '至少 {n} 个字符',
    atMostChars: '最多 {n} 个字符',
    atLeastItems: '至少 {n} 项',
    atMostItems: '最多 {n} 项',
    atLeast: '不能小于 {n}',
    above: '须大于 {n}',
    atMost: '不能大于 {n}',
    below: '须小于 {n}',
    whole: '须为整数',
    email: '不是有效的邮箱地址',
    option: '不是可选的值',
    unknownKey: '不接受此字段',
    invalid: '格式不正确',
  },
  'en-US': {
    required: 'is required',
    atLeastChars: 'at least {n} characters',
    atMostChars: 'at most {n} characters',
    atLeastItems: 'at least {n} items',
    atMostItems: 'at most {n} items',
    atLeast: 'must be at least {n}',
    above: 'must be more than {n}',
    atMost: 'must be at most {n}',
    below: 'must be less than {n}',
    whole: 'must be a whole number',
    email: 'not an email address',
    option: 'is not one of the allowed values',
    unknownKey: 'is not accepted here',
    invalid: 'is not valid',
  },
} as const satisfies Record<Locale, Record<string, string>>;

type Word = keyof (typeof WORDS)['zh-CN'];

/** zod's own English for an issue of each code begins so; a message that does not was written by the contract. */
const ZOD_DEFAULTS: Record<string, RegExp> = {
  invalid_type: /^Invalid input: expected /,
  too_small: /^Too small: /,
  too_big: /^Too big: /,
  invalid_format: /^Invalid /,
  invalid_value: /^Invalid (option|input): expected /,
  unrecognized_keys: /^Unrecognized keys?: /,
  invalid_union: /^Invalid input$/,
  invalid_key: /^Invalid key in /,
  invalid_element: /^Invalid element in /,
  not_multiple_of: /^Invalid number: must be a multiple of /,
  custom: /^Invalid input$/,
};

const bound = (value: number | bigint | undefined) => Number(value);

/** The word for a zod issue in zod's own words, from its code and bounds. */
function builtInWord(issue: RefusalIssue): [Word, number?] {
  switch (issue.code) {
    case 'invalid_type':
      if (/received (undefined|null)$/.test(issue.message)) return ['required'];
      return issue.expected === 'int' ? ['whole'] : ['invalid'];
    case 'too_small':
      if (issue.origin === 'string') return bound(issue.minimum) <= 1 ? ['required'] : ['atLeastChars', bound(issue.minimum)];
      if (issue.origin === 'array' || issue.origin === 'set') return bound(issue.minimum) <= 1 ? ['required'] : ['atLeastItems', bound(issue.minimum)];
      return [issue.inclusive === false ? 'above' : 'atLeast', bound(issue.minimum)];
    case 'too_big':
      if (issue.origin === 'string') return ['atMostChars', bound(issue.maximum)];
      if (issue.origin === 'array' || issue.origin === 'set') return ['atMostItems', bound(issue.maximum)];
      return [issue.inclusive === false ? 'below' : 'atMost', bound(issue.maximum)];
    case 'invalid_format':
      return issue.format === 'email' ? ['email'] : ['invalid'];
    case 'invalid_value':
      return ['option'];
    case 'unrecognized_keys':
      return ['unknownKey'];
    default:
      return ['invalid'];
  }
}

/**
 * An issue's message in `locale`: a message written with `said` in that language, zod's own worded from the issue's
 * code and bounds; a message written otherwise is kept as it is.
 */
export function issueWords(issue: RefusalIssue, locale: Locale): string {
  const chinese = chineseOf.get(issue.message);
  if (chinese !== undefined) {
    const words = locale === 'zh-CN' ? chinese : issue.message;
    const value = issue.params?.value;
    return value === undefined ? words : words.replace('{value}', value);
  }
  if (!ZOD_DEFAULTS[issue.code]?.test(issue.message)) return issue.message;
  const [word, n] = builtInWord(issue);
  return WORDS[locale][word].replace('{n}', String(n));
}

/** One bad field of a 40000 answer's `data.fields`. */
export interface FieldRefusal {
  /** The input's key, a dotted path for a nested one (`sub_fields.1.key`), as the call names it. */
  field: string;
  /** The field's label in the request's language; the key when the contract names it nothing. */
  label: string;
  /** What is wrong with it, in the request's language, without the label. */
  message: string;
}

/**
 * Field labels the calls share, by key: a call's own `labels` (a resource's are its fields') come first. A key no one
 * labels reads as itself.
 */
const SHARED_LABELS: Record<string, Texts> = {};

/** Adds labels to the shared ones, from the module that takes the fields; a key labelled twice must read the same. */
export function labelFields(labels: Record<string, Texts>): Record<string, Texts> {
  for (const [key, label] of Object.entries(labels)) {
    const known = SHARED_LABELS[key];
    if (known && (known['zh-CN'] !== label['zh-CN'] || known['en-US'] !== label['en-US'])) {
      throw new Error(`The field ${key} is labelled both ${known['zh-CN']} and ${label['zh-CN']}: give the call its own labels`);
    }
    SHARED_LABELS[key] = label;
  }
  return labels;
}

/**
 * A field's label in `locale`: the call's own label of the path or of its last named part, else the shared one; a list
 * row's index reads as its number (`子字段 2 · 键`).
 */
export function fieldLabel(path: string, locale: Locale, own: Record<string, Texts> = {}): string {
  const labelOf = (key: string) => (own[key] ?? SHARED_LABELS[key])?.[locale];
  const whole = labelOf(path);
  if (whole !== undefined) return whole;
  const named: string[] = [];
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part)) named[named.length - 1] = `${named.at(-1) ?? ''} ${Number(part) + 1}`.trim();
    else named.push(labelOf(part) ?? part);
  }
  return named.join(' · ');
}

/** A 40000's message from its fields: `手机号：不是手机号码；身份证号：…` or `Mobile: not a mobile number; …`. */
export function refusalMessage(fields: readonly FieldRefusal[], locale: Locale): string {
  return locale === 'zh-CN'
    ? fields.map((f) => `${f.label}：${f.message}`).join('；')
    : fields.map((f) => `${f.label}: ${f.message}`).join('; ');
}
