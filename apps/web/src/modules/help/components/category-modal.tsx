import { helpCalls, type HelpCategory } from '@juqi/contract';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { format, useMessages } from '../../../lib/i18n';
import { helpMessages } from '../messages';
import { showOnField } from '../../../lib/form-errors';
import { useCallMutation } from '../../../lib/call-hooks';
import { CATEGORY_READS } from '../api/keys';

interface Values {
  name: string;
  pid: number;
  sort: number | null;
}

const FIELDS = ['name', 'pid', 'sort'] as const;

export type CategoryDraft = { category: HelpCategory } | { parentId: number };

/**
 * Creates a category (under `parentId`, 0 for a top category) or edits one: its name, sort and parent. Categories nest
 * two levels; the server refuses moves that would break that, and the refusal shows on the parent field.
 */
export function CategoryModal({ draft, tops, onClose }: { draft: CategoryDraft; tops: HelpCategory[]; onClose: () => void }) {
  const t = useMessages(helpMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useCallMutation(helpCalls.categoryAdd, CATEGORY_READS);
  const edit = useCallMutation(helpCalls.categoryEdit, CATEGORY_READS);
  const editing = 'category' in draft ? draft.category : null;
  // A top category with subcategories cannot move under another.
  const parentLocked = editing !== null && editing.pid === 0 && editing.options.length > 0;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { name: values.name.trim(), pid: values.pid, sort: values.sort ?? 0 };
    try {
      if (editing) await edit.mutateAsync({ id: editing.id, ...body });
      else await add.mutateAsync(body);
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS, { name: t.categoryNameTaken });
    }
  };

  const title = editing ? t.categoryEdit : 'parentId' in draft && draft.parentId !== 0 ? t.subcategoryCreate : t.categoryCreate;
  return (
    <Modal
      open
      title={title}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      className="help-form-modal"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="category-form"
        initialValues={{
          name: editing?.name ?? '',
          pid: editing ? editing.pid : 'parentId' in draft ? draft.parentId : 0,
          sort: editing?.sort ?? 0,
        }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t.categoryName}
          rules={[
            { required: true, whitespace: true, message: t.nameRequired },
            { max: 40, message: format(t.tooLong, { max: 40 }) },
          ]}
        >
          <Input maxLength={40} showCount autoFocus />
        </Form.Item>
        <Form.Item name="pid" label={t.categoryParent} extra={t.categoryParentHelp}>
          <Select
            disabled={parentLocked}
            options={[
              { value: 0, label: t.categoryParentNone },
              ...tops.filter((top) => top.id !== editing?.id).map((top) => ({ value: top.id, label: top.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="sort" label={t.sort} extra={t.sortHelp}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
