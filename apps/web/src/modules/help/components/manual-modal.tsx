import { Form, Input, InputNumber } from 'antd';
import { format, useMessages } from '../../../lib/i18n';
import { useAddManual } from '../api/add-manual';
import { useEditManual } from '../api/edit-manual';
import { useHelpManual } from '../api/get-manual';
import { helpMessages } from '../messages';
import { HelpEditor } from './help-editor';
import { HelpFormModal } from './help-form-modal';

interface Values {
  name: string;
  path: string;
  explains: string;
  sort: number | null;
  content: string;
}

const FIELDS = ['name', 'path', 'explains', 'sort', 'content'] as const;
const PATH_PATTERN = /^(\/[A-Za-z0-9_-]+)*$/;

/**
 * Creates a help manual (id null) or edits one; an edit first loads the manual's content, which the list does not
 * carry. Mounted while open.
 */
export function ManualModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useMessages(helpMessages);
  const manual = useHelpManual(id ?? undefined);
  const add = useAddManual();
  const edit = useEditManual();

  const save = (values: Values) => {
    const body = {
      name: values.name.trim(),
      path: (values.path ?? '').trim(),
      explains: (values.explains ?? '').trim(),
      sort: values.sort ?? 0,
      content: values.content ?? '',
    };
    return id !== null ? edit.mutateAsync({ id, ...body }) : add.mutateAsync(body);
  };

  const current = manual.data;
  return (
    <HelpFormModal<Values>
      title={id !== null ? t.manualEdit : t.manualCreate}
      name="manual-form"
      read={id !== null ? manual : undefined}
      initialValues={{
        name: current?.name ?? '',
        path: current?.path ?? '',
        explains: current?.explains ?? '',
        sort: current?.sort ?? 0,
        content: current?.content ?? '',
      }}
      fields={FIELDS}
      conflicts={{ path: t.manualPathTaken }}
      saving={add.isPending || edit.isPending}
      save={save}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t.manualName}
        rules={[
          { required: true, whitespace: true, message: t.nameRequired },
          { max: 60, message: format(t.tooLong, { max: 60 }) },
        ]}
      >
        <Input placeholder={t.manualNamePlaceholder} maxLength={60} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="path"
        label={t.manualPath}
        extra={t.manualPathHelp}
        rules={[
          {
            validator: (_, value: string) =>
              PATH_PATTERN.test((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t.manualPathInvalid)),
          },
          { max: 200, message: format(t.tooLong, { max: 200 }) },
        ]}
      >
        <Input placeholder={t.manualPathPlaceholder} maxLength={200} />
      </Form.Item>
      <Form.Item name="explains" label={t.manualExplains} rules={[{ max: 500, message: format(t.tooLong, { max: 500 }) }]}>
        <Input.TextArea placeholder={t.manualExplainsPlaceholder} rows={2} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="sort" label={t.sort} extra={t.sortHelp}>
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
      <Form.Item name="content" label={t.manualContent}>
        <HelpEditor aria-label={t.manualContent} placeholder={t.manualContentPlaceholder} />
      </Form.Item>
    </HelpFormModal>
  );
}
