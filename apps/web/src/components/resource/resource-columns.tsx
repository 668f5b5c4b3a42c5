import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { isPickerType, type FieldType } from '@juqi/contract';
import { Button, Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { format, useMessages } from '../../lib/i18n';
import { useDeleteResource, type AnyResource, type ResourceRow } from '../../lib/resource';
import { useCan } from '../../lib/shell-session';
import { DeleteButton } from '../delete-button';
import { commonMessages } from '../messages';
import { useNarrowScreen } from '../narrow-screen';
import { RowStateActions } from './resource-actions';
import { useResourceCell, useResourceLabel, type ResourceCells } from './resource-cell';

/** What a column shows: a field's registry type, rich text (which has none) or the update time. */
type ColumnType = FieldType | 'richtext' | 'updated_at';
const WIDTHS: Partial<Record<ColumnType, number>> = {
  text: 180,
  textarea: 260,
  richtext: 260,
  number: 110,
  floatnumber: 110,
  select: 120,
  boolean_value: 90,
  date: 120,
  updated_at: 160,
};
/** A referenced record's name (a business, an industry under its parent). */
const REFERENCE_WIDTH = 160;
const ACTIONS_WIDTH = 210;
const NARROW_ACTIONS_WIDTH = 96;

/** Which of a resource's writes the signed-in staff may make: offered by the declaration and granted. */
export function useResourceWrites(resource: AnyResource) {
  const can = useCan();
  const { operations, calls } = resource;
  return {
    mayAdd: !!calls.add && !!operations.add && can(operations.add),
    mayEdit: !!calls.edit && !!operations.edit && can(operations.edit),
    mayDelete: !!calls.delete && !!operations.delete && can(operations.delete),
    mayExport: !!calls.export && !!operations.export && can(operations.export),
  };
}

/**
 * The declared columns of a resource's table (`without` some, as a child list leaves out its parent), each cell its
 * field type's, sized by that type.
 */
export function useResourceColumns(resource: AnyResource, { cells, without = [] }: { cells?: ResourceCells; without?: readonly string[] } = {}): TableColumnType<ResourceRow>[] {
  const cellOf = useResourceCell(resource, cells);
  const labelOf = useResourceLabel(resource);
  const columnType = (key: string): ColumnType => (key === 'updated_at' ? 'updated_at' : (resource.definitions[key]?.type ?? 'richtext'));
  return resource.columns
    .filter((key) => !without.includes(key))
    .map((key) => {
      const type = columnType(key);
      return {
        key,
        dataIndex: key,
        title: labelOf(key),
        width: isPickerType(type) ? REFERENCE_WIDTH : WIDTHS[type],
        align: type === 'number' || type === 'floatnumber' ? 'right' : undefined,
        ellipsis: type === 'textarea' || type === 'richtext' ? { showTitle: false } : type === 'text',
        render: (_: unknown, row: ResourceRow) => cellOf(key, row),
      };
    });
}

interface RowActionsOptions {
  /** 详情, where the row opens its details. */
  onView?: (row: ResourceRow) => void;
  onEdit: (row: ResourceRow) => void;
  /** More actions after 详情, 编辑 and 删除. */
  more?: (row: ResourceRow) => ReactNode;
}

/**
 * The actions column of a resource's table, pinned to its end so a row's actions stay in reach beside its first
 * column: 详情, then 编辑 and 删除 (with confirmation) for staff who may, then the actions the record's state offers
 * them under 更多; on a phone they stack to keep it narrow.
 */
export function useResourceActionsColumn(resource: AnyResource, { onView, onEdit, more }: RowActionsOptions): TableColumnType<ResourceRow> {
  const t = useMessages(commonMessages);
  const narrow = useNarrowScreen();
  const { mayEdit, mayDelete } = useResourceWrites(resource);
  const remove = useDeleteResource(resource);
  const nameOf = (row: ResourceRow) => String(row[resource.keyword?.[0] ?? 'id'] ?? row.id);
  return {
    key: 'actions',
    title: t.actions,
    width: narrow ? NARROW_ACTIONS_WIDTH : ACTIONS_WIDTH,
    fixed: 'end',
    render: (_: unknown, row: ResourceRow) => (
      <Space size={0} wrap orientation={narrow ? 'vertical' : 'horizontal'} align={narrow ? 'start' : undefined}>
        {onView && (
          <Button type="link" size="small" icon={<EyeOutlined aria-hidden />} onClick={() => onView(row)}>
            {t.details}
          </Button>
        )}
        {mayEdit && (
          <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(row)}>
            {t.edit}
          </Button>
        )}
        {mayDelete && <DeleteButton confirm={format(t.deleteConfirm, { name: nameOf(row) })} onDelete={() => remove.mutateAsync({ id: row.id })} />}
        <RowStateActions resource={resource} row={row} />
        {more?.(row)}
      </Space>
    ),
  };
}

/** The width a table of these columns scrolls to. */
export const widthOf = (columns: readonly TableColumnType<ResourceRow>[]) => columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
