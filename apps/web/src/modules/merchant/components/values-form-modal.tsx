import { ErrorCode, type FieldDefinitionRow } from '@juqi/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Form, Modal, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { FieldFormItem } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { placeRefusal } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n';

/** The record a new one belongs to (a customer's agency, a product's customer), chosen above the form's fields. */
export interface OwnerChoice {
  /** The call's key for it (`agency_id`, `merchant_id`): a refusal naming it shows on the choice. */
  key: string;
  label: string;
  required: string;
  control: ReactNode;
}

/**
 * Adds or edits a record whose particulars are a field form's values (a customer, a product): on adding, the record
 * it belongs to (`owner`); then the form's shown fields, each drawn and checked by its field type; what the server
 * refuses shows on the field it names (`values.<key>`, or the owner's key). Hidden fields keep their values.
 */
export function ValuesFormModal(props: {
  title: string;
  fields: UseQueryResult<FieldDefinitionRow[]>;
  owner?: OwnerChoice;
  /** The values held now, when editing. */
  initial?: Record<string, unknown>;
  hint: string;
  /** Said once saved. */
  done: string;
  save: (owner: number | undefined, values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { fields, owner, initial } = props;
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [ownerForm] = Form.useForm<Record<string, number>>();
  const [saving, setSaving] = useState(false);
  const shown = (fields.data ?? []).filter((definition) => !definition.hidden);

  const submit = async () => {
    const settled = await Promise.all([owner ? ownerForm.validateFields() : Promise.resolve({}), form.validateFields()].map((p) => p.then((v: object) => v, () => null)));
    const [chosen, values] = settled as [Record<string, number> | null, Record<string, unknown> | null];
    if (!chosen || !values) return;
    setSaving(true);
    try {
      await props.save(owner ? chosen[owner.key] : undefined, { ...initial, ...values });
      void message.success(props.done);
      props.onClose();
    } catch (error) {
      if (!placeRefusal(form, error, (field) => (field.startsWith('values.') ? [field.slice('values.'.length)] : null), [ErrorCode.VALIDATION, ErrorCode.CONFLICT]) && owner)
        placeRefusal(ownerForm, error, (field) => (field === owner.key ? [owner.key] : null), [ErrorCode.VALIDATION]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={props.title} okText={common.save} cancelText={common.cancel} confirmLoading={saving} onCancel={props.onClose} onOk={() => void submit()} destroyOnHidden width={640}>
      {fields.isError && !fields.data ? (
        <QueryFailure compact error={fields.error} onRetry={() => void fields.refetch()} />
      ) : !fields.data ? (
        <Spin />
      ) : (
        <>
          {owner && (
            <Form form={ownerForm} layout="vertical" name="values-owner">
              <Form.Item name={owner.key} label={owner.label} rules={[{ required: true, message: owner.required }]}>
                {owner.control}
              </Form.Item>
            </Form>
          )}
          <Form form={form} layout="vertical" name="values-form" initialValues={initial}>
            {shown.map((definition) => (
              <FieldFormItem key={definition.key} definition={definition} />
            ))}
          </Form>
          <Typography.Text type="secondary">{props.hint}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
