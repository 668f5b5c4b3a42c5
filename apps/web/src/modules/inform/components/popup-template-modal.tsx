import { informCalls, type PopupTemplate } from '@juqi/contract';
import { App, Form, Input, Modal } from 'antd';
import { useCallMutation } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n';
import { POPUP_TEMPLATE_READS } from '../api/keys';
import { informMessages } from '../messages';
import { POPUP_FIELDS, PopupFields, popupBody, popupDefaults, type PopupFormValues } from './popup-fields';

interface Values extends PopupFormValues {
  name: string;
}

const FIELDS = ['name', ...POPUP_FIELDS] as const;

/** Creates a pop-up template (`template` null) or edits one: its unique name and the display fields. */
export function PopupTemplateModal({ template, onClose }: { template: PopupTemplate | null; onClose: () => void }) {
  const t = useMessages(informMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useCallMutation(informCalls.siteShowTemplateAdd, POPUP_TEMPLATE_READS);
  const edit = useCallMutation(informCalls.siteShowTemplateEdit, POPUP_TEMPLATE_READS);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { name: values.name.trim(), ...popupBody(values) };
    try {
      if (template) await edit.mutateAsync({ id: template.id, ...body });
      else await add.mutateAsync(body);
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS, { name: t.nameTaken });
    }
  };

  return (
    <Modal
      open
      title={template ? t.editPopupTemplate : t.addPopupTemplate}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={760}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="inform-popup-template"
        initialValues={template ? { name: template.name, ...popupBody(template) } : { name: '', ...popupDefaults }}
      >
        <Form.Item name="name" label={t.name} rules={[{ required: true, whitespace: true, message: t.nameRequired }]}>
          <Input maxLength={60} showCount />
        </Form.Item>
        <PopupFields />
      </Form>
    </Modal>
  );
}
