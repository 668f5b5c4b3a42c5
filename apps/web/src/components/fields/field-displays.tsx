import { fieldTypeOf, fieldTypes, splitMultiValue, type FieldDefinition } from '@juqi/contract';
import { useTimeZone } from '../../lib/date-time';
import { usePreferences } from '../../lib/preferences';
import { CellMuted, CellTag } from '../table-cells';

const NONE = '—';

/** What a cell or a detail shows: a stored value of its definition. */
export interface FieldDisplayProps {
  definition: FieldDefinition;
  value: unknown;
}

/** No value, as the registry counts it: the form may still hold a cleared text or list that the schema stores as null. */
const isEmpty = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The registry's plain text of the value, in the UI's language and the platform's time zone. */
function useFieldText({ definition, value }: FieldDisplayProps): string {
  const language = usePreferences((s) => s.language);
  const zone = useTimeZone();
  return isEmpty(value) ? '' : fieldTypeOf(definition.type).text(value, definition, language, zone);
}

/** The plain text on one line (a table cell), all of it in the tooltip. */
export function TextCell(props: FieldDisplayProps) {
  const text = useFieldText(props);
  return text ? <span title={text}>{text}</span> : <CellMuted>{NONE}</CellMuted>;
}

/** The plain text in full, its line breaks kept (a textarea, a detail table's rows). */
export function TextDetail(props: FieldDisplayProps) {
  const text = useFieldText(props);
  return text ? <span className="field-display__lines">{text}</span> : <CellMuted>{NONE}</CellMuted>;
}

/** select and checkbox: each chosen option as a tag, by its label (a removed option as stored). */
export function OptionTags({ definition, value }: FieldDisplayProps) {
  const language = usePreferences((s) => s.language);
  const chosen = isEmpty(value) ? [] : Array.isArray(value) ? value : [value];
  if (!chosen.length) return <CellMuted>{NONE}</CellMuted>;
  return (
    <span className="field-display__tags">
      {chosen.map((option) => (
        <CellTag key={String(option)}>{fieldTypes.select.text(option, definition, language)}</CellTag>
      ))}
    </span>
  );
}

const HREFS: Partial<Record<string, (entry: string) => string>> = {
  mobile: (entry) => `tel:${entry.replace(/[^\d+]/g, '')}`,
  email: (entry) => `mailto:${entry}`,
  website: (entry) => entry,
};

/** mobile, email and website: each entry a link that calls, writes or opens it (a website in a new tab). */
export function EntryLinks({ definition, value }: FieldDisplayProps) {
  const href = HREFS[definition.type]!;
  const entries = typeof value === 'string' ? splitMultiValue(value) : [];
  if (!entries.length) return <CellMuted>{NONE}</CellMuted>;
  const website = definition.type === 'website';
  return (
    <span className="field-display__links">
      {entries.map((entry) => (
        <a key={entry} href={href(entry)} {...(website && { target: '_blank', rel: 'noopener noreferrer' })}>
          {entry}
        </a>
      ))}
    </span>
  );
}

/** boolean_value: 是 as a green tag, 否 as a grey one. */
export function BooleanTag(props: FieldDisplayProps) {
  const text = useFieldText(props);
  if (!text) return <CellMuted>{NONE}</CellMuted>;
  return <CellTag tone={props.value === true ? 'success' : 'default'}>{text}</CellTag>;
}

/** desc_text and title_divider hold no value: nothing to show in a list or a detail. */
export const NoValue = () => null;
