import type { ReactNode } from 'react';
import { useDateTime } from '../../lib/date-time';
import { useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import type { AnyResource, ResourceRow } from '../../lib/resource';
import { fieldViewOf } from '../fields';
import { commonMessages } from '../messages';
import { RichText } from '../rich-text';
import { CellMuted } from '../table-cells';

const NONE = '—';

/** A page's own drawing of some columns' cells, by field key, instead of their type's. */
export type ResourceCells = Readonly<Record<string, (value: unknown, row: ResourceRow) => ReactNode>>;

/** Rich text's words without its markup, for a list's one-line cell. */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** Rich text, which has no registry type: its words on one line, or rendered in full. */
function RichTextValue({ value, full }: { value: unknown; full: boolean }) {
  const html = typeof value === 'string' ? value : '';
  if (full && html) return <RichText html={html} />;
  return (html && textOf(html)) || <CellMuted>{NONE}</CellMuted>;
}

/**
 * How a field's value is shown: by its registry type's view (the page's own cell for it aside), as the list's one-line
 * cell or, in the details (`full`), in full. Rich text, which §3 has no type for, is rendered in the details.
 */
export function useResourceCell(resource: AnyResource, cells: ResourceCells = {}, full = false) {
  const dateTime = useDateTime();
  return (key: string, row: ResourceRow): ReactNode => {
    const value = row[key];
    const own = cells[key];
    if (own) return own(value, row);
    if (key === 'updated_at') return dateTime(value as string);
    const definition = resource.definitions[key];
    if (!definition) return <RichTextValue value={value} full={full} />;
    const { Cell, Detail } = fieldViewOf(definition.type);
    return full ? <Detail definition={definition} value={value} /> : <Cell definition={definition} value={value} />;
  };
}

/** A field's label in the UI's language; `updated_at` is the shared 更新时间. */
export function useResourceLabel(resource: AnyResource) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  return (key: string) => (key === 'updated_at' ? t.updatedAt : (resource.fields[key]?.label[language] ?? key));
}
