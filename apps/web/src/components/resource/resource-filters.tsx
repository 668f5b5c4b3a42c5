import type { FilterOperator, ResourceField } from '@juqi/contract';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMessages } from '../../lib/i18n';
import type { Language } from '../../lib/preferences';
import { commonMessages } from '../messages';

const DAY = 'YYYY-MM-DD';

interface FilterControlProps {
  field: ResourceField;
  operator: FilterOperator;
  label: string;
  language: Language;
  value: unknown;
  /** `undefined` clears the filter. */
  onChange: (value: unknown) => void;
}

/** The control of one declared filter, by its operator and field kind. */
export function FilterControl({ field, operator, label, language, value, onChange }: FilterControlProps) {
  const t = useMessages(commonMessages);
  const options: { value: number | boolean; label: string }[] =
    field.kind === 'select'
      ? field.options.map((o) => ({ value: o.value, label: o.label[language] }))
      : field.kind === 'boolean'
        ? [
            { value: true, label: t.enabled },
            { value: false, label: t.disabled },
          ]
        : [];

  if (operator === 'range' && field.kind === 'date') {
    const days = value as [string, string] | undefined;
    return (
      <DatePicker.RangePicker
        prefix={label}
        aria-label={label}
        value={days ? [dayjs(days[0]), dayjs(days[1])] : null}
        allowClear
        onChange={(picked) => onChange(picked?.[0] && picked[1] ? [picked[0].format(DAY), picked[1].format(DAY)] : undefined)}
      />
    );
  }
  if (operator === 'range') return <NumberRange label={label} value={value as [number, number] | undefined} onChange={onChange} />;
  if (operator === 'in')
    return (
      <Select
        mode="multiple"
        className="resource-filter__select"
        prefix={label}
        aria-label={label}
        placeholder={t.all}
        allowClear
        value={(value as (number | boolean)[] | undefined) ?? []}
        options={options}
        onChange={(picked: (number | boolean)[]) => onChange(picked.length ? picked : undefined)}
      />
    );
  if (field.kind === 'select' || field.kind === 'boolean')
    return (
      <Select
        className="resource-filter__select"
        prefix={label}
        aria-label={label}
        placeholder={t.all}
        allowClear
        value={value as number | boolean | undefined}
        options={options}
        onChange={(picked: number | boolean | undefined) => onChange(picked ?? undefined)}
      />
    );
  if (field.kind === 'number')
    return <InputNumber prefix={label} aria-label={label} value={value as number | undefined} onChange={(v) => onChange(v ?? undefined)} />;
  return (
    <Input.Search
      key={String(value ?? '')}
      allowClear
      aria-label={label}
      placeholder={label}
      defaultValue={value as string | undefined}
      onSearch={(words) => onChange(words.trim() || undefined)}
    />
  );
}

/** A `[from, to]` number filter: the ends are held here until both are set, then applied (the server wants both). */
function NumberRange({ label, value, onChange }: { label: string; value: [number, number] | undefined; onChange: (value: unknown) => void }) {
  const t = useMessages(commonMessages);
  const [ends, setEnds] = useState<[number | null, number | null]>(value ?? [null, null]);
  const set = (next: [number | null, number | null]) => {
    setEnds(next);
    if (next[0] !== null && next[1] !== null) onChange(next);
    else if (value) onChange(undefined);
  };
  return (
    <Space.Compact>
      <InputNumber prefix={label} aria-label={`${label} ${t.from}`} placeholder={t.from} value={ends[0]} onChange={(v) => set([v, ends[1]])} />
      <InputNumber aria-label={`${label} ${t.to}`} placeholder={t.to} value={ends[1]} onChange={(v) => set([ends[0], v])} />
    </Space.Compact>
  );
}
