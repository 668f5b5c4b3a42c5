import type { ResourceField } from '@juqi/contract';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useDateTime } from '../../lib/date-time';
import { useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import type { AnyResource, ResourceRow } from '../../lib/resource';
import { commonMessages } from '../messages';

const NONE = '—';

/** A page's own drawing of some columns' cells, by field key, instead of their kind's. */
export type ResourceCells = Readonly<Record<string, (value: unknown, row: ResourceRow) => ReactNode>>;

/** How a field's value is shown in the list and the details, by its kind (or the page's own cell for it). */
export function useResourceCell(resource: AnyResource, cells: ResourceCells = {}) {
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
    if (field.kind === 'textarea')
      return (
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
