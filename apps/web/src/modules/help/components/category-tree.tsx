import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { helpCalls, type HelpCategory } from '@juqi/contract';
import { App, Button, Card, Empty, Popconfirm, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { format, useMessages } from '../../../lib/i18n';
import { helpMessages } from '../messages';
import type { CategoryDraft } from './category-modal';
import { useCallMutation } from '../../../lib/call-hooks';
import { CATEGORY_READS } from '../api/keys';

interface CategoryTreeProps {
  tops: HelpCategory[];
  subcategories: HelpCategory[];
  loading: boolean;
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** Opens the category form; absent for staff who may only read. */
  onEdit?: (draft: CategoryDraft) => void;
}

/**
 * The two-level category tree of the feature introduction. Choosing a category filters the function table (choosing
 * it again shows every function); staff who may edit get add, edit and delete on each entry.
 */
export function CategoryTree({ tops, subcategories, loading, selected, onSelect, onEdit }: CategoryTreeProps) {
  const t = useMessages(helpMessages);
  const { message } = App.useApp();
  const remove = useCallMutation(helpCalls.categoryDelete, CATEGORY_READS);

  const actions = (category: HelpCategory) =>
    onEdit && (
      <span className="help-tree-title__actions" onClick={(event) => event.stopPropagation()}>
        {category.pid === 0 && (
          <Tooltip title={t.subcategoryCreate}>
            <Button type="text" size="small" aria-label={`${t.subcategoryCreate}：${category.name}`} icon={<PlusOutlined />} onClick={() => onEdit({ parentId: category.id })} />
          </Tooltip>
        )}
        <Tooltip title={t.edit}>
          <Button type="text" size="small" aria-label={`${t.edit}：${category.name}`} icon={<EditOutlined />} onClick={() => onEdit({ category })} />
        </Tooltip>
        <Popconfirm
          title={format(t.deleteConfirm, { name: category.name })}
          description={category.pid === 0 ? t.categoryNotEmpty : undefined}
          okText={t.delete}
          cancelText={t.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ id: category.id });
              if (selected === category.id) onSelect(undefined);
              void message.success(t.deleted);
            } catch {
              // The API client has shown the refusal (40900 while it still has subcategories or functions).
            }
          }}
        >
          <Button type="text" size="small" danger aria-label={`${t.delete}：${category.name}`} icon={<DeleteOutlined />} />
        </Popconfirm>
      </span>
    );

  const title = (category: HelpCategory) => (
    <span className="help-tree-title">
      <span className="help-tree-title__name">{category.name}</span>
      {actions(category)}
    </span>
  );

  const treeData: TreeDataNode[] = tops.map((top) => ({
    key: top.id,
    title: title(top),
    children: subcategories.filter((sub) => sub.pid === top.id).map((sub) => ({ key: sub.id, title: title(sub), isLeaf: true })),
  }));

  return (
    <Card
      title={t.categories}
      size="small"
      className="help-categories"
      extra={
        onEdit && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onEdit({ parentId: 0 })}>
            {t.categoryCreate}
          </Button>
        )
      }
    >
      {loading ? (
        <Spin className="help-loading" />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={treeData}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
