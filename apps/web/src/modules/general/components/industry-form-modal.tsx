import { industryResource, type ResourceField } from '@juqi/contract';
import { App, Form, Input, InputNumber, Modal, Select, Spin, Switch } from 'antd';
import { ApiError } from '../../../lib/api-errors';
import { showOnField } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { bodyShape, useAddResource, useEditResource, useResourceDetails, type ResourceRow } from '../../../lib/resource';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { issueText, type FieldIssue } from '../../../components/resource/field-texts';
import { generalMessages } from '../messages';

type Values = { name: string; parent_id: number | null; sort: number; enabled: boolean };
type Schema = { safeParse(value: unknown): { success: true; data: Record<string, unknown> } | { success: false; error: { issues: FieldIssue[] } } };
const KEYS = ['name', 'parent_id', 'sort', 'enabled'] as const;

interface IndustryFormModalProps {
  /** null: a new industry under `parentId`. */
  id: number | null;
  /** The parent a new industry starts under (null: top level). */
  parentId: number | null;
  /** The top-level industries a parent is chosen from. */
  tops: ResourceRow[];
  onClose: () => void;
}

/**
 * Adds or edits an industry: its name, its parent (none, or a top-level industry: two levels only), order and enabled.
 * The rules are the call's body schema; the server's refusals (a sibling of that name, a third level) show on their
 * fields. An edit starts from the record the server holds now.
 */
export function IndustryFormModal({ id, parentId, tops, onClose }: IndustryFormModalProps) {
  const t = useMessages(generalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const details = useResourceDetails(industryResource, id);
  const add = useAddResource(industryResource);
  const edit = useEditResource(industryResource);
  const call = id === null ? industryResource.calls.add! : industryResource.calls.edit!;
  const shape = bodyShape(call.body) as Record<string, Schema>;
  const fields = industryResource.fields as Record<string, ResourceField>;
  const labelOf = (key: string) => fields[key]!.label[language];
  const textOf = (issue: FieldIssue, key: string) => issueText(issue, fields[key]!, labelOf(key), c);

  const submit = async () => {
    const picked = await form.validateFields().catch(() => null);
    if (!picked) return;
    // A cleared parent is sent as none (null): left out, an edit would keep the parent it had.
    const values = { ...picked, parent_id: picked.parent_id ?? null };
    const parsed = (call.body as unknown as Schema).safeParse(id === null ? values : { id, ...values });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: String(issue.path[0]) as keyof Values, errors: [textOf(issue, String(issue.path[0]))] })));
      return;
    }
    try {
      await (id === null ? add : edit).mutateAsync(parsed.data);
      void message.success(c.saved);
      onClose();
    } catch (error) {
      // The server's words for the tree rule name the field in English; the form says it in the UI's language.
      if (error instanceof ApiError && (error.data as { field?: string } | null)?.field === 'parent_id') form.setFields([{ name: 'parent_id', errors: [t.twoLevels] }]);
      else showOnField(form, error, KEYS);
    }
  };

  const record = details.data;
  const initialValues: Values =
    id === null
      ? { name: '', parent_id: parentId, sort: 0, enabled: true }
      : { name: String(record?.name ?? ''), parent_id: (record?.parent_id as number | null | undefined) ?? null, sort: Number(record?.sort ?? 0), enabled: Boolean(record?.enabled) };
  const parents = tops.filter((top) => top.id !== id).map((top) => ({ value: top.id, label: String(top.name) }));
  const rule = (key: string) => ({
    validator: (_: unknown, value: unknown) => {
      const result = shape[key]!.safeParse(value);
      return result.success ? Promise.resolve() : Promise.reject(new Error(textOf(result.error.issues[0]!, key)));
    },
  });

  return (
    <Modal
      open
      title={id === null ? (parentId === null ? t.addIndustry : t.addChild) : t.editIndustry}
      okText={c.save}
      cancelText={c.cancel}
      okButtonProps={{ disabled: id !== null && details.isPending }}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {id !== null && details.isError ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : id !== null && details.isPending ? (
        <Spin />
      ) : (
        <Form<Values> form={form} layout="vertical" name="general-industry-form" initialValues={initialValues}>
          <Form.Item name="name" label={labelOf('name')} required validateTrigger="onBlur" rules={[rule('name')]}>
            <Input maxLength={30} showCount />
          </Form.Item>
          <Form.Item name="parent_id" label={labelOf('parent_id')} extra={t.twoLevels} rules={[rule('parent_id')]}>
            {/* No parent (a top-level industry) is the empty choice, named by the placeholder. */}
            <Select options={parents} showSearch={{ optionFilterProp: 'label' }} allowClear placeholder={t.noParent} />
          </Form.Item>
          <Form.Item name="sort" label={labelOf('sort')} extra={t.sortHint} validateTrigger="onBlur" rules={[rule('sort')]}>
            <InputNumber min={0} max={9999} precision={0} className="general-form__number" />
          </Form.Item>
          <Form.Item name="enabled" label={labelOf('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
