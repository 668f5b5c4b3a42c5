import { Alert, App, Form, Input, Modal } from 'antd';
import { format, useMessages } from '../../../lib/i18n';
import { useLockUser } from '../api/lock-user';
import { userMessages } from '../messages';

export interface LockTarget {
  id: number;
  name: string;
  locked: boolean;
}

const REASON_MAX = 200;

/**
 * Locks a user (the reason is required: it is recorded with the staff who locked) or unlocks one (a reason may be
 * given). The server refuses a lock of a locked user and the reverse (40900), which the API client shows.
 */
export function LockUserModal({ user, onClose }: { user: LockTarget; onClose: () => void }) {
  const t = useMessages(userMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const lock = useLockUser();
  const locking = !user.locked;

  const submit = async ({ reason }: { reason?: string }) => {
    try {
      await lock.mutateAsync({ id: user.id, action: locking ? 'lock' : 'unlock', reason: reason?.trim() ?? '' });
    } catch {
      return; // Shown by the API client; the dialog stays open.
    }
    void message.success(format(locking ? t.lockedDone : t.unlockedDone, { name: user.name }));
    onClose();
  };

  return (
    <Modal
      open
      title={format(locking ? t.lockTitle : t.unlockTitle, { name: user.name })}
      okText={locking ? t.lock : t.unlock}
      okButtonProps={{ danger: locking, loading: lock.isPending, htmlType: 'submit', form: 'user-lock-form' }}
      cancelText={t.cancel}
      onCancel={onClose}
      destroyOnHidden
    >
      {locking && <Alert type="warning" showIcon title={t.lockHint} className="user-lock__hint" />}
      <Form form={form} id="user-lock-form" layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t.reason}
          rules={[
            { required: locking, whitespace: true, message: t.lockReasonRequired },
            { max: REASON_MAX, message: t.reasonTooLong },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount placeholder={locking ? t.lockReasonPlaceholder : t.unlockReasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
