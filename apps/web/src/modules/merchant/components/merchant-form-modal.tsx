import { ErrorCode, merchantCalls, type MerchantRow } from '@juqi/contract';
import { Form, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FieldFormItem } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { useCallMutation } from '../../../lib/call-hooks';
import { placeRefusal } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n';
import { useMerchantFields } from '../merchant-fields';
import { merchantMessages } from '../messages';
import { AgencySelect } from './agency-select';

/** What changes a customer: the list, its details and its history are asked again once a write lands. */
export const MERCHANT_READS = [merchantCalls.merchantList, merchantCalls.merchantDetails, merchantCalls.merchantHistory];

/**
 * Adds a customer to an agency (`customer` null) or edits one: the agency, chosen on adding only (a customer changes
 * agency by 转移), and 客户信息设置's fields, each drawn and checked by its field type; what the server refuses shows
 * on the field it names (客户名称 taken: 该客户已存在).
 */
export function MerchantFormModal({ customer, onClose, onAdded }: { customer: MerchantRow | null; onClose: () => void; onAdded?: (id: number) => void }) {
  const t = useMessages(merchantMessages);
  const common = useMessages(commonMessages);
  const fields = useMerchantFields();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [agencyForm] = Form.useForm<{ agency_id?: number }>();
  const [saving, setSaving] = useState(false);
  const add = useCallMutation(merchantCalls.merchantAdd, MERCHANT_READS);
  const edit = useCallMutation(merchantCalls.merchantEdit, MERCHANT_READS);
  const shown = (fields.data ?? []).filter((definition) => !definition.hidden);

  const submit = async () => {
    const [agency, values] = await Promise.all([customer ? Promise.resolve({}) : agencyForm.validateFields(), form.validateFields()].map((p) => p.then((v) => v, () => null)));
    if (!agency || !values) return;
    setSaving(true);
    try {
      if (customer) await edit.mutateAsync({ id: customer.id, values: { ...customer.extra, ...values } });
      else onAdded?.((await add.mutateAsync({ agency_id: (agency as { agency_id: number }).agency_id, values })).id);
      onClose();
    } catch (error) {
      if (!placeRefusal(form, error, (field) => (field.startsWith('values.') ? [field.slice('values.'.length)] : null), [ErrorCode.VALIDATION, ErrorCode.CONFLICT]))
        placeRefusal(agencyForm, error, (field) => (field === 'agency_id' ? ['agency_id'] : null), [ErrorCode.VALIDATION]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={customer ? `${t.editTitle} · ${customer.customer_name}` : t.add}
      okText={common.save}
      cancelText={common.cancel}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void submit()}
      destroyOnHidden
      width={640}
    >
      {fields.isError && !fields.data ? (
        <QueryFailure compact error={fields.error} onRetry={() => void fields.refetch()} />
      ) : !fields.data ? (
        <Spin />
      ) : (
        <>
          {!customer && (
            <Form form={agencyForm} layout="vertical" name="merchant-agency">
              <Form.Item name="agency_id" label={t.agency} rules={[{ required: true, message: t.agencyRequired }]}>
                <AgencySelect />
              </Form.Item>
            </Form>
          )}
          <Form form={form} layout="vertical" name="merchant-values" initialValues={customer?.extra}>
            {shown.map((definition) => (
              <FieldFormItem key={definition.key} definition={definition} />
            ))}
          </Form>
          <Typography.Text type="secondary">{t.fieldsHint}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
