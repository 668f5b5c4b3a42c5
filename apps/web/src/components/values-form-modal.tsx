import { ErrorCode, type FieldDefinitionRow } from '@juqi/contract';
import { App, Form, Modal, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { placeRefusal } from '../lib/form-errors';
import { useMessages } from '../lib/i18n';
import { FieldFormItem } from './fields';
import { commonMessages } from './messages';
import { QueryFailure } from './query-failure';

/**
 * What a new record needs beside its form's values, chosen above them (a customer's agency, a product's customer, an
 * application's user and city).
 */
export interface RecordChoice {
  /** The call's key for it (`agency_id`, `merchant_id`): a refusal naming it shows on the choice. */
  key: string;
  label: string;
  required: string;
  control: ReactNode;
}

/**
 * Adds or edits a record whose particulars are a field form's values (a customer, a product, an application): on
 * adding, what it needs beside them (`choices`); then the form's shown fields, each drawn and checked by its field
 * type; what the server refuses shows on the field it names (`values.<key>`, or a choice's key). Hidden fields keep
 * their values.
 */
export function ValuesFormModal(props: {
  title: string;
  /** The form's fields as a query answers them (asked by the screen, for the staff it serves). */
  fields: { data?: FieldDefinitionRow[]; isError: boolean; error: Error | null; refetch: () => unknown };
  choices?: readonly RecordChoice[];
  /** The values held now, when editing. */
  initial?: Record<string, unknown>;
  hint: string;
  /** Said once saved. */
  done: string;
  save: (chosen: Record<string, unknown>, values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { fields, choices = [], initial } = props;
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [choiceForm] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const shown = (fields.data ?? []).filter((definition) => !definition.hidden);

  const submit = async () => {
    const settled = await Promise.all([choices.length ? choiceForm.validateFields() : Promise.resolve({}), form.validateFields()].map((p) => p.then((v: object) => v, () => null)));
    const [chosen, values] = settled as [Record<string, unknown> | null, Record<string, unknown> | null];
    if (!chosen || !values) return;
    setSaving(true);
    try {
      await props.save(chosen, { ...initial, ...values });
      void message.success(props.done);
      props.onClose();
    } catch (error) {
      if (!placeRefusal(form, error, (field) => (field.startsWith('values.') ? [field.slice('values.'.length)] : null), [ErrorCode.VALIDATION, ErrorCode.CONFLICT]))
        placeRefusal(choiceForm, error, (field) => (choices.some((choice) => choice.key === field) ? [field] : null), [ErrorCode.VALIDATION, ErrorCode.CONFLICT]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={props.title} okText={common.save} cancelText={common.cancel} confirmLoading={saving} onCancel={props.onClose} onOk={() => void submit()} destroyOnHidden width={640}>
      {fields.isError && !fields.data ? (
        <QueryFailure compact error={fields.error!} onRetry={() => void fields.refetch()} />
      ) : !fields.data ? (
        <Spin />
      ) : (
        <>
          {choices.length > 0 && (
            <Form form={choiceForm} layout="vertical" name="values-choices">
              {choices.map((choice) => (
                <Form.Item key={choice.key} name={choice.key} label={choice.label} rules={[{ required: true, message: choice.required }]}>
                  {choice.control}
                </Form.Item>
              ))}
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
