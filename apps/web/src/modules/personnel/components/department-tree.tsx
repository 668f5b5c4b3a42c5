import { ApartmentOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { DEPARTMENT_NAME_MAX, DEPARTMENT_SORT_MAX, departmentCalls, TOP_LEVEL_DEPARTMENT, type DepartmentNode } from '@juqi/contract';
import { App, Button, Dropdown, Empty, Flex, Form, Input, InputNumber, Modal, Skeleton, Tree, TreeSelect, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { DEPARTMENT_READS } from '../api/keys';
import { personnelMessages, type PersonnelTexts } from '../messages';
import { AccountSelect } from './account-select';
import { departmentOptions } from '../../../lib/department-options';

interface DepartmentTreeProps {
  tree: DepartmentNode[] | undefined;
  /** The department the list is filtered by (with everything under it). */
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
}

/** What a department form edits: adding under a parent, or renaming / reordering one. */
type Editing = { kind: 'add'; parent: DepartmentNode | null } | { kind: 'edit'; node: DepartmentNode } | { kind: 'move'; node: DepartmentNode };

const toData = (nodes: readonly DepartmentNode[]): (DataNode & { node: DepartmentNode })[] =>
  nodes.map((node) => ({ key: node.id, title: node.name, node, children: toData(node.children) }));

/**
 * The department tree beside the staff list: selecting a department filters the list by it and its sub-departments,
 * selecting it again (or 全部部门) clears that. Holders of department.edit add, rename, move and delete departments
 * from each node's menu.
 */
export function DepartmentTree({ tree, selected, onSelect }: DepartmentTreeProps) {
  const t = useMessages(personnelMessages);
  const { modal, message } = App.useApp();
  const can = useCan();
  const editable = can('department.edit');
  const remove = useCallMutation(departmentCalls.delete, DEPARTMENT_READS);
  const [editing, setEditing] = useState<Editing | null>(null);

  const confirmDelete = (node: DepartmentNode) =>
    modal.confirm({
      title: format(t.deleteDepartmentConfirm, { name: node.name }),
      okButtonProps: { danger: true },
      okText: t.deleteDepartment,
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: node.id });
          if (selected === node.id) onSelect(undefined);
          void message.success(t.departmentDeleted);
        } catch {
          // Shown by the API client (40900: it still has sub-departments or staff).
        }
      },
    });

  const titleOf = (node: DepartmentNode) => (
    <span className="staff-departments__node">
      <span className="staff-departments__name">{node.name}</span>
      {editable && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'add', label: t.addChild, onClick: () => setEditing({ kind: 'add', parent: node }) },
              { key: 'edit', label: t.editDepartment, onClick: () => setEditing({ kind: 'edit', node }) },
              { key: 'move', label: t.moveDepartment, onClick: () => setEditing({ kind: 'move', node }) },
              { key: 'delete', label: t.deleteDepartment, danger: true, onClick: () => confirmDelete(node) },
            ],
            // The menu is inside the tree node: its clicks must not select the node.
            onClick: ({ domEvent }) => domEvent.stopPropagation(),
          }}
        >
          <Button
            type="text"
            size="small"
            className="staff-departments__more"
            icon={<MoreOutlined />}
            aria-label={format(t.departmentActions, { name: node.name })}
            onClick={(event) => event.stopPropagation()}
          />
        </Dropdown>
      )}
    </span>
  );

  return (
    <section className="staff-departments" aria-label={t.departments}>
      {/* Where the title and the button do not fit one line (in English), the button goes under the title, instead of
          squeezing it into a word broken in two. */}
      <Flex justify="space-between" align="center" wrap gap={4} className="staff-departments__head">
        <Typography.Text strong>{t.departments}</Typography.Text>
        {editable && (
          <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'add', parent: null })}>
            {t.addDepartment}
          </Button>
        )}
      </Flex>
      <Button
        type={selected === undefined ? 'primary' : 'text'}
        ghost={selected === undefined}
        size="small"
        block
        icon={<ApartmentOutlined />}
        className="staff-departments__all"
        onClick={() => onSelect(undefined)}
      >
        {t.allDepartments}
      </Button>
      {tree && tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.departmentsEmpty} />
      ) : (
        <Tree<DataNode & { node: DepartmentNode }>
          blockNode
          defaultExpandAll
          key={tree ? 'loaded' : 'loading'}
          treeData={toData(tree ?? [])}
          selectedKeys={selected === undefined ? [] : [selected]}
          titleRender={(data) => titleOf(data.node)}
          onSelect={(_keys, { node, selected: on }) => onSelect(on ? node.node.id : undefined)}
        />
      )}
      {editing?.kind === 'move' ? (
        <MoveDepartmentModal node={editing.node} tree={tree ?? []} t={t} onClose={() => setEditing(null)} />
      ) : (
        editing && <DepartmentFormModal editing={editing} t={t} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

interface DepartmentValues {
  name: string;
  sort: number;
  head_account_id?: number | null;
}

function DepartmentFormModal({ editing, t, onClose }: { editing: Exclude<Editing, { kind: 'move' }>; t: PersonnelTexts; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartmentValues>();
  const add = useCallMutation(departmentCalls.add, DEPARTMENT_READS);
  const edit = useCallMutation(departmentCalls.edit, DEPARTMENT_READS);
  const title =
    editing.kind === 'edit'
      ? format(t.editDepartmentTitle, { name: editing.node.name })
      : editing.parent
        ? format(t.addChildTitle, { name: editing.parent.name })
        : t.addDepartment;
  // The head is a sign-in account: picking one means seeing accounts (staff.view); without it the head stays as it is.
  const mayPickHead = useCan()('staff.view');
  const details = useCallQuery(departmentCalls.details, editing.kind === 'edit' ? { id: editing.node.id } : null);
  const head = details.data?.head_account_id ? { id: details.data.head_account_id, label: details.data.head_name ?? `#${details.data.head_account_id}` } : null;
  const initialValues =
    editing.kind === 'edit' ? { name: editing.node.name, sort: editing.node.sort, head_account_id: details.data?.head_account_id ?? null } : { name: '', sort: 0, head_account_id: null };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      if (editing.kind === 'edit') await edit.mutateAsync({ id: editing.node.id, ...values });
      else await add.mutateAsync({ ...values, parent_id: editing.parent?.id ?? TOP_LEVEL_DEPARTMENT });
      void message.success(t.departmentSaved);
      onClose();
    } catch (error) {
      showOnField(form, error, ['name', 'sort', 'head_account_id']);
    }
  };

  return (
    <Modal open title={title} onCancel={onClose} onOk={() => void save()} confirmLoading={add.isPending || edit.isPending} destroyOnHidden>
      {editing.kind === 'edit' && !details.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form<DepartmentValues> form={form} layout="vertical" initialValues={initialValues} name="department-form">
          <Form.Item name="name" label={t.departmentName} rules={[{ required: true, whitespace: true, max: DEPARTMENT_NAME_MAX }]}>
            <Input maxLength={DEPARTMENT_NAME_MAX} autoFocus />
          </Form.Item>
          <Form.Item name="sort" label={t.departmentSort} extra={t.departmentSortHint} rules={[{ required: true }]}>
            <InputNumber min={0} max={DEPARTMENT_SORT_MAX} precision={0} />
          </Form.Item>
          {mayPickHead && (
            <Form.Item name="head_account_id" label={t.departmentHead} extra={t.departmentHeadHint}>
              <AccountSelect current={head} allowClear />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}

interface MoveValues {
  parent_id: number;
  sort: number;
}

function MoveDepartmentModal({ node, tree, t, onClose }: { node: DepartmentNode; tree: DepartmentNode[]; t: PersonnelTexts; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MoveValues>();
  const move = useCallMutation(departmentCalls.move, DEPARTMENT_READS);
  // Under itself or its own sub-departments is refused by the server too; here they cannot be chosen.
  const options = [{ value: TOP_LEVEL_DEPARTMENT, title: t.topLevel, children: departmentOptions(tree, node.id) }];

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await move.mutateAsync({ id: node.id, ...values });
      void message.success(t.departmentMoved);
      onClose();
    } catch (error) {
      showOnField(form, error, ['parent_id', 'sort']);
    }
  };

  return (
    <Modal open title={format(t.moveDepartmentTitle, { name: node.name })} onCancel={onClose} onOk={() => void save()} confirmLoading={move.isPending} destroyOnHidden>
      <Form<MoveValues> form={form} layout="vertical" initialValues={{ parent_id: node.parent_id, sort: node.sort }} name="department-move">
        <Form.Item name="parent_id" label={t.parentDepartment} extra={t.moveHint} rules={[{ required: true }]}>
          <TreeSelect<number> treeData={options} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item name="sort" label={t.departmentSort} extra={t.departmentSortHint} rules={[{ required: true }]}>
          <InputNumber min={0} max={DEPARTMENT_SORT_MAX} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
