import type { HelpCategory } from '@juqi/contract';
import { App, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { format, useMessages } from '../../../lib/i18n';
import { useAddFunction } from '../api/add-function';
import { useEditFunction } from '../api/edit-function';
import { useHelpFunction } from '../api/get-function';
import { helpMessages } from '../messages';
import { HelpEditor } from './help-editor';
import { QueryFailure } from '../../../components/query-failure';
import { showOnField } from '../../../lib/form-errors';

interface Values {
  pid: number | undefined;
  name: string;
  sort: number | null;
  explains: string;
}

const FIELDS = ['pid', 'name', 'sort', 'explains'] as const;

/**
 * Creates a function (under `defaultPid` when a subcategory is chosen) or edits one, loading its explanation first.
 * The subcategory list is grouped by top category. Mounted while open.
 */
export function FunctionModal({
  id,
  defaultPid,
  tops,
  subcategories,
  onClose,
}: {
  id: number | null;
  defaultPid?: number;
  tops: HelpCategory[];
  subcategories: HelpCategory[];
  onClose: () => void;
}) {
  const t = useMessages(helpMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const current = useHelpFunction(id ?? undefined);
  const add = useAddFunction();
  const edit = useEditFunction();
  const loading = id !== null && current.isPending;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { pid: values.pid!, name: values.name.trim(), sort: values.sort ?? 0, explains: values.explains ?? '' };
    try {
      if (id !== null) await edit.mutateAsync({ id, ...body });
      else await add.mutateAsync(body);
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS);
    }
  };

  const groups = tops
    .map((top) => ({
      label: top.name,
      title: top.name,
      options: subcategories.filter((sub) => sub.pid === top.id).map((sub) => ({ value: sub.id, label: sub.name })),
    }))
    .filter((group) => group.options.length > 0);

  return (
    <Modal
      open
      width={800}
      className="help-form-modal"
      title={id !== null ? t.functionEdit : t.functionCreate}
      okText={t.save}
      cancelText={t.cancel}
      okButtonProps={{ disabled: loading || current.isError }}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {current.isError ? (
        <QueryFailure compact error={current.error} onRetry={() => void current.refetch()} />
      ) : loading ? (
        <Spin className="help-loading" />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name="function-form"
          initialValues={{
            pid: current.data?.pid ?? defaultPid,
            name: current.data?.name ?? '',
            sort: current.data?.sort ?? 0,
            explains: current.data?.explains ?? '',
          }}
        >
          <Form.Item
            name="pid"
            label={t.functionCategory}
            extra={t.functionCategoryHelp}
            rules={[{ required: true, message: t.functionCategoryRequired }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t.chooseSubCategory} options={groups} notFoundContent={t.noSubcategories} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t.functionName}
            rules={[
              { required: true, whitespace: true, message: t.nameRequired },
              { max: 60, message: format(t.tooLong, { max: 60 }) },
            ]}
          >
            <Input maxLength={60} showCount />
          </Form.Item>
          <Form.Item name="sort" label={t.sort} extra={t.sortHelp}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="explains" label={t.functionExplains}>
            <HelpEditor aria-label={t.functionExplains} placeholder={t.functionExplainsPlaceholder} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
