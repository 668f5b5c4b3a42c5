import { checkQuantity, fieldTypeOf, fieldTypes, optionName, type FieldDefinition, type FieldOption } from '@juqi/contract';
import { Cascader, Checkbox, DatePicker, Divider, Input, InputNumber, Radio, Select, Typography, type CascaderProps, type InputNumberProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime, pickedInstant, useTimeZone } from '../../lib/date-time';
import { format } from '../../lib/i18n';
import { usePreferences, type Language } from '../../lib/preferences';
import { fieldMessages } from './field-messages';
import { CHOSEN_TYPES } from './field-rules';

const DAY = 'YYYY-MM-DD';
const MINUTE = 'YYYY-MM-DD HH:mm';

/**
 * What an editor takes: its definition, and what antd's Form.Item hands a control (`id` for the label, `value`,
 * `onChange`, `onBlur`). The value is the stored one (a day `YYYY-MM-DD`, an ISO instant, option values…), and so is
 * what `onChange` hands back: typed text as typed (the value schema trims and splits it), a cleared picker `null`.
 */
export interface FieldEditorProps {
  definition: FieldDefinition;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  /** The editor's name where no label names it (a filter bar's control). */
  'aria-label'?: string;
  onBlur?: () => void;
  disabled?: boolean;
}

/** 请输入手机号，多个用逗号分隔（最多 3 个）: what to give, with the extend_quantity bounds where the type counts entries. */
function placeholderOf(definition: FieldDefinition, language: Language): string {
  const t = fieldMessages[language];
  const asked = format(CHOSEN_TYPES.includes(definition.type) ? t.choose : t.enter, { label: definition.label[language] });
  if (fieldTypeOf(definition.type).quantity !== 'entries') return asked;
  const { min, max } = checkQuantity(0, definition);
  if (max === 1) return asked;
  const bounds = min && max ? format(t.between, { min, max }) : min ? format(t.atLeast, { min }) : max ? format(t.atMost, { max }) : '';
  // Plain text takes commas as text; it is told about entries only when it counts them.
  if (!bounds && !['mobile', 'email', 'website'].includes(definition.type)) return asked;
  const [comma, open, close] = language === 'zh-CN' ? ['，', '（', '）'] : ['; ', ' (', ')'];
  return `${asked}${comma}${t.several}${bounds ? `${open}${bounds}${close}` : ''}`;
}

function useEditor(definition: FieldDefinition) {
  const language = usePreferences((s) => s.language);
  return { language, placeholder: placeholderOf(definition, language) };
}

const INPUT_MODES: Partial<Record<string, 'tel' | 'email' | 'url'>> = { mobile: 'tel', email: 'email', website: 'url' };

/** One line of text: text, mobile, email, website, and any type without an editor of its own (a value not a string shows as its JSON). */
export function TextEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { language, placeholder } = useEditor(definition);
  return (
    <Input
      {...control}
      value={typeof value === 'string' ? value : fieldTypes.text.text(value, definition, language)}
      onChange={(event) => onChange?.(event.target.value)}
      placeholder={placeholder}
      inputMode={INPUT_MODES[definition.type]}
      allowClear
    />
  );
}

export function TextareaEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { placeholder } = useEditor(definition);
  return <Input.TextArea {...control} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange?.(event.target.value)} placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} />;
}

interface NumberInputProps extends Omit<InputNumberProps<number>, 'value' | 'onChange' | 'prefix' | 'precision'> {
  definition: FieldDefinition;
  /** The stored value: whole fen for money. */
  value?: unknown;
  onChange?: (value: number | null) => void;
  /** Text before the number (a filter's label); money adds ¥ after it. */
  prefix?: string;
}

/**
 * A number as its definition counts it, holding and handing on the stored value: money (a number in fen) is typed and
 * shown in yuan with two decimals and handed on as whole fen, a rate (basis points) typed and shown as a percentage
 * with two decimals and handed on as whole basis points; a whole number takes no decimals, percent two. The form's
 * editor and a list's number filters are this one input.
 */
export function NumberInput({ definition, value, onChange, prefix, ...props }: NumberInputProps) {
  const money = definition.unit === 'fen';
  // Both units count hundredths of what people type: fen of a yuan, basis points of a percent.
  const hundredths = definition.unit !== undefined;
  const percent = definition.type === 'percent' || definition.unit === 'bp';
  const precision = hundredths || definition.type === 'percent' ? 2 : definition.type === 'number' ? 0 : undefined;
  const shown = typeof value === 'number' ? (hundredths ? value / 100 : value) : null;
  return (
    <InputNumber<number>
      {...props}
      value={shown}
      // Yuan to fen on the integer: 0.29 yuan is 29 fen, not 28.999….
      onChange={(picked) => onChange?.(typeof picked !== 'number' ? null : hundredths ? Math.round(picked * 100) : picked)}
      precision={precision}
      prefix={[prefix, money && '¥'].filter(Boolean).join(' ') || undefined}
      suffix={percent ? '%' : undefined}
    />
  );
}

/** number (whole, or money in fen shown as yuan), floatnumber, and percent (0–100 with 2 decimals, shown with %). */
export function NumberEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { placeholder } = useEditor(definition);
  return <NumberInput {...control} definition={definition} value={value} onChange={(picked) => onChange?.(picked)} placeholder={placeholder} className="field-editor__wide" />;
}

export function DateEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { placeholder } = useEditor(definition);
  return (
    <DatePicker
      {...control}
      value={typeof value === 'string' ? dayjs(value) : null}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.format(DAY) : null)}
      format={DAY}
      placeholder={placeholder}
      className="field-editor__wide"
    />
  );
}

/** An instant, picked and shown on the platform's clocks (not the browser's; docs/time.md), handed on as ISO UTC. */
export function DateTimeEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { placeholder } = useEditor(definition);
  const zone = useTimeZone();
  return (
    <DatePicker
      {...control}
      showTime={{ format: 'HH:mm' }}
      format={MINUTE}
      value={typeof value === 'string' ? dayjs(formatDateTime(value, zone), MINUTE) : null}
      onChange={(picked: Dayjs | null) => onChange?.(picked ? pickedInstant(picked.format(MINUTE), zone) : null)}
      placeholder={placeholder}
      className="field-editor__wide"
    />
  );
}

export function DateIntervalEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { language } = useEditor(definition);
  const days = Array.isArray(value) && value.length === 2 ? (value as [string, string]) : null;
  return (
    <DatePicker.RangePicker
      {...control}
      aria-label={definition.label[language]}
      value={days ? [dayjs(days[0]), dayjs(days[1])] : null}
      onChange={(picked) => onChange?.(picked?.[0] && picked[1] ? [picked[0].format(DAY), picked[1].format(DAY)] : null)}
      format={DAY}
      className="field-editor__wide"
    />
  );
}

interface OptionView {
  value: string | number;
  label: string;
  children?: OptionView[];
}

const optionsOf = (options: readonly FieldOption[] | undefined, language: Language): OptionView[] =>
  (options ?? []).map((option) => ({ value: option.value, label: optionName(option, language), ...(option.children && { children: optionsOf(option.children, language) }) }));

export function SelectEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { language, placeholder } = useEditor(definition);
  return (
    <Select<string | number>
      {...control}
      value={(value as string | number | null) ?? undefined}
      onChange={(picked) => onChange?.(picked ?? null)}
      options={optionsOf(definition.options, language)}
      placeholder={placeholder}
      allowClear={!definition.required}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** Options side by side, named as a group by the field's label (a group has no input for the label to point at). */
export function CheckboxEditor({ definition, value, onChange, disabled }: FieldEditorProps) {
  const { language } = useEditor(definition);
  return (
    <Checkbox.Group
      role="group"
      aria-label={definition.label[language]}
      disabled={disabled}
      value={Array.isArray(value) ? (value as (string | number)[]) : []}
      onChange={(picked) => onChange?.(picked.length ? picked : null)}
      options={optionsOf(definition.options, language)}
    />
  );
}

export function CascaderEditor({ definition, value, onChange, ...control }: FieldEditorProps) {
  const { language, placeholder } = useEditor(definition);
  return (
    <Cascader
      {...control}
      value={Array.isArray(value) ? (value as (string | number)[]) : undefined}
      onChange={((path: (string | number)[] | undefined) => onChange?.(path?.length ? path : null)) as CascaderProps['onChange']}
      options={optionsOf(definition.options, language) as CascaderProps['options']}
      placeholder={placeholder}
      showSearch
    />
  );
}

/** 是 / 否 as two choices, so that "not answered" stays apart from "no" (a required field must be answered). */
export function BooleanEditor({ definition, value, onChange, disabled }: FieldEditorProps) {
  const { language } = useEditor(definition);
  const text = (answer: boolean) => fieldTypes.boolean_value.text(answer, definition, language);
  return (
    <Radio.Group
      aria-label={definition.label[language]}
      disabled={disabled}
      value={typeof value === 'boolean' ? value : null}
      onChange={(event) => onChange?.(event.target.value as boolean)}
      options={[
        { value: true, label: text(true) },
        { value: false, label: text(false) },
      ]}
    />
  );
}

/** desc_text: its description, shown in the form in place of an editor (it holds no value). */
export function DescTextEditor({ definition }: FieldEditorProps) {
  const { language } = useEditor(definition);
  return <Typography.Paragraph className="field-editor__description">{definition.description?.[language]}</Typography.Paragraph>;
}

/** title_divider: a heading line between the form's groups of fields (it holds no value). */
export function TitleDividerEditor({ definition }: FieldEditorProps) {
  const { language } = useEditor(definition);
  return <Divider titlePlacement="start">{definition.label[language]}</Divider>;
}
