import { DownOutlined, EditOutlined, EllipsisOutlined, EyeOutlined } from '@ant-design/icons';
import { fieldTypes, isPickerType, type FieldDefinition, type FieldType } from '@juqi/contract';
import { Button, Space, type TableColumnType } from 'antd';
import { useMessages } from '../../lib/i18n';
import { useDeleteResource, type AnyResource, type ResourceRow } from '../../lib/resource';
import { useCan } from '../../lib/shell-session';
import { commonMessages } from '../messages';
import { useNarrowScreen } from '../narrow-screen';
import { RowMenu, type RowMenuItem } from './resource-actions';
import { useResourceCell, useResourceLabel, type ResourceCells } from './resource-cell';

/** What a column shows: a field's registry type, rich text (which has none) or the update time. */
type ColumnType = FieldType | 'richtext' | 'updated_at';
// Sized so a resource's first seven or so columns show at 1280 px beside the pinned actions; the rest scroll.
const WIDTHS: Partial<Record<ColumnType, number>> = {
  text: 160,
  textarea: 240,
  richtext: 240,
  number: 100,
  floatnumber: 100,
  select: 110,
  boolean_value: 80,
  date: 120,
  updated_at: 160,
};
/**
 * A number's column fits the longest value its bounds allow as its type shows it (¥ 20,000,000.00 takes more room than
 * a rank of two digits), at least the plain number's width: about 8 px a character of a 14 px tabular figure, plus the
 * cell's padding.
 */
function numberWidth(definition: FieldDefinition): number {
  const longest = Math.max(...[definition.min, definition.max].filter((bound) => bound !== undefined).map((bound) => fieldTypes.number.text(bound, definition, 'zh-CN').length));
  return Math.max(WIDTHS.number!, Math.ceil(longest * 8.5) + 32);
}
/** A referenced record's name (a business, an industry under its parent). */
const REFERENCE_WIDTH = 150;
/** A display order: four digits. */
const SORT_WIDTH = 72;
/** 详情 · 编辑 · 更多 on one line. */
const ACTIONS_WIDTH = 230;
/** The one menu of a row on a phone, under a header that reads 操作 or Actions whole. */
const NARROW_ACTIONS_WIDTH = 80;

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
        width: isPickerType(type)
          ? REFERENCE_WIDTH
          : resource.fields[key]?.kind === 'sort'
            ? SORT_WIDTH
            : type === 'number'
              ? numberWidth(resource.definitions[key]!)
              : WIDTHS[type],
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
  /** The screen's own entries of the row's menu (城市（n）, 转为员工). */
  menu?: (row: ResourceRow) => RowMenuItem[];
}

/**
 * The actions column of a resource's table, pinned to its end so a row's actions stay in reach beside its first column,
 * on one line: 详情 and 编辑 (for staff who may), then 更多 with the screen's own entries, the actions the record's
 * state offers and 删除. On a phone every one of them is in the one menu, so the row stays narrow.
 */
export function useResourceActionsColumn(resource: AnyResource, { onView, onEdit, menu }: RowActionsOptions): TableColumnType<ResourceRow> {
  const t = useMessages(commonMessages);
  const narrow = useNarrowScreen();
  const { mayEdit, mayDelete } = useResourceWrites(resource);
  const remove = useDeleteResource(resource);
  const view = (row: ResourceRow): RowMenuItem[] => (onView ? [{ key: 'details', label: t.details, icon: <EyeOutlined aria-hidden />, onSelect: () => onView(row) }] : []);
  const edit = (row: ResourceRow): RowMenuItem[] => (mayEdit ? [{ key: 'edit', label: t.edit, icon: <EditOutlined aria-hidden />, onSelect: () => onEdit(row) }] : []);
  return {
    key: 'actions',
    title: t.actions,
    width: narrow ? NARROW_ACTIONS_WIDTH : ACTIONS_WIDTH,
    fixed: 'end',
    render: (_: unknown, row: ResourceRow) => {
      const onDelete = mayDelete ? () => remove.mutateAsync({ id: row.id }) : undefined;
      if (narrow)
        return (
          <RowMenu
            resource={resource}
            row={row}
            items={[...view(row), ...edit(row), ...(menu?.(row) ?? [])]}
            onDelete={onDelete}
            trigger={<Button type="link" size="small" icon={<EllipsisOutlined />} aria-label={t.actions} />}
          />
        );
      return (
        <Space size={0}>
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
          <RowMenu
            resource={resource}
            row={row}
            items={menu?.(row) ?? []}
            onDelete={onDelete}
            trigger={
              <Button type="link" size="small">
                {t.moreActions} <DownOutlined aria-hidden />
              </Button>
            }
          />
        </Space>
      );
    },
  };
}
