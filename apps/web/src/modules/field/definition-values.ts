import { fieldDefinition, fieldTypes, type FieldDefinition, type FieldDefinitionInput, type FieldDefinitionRow, type FieldType, type Texts } from '@juqi/contract';
import { fieldIssueText } from '../../components/fields';
import { commonMessages } from '../../components/messages';
import { issueText, type FieldIssue } from '../../components/resource/field-texts';
import { format } from '../../lib/i18n';
import type { Language } from '../../lib/preferences';
import { fieldMessages } from './messages';
import { hasOptions } from './type-groups';

/** A control's rule from the contract, also fit for a list (antd's Form.List takes validators only). */
export type ContractRule = { validator: () => Promise<void> };

/** An option as the form holds it while it is typed. */
export interface OptionValues {
  value?: string | number;
  label?: Partial<Texts>;
  children?: OptionValues[];
}

/** A detail table's column as the form holds it; a stored column keeps its other properties (options, bounds…). */
export type SubFieldValues = Partial<FieldDefinition> & { label?: Partial<Texts> };

/** What the definition form holds. */
export interface DefinitionValues {
  key?: string;
  type?: FieldType;
  label?: Partial<Texts>;
  description?: Partial<Texts>;
  required?: boolean;
  unique?: boolean;
  hidden?: boolean;
  default?: unknown;
  options?: OptionValues[];
  extend_quantity_min?: number | null;
  extend_quantity_max?: number | null;
  sub_fields?: SubFieldValues[];
}

export const emptyTexts = (): Texts => ({ 'zh-CN': '', 'en-US': '' });
export const blankOption = (): OptionValues => ({ value: '', label: emptyTexts() });

/** The form's start: a stored definition, or a new one. */
export function valuesOf(row: FieldDefinitionRow | null): DefinitionValues {
  if (!row) return { key: '', label: emptyTexts(), required: false, unique: false, hidden: false };
  const { id: _id, updated_at: _updated, sort: _sort, permission: _permission, ...definition } = row;
  return definition;
}

const isEmpty = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Options as the contract takes them: values of one kind (whole numbers where the stored ones were), no empty children. */
function optionsOf(rows: readonly OptionValues[], numeric: boolean): NonNullable<FieldDefinitionInput['options']> {
  return rows.map((row) => {
    const typed = typeof row.value === 'string' ? row.value.trim() : row.value;
    return {
      value: numeric && typeof typed === 'string' && /^-?\d+$/.test(typed) ? Number(typed) : (typed ?? ''),
      // An English name left blank is none: the English UI then shows the Chinese one.
      label: { 'zh-CN': row.label?.['zh-CN'] ?? '', ...(row.label?.['en-US']?.trim() && { 'en-US': row.label['en-US'] }) },
      ...(row.children?.length && { children: optionsOf(row.children, numeric) }),
    };
  });
}

/**
 * The definition the form describes, as the contract's `fieldDefinition` takes it: only the properties its type has,
 * a cleared default left out. A stored definition keeps its order and permission byte.
 */
export function definitionOf(values: DefinitionValues, stored: FieldDefinitionRow | null): FieldDefinitionInput {
  const type = values.type ?? 'text';
  const entry = fieldTypes[type];
  const numericOptions = typeof stored?.options?.[0]?.value === 'number';
  return {
    key: values.key?.trim() ?? '',
    type,
    label: { 'zh-CN': values.label?.['zh-CN'] ?? '', 'en-US': values.label?.['en-US'] ?? '' },
    ...(type === 'desc_text' && { description: { 'zh-CN': values.description?.['zh-CN'] ?? '', 'en-US': values.description?.['en-US'] ?? '' } }),
    required: entry.holdsValue && Boolean(values.required),
    unique: entry.holdsValue && Boolean(values.unique),
    hidden: Boolean(values.hidden),
    ...(entry.holdsValue && !isEmpty(values.default) && { default: values.default }),
    ...(hasOptions(type) && { options: optionsOf(values.options ?? [], numericOptions) }),
    ...(entry.quantity && { extend_quantity_min: values.extend_quantity_min ?? null, extend_quantity_max: values.extend_quantity_max ?? null }),
    ...(type === 'detail_table' && {
      sub_fields: (values.sub_fields ?? []).map((sub) => ({
        ...sub,
        key: sub.key?.trim() ?? '',
        type: sub.type ?? 'text',
        label: { 'zh-CN': sub.label?.['zh-CN'] ?? '', 'en-US': sub.label?.['en-US'] ?? '' },
        required: Boolean(sub.required),
      })),
    }),
    ...(stored && { sort: stored.sort, permission: stored.permission }),
  };
}

/** The definition as the editors of the preview and the default draw it (the form's rules are not yet all met). */
export const draftOf = (definition: FieldDefinitionInput): FieldDefinition => ({ sort: 0, permission: 0xff, ...definition }) as FieldDefinition;

/** The contract's issues of the definition the form describes (none when it holds). */
export function definitionIssues(definition: FieldDefinitionInput): FieldIssue[] {
  const parsed = fieldDefinition.safeParse(definition);
  return parsed.success ? [] : (parsed.error.issues as FieldIssue[]);
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, i) => part === b[i]);
export const issueAt = (issues: readonly FieldIssue[], path: readonly PropertyKey[]) => issues.find((issue) => samePath(issue.path, path));

/** The name of the control at a path of the definition, for the words of its refusal. */
function labelAt(path: readonly PropertyKey[], language: Language): string {
  const t = fieldMessages[language];
  const [first] = path;
  const last = String(path.at(-1));
  if (last === 'zh-CN' || last === 'en-US') {
    const zh = last === 'zh-CN';
    if (first === 'options') return zh ? t.optionLabelZh : t.optionLabelEn;
    if (first === 'sub_fields') return zh ? t.subLabelZh : t.subLabelEn;
    if (first === 'description') return zh ? t.descriptionZh : t.descriptionEn;
    return zh ? t.labelZh : t.labelEn;
  }
  if (last === 'value') return t.optionValue;
  if (first === 'sub_fields' && last === 'key') return t.subKey;
  const named: Partial<Record<string, string>> = { key: t.key, type: t.type, extend_quantity_min: t.quantityMin, extend_quantity_max: t.quantityMax };
  return named[last] ?? last;
}

/**
 * The words for an issue of the contract's definition schema, in `language`: what only a definition raises (a key's
 * shape, options side by side, a table's columns, the bounds' order) here, a default by the field editors' words, the
 * rest (required, too long) as any form words it.
 */
export function definitionIssueText(issue: FieldIssue, definition: FieldDefinition, language: Language): string {
  const t = fieldMessages[language];
  const [first] = issue.path;
  const last = issue.path.at(-1);
  if (first === 'default') return fieldIssueText({ ...issue, path: issue.path.slice(1) }, { ...definition, label: defaultLabel }, language);
  // The bounds of the whole (the contract's FIELD_DEFINITION_LIMITS), named by its options or columns.
  if ((first === 'options' || first === 'sub_fields') && issue.path.length === 1 && issue.code === 'too_big')
    return format(issue.origin === 'array' ? t.optionsTooMany : t.definitionTooLarge, { max: Number(issue.maximum) });
  if (last === 'key' && issue.code === 'invalid_format') return t.keyRule;
  if (first === 'options' && issue.path.length === 1) return t.optionsNeeded;
  if (first === 'sub_fields' && issue.path.length === 1) return t.subFieldsNeeded;
  if (first === 'sub_fields' && last === 'key' && issue.code === 'custom') return t.subKeyClash;
  if (last === 'value' && issue.code === 'custom') return t.optionValueClash;
  if (first === 'extend_quantity_min' && issue.code === 'custom') return t.quantityOrder;
  const label = labelAt(issue.path, language);
  return issueText(issue, { kind: 'text', label: { 'zh-CN': label, 'en-US': label }, max: 0 }, label, commonMessages[language]);
}

/** The default's control is labelled 默认值 in both languages' words. */
export const defaultLabel: Texts = { 'zh-CN': fieldMessages['zh-CN'].defaultValue, 'en-US': fieldMessages['en-US'].defaultValue };
