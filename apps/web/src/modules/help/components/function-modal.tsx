import { helpCalls, type HelpCategory } from '@juqi/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { format, useMessages } from '../../../lib/i18n';
import { helpMessages } from '../messages';
import { HelpEditor } from './help-editor';
import { HelpFormModal } from './help-form-modal';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { FUNCTION_READS } from '../api/keys';

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
  const current = useCallQuery(helpCalls.functionFind, id === null ? null : { id });
  const add = useCallMutation(helpCalls.functionAdd, FUNCTION_READS);
  const edit = useCallMutation(helpCalls.functionEdit, FUNCTION_READS);

  const save = (values: Values) => {
    const body = { pid: values.pid!, name: values.name.trim(), sort: values.sort ?? 0, explains: values.explains ?? '' };
    return id !== null ? edit.mutateAsync({ id, ...body }) : add.mutateAsync(body);
  };

  const groups = tops
    .map((top) => ({
      label: top.name,
      title: top.name,
      options: subcategories.filter((sub) => sub.pid === top.id).map((sub) => ({ value: sub.id, label: sub.name })),
    }))
    .filter((group) => group.options.length > 0);

  return (
    <HelpFormModal<Values>
      title={id !== null ? t.functionEdit : t.functionCreate}
      name="function-form"
      read={id !== null ? current : undefined}
      initialValues={{
        pid: current.data?.pid ?? defaultPid,
        name: current.data?.name ?? '',
        sort: current.data?.sort ?? 0,
        explains: current.data?.explains ?? '',
      }}
      fields={FIELDS}
      saving={add.isPending || edit.isPending}
      save={save}
      onClose={onClose}
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
    </HelpFormModal>
  );
}
