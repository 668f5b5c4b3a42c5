import { fieldTypes, isPickerType, optionName, type FieldDefinition, type FilterOperator } from '@juqi/contract';
import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../lib/i18n';
import type { Language } from '../../lib/preferences';
import { NumberInput, RecordPickerEditor } from '../fields';
import { commonMessages } from '../messages';
import { DayRangeFilter } from '../records/day-range-filter';

const NUMBER_TYPES: readonly string[] = ['number', 'floatnumber', 'percent'];

interface FilterControlProps {
  /** The field filtered on, as the registry defines it (a resource's `definitions`, or an admin-defined field). */
  field: FieldDefinition;
  operator: FilterOperator;
  label: string;
  language: Language;
  value: unknown;
  /** `undefined` clears the filter. */
  onChange: (value: unknown) => void;
}

/** The options a select or a yes / no field is filtered by, named as its cells name them. */
function optionsOf(definition: FieldDefinition, language: Language): { value: string | number | boolean; label: string }[] {
  if (definition.type === 'boolean_value') return [true, false].map((answer) => ({ value: answer, label: fieldTypes.boolean_value.text(answer, definition, language) }));
  return (definition.options ?? []).map((option) => ({ value: option.value, label: optionName(option, language) }));
}

/** The control of one declared filter, by its operator and the field's registry type. */
export function FilterControl({ field: definition, operator, label, language, value, onChange }: FilterControlProps) {
  const t = useMessages(commonMessages);
  const { type } = definition;

  if (operator === 'range' && type === 'date') {
    return <DayRangeFilter label={label} value={value as [string, string] | undefined} onChange={onChange} />;
  }
  // A reference: one record (equals) or several (in), picked by name from its lookup.
  if (isPickerType(type))
    return (
      <span className="resource-filter__select">
        <RecordPickerEditor
          definition={definition}
          single={operator === 'equals'}
          aria-label={label}
          prefix={label}
          placeholder={t.all}
          value={value}
          onChange={(picked) => onChange(picked ?? undefined)}
        />
      </span>
    );
  if (operator === 'range') return <NumberRange definition={definition} label={label} value={value as [number, number] | undefined} onChange={onChange} />;
  if (operator === 'in')
    return (
      <Select
        mode="multiple"
        className="resource-filter__select"
        prefix={label}
        aria-label={label}
        placeholder={t.all}
        allowClear
        value={(value as (string | number | boolean)[] | undefined) ?? []}
        options={optionsOf(definition, language)}
        onChange={(picked: (string | number | boolean)[]) => onChange(picked.length ? picked : undefined)}
      />
    );
  if (type === 'select' || type === 'boolean_value')
    return (
      <Select
        className="resource-filter__select"
        prefix={label}
        aria-label={label}
        placeholder={t.all}
        allowClear
        value={value as string | number | boolean | undefined}
        options={optionsOf(definition, language)}
        onChange={(picked: string | number | boolean | undefined) => onChange(picked ?? undefined)}
      />
    );
  if (NUMBER_TYPES.includes(type))
    return <NumberInput definition={definition} prefix={label} aria-label={label} value={value} onChange={(v) => onChange(v ?? undefined)} />;
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

/**
 * A `[from, to]` number filter, each end typed as the field's editor takes it (money in yuan, sent as fen): the ends are
 * held here until both are set, then applied (the server wants both).
 */
function NumberRange({ definition, label, value, onChange }: { definition: FieldDefinition; label: string; value: [number, number] | undefined; onChange: (value: unknown) => void }) {
  const t = useMessages(commonMessages);
  const [ends, setEnds] = useState<[number | null, number | null]>(value ?? [null, null]);
  const set = (next: [number | null, number | null]) => {
    setEnds(next);
    if (next[0] !== null && next[1] !== null) onChange(next);
    else if (value) onChange(undefined);
  };
  return (
    <Space.Compact>
      <NumberInput definition={definition} prefix={label} aria-label={`${label} ${t.from}`} placeholder={t.from} value={ends[0]} onChange={(v) => set([v, ends[1]])} />
      <NumberInput definition={definition} aria-label={`${label} ${t.to}`} placeholder={t.to} value={ends[1]} onChange={(v) => set([ends[0], v])} />
    </Space.Compact>
  );
}
