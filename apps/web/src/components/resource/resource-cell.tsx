import type { ResourceField } from '@juqi/contract';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useDateTime } from '../../lib/date-time';
import { useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import type { AnyResource, ResourceRow } from '../../lib/resource';
import { commonMessages } from '../messages';
import { RichText } from '../rich-text';

const NONE = '—';

/** A page's own drawing of some columns' cells, by field key, instead of their kind's. */
export type ResourceCells = Readonly<Record<string, (value: unknown, row: ResourceRow) => ReactNode>>;

/** Rich text's words without its markup, for a list's one-line cell. */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/**
 * How a field's value is shown, by its kind (or the page's own cell for it): in the list's one-line cells, or in full
 * in the details (`full`), where rich text is rendered.
 */
export function useResourceCell(resource: AnyResource, cells: ResourceCells = {}, full = false) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  return (key: string, row: ResourceRow): ReactNode => {
    const value = row[key];
    const own = cells[key];
    if (own) return own(value, row);
    if (key === 'updated_at') return dateTime(value as string);
    const field: ResourceField = resource.fields[key]!;
    if (value === null || value === undefined || value === '') return NONE;
    if (field.kind === 'boolean') return value ? <Tag color="success">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>;
    if (field.kind === 'select') return field.options.find((o) => o.value === value)?.label[language] ?? String(value);
    if (field.kind === 'richtext') return full ? <RichText html={String(value)} /> : textOf(String(value)) || NONE;
    if (field.kind === 'textarea')
      return full ? (
        <span className="resource-cell__lines">{String(value)}</span>
      ) : (
        <Tooltip title={String(value)} placement="topLeft">
          <span>{String(value)}</span>
        </Tooltip>
      );
    return String(value);
  };
}

/** A field's label in the UI's language; `updated_at` is the shared 更新时间. */
export function useResourceLabel(resource: AnyResource) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  return (key: string) => (key === 'updated_at' ? t.updatedAt : (resource.fields[key]?.label[language] ?? key));
}
