import { fieldLookupCalls, type CallBody, type FieldDefinition, type LookupItem, type PickerType } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { callApi } from '../../lib/api-client';
import { format } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { useDebounced } from '../../lib/use-debounced';
import { CellMuted, CellTag } from '../table-cells';
import type { FieldDisplayProps } from './field-displays';
import type { FieldEditorProps } from './field-editors';
import { fieldMessages } from './field-messages';

/**
 * Record pickers (user, single_user, industry…; docs/field-types.md › Record pickers): one searchable select fed by the
 * lookup the owning module registers on the server; values are ids, shown by name wherever they appear. A resource's
 * reference to a module's own records (a keyword's type) is a single_user picker naming its `lookup`.
 */

const NONE = '—';
const idsOf = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : []);
const labelOf = (item: LookupItem) => (item.hint ? `${item.name}（${item.hint}）` : item.name);

/** Which records a picker's calls ask for: its module lookup, else its type's. */
type Source = Pick<CallBody<typeof fieldLookupCalls.lookup>, 'type' | 'lookup'>;
const sourceOf = (definition: Pick<FieldDefinition, 'type' | 'lookup'>): Source => (definition.lookup ? { lookup: definition.lookup } : { type: definition.type as PickerType });
const sourceKey = (source: Source) => source.lookup ?? source.type!;

// Cells of one table ask for their names in the same moment: one lookup call per source answers them all.
const pending = new Map<string, { ids: Set<number>; waiting: ((found: Map<number, LookupItem>) => void)[]; failed: ((error: unknown) => void)[] }>();

function namesOf(source: Source, ids: readonly number[]): Promise<Map<number, LookupItem>> {
  return new Promise((resolve, reject) => {
    const key = sourceKey(source);
    let batch = pending.get(key);
    if (!batch) {
      batch = { ids: new Set(), waiting: [], failed: [] };
      pending.set(key, batch);
      setTimeout(() => {
        pending.delete(key);
        const { ids: asked, waiting, failed } = batch!;
        callApi(fieldLookupCalls.lookup, { body: { ...source, ids: [...asked] }, quiet: true }).then(
          ({ items }) => waiting.forEach((done) => done(new Map(items.map((item) => [item.id, item])))),
          (error: unknown) => failed.forEach((fail) => fail(error)),
        );
      });
    }
    ids.forEach((id) => batch.ids.add(id));
    batch.waiting.push(resolve);
    batch.failed.push(reject);
  });
}

/** The records of these ids by id, named by the source's lookup (empty while loading or when no module provides them). */
function usePickedNames(source: Source, ids: readonly number[]): Map<number, LookupItem> {
  const { data } = useQuery({
    queryKey: ['field-lookup', 'names', sourceKey(source), [...ids].sort((a, b) => a - b).join(',')],
    queryFn: () => namesOf(source, ids),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  return data ?? new Map();
}

/**
 * A searchable select of the type's records: several for list types, one for single_user or where `single` is set (a
 * resource's reference, which holds one record's id whatever its picker's type).
 */
export function RecordPickerEditor({
  definition,
  value,
  onChange,
  single: one,
  prefix,
  placeholder,
  ...control
}: FieldEditorProps & {
  single?: boolean;
  /** A label inside the box (a filter bar's), and what it says while empty there (全部). */
  prefix?: ReactNode;
  placeholder?: string;
}) {
  const language = usePreferences((s) => s.language);
  const t = fieldMessages[language];
  const source = sourceOf(definition);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());

  const search = useQuery({
    queryKey: ['field-lookup', 'search', sourceKey(source), keyword],
    queryFn: () => callApi(fieldLookupCalls.lookup, { body: { ...source, keyword: keyword || undefined } }),
    staleTime: 30_000,
  });
  const ids = idsOf(value);
  const named = usePickedNames(source, ids);
  const single = one ?? definition.type === 'single_user';
  const available = search.data?.available !== false;

  // The picked records first (named even when the search no longer finds them), then the matches.
  const options = useMemo(() => {
    const seen = new Set<number>();
    const items = [...ids.map((id) => named.get(id) ?? { id, name: `#${id}` }), ...(search.data?.items ?? [])];
    return items.filter((item) => !seen.has(item.id) && seen.add(item.id)).map((item) => ({ value: item.id, label: labelOf(item) }));
  }, [ids, named, search.data]);

  return (
    <Select<number | number[]>
      {...control}
      mode={single ? undefined : 'multiple'}
      value={single ? (ids[0] ?? undefined) : ids}
      onChange={(picked) => onChange?.(Array.isArray(picked) ? (picked.length ? picked : null) : (picked ?? null))}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onBlur={() => {
        setTyped('');
        control.onBlur?.();
      }}
      loading={search.isFetching}
      disabled={control.disabled || !available}
      prefix={prefix}
      placeholder={available ? (placeholder ?? format(t.choose, { label: definition.label[language] })) : format(t.pickerUnavailable, { label: definition.label[language] })}
      notFoundContent={search.isFetching ? undefined : t.pickerNoMatch}
      allowClear
      maxCount={!single && definition.extend_quantity_max ? definition.extend_quantity_max : undefined}
      className="field-editor__wide"
    />
  );
}

function PickedNames({ definition, value, wrap }: FieldDisplayProps & { wrap: boolean }) {
  const ids = idsOf(value);
  const named = usePickedNames(sourceOf(definition), ids);
  if (!ids.length) return <CellMuted>{NONE}</CellMuted>;
  const names = ids.map((id) => ({ id, text: named.has(id) ? labelOf(named.get(id)!) : `#${id}` }));
  return (
    <span className={wrap ? 'field-display__tags' : 'field-display__tags field-display__tags--line'} title={names.map((n) => n.text).join('、')}>
      {names.map(({ id, text }) => (
        <CellTag key={id}>{text}</CellTag>
      ))}
    </span>
  );
}

/** Picked records as tags on one line (a table cell). */
export const PickedCell = (props: FieldDisplayProps) => <PickedNames {...props} wrap={false} />;
/** Picked records as tags, wrapping (a detail). */
export const PickedDetail = (props: FieldDisplayProps) => <PickedNames {...props} wrap />;
