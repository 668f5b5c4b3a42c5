import { cityResource } from '@juqi/contract';
import { App, Form, InputNumber, Modal, Spin, Switch, Typography } from 'antd';
import { DetailList } from '../../../components/detail-list';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useEditResource, useResourceDetails } from '../../../lib/resource';
import { generalMessages } from '../messages';

type Values = { sort: number; hot: boolean; enabled: boolean };

/**
 * Edits what staff decide about a city: its order, whether it is hot and whether it is offered. Its code, name and
 * province are shown, not edited: they are the division data's. Starts from the record the server holds now.
 */
export function CityFormModal({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(generalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const details = useResourceDetails(cityResource, id);
  const edit = useEditResource(cityResource);
  const label = (key: keyof typeof cityResource.fields) => cityResource.fields[key].label[language];
  const city = details.data;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await edit.mutateAsync({ id, ...values });
      void message.success(c.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, ['sort', 'hot', 'enabled']);
    }
  };

  return (
    <Modal
      open
      title={t.editCity}
      okText={c.save}
      cancelText={c.cancel}
      okButtonProps={{ disabled: details.isPending }}
      confirmLoading={edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {details.isError ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !city ? (
        <Spin />
      ) : (
        <>
          <DetailList
            column={1}
            size="small"
            items={[
              { key: 'name', label: label('name'), children: String(city.name) },
              { key: 'code', label: label('code'), children: String(city.code) },
              { key: 'province', label: label('province_name'), children: String(city.province_name) },
            ]}
          />
          <Typography.Paragraph type="secondary" className="general-form__note">
            {t.readOnlyData}
          </Typography.Paragraph>
          <Form<Values>
            form={form}
            layout="vertical"
            name="general-city-form"
            initialValues={{ sort: Number(city.sort), hot: Boolean(city.hot), enabled: Boolean(city.enabled) }}
          >
            <Form.Item name="sort" label={label('sort')} extra={t.sortHint} rules={[{ required: true, message: format(c.required, { label: label('sort') }) }]}>
              <InputNumber min={0} max={9999} precision={0} className="general-form__number" />
            </Form.Item>
            <Form.Item name="hot" label={label('hot')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
