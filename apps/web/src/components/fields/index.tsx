import { fieldTypeOf, isFieldType, type FieldDefinition, type FieldType } from '@juqi/contract';
import { Form } from 'antd';
import type { ComponentType } from 'react';
import { usePreferences } from '../../lib/preferences';
import { TimeZoneNote } from '../time-zone-note';
import { BooleanTag, EntryLinks, NoValue, OptionTags, TextCell, TextDetail, type FieldDisplayProps } from './field-displays';
import * as edit from './field-editors';
import type { FieldEditorProps } from './field-editors';
import { fieldRules } from './field-rules';
import './fields.css';

export type { FieldDisplayProps } from './field-displays';
export type { FieldEditorProps } from './field-editors';
export { fieldIssueText, fieldRules } from './field-rules';

/** How the web draws a field type: its form editor, its table cell and its value in a detail view. */
export interface FieldView {
  Editor: ComponentType<FieldEditorProps>;
  Cell: ComponentType<FieldDisplayProps>;
  Detail: ComponentType<FieldDisplayProps>;
}

const plain = (Editor: ComponentType<FieldEditorProps>): FieldView => ({ Editor, Cell: TextCell, Detail: TextDetail });
const links: FieldView = { Editor: edit.TextEditor, Cell: EntryLinks, Detail: EntryLinks };
const options = (Editor: ComponentType<FieldEditorProps>): FieldView => ({ Editor, Cell: OptionTags, Detail: OptionTags });
const layout = (Editor: ComponentType<FieldEditorProps>): FieldView => ({ Editor, Cell: NoValue, Detail: NoValue });
/**
 * Record pickers, uploads, the signature pad, places and detail tables get their editors in the next slice; until
 * then they are the plain input §3 gives an unknown type, and show the registry's text.
 */
const pending = plain(edit.TextEditor);

/**
 * The web half of the field-type registry (docs/field-types.md › The web half), keyed like `fieldTypes`: a resource
 * field and an admin-defined one are drawn by the same entry.
 */
export const fieldViews: Record<FieldType, FieldView> = {
  text: plain(edit.TextEditor),
  number: plain(edit.NumberEditor),
  floatnumber: plain(edit.NumberEditor),
  mobile: links,
  email: links,
  date: plain(edit.DateEditor),
  datetime: plain(edit.DateTimeEditor),
  user: pending,
  structure: pending,
  contacts: pending,
  customer: pending,
  contract: pending,
  business: pending,
  single_user: pending,
  website: links,
  textarea: { Editor: edit.TextareaEditor, Cell: TextCell, Detail: TextDetail },
  select: options(edit.SelectEditor),
  company_select: pending,
  merchant_select: pending,
  certificate_img: pending,
  checkbox: options(edit.CheckboxEditor),
  file: pending,
  boolean_value: { Editor: edit.BooleanEditor, Cell: BooleanTag, Detail: BooleanTag },
  percent: plain(edit.NumberEditor),
  position: pending,
  location: pending,
  detail_table: pending,
  handwriting_sign: pending,
  date_interval: plain(edit.DateIntervalEditor),
  desc_text: layout(edit.DescTextEditor),
  pic: pending,
  file_img: pending,
  cascader: plain(edit.CascaderEditor),
  title_divider: layout(edit.TitleDividerEditor),
  industry: pending,
};

/** A type's view; a name the registry does not know is a plain input shown as text (§3), as `fieldTypeOf` reads it. */
export function fieldViewOf(type: string): FieldView {
  return isFieldType(type) ? fieldViews[type] : fieldViews.text;
}

/** Typed values are checked when the staff leaves the field; picked ones as they are picked. */
const TYPED: readonly string[] = ['text', 'number', 'floatnumber', 'mobile', 'email', 'website', 'textarea', 'percent'];

/**
 * A definition in an antd form: its label, required mark, the registry's rule and its editor, under its key; a layout
 * type (desc_text, title_divider) is shown with no form item, since it holds no value.
 */
export function FieldFormItem({ definition }: { definition: FieldDefinition }) {
  const language = usePreferences((s) => s.language);
  const { Editor } = fieldViewOf(definition.type);
  if (!fieldTypeOf(definition.type).holdsValue) return <Editor definition={definition} />;
  return (
    <Form.Item
      name={definition.key}
      label={definition.label[language]}
      required={definition.required}
      rules={fieldRules(definition, language)}
      validateTrigger={!isFieldType(definition.type) || TYPED.includes(definition.type) ? 'onBlur' : 'onChange'}
      extra={definition.type === 'datetime' ? <TimeZoneNote /> : undefined}
    >
      <Editor definition={definition} />
    </Form.Item>
  );
}
