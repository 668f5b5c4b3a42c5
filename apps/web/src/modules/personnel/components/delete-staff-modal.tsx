import { STAFF_REASON_MAX, type StaffRow } from '@juqi/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { commonMessages } from '../../../components/messages';
import { format, useMessages } from '../../../lib/i18n';
import { useDeleteStaff } from '../api/staff';
import { personnelMessages } from '../messages';

/** Deleting a record asks why: the reason is kept in its history (GET /staff/deleteById?id&reason). */
export function DeleteStaffModal({ row, onClose }: { row: StaffRow; onClose: () => void }) {
  const t = useMessages(personnelMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const remove = useDeleteStaff();

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await remove.mutateAsync({ id: row.id, reason: values.reason.trim() });
      void message.success(format(t.deleteDone, { name: row.name }));
      onClose();
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Modal
      open
      title={format(t.deleteTitle, { name: row.name })}
      okText={c.delete}
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      onOk={() => void confirm()}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t.deleteHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="staff-delete">
        <Form.Item name="reason" label={t.deleteReason} rules={[{ required: true, whitespace: true, message: t.deleteReasonRequired }, { max: STAFF_REASON_MAX }]}>
          <Input.TextArea maxLength={STAFF_REASON_MAX} showCount autoSize={{ minRows: 2 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
