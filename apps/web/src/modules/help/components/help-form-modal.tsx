import { App, Form, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { QueryFailure } from '../../../components/query-failure';
import { useMessages } from '../../../lib/i18n';
import { showOnField } from '../../../lib/form-errors';
import { helpMessages } from '../messages';

/** The read an edit waits for before its form can show (an entry's rich text is not in the list). */
interface EntryRead {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * The dialog the help admin screens create and edit in: a wide form that waits for `read` when there is one, saves
 * through `save` (the caller picks the add or edit call), says 已保存 and closes, or puts the server's refusal on the
 * field it names. Mounted while open, so each opening starts fresh.
 */
export function HelpFormModal<Values extends object>({
  title,
  name,
  read,
  initialValues,
  fields,
  conflicts,
  saving,
  save,
  onClose,
  children,
}: {
  title: string;
  /** The form's name: antd prefixes the inputs' ids with it. */
  name: string;
  read?: EntryRead;
  /** Read once, when the form first shows (after `read`). */
  initialValues: Values;
  /** The fields a refusal may name (`showOnField`). */
  fields: readonly string[];
  conflicts?: Partial<Record<string, string>>;
  saving: boolean;
  save: (values: Values) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useMessages(helpMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const loading = read?.isPending ?? false;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save(values);
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, fields, conflicts);
    }
  };

  return (
    <Modal
      open
      width={800}
      className="help-form-modal"
      title={title}
      okText={t.save}
      cancelText={t.cancel}
      okButtonProps={{ disabled: loading || read?.isError }}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {read?.isError ? (
        <QueryFailure compact error={read.error!} onRetry={() => void read.refetch()} />
      ) : loading ? (
        <Spin className="help-loading" />
      ) : (
        <Form<Values> form={form} layout="vertical" name={name} initialValues={initialValues}>
          {children}
        </Form>
      )}
    </Modal>
  );
}
