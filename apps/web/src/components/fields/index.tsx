import { fieldTypeOf, isFieldType, type FieldDefinition, type FieldType } from '@juqi/contract';
import { Descriptions, Form } from 'antd';
import type { ComponentType } from 'react';
import { usePreferences } from '../../lib/preferences';
import { DetailList } from '../detail-list';
import { TimeZoneNote } from '../time-zone-note';
import { BooleanTag, EntryLinks, NoValue, OptionTags, TextCell, TextDetail, type FieldDisplayProps } from './field-displays';
import * as edit from './field-editors';
import type { FieldEditorProps } from './field-editors';
import { PickedCell, PickedDetail, RecordPickerEditor } from './field-picker';
import { detailTableView } from './field-detail-table';
import { PlaceCell, PlaceDetail, PlaceEditor } from './field-place';
import { fieldRules, validateTriggerOf } from './field-rules';
import { FileLinks, FilesEditor, PictureCell, PictureDetail, SignatureCell, SignatureDetail, SignatureEditor } from './field-uploads';
import './fields.css';

export type { FieldDisplayProps } from './field-displays';
export type { FieldEditorProps } from './field-editors';
export { NumberInput } from './field-editors';
export { RecordPickerEditor } from './field-picker';
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
const picker: FieldView = { Editor: RecordPickerEditor, Cell: PickedCell, Detail: PickedDetail };
const pictures: FieldView = { Editor: FilesEditor, Cell: PictureCell, Detail: PictureDetail };
const place: FieldView = { Editor: PlaceEditor, Cell: PlaceCell, Detail: PlaceDetail };

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
  user: picker,
  structure: picker,
  contacts: picker,
  customer: picker,
  contract: picker,
  business: picker,
  single_user: picker,
  website: links,
  textarea: { Editor: edit.TextareaEditor, Cell: TextCell, Detail: TextDetail },
  select: options(edit.SelectEditor),
  company_select: picker,
  merchant_select: picker,
  certificate_img: pictures,
  checkbox: options(edit.CheckboxEditor),
  file: { Editor: FilesEditor, Cell: FileLinks, Detail: FileLinks },
  boolean_value: { Editor: edit.BooleanEditor, Cell: BooleanTag, Detail: BooleanTag },
  percent: plain(edit.NumberEditor),
  position: place,
  location: place,
  detail_table: detailTableView({ viewOf: fieldViewOf }),
  handwriting_sign: { Editor: SignatureEditor, Cell: SignatureCell, Detail: SignatureDetail },
  date_interval: plain(edit.DateIntervalEditor),
  desc_text: layout(edit.DescTextEditor),
  pic: pictures,
  file_img: pictures,
  cascader: plain(edit.CascaderEditor),
  title_divider: layout(edit.TitleDividerEditor),
  industry: picker,
};

/** A type's view; a name the registry does not know is a plain input shown as text (§3), as `fieldTypeOf` reads it. */
// A function declaration: detail_table's view reads it while `fieldViews` is being built.
export function fieldViewOf(type: string): FieldView {
  return isFieldType(type) ? fieldViews[type] : fieldViews.text;
}


/**
 * A definition in an antd form: its label, required mark, the registry's rule, its editor and a `hint` under it, under its key; a layout
 * type (desc_text, title_divider) is shown with no form item, since it holds no value.
 */
export function FieldFormItem({ definition, hint }: { definition: FieldDefinition; hint?: string }) {
  const language = usePreferences((s) => s.language);
  const { Editor } = fieldViewOf(definition.type);
  // A layout type holds no value; a detail table binds its rows itself (a Form.List under its key, each cell an item).
  if (!fieldTypeOf(definition.type).holdsValue || definition.type === 'detail_table') return <Editor definition={definition} />;
  return (
    <Form.Item
      name={definition.key}
      label={definition.label[language]}
      required={definition.required}
      rules={fieldRules(definition, language)}
      validateTrigger={validateTriggerOf(definition)}
      extra={definition.type === 'datetime' ? <TimeZoneNote /> : hint}
    >
      <Editor definition={definition} />
    </Form.Item>
  );
}

/**
 * A form's values as a list of labelled details, each drawn by its field type in the definitions' order (a form's record
 * in a drawer: 代理申请表, 业务申请表, 人员信息); the types that only lay a form out (descriptions, dividers) are left out.
 */
export function FieldValues(props: { definitions: readonly FieldDefinition[]; values: Record<string, unknown>; column?: number; title?: string; bordered?: boolean }) {
  const { definitions, values, column = 1, title, bordered = false } = props;
  const language = usePreferences((s) => s.language);
  return (
    <DetailList size={bordered ? 'small' : undefined} bordered={bordered} column={column} title={title}>
      {definitions
        .filter((definition) => fieldTypeOf(definition.type).holdsValue)
        .map((definition) => {
          const { Detail } = fieldViewOf(definition.type);
          return (
            <Descriptions.Item key={definition.key} label={definition.label[language]}>
              <Detail definition={definition} value={values[definition.key] ?? null} />
            </Descriptions.Item>
          );
        })}
    </DetailList>
  );
}
