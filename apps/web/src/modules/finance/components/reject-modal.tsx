import { ErrorCode } from '@juqi/contract';
import { App, Form, Input, Modal } from 'antd';
import { commonMessages } from '../../../components/messages';
import { ApiError } from '../../../lib/api-client';
import { format, useMessages } from '../../../lib/i18n';

const REASON_MAX = 200;

export interface RejectTexts {
  title: string;
  /** The button, 驳回. */
  reject: string;
  reason: string;
  reasonRequired: string;
  /** `{max}` characters at most. */
  reasonTooLong: string;
  placeholder?: string;
  /** The toast once rejected. */
  done: string;
}

/**
 * 驳回 with a reason, required (a withdrawal's user sees it; an adjustment's applicant does). A 40900 means the record
 * was decided meanwhile: nothing is left to reject, so the dialog closes; another failure keeps it with the reason, to
 * try again. The API client shows why either way.
 */
export function RejectModal({ texts, reject, pending, onClose }: { texts: RejectTexts; reject: (reason: string) => Promise<unknown>; pending: boolean; onClose: () => void }) {
  const common = useMessages(commonMessages);
  const { message } = App.useApp();

  const submit = async ({ reason }: { reason: string }) => {
    try {
      await reject(reason.trim());
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) onClose();
      return;
    }
    void message.success(texts.done);
    onClose();
  };

  return (
    <Modal
      open
      title={texts.title}
      okText={texts.reject}
      okButtonProps={{ danger: true, loading: pending, htmlType: 'submit', form: 'finance-reject-form' }}
      cancelText={common.cancel}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="finance-reject-form" layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={texts.reason}
          rules={[
            { required: true, whitespace: true, message: texts.reasonRequired },
            { max: REASON_MAX, message: format(texts.reasonTooLong, { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount placeholder={texts.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
