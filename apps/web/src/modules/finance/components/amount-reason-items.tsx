import { Form, Input, InputNumber } from 'antd';
import { format } from '../../../lib/i18n';
import './amount-reason-items.css';

const REASON_MAX = 200;

export interface AmountReasonTexts {
  amount: string;
  beanAmount: string;
  amountRequired: string;
  beanAmountRequired: string;
  reason: string;
  reasonRequired: string;
  /** `{max}` characters at most. */
  reasonTooLong: string;
  reasonPlaceholder: string;
}

/**
 * The two fields every hand-made posting asks for (a 手动入账, a 调账): the amount — yuan with two decimals for money
 * (the form sends fen), whole beans for beans — up to `max` fen or beans, and the reason the audit keeps.
 */
export function AmountReasonItems({ cash, max, texts }: { cash: boolean; max: number; texts: AmountReasonTexts }) {
  return (
    <>
      <Form.Item name="amount" label={cash ? texts.amount : texts.beanAmount} rules={[{ required: true, message: cash ? texts.amountRequired : texts.beanAmountRequired }]}>
        {cash ? (
          <InputNumber<number> className="finance-posting__amount" prefix="¥" min={0.01} max={max / 100} precision={2} />
        ) : (
          <InputNumber<number> className="finance-posting__amount" min={1} max={max} precision={0} />
        )}
      </Form.Item>
      <Form.Item
        name="reason"
        label={texts.reason}
        rules={[
          { required: true, whitespace: true, message: texts.reasonRequired },
          { max: REASON_MAX, message: format(texts.reasonTooLong, { max: REASON_MAX }) },
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={texts.reasonPlaceholder} />
      </Form.Item>
    </>
  );
}
