import { informCalls, renderTemplate, systemEventChannels, systemEventOf, TEMPLATE_PLACEHOLDER, type CallBody, type SystemEventChannel, type SystemEventSettings } from '@juqi/contract';
import { App, Button, Card, Checkbox, Form, Input, Modal, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { useCallMutation } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { audienceLabels, channelLabels, settingsMessages } from '../messages';
import { useNotificationTypes } from './notification-types';

interface Values {
  enabled: boolean;
  channels: SystemEventChannel[];
  role_ids: number[];
  type: number;
  title: string;
  content: string;
}

const FIELDS = ['enabled', 'channels', 'role_ids', 'type', 'title', 'content'] as const;

/** An event's settings as the edit call takes them. */
export const bodyOf = ({ code, enabled, channels, role_ids, type, title, content }: SystemEventSettings): CallBody<typeof informCalls.systemEventEdit> => ({
  code,
  enabled,
  channels,
  role_ids,
  type,
  title,
  content,
});

/**
 * Edits one system event's settings: on or off, channels, the roles it goes to (for events that go to roles), the type
 * it posts as, and its text, whose placeholders can only be the event's parameters (the contract checks it too). The
 * preview fills them with the catalogue's sample values.
 */
export function SystemEventModal({
  event,
  roles,
  mayChooseRoles,
  onClose,
}: {
  event: SystemEventSettings;
  roles: { value: number; label: string }[] | undefined;
  mayChooseRoles: boolean;
  onClose: () => void;
}) {
  const t = useMessages(settingsMessages);
  const channels = useMessages(channelLabels);
  const audiences = useMessages(audienceLabels);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const { offered } = useNotificationTypes();
  const [form] = Form.useForm<Values>();
  const edit = useCallMutation(informCalls.systemEventEdit, [informCalls.systemEventList]);
  const definition = systemEventOf(event.code)!;
  const known = new Set(definition.parameters.map((p) => p.key));
  const samples = Object.fromEntries(definition.parameters.map((p) => [p.key, p.example]));
  const title = Form.useWatch('title', form) ?? event.title;
  const content = Form.useWatch('content', form) ?? event.content;

  const placeholdersKnown = (_: unknown, value: string | undefined) => {
    const unknown = [...(value ?? '').matchAll(TEMPLATE_PLACEHOLDER)].find((m) => !known.has(m[1]!));
    return unknown ? Promise.reject(new Error(format(t.notAParameter, { key: unknown[0] }))) : Promise.resolve();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await edit.mutateAsync({ ...values, code: event.code, title: values.title.trim(), content: values.content.trim() });
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS);
    }
  };

  const insert = (key: string) => {
    const current = (form.getFieldValue('content') as string | undefined) ?? '';
    form.setFieldsValue({ content: `${current}{${key}}` });
  };

  // Roles no longer in the list (or unreadable without 查看角色) still show, by number.
  const roleOptions = [...(roles ?? [])];
  for (const id of event.role_ids) if (!roleOptions.some((r) => r.value === id)) roleOptions.push({ value: id, label: format(t.roleUnknown, { id }) });

  return (
    <Modal
      open
      title={t.editEvent}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values> form={form} layout="vertical" name="inform-system-event" initialValues={bodyOf(event)}>
        <Form.Item label={t.event}>
          <Typography.Text strong>{definition.name[language]}</Typography.Text>
        </Form.Item>
        <Form.Item name="enabled" label={t.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="channels"
          label={t.channels}
          extra={t.channelsHint}
          dependencies={['enabled']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: SystemEventChannel[] | undefined) =>
                getFieldValue('enabled') && !value?.length ? Promise.reject(new Error(t.channelsRequired)) : Promise.resolve(),
            }),
          ]}
        >
          <Checkbox.Group options={systemEventChannels.map((channel) => ({ value: channel, label: channels[channel] }))} />
        </Form.Item>
        {definition.audience === 'roles' ? (
          <Form.Item name="role_ids" label={t.roles} extra={mayChooseRoles ? undefined : t.rolesNeedView}>
            <Select mode="multiple" allowClear disabled={!mayChooseRoles} placeholder={t.rolesPlaceholder} options={roleOptions} optionFilterProp="label" />
          </Form.Item>
        ) : (
          <Form.Item label={t.recipients}>
            <Typography.Text>{audiences[definition.audience]}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item name="type" label={t.type}>
          <Select options={offered(event.type)} />
        </Form.Item>
        <Form.Item name="title" label={t.title} rules={[{ required: true, whitespace: true, message: t.titleRequired }, { validator: placeholdersKnown }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="content" label={t.content} rules={[{ required: true, whitespace: true, message: t.contentRequired }, { validator: placeholdersKnown }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item label={t.parameters} extra={t.parameterHint}>
          <Space size={[4, 4]} wrap>
            {definition.parameters.map((p) => (
              <Tooltip key={p.key} title={`${p.name[language]}：${p.example}`}>
                <Button size="small" type="dashed" onClick={() => insert(p.key)}>{`{${p.key}}`}</Button>
              </Tooltip>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t.preview}>
          <Card size="small" title={renderTemplate(title, samples)}>
            <Typography.Paragraph className="inform-item__content">{renderTemplate(content, samples)}</Typography.Paragraph>
          </Card>
        </Form.Item>
      </Form>
    </Modal>
  );
}
