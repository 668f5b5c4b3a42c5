import { fieldTypeOf, isFieldType, PICKER_TYPES, type FieldDefinition, type FieldType, type ResourceField } from '@juqi/contract';
import type { FormRule } from 'antd';
import { format } from '../../lib/i18n';
import type { Language } from '../../lib/preferences';
import { commonMessages } from '../messages';
import { issueText, type FieldIssue } from '../resource/field-texts';
import { fieldMessages } from './field-messages';

/** Types whose value is picked rather than typed: "请选择…" instead of "请输入…". */
export const CHOSEN_TYPES: readonly string[] = ['date', 'datetime', 'date_interval', 'select', 'checkbox', 'cascader', 'boolean_value', ...PICKER_TYPES];

/** Typed values are checked as the staff leaves the field; picked ones as they are picked. */
const TYPED: readonly string[] = ['text', 'number', 'floatnumber', 'mobile', 'email', 'website', 'textarea', 'percent'];

/** When a definition's value is checked: an unknown type is a typed text. */
export const validateTriggerOf = (definition: FieldDefinition): 'onBlur' | 'onChange' =>
  !isFieldType(definition.type) || TYPED.includes(definition.type) ? 'onBlur' : 'onChange';

const FORMAT_WORDS: Partial<Record<FieldType, 'notPhone' | 'notEmail' | 'notWebsite'>> = { mobile: 'notPhone', email: 'notEmail', website: 'notWebsite' };

/**
 * The form's words for an issue of a definition's value schema, in `language`. What only the registry raises (entry
 * counts, §5 formats, percent's range, whole numbers) is worded here; the rest as the resource form words it.
 */
export function fieldIssueText(issue: FieldIssue & { expected?: string }, definition: FieldDefinition, language: Language): string {
  const t = fieldMessages[language];
  const label = definition.label[language];
  const { input } = issue;
  const empty = input == null || (typeof input === 'string' && input.trim() === '') || (Array.isArray(input) && input.length === 0);
  if (issue.code === 'invalid_type' && empty && CHOSEN_TYPES.includes(definition.type)) return format(t.choose, { label });
  if (issue.origin === 'array' && issue.code === 'too_small') return format(t.tooFew, { label, min: Number(issue.minimum) });
  if (issue.origin === 'array' && issue.code === 'too_big') return format(t.tooMany, { label, max: Number(issue.maximum) });
  const formatWords = FORMAT_WORDS[definition.type];
  if (issue.code === 'invalid_format' && formatWords) return format(t[formatWords], { label });
  if (issue.code === 'invalid_type' && issue.expected === 'int') return format(t.notWhole, { label });
  if (issue.origin === 'number' && definition.type === 'percent') return format(commonMessages[language].outOfRange, { label, min: 0, max: 100 });
  if (issue.origin === 'number' && (issue.code === 'too_small' || issue.code === 'too_big')) {
    // A bound as the type shows a value: money's fen as ¥ 12.50.
    const bound = (value: number) => fieldTypeOf(definition.type).text(value, definition, language);
    const { min, max } = definition;
    if (min !== undefined && max !== undefined) return format(commonMessages[language].outOfRange, { label, min: bound(min), max: bound(max) });
    return issue.code === 'too_small' ? format(t.numberAtLeast, { label, min: bound(Number(issue.minimum)) }) : format(t.numberAtMost, { label, max: bound(Number(issue.maximum)) });
  }
  // The resource form's wording reads only a field's kind; a definition's value is a plain one to it.
  const asResourceField: ResourceField = { kind: 'text', label: definition.label, max: 0 };
  return issueText(issue, asResourceField, label, commonMessages[language]);
}

/**
 * An antd Form.Item's rules for a definition: one validator, the registry's value schema (what the server checks too),
 * whose first issue is worded in `language`.
 */
export function fieldRules(definition: FieldDefinition, language: Language): FormRule[] {
  const schema = fieldTypeOf(definition.type).value(definition);
  return [
    {
      validator: async (_, value: unknown) => {
        const result = schema.safeParse(value);
        // zod leaves the input out of its issues; a value's own issue (no path) is about the value given.
        const issue = result.success ? null : (result.error.issues[0] as FieldIssue);
        if (issue) throw new Error(fieldIssueText(issue.path.length ? issue : { input: value, ...issue }, definition, language));
      },
    },
  ];
}
