import { personnelCalls, type StaffDetails } from '@juqi/contract';
import { App, Form, Modal, Typography } from 'antd';
import { commonMessages } from '../../../components/messages';
import { useCallMutation } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { STAFF_READS } from '../api/keys';
import { personnelMessages } from '../messages';
import { AccountSelect } from './account-select';

/**
 * Links a sign-in account to the record, found by staff number, name or phone. The server refuses an account whose
 * grants the linker does not all hold (docs/security.md), or one another record has; the refusal shows on the field.
 */
export function LinkAccountModal({ record, onClose }: { record: StaffDetails; onClose: () => void }) {
  const t = useMessages(personnelMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ account_id: number }>();
  const link = useCallMutation(personnelCalls.linkAccount, STAFF_READS);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await link.mutateAsync({ id: record.id, account_id: values.account_id });
      void message.success(t.accountLinked);
      onClose();
    } catch (error) {
      showOnField(form, error, ['account_id']);
    }
  };

  return (
    <Modal open title={format(t.linkAccountTitle, { name: record.name })} okText={t.linkAccount} cancelText={c.cancel} confirmLoading={link.isPending} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t.linkAccountHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="staff-link-account">
        <Form.Item name="account_id" label={t.account} rules={[{ required: true, message: format(c.required, { label: t.account }) }]}>
          <AccountSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
