import { percentText, yuanText, type ResourceField } from '@juqi/contract';
import { format } from '../../lib/i18n';
import type { Language } from '../../lib/preferences';
import type { commonMessages } from '../messages';

type CommonTexts = (typeof commonMessages)[Language];

/** What a zod issue of a field's schema tells (zod's own words are English and name no field). */
export interface FieldIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
}

/**
 * The form's words for a refusal of the field's schema, in the current language: the bounds come from the issue, so the
 * rule lives in the contract alone. An issue this does not know keeps zod's message.
 */
export function issueText(issue: FieldIssue, field: ResourceField, label: string, t: CommonTexts): string {
  const empty = issue.input === undefined || issue.input === null || (typeof issue.input === 'string' && issue.input.trim() === '');
  if (issue.code === 'invalid_type' && empty) return format(t.required, { label });
  // Rich text is refused as empty when it holds markup and no text (`<p></p>`).
  if (field.kind === 'richtext' && issue.code === 'custom') return format(t.required, { label });
  if (issue.origin === 'string' && issue.code === 'too_small')
    return Number(issue.minimum) <= 1 ? format(t.required, { label }) : format(t.tooShort, { label, min: Number(issue.minimum) });
  if (issue.origin === 'string' && issue.code === 'too_big') return format(t.tooLong, { label, max: Number(issue.maximum) });
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    const [min, max] = field.kind === 'number' ? [field.min, field.max] : [0, 9999];
    // Bounds in a unit are shown as the field shows its values: ¥ 12.50, 12.50%.
    const unit = field.kind === 'number' ? field.unit : undefined;
    const shown = (bound: number) => (unit === 'fen' ? yuanText(bound) : unit === 'bp' ? percentText(bound) : bound);
    return format(t.outOfRange, { label, min: shown(min), max: shown(max) });
  }
  if (issue.code === 'custom' || issue.code === 'invalid_format' || issue.code === 'invalid_type') return format(t.invalid, { label });
  return issue.message;
}
