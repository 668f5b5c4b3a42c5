import { ADJUSTMENT_AMOUNT_MAX, type AdjustmentDirection, type CallBody, type Currency, adjustmentCalls } from '@juqi/contract';
import { App, Form, Modal, Radio } from 'antd';
import { useRef } from 'react';
import { commonMessages } from '../../../components/messages';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { useApplyAdjustment } from '../adjustment-api';
import { adjustmentMessages } from '../adjustment-messages';
import { useConfirmPosting } from './posting-confirm';
import { UserPicker, type UserChoice } from './user-picker';
import { AmountReasonItems } from './amount-reason-items';

const FIELDS = ['user_id', 'currency', 'direction', 'amount', 'reason'];

type Body = CallBody<typeof adjustmentCalls.adjustmentApply>;
interface Values {
  user_id?: UserChoice;
  currency: Currency;
  direction: AdjustmentDirection;
  /** Yuan for money, whole beans for beans. */
  amount?: number;
  reason?: string;
}

/**
 * 调账: credit or debit a user's balance (typed in yuan, sent in fen) or beans, with a reason, confirmed with the balance
 * before and after. Within the approval amount it posts at once; above it, it waits for another staff. One idempotency key per body: sending the same again
 * (a retry after a lost answer) answers the first adjustment; a changed form is a new request. With `userId` the user
 * is fixed (the user detail's 账户流水).
 */
export function AdjustmentFormModal({ userId, currency = 'CNY', onClose }: { userId?: number; currency?: Currency; onClose: () => void }) {
  const t = useMessages(adjustmentMessages);
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('currency', form) ?? currency;
  const apply = useApplyAdjustment();
  const sent = useRef<{ body: string; key: string } | null>(null);
  const confirmPosting = useConfirmPosting();

  const submit = async (values: Values) => {
    const user = userId ?? values.user_id!.value;
    const amount = values.currency === 'CNY' ? Math.round(values.amount! * 100) : values.amount!;
    const body: Omit<Body, 'idempotency_key'> = { user_id: user, currency: values.currency, direction: values.direction, amount, reason: values.reason!.trim() };
    if (!(await confirmPosting({ userId: user, currency: values.currency, direction: values.direction, amount, mayWait: true }))) return;
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: crypto.randomUUID() };
    try {
      const adjustment = await apply.mutateAsync({ ...body, idempotency_key: sent.current.key });
      void message.success(adjustment.state === 'posted' ? t.posted : t.submittedForApproval);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS); // The API client has shown why.
    }
  };

  const cash = chosen === 'CNY';
  return (
    <Modal
      open
      title={userId ? format(t.formUserTitle, { user: format(t.userById, { id: userId }) }) : t.formTitle}
      okText={t.submit}
      okButtonProps={{ loading: apply.isPending, htmlType: 'submit', form: 'adjustment-form' }}
      cancelText={common.cancel}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> id="adjustment-form" form={form} layout="vertical" initialValues={{ currency, direction: 'credit' }} onFinish={submit}>
        {userId === undefined && (
          <Form.Item name="user_id" label={t.user} rules={[{ required: true, message: t.userRequired }]}>
            <UserPicker />
          </Form.Item>
        )}
        <Form.Item name="currency" label={t.currency} required>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'CNY', label: t.cash },
              { value: 'BEAN', label: t.beans },
            ]}
            onChange={() => form.setFieldValue('amount', undefined)}
          />
        </Form.Item>
        <Form.Item name="direction" label={t.direction} required>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'credit', label: t.credit },
              { value: 'debit', label: t.debit },
            ]}
          />
        </Form.Item>
        <AmountReasonItems cash={cash} max={ADJUSTMENT_AMOUNT_MAX} texts={t} />
      </Form>
    </Modal>
  );
}
