import { fieldTypeOf, fieldTypes, isPickerType, optionName, type customFieldFilter, type FieldDefinition, type FieldOperator, type FieldOption } from '@juqi/contract';
import { DatePicker, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { fieldViewOf } from '../../../components/fields';
import { CHOSEN_TYPES } from '../../../components/fields/field-rules';
import { FilterControl } from '../../../components/resource/resource-filters';
import { formatDateTime, pickedInstant, useTimeZone } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences, type Language } from '../../../lib/preferences';
import { fieldMessages } from '../messages';

/** A list's filter on one custom field, as the list calls take it. */
export type CustomFieldFilter = z.input<typeof customFieldFilter>;

const MINUTE = 'YYYY-MM-DD HH:mm';

/** The fields a list can be filtered on: those holding a value whose type offers an operator. */
const filterableFields = <D extends FieldDefinition>(definitions: readonly D[]): D[] =>
  definitions.filter((definition) => fieldTypeOf(definition.type).holdsValue && fieldTypeOf(definition.type).operators.length > 0);

interface CustomFieldFiltersProps {
  definitions: readonly FieldDefinition[];
  value: readonly CustomFieldFilter[];
  onChange: (filters: CustomFieldFilter[]) => void;
}

/**
 * A filter control per custom field, for a FilterBar: the operators the field's type offers (`fieldTypes[type].operators`)
 * and, for the one chosen, its control — equals the type's own editor, in a choice of several options, range two ends,
 * contains a text, empty 有值 / 无值. A field's filter is set once its control holds a value.
 */
export function CustomFieldFilters({ definitions, value, onChange }: CustomFieldFiltersProps) {
  // The controls keep what is being typed; filters changed from outside (清空筛选) start them afresh.
  const [handedOn, setHandedOn] = useState(JSON.stringify(value));
  const [generation, setGeneration] = useState(0);
  if (JSON.stringify(value) !== handedOn) {
    setHandedOn(JSON.stringify(value));
    setGeneration(generation + 1);
  }
  const put = (key: string, filter: CustomFieldFilter | null) => {
    const next = [...value.filter((f) => f.key !== key), ...(filter ? [filter] : [])];
    setHandedOn(JSON.stringify(next));
    onChange(next);
  };
  return (
    <>
      {filterableFields(definitions).map((definition) => (
        <FieldFilter
          key={`${definition.key}:${generation}`}
          definition={definition}
          filter={value.find((f) => f.key === definition.key)}
          onChange={(filter) => put(definition.key, filter)}
        />
      ))}
    </>
  );
}

function FieldFilter({ definition, filter, onChange }: { definition: FieldDefinition; filter?: CustomFieldFilter; onChange: (filter: CustomFieldFilter | null) => void }) {
  const t = useMessages(fieldMessages);
  const language = usePreferences((s) => s.language);
  const operators = fieldTypeOf(definition.type).operators;
  const [picked, setPicked] = useState<FieldOperator>(operators[0]!);
  const operator = filter?.operator ?? picked;
  const label = definition.label[language];
  const control = (
    <OperatorControl
      key={operator}
      definition={{ ...definition, required: false }}
      operator={operator}
      label={label}
      language={language}
      value={filter?.value}
      onChange={(next) => onChange(next === undefined ? null : { key: definition.key, operator, value: next })}
    />
  );
  if (operators.length === 1) return <div className="custom-filter">{control}</div>;
  return (
    <Space.Compact className="custom-filter">
      <Select<FieldOperator>
        aria-label={format(t.operator, { label })}
        prefix={label}
        className="custom-filter__operator"
        popupMatchSelectWidth={false}
        value={operator}
        options={operators.map((op) => ({ value: op, label: t[op] }))}
        onChange={(next) => {
          setPicked(next);
          // A value of one operator means nothing to another.
          if (filter) onChange(null);
        }}
      />
      {control}
    </Space.Compact>
  );
}

interface ControlProps {
  definition: FieldDefinition;
  operator: FieldOperator;
  label: string;
  language: Language;
  value: unknown;
  /** `undefined` clears the filter. */
  onChange: (value: unknown) => void;
}

function OperatorControl(props: ControlProps) {
  const { definition, operator, label, language, value, onChange } = props;
  const t = useMessages(fieldMessages);
  switch (operator) {
    case 'empty':
      return (
        <Select<string>
          aria-label={format(t.operator, { label })}
          prefix={label}
          className="custom-filter__value"
          allowClear
          placeholder={t.empty}
          value={value === undefined ? undefined : String(value)}
          // `empty: true` matches no value.
          options={[
            { value: 'false', label: t.hasValue },
            { value: 'true', label: t.noValue },
          ]}
          onChange={(picked) => onChange(picked === undefined ? undefined : picked === 'true')}
        />
      );
    case 'contains':
      return (
        <Input.Search
          aria-label={label}
          placeholder={label}
          className="custom-filter__value"
          allowClear
          defaultValue={value as string | undefined}
          onSearch={(words) => onChange(words.trim() || undefined)}
        />
      );
    case 'range':
      return <RangeControl {...props} />;
    case 'in':
      return definition.options ? (
        <Select<(string | number)[]>
          mode="multiple"
          aria-label={label}
          className="custom-filter__value"
          allowClear
          placeholder={label}
          maxTagCount="responsive"
          value={(value as (string | number)[] | undefined) ?? []}
          options={optionChoices(definition.options, language)}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(picked) => onChange(picked.length ? picked : undefined)}
        />
      ) : (
        // Record pickers: `in` takes several ids; single_user's editor picks one, user's several.
        <EditorControl {...props} definition={definition.type === 'single_user' ? { ...definition, type: 'user' } : definition} />
      );
    case 'equals':
      return definition.type === 'boolean_value' ? (
        // A filter must be clearable: 是 / 否 as a choice with a clear button, not the editor's radios.
        <Select<string>
          aria-label={label}
          prefix={label}
          className="custom-filter__value"
          allowClear
          value={value === undefined ? undefined : String(value)}
          options={[true, false].map((answer) => ({ value: String(answer), label: fieldTypes.boolean_value.text(answer, definition, language) }))}
          onChange={(picked) => onChange(picked === undefined ? undefined : picked === 'true')}
        />
      ) : (
        <EditorControl {...props} />
      );
  }
}

/** Every option of a select, checkbox or cascader (a cascader's at any level, named by its path), each value once. */
function optionChoices(options: readonly FieldOption[], language: Language, path = ''): { value: string | number; label: string }[] {
  const choices = options.flatMap((option) => {
    const name = optionName(option, language);
    const label = path ? `${path} / ${name}` : name;
    return [{ value: option.value, label }, ...optionChoices(option.children ?? [], language, label)];
  });
  return choices.filter((choice, i) => choices.findIndex((other) => other.value === choice.value) === i);
}

/**
 * The type's own editor. A picked value applies as it is picked; typed text once the staff leaves the box or presses
 * Enter, so the list is not asked again at every key.
 */
function EditorControl({ definition, label, value, onChange }: ControlProps) {
  const { Editor } = fieldViewOf(definition.type);
  const id = useId();
  const [draft, setDraft] = useState<unknown>(value);
  const typed = !CHOSEN_TYPES.includes(definition.type) && !isPickerType(definition.type);
  const apply = (next: unknown) => {
    const empty = next == null || next === '' || (Array.isArray(next) && next.length === 0);
    if (empty ? value !== undefined : JSON.stringify(next) !== JSON.stringify(value)) onChange(empty ? undefined : next);
  };
  return (
    <span className="custom-filter__value" onKeyDown={(event) => typed && event.key === 'Enter' && apply(draft)}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Editor
        id={id}
        definition={definition}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          if (!typed) apply(next);
        }}
        onBlur={() => typed && apply(draft)}
      />
    </span>
  );
}

/** Both ends of a range: numbers, days (date, date_interval) or minutes on the platform's clocks (datetime). */
function RangeControl({ definition, label, language, value, onChange }: ControlProps) {
  const zone = useTimeZone();
  if (definition.type === 'datetime') {
    const ends = value as [string, string] | undefined;
    return (
      <DatePicker.RangePicker
        aria-label={label}
        prefix={label}
        className="custom-filter__value"
        showTime={{ format: 'HH:mm' }}
        format={MINUTE}
        allowClear
        value={ends ? [dayjs(formatDateTime(ends[0], zone), MINUTE), dayjs(formatDateTime(ends[1], zone), MINUTE)] : null}
        onChange={(picked: [Dayjs | null, Dayjs | null] | null) =>
          onChange(picked?.[0] && picked[1] ? [pickedInstant(picked[0].format(MINUTE), zone), pickedInstant(picked[1].format(MINUTE), zone)] : undefined)
        }
      />
    );
  }
  // Numbers and days are drawn as a resource list draws its own ranges; a date interval is ranged by days.
  return (
    <FilterControl
      field={definition.type === 'date_interval' ? { ...definition, type: 'date' } : definition}
      operator="range"
      label={label}
      language={language}
      value={value}
      onChange={onChange}
    />
  );
}
