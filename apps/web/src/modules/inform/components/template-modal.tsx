import { informCalls, type NotificationTemplate } from '@juqi/contract';
import { App, Button, Form, Input, Modal, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { useCallMutation } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n';
import { informMessages } from '../messages';
import { useNotificationTypes } from './notification-types';

interface Values {
  name: string;
  type: number;
  title: string;
  content: string;
  enabled: boolean;
}

const FIELDS = ['name', 'type', 'title', 'content', 'enabled'] as const;

/** Edits a notification template; its placeholders can only be its own parameters (the server checks it too). */
export function TemplateModal({ template, onClose }: { template: NotificationTemplate; onClose: () => void }) {
  const t = useMessages(informMessages);
  const { message } = App.useApp();
  const { offered } = useNotificationTypes();
  const [form] = Form.useForm<Values>();
  const edit = useCallMutation(informCalls.templateEdit, [informCalls.templateList, informCalls.templateSelect]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await edit.mutateAsync({ id: template.id, ...values, name: values.name.trim(), title: values.title.trim(), content: values.content.trim() });
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS);
    }
  };

  const insert = (key: string) => {
    const content = (form.getFieldValue('content') as string | undefined) ?? '';
    form.setFieldsValue({ content: `${content}{${key}}` });
  };

  return (
    <Modal
      open
      title={t.editTemplate}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="inform-template"
        initialValues={{ name: template.name, type: template.type, title: template.title, content: template.content, enabled: template.enabled }}
      >
        <Form.Item label={t.code}>
          <Typography.Text code>{template.code}</Typography.Text>
        </Form.Item>
        <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.nameRequired }]}>
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item name="type" label={t.type} rules={[{ required: true, message: t.typeRequired }]}>
          <Select options={offered(template.type)} />
        </Form.Item>
        <Form.Item name="title" label={t.title} rules={[{ required: true, whitespace: true, message: t.titleRequired }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="content" label={t.content} rules={[{ required: true, whitespace: true, message: t.contentRequired }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item label={t.parameters} extra={t.parameterHint}>
          <Space size={[4, 4]} wrap>
            {template.parameters.map((p) => (
              <Tooltip key={p.key} title={`${p.name}：${p.example}`}>
                <Button size="small" type="dashed" onClick={() => insert(p.key)}>{`{${p.key}}`}</Button>
              </Tooltip>
            ))}
          </Space>
        </Form.Item>
        <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
          <Switch checkedChildren={t.on} unCheckedChildren={t.off} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
