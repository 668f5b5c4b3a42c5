import { powerCalls, type Role } from '@juqi/contract';
import { App, Form, Input, Modal } from 'antd';
import { useCallMutation } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { powerMessages } from '../messages';
import { showOnField } from '../../../lib/form-errors';

interface RoleFormValues {
  name: string;
  remark: string;
}

const FIELDS = ['name', 'remark'] as const;

/** Creates a role, or renames one and changes its remark. Mounted while open, so each opening starts fresh. */
export function RoleFormModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const t = useMessages(powerMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  const add = useCallMutation(powerCalls.roleAdd, [powerCalls.roleList]);
  const edit = useCallMutation(powerCalls.roleEdit, [powerCalls.roleList]);
  const pending = add.isPending || edit.isPending;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { name: values.name.trim(), remark: (values.remark ?? '').trim() };
    try {
      if (role) await edit.mutateAsync({ id: role.id, ...body });
      else await add.mutateAsync(body);
      void message.success(t.saved);
      onClose();
    } catch (error) {
      // A taken name is the only conflict a role form meets.
      showOnField(form, error, FIELDS, { name: t.roleNameTaken });
    }
  };

  return (
    <Modal
      open
      title={role ? t.roleEdit : t.roleCreate}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        name="role-form"
        initialValues={{ name: role?.name ?? '', remark: role?.remark ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t.roleName}
          rules={[
            { required: true, whitespace: true, message: t.roleNameRequired },
            { max: 40, message: t.roleNameTooLong },
          ]}
        >
          <Input placeholder={t.roleNamePlaceholder} autoFocus maxLength={40} showCount />
        </Form.Item>
        <Form.Item name="remark" label={t.roleRemark} rules={[{ max: 200, message: t.roleRemarkTooLong }]}>
          <Input.TextArea placeholder={t.roleRemarkPlaceholder} rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
