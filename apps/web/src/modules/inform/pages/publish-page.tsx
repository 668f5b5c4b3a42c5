import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import { informCalls, renderTemplate, type NotificationTemplate } from '@juqi/contract';
import { App, Button, Card, DatePicker, Form, Input, Result, Select, Space, Switch, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { pickedInstant, useTimeZone } from '../../../lib/date-time';
import { useCan } from '../../../lib/shell-session';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { SENT_NOTIFICATION_READS } from '../api/keys';
import { POPUP_FIELDS, PopupFields, popupBody, popupDefaults, type PopupFormValues } from '../components/popup-fields';
import {
  notificationRecipientBody,
  RecipientField,
  recipientBody,
  type NotificationRecipientValues,
  type RecipientValues,
} from '../components/recipient-field';
import { usePreviewPopup } from '../components/use-preview-popup';
import { useNotificationTypes } from '../components/notification-types';
import { informMessages } from '../messages';
import '../inform.css';

interface MessageValues extends NotificationRecipientValues {
  type: number;
  template_id: number;
  params: Record<string, string>;
  title: string;
  content: string;
}

const messageDefaults: Partial<MessageValues> = {
  template_id: 0,
  params: {},
  title: '',
  content: '',
  target: 'staff',
  staff_ids: [],
  selection: null,
};
const MESSAGE_FIELDS = ['type', 'template_id', 'params', 'title', 'content', 'target', 'staff_ids', 'selection'] as const;

/** A message notification: written, or from a template with its parameters filled in; to staff, or to chosen users. */
function MessageForm() {
  const t = useMessages(informMessages);
  const { offered } = useNotificationTypes();
  const { message } = App.useApp();
  const [form] = Form.useForm<MessageValues>();
  // Enabled templates to publish from; a template's edit refreshes them (template-modal.tsx).
  const templates = useCallQuery(informCalls.templateSelect, undefined, { staleTime: 60_000 });
  const publish = useCallMutation(informCalls.addNotifications, SENT_NOTIFICATION_READS);
  const templateId = Form.useWatch('template_id', form) ?? 0;
  const type = Form.useWatch('type', form);
  // Starts on the first type offered (the types load with the page, and come back after 重置).
  const firstOffered = offered()[0]?.value;
  useEffect(() => {
    if (type === undefined && firstOffered !== undefined) form.setFieldsValue({ type: firstOffered });
  }, [form, type, firstOffered]);
  const params = Form.useWatch('params', form) ?? {};
  const template: NotificationTemplate | undefined = templates.data?.find((x) => x.id === templateId);

  const submit = async (values: MessageValues) => {
    const body = template
      ? { type: template.type, template_id: template.id, params: Object.fromEntries(template.parameters.map((p) => [p.key, (values.params?.[p.key] ?? '').trim()])) }
      : { type: values.type, title: values.title.trim(), content: values.content.trim() };
    try {
      const sent = await publish.mutateAsync({ ...body, ...notificationRecipientBody(values) });
      void message.success(format(values.target === 'users' ? t.publishedToUsers : t.published, { count: sent.recipient_count.toLocaleString() }));
      form.resetFields();
    } catch (error) {
      showOnField(form, error, [...MESSAGE_FIELDS, ...(template?.parameters.map((p) => `params.${p.key}`) ?? [])]);
    }
  };

  return (
    <Form<MessageValues> form={form} layout="vertical" name="inform-message" initialValues={messageDefaults} onFinish={(v) => void submit(v)} className="inform-form">
      <Form.Item name="template_id" label={t.template}>
        <Select
          loading={templates.isPending}
          options={[{ value: 0, label: t.templateNone }, ...(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
          onChange={(id: number) => {
            const chosen = templates.data?.find((x) => x.id === id);
            if (chosen) form.setFieldsValue({ type: chosen.type, params: {} });
          }}
        />
      </Form.Item>
      <Form.Item name="type" label={t.type} rules={[{ required: true, message: t.typeRequired }]}>
        <Select disabled={!!template} options={offered(type)} />
      </Form.Item>
      {template ? (
        <>
          <div className="inform-params">
            <Typography.Text strong>{t.params}</Typography.Text>
            {template.parameters.map((p) => (
              <Form.Item key={p.key} name={['params', p.key]} label={`${p.name}（{${p.key}}）`} rules={[{ required: true, whitespace: true, message: format(t.paramRequired, { name: p.name }) }]}>
                <Input placeholder={p.example} maxLength={500} />
              </Form.Item>
            ))}
          </div>
          <Form.Item label={t.preview}>
            <Card size="small" title={renderTemplate(template.title, params)}>
              <Typography.Paragraph className="inform-item__content">{renderTemplate(template.content, params)}</Typography.Paragraph>
            </Card>
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="title" label={t.title} rules={[{ required: true, whitespace: true, message: t.titleRequired }, { max: 100 }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="content" label={t.content} rules={[{ required: true, whitespace: true, message: t.contentRequired }, { max: 5000 }]}>
            <Input.TextArea rows={5} maxLength={5000} showCount />
          </Form.Item>
        </>
      )}
      <RecipientField offerUsers />
      <Space>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={publish.isPending}>
          {t.publish}
        </Button>
        <Button onClick={() => form.resetFields()}>{t.reset}</Button>
      </Space>
    </Form>
  );
}

interface AnnouncementValues extends PopupFormValues, RecipientValues {
  template_id: number;
  show_details: boolean;
  /** As the platform's time zone's clocks show it (the picker's wall-clock time, not the browser's). */
  end_at: Dayjs | null;
}

const announcementDefaults: Partial<AnnouncementValues> = { ...popupDefaults, template_id: 0, show_details: true, end_at: null, target: 'staff', staff_ids: [] };
const ANNOUNCEMENT_FIELDS = [...POPUP_FIELDS, 'template_id', 'show_details', 'end_at', 'target', 'staff_ids'] as const;

/** A pop-up announcement: from a pop-up template or written here, previewed on this page before it goes out. */
function AnnouncementForm() {
  const t = useMessages(informMessages);
  const zone = useTimeZone();
  const { message } = App.useApp();
  const [form] = Form.useForm<AnnouncementValues>();
  // Every pop-up template to publish from; a write on the templates refreshes them (POPUP_TEMPLATE_READS).
  const templates = useCallQuery(informCalls.siteShowTemplateSelect, undefined, { staleTime: 60_000 });
  const publish = useCallMutation(informCalls.addAnnouncement, [informCalls.listDataAnnouncements]);
  const previewPopup = usePreviewPopup();

  const preview = async () => {
    const valid = await form.validateFields(['class', 'title', 'img', 'close_type']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const values = form.getFieldsValue(true) as AnnouncementValues;
    previewPopup(popupBody(values), values.show_details);
  };

  const submit = async (values: AnnouncementValues) => {
    try {
      const sent = await publish.mutateAsync({
        ...popupBody(values),
        ...(values.template_id ? { template_id: values.template_id } : {}),
        show_details: values.show_details,
        end_at: values.end_at ? pickedInstant(values.end_at.format('YYYY-MM-DD HH:mm'), zone) : null,
        ...recipientBody(values),
      });
      void message.success(format(t.published, { count: sent.recipient_count }));
      form.resetFields();
    } catch (error) {
      showOnField(form, error, ANNOUNCEMENT_FIELDS);
    }
  };

  return (
    <Form<AnnouncementValues>
      form={form}
      layout="vertical"
      name="inform-announcement"
      initialValues={announcementDefaults}
      onFinish={(v) => void submit(v)}
      className="inform-form"
    >
      <Form.Item name="template_id" label={t.popupTemplate}>
        <Select
          loading={templates.isPending}
          options={[{ value: 0, label: t.popupTemplateNone }, ...(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
          onChange={(id: number) => {
            const chosen = templates.data?.find((x) => x.id === id);
            if (chosen) form.setFieldsValue(popupBody(chosen));
          }}
        />
      </Form.Item>
      <PopupFields />
      <Form.Item name="show_details" label={t.showDetails} valuePropName="checked">
        <Switch checkedChildren={t.showDetailsOn} unCheckedChildren={t.showDetailsOff} />
      </Form.Item>
      <Form.Item
        name="end_at"
        label={t.endAt}
        extra={
          <>
            {t.endAtHelp} <TimeZoneNote />
          </>
        }
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <RecipientField />
      <Space>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={publish.isPending}>
          {t.publish}
        </Button>
        <Button icon={<EyeOutlined />} onClick={() => void preview()}>
          {t.previewPopup}
        </Button>
        <Button onClick={() => form.resetFields()}>{t.reset}</Button>
      </Space>
    </Form>
  );
}

/**
 * /notification/publish: a message notification to all staff, chosen staff or chosen users, or a pop-up announcement
 * to all staff or chosen staff.
 */
export function PublishPage() {
  const t = useMessages(informMessages);
  const can = useCan();
  const items = useMemo(
    () => [
      { key: 'message', label: t.messageTab, children: <MessageForm /> },
      { key: 'announcement', label: t.announcementTab, children: <AnnouncementForm /> },
    ],
    [t],
  );
  const [tab, setTab] = useState('message');
  if (!can('notification.publish')) return <Result status="403" title={t.noPermission} />;
  return (
    <Card title={t.publishTitle}>
      <Tabs activeKey={tab} onChange={setTab} items={items} />
    </Card>
  );
}
