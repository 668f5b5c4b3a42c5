import { PlusOutlined } from '@ant-design/icons';
import { checkQuantity, fieldTypeOf, fieldTypes, type FieldDefinition } from '@juqi/contract';
import { Button, Card, Form, Table, Typography, type FormListFieldData, type TableColumnsType } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { useTimeZone } from '../../lib/date-time';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences, type Language } from '../../lib/preferences';
import { commonMessages } from '../messages';
import { useNarrowScreen } from '../narrow-screen';
import { TextCell, TextDetail, type FieldDisplayProps } from './field-displays';
import type { FieldEditorProps } from './field-editors';
import { fieldMessages } from './field-messages';
import { fieldRules, validateTriggerOf } from './field-rules';
import './field-detail-table.css';

/**
 * detail_table (docs/field-types.md): rows of the sub-fields' values. The sub-fields are drawn by their own views, which
 * the registry's web half hands in (`detailTableView`), so this file does not import the registry that lists it.
 *
 * The editor is an antd Form.List under the field's key, not a controlled value: each cell is a Form.Item of its own,
 * with its sub-field's `fieldRules`, its own moment of checking, and its error under it; the list's rule checks the row
 * count. It therefore draws its own label and must not be wrapped in a Form.Item bound to the key.
 */

/** What a column needs of a sub-field's view (the registry's `FieldView` has these). */
interface ColumnView {
  Editor: ComponentType<FieldEditorProps>;
  Detail: ComponentType<FieldDisplayProps>;
}

export interface DetailTableParts {
  /** The sub-field type's view (`fieldViewOf`). */
  viewOf: (type: string) => ColumnView;
}

/** The registry's bound on rows (field-types.ts), where extend_quantity_max sets none lower. */
const MAX_ROWS = 200;

type Row = Record<string, unknown>;
const isRow = (row: unknown): row is Row => typeof row === 'object' && row !== null && !Array.isArray(row);

/** The sub-fields that hold a value, in order: the table's columns. */
const columnsOf = (definition: FieldDefinition) => (definition.sub_fields ?? []).filter((sub) => fieldTypeOf(sub.type).holdsValue);

/** A new row holds the sub-fields' defaults. */
const newRow = (columns: readonly FieldDefinition[]): Row => Object.fromEntries(columns.filter((sub) => sub.default !== undefined).map((sub) => [sub.key, sub.default]));

/**
 * The table's own rule, on its rows' count: the registry's rule for a table without columns (required, extend_quantity),
 * each row counted as an empty one. The cells' own rules check what the rows hold.
 */
function rowCountRule(definition: FieldDefinition, language: Language) {
  const [tableRule] = fieldRules({ ...definition, sub_fields: [] }, language) as [{ validator: (rule: object, value: unknown) => Promise<void> }];
  return { validator: (rule: object, rows: unknown[] | undefined) => tableRule.validator(rule, rows?.length ? rows.map(() => ({})) : null) };
}

function DetailTableEditor({ definition, disabled, parts }: FieldEditorProps & { parts: DetailTableParts }) {
  const t = useMessages(fieldMessages);
  const language = usePreferences((s) => s.language);
  const narrow = useNarrowScreen();
  const columns = columnsOf(definition);
  const { min, max } = checkQuantity(0, definition);
  const most = Math.min(max ?? MAX_ROWS, MAX_ROWS);

  const cell = (row: FormListFieldData, sub: FieldDefinition, label: string) => {
    const { Editor } = parts.viewOf(sub.type);
    return (
      <Form.Item
        key={sub.key}
        name={[row.name, sub.key]}
        label={label}
        required={sub.required}
        rules={fieldRules(sub, language)}
        validateTrigger={validateTriggerOf(sub)}
        layout="vertical"
        labelCol={{ span: 24 }}
        wrapperCol={{ span: 24 }}
        className="field-detail-table__cell"
      >
        <Editor definition={sub} disabled={disabled} />
      </Form.Item>
    );
  };

  return (
    <Form.Item label={definition.label[language]} required={definition.required} className="field-detail-table">
      <Form.List name={definition.key} rules={[rowCountRule(definition, language)]}>
        {(rows, { add, remove }, { errors }) => {
          const removable = rows.length > (min ?? 0);
          const removeButton = (row: FormListFieldData, index: number): ReactNode => (
            <Button type="link" danger size="small" disabled={disabled} aria-label={format(t.tableDeleteRow, { row: index + 1 })} onClick={() => remove(row.name)}>
              {commonMessages[language].delete}
            </Button>
          );
          const tableColumns: TableColumnsType<FormListFieldData> = [
            ...columns.map((sub) => ({
              key: sub.key,
              title: <span className={sub.required ? 'field-detail-table__required' : undefined}>{sub.label[language]}</span>,
              minWidth: 160,
              render: (_: unknown, row: FormListFieldData, index: number) => cell(row, sub, format(t.tableCell, { row: index + 1, label: sub.label[language] })),
            })),
            ...(removable ? [{ key: 'remove', title: commonMessages[language].actions, width: 80, render: (_: unknown, row: FormListFieldData, index: number) => removeButton(row, index) }] : []),
          ];
          return (
            <div className="field-detail-table__body">
              {!narrow ? (
                <Table<FormListFieldData>
                  className="field-detail-table__table"
                  size="small"
                  bordered
                  pagination={false}
                  rowKey="key"
                  dataSource={rows}
                  columns={tableColumns}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: t.tableNoRows }}
                />
              ) : rows.length === 0 ? (
                <Typography.Text type="secondary">{t.tableNoRows}</Typography.Text>
              ) : (
                rows.map((row, index) => (
                  <Card key={row.key} size="small" title={format(t.tableRow, { row: index + 1 })} extra={removable && removeButton(row, index)}>
                    {columns.map((sub) => cell(row, sub, sub.label[language]))}
                  </Card>
                ))
              )}
              {rows.length < most && (
                <Button type="dashed" block icon={<PlusOutlined />} disabled={disabled} onClick={() => add(newRow(columns))}>
                  {t.tableAddRow}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </div>
          );
        }}
      </Form.List>
    </Form.Item>
  );
}

/** How many rows, with every row as text in the tooltip. */
export function DetailTableCell(props: FieldDisplayProps) {
  const t = useMessages(fieldMessages);
  const language = usePreferences((s) => s.language);
  const zone = useTimeZone();
  const { definition, value } = props;
  if (!Array.isArray(value) || !value.length || !value.every(isRow)) return <TextCell {...props} />;
  return <span title={fieldTypes.detail_table.text(value, definition, language, zone)}>{format(t.tableRows, { count: value.length })}</span>;
}

/** The rows as a read-only table, each cell its sub-field's detail view. */
function DetailTableDetail({ definition, value, parts }: FieldDisplayProps & { parts: DetailTableParts }) {
  const language = usePreferences((s) => s.language);
  if (!Array.isArray(value) || !value.length || !value.every(isRow)) return <TextDetail definition={definition} value={value} />;
  const columns: TableColumnsType<{ index: number; row: Row }> = columnsOf(definition).map((sub) => {
    const { Detail } = parts.viewOf(sub.type);
    return { key: sub.key, title: sub.label[language], render: (_: unknown, { row }: { row: Row }) => <Detail definition={sub} value={row[sub.key] ?? null} /> };
  });
  return (
    <Table
      className="field-detail-table__detail"
      size="small"
      bordered
      pagination={false}
      rowKey="index"
      dataSource={value.map((row, index) => ({ index, row }))}
      columns={columns}
      scroll={{ x: 'max-content' }}
    />
  );
}

/**
 * detail_table's view, its columns drawn by `parts.viewOf` (the registry's `fieldViewOf`). The editor is a Form.List
 * that draws its own labelled item: put it in a form as a layout type is put, not inside a Form.Item bound to the key.
 */
export function detailTableView(parts: DetailTableParts) {
  return {
    Editor: (props: FieldEditorProps) => <DetailTableEditor {...props} parts={parts} />,
    Cell: DetailTableCell,
    Detail: (props: FieldDisplayProps) => <DetailTableDetail {...props} parts={parts} />,
  };
}
