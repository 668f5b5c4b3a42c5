import { defaultOf, type FieldDefinition, type ResourceField } from '@juqi/contract';
import { App, Form, Input, Modal, Spin, Typography, type FormInstance } from 'antd';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { showOnField } from '../../lib/form-errors';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences, type Language } from '../../lib/preferences';
import { bodyShape, useAddResource, useEditResource, useResourceDetails, type AnyResource } from '../../lib/resource';
import { fieldViewOf, RecordPickerEditor, type FieldEditorProps } from '../fields';
import { validateTriggerOf } from '../fields/field-rules';
import { DetailList } from '../detail-list';
import { commonMessages } from '../messages';
import { QueryFailure } from '../query-failure';
import { RichTextEditor } from '../rich-text-editor';
import { issueText, type FieldIssue } from './field-texts';
import { useResourceCell } from './resource-cell';

type Values = Record<string, unknown>;
type ParseResult = { success: true; data: Values } | { success: false; error: { issues: FieldIssue[] } };
type Schema = { safeParse(value: unknown): ParseResult };
/** What Form.Item hands its control. */
type Control = Omit<FieldEditorProps, 'definition'>;

/**
 * A screen's own editor of a field (a rich-text editor that uploads into the module's scope). It takes what Form.Item
 * hands a control (`id`, `value`, `onChange` …) for its field; any component fits, since only the screen knows it.
 */
export type FieldEditorComponent = ComponentType<never>;

/**
 * The editor of one field: its registry type's (the one an admin-defined field of that type gets), or, for rich text,
 * which has no type, the rich-text editor. `control` is what Form.Item hands its input (id, value, onChange …).
 */
function FieldEditor({ field, definition, language, keptHint, ...control }: { field: ResourceField; definition: FieldDefinition | undefined; language: Language; keptHint?: string } & Control) {
  // A credential is typed, never shown: an edit starts empty, which keeps the one the server holds.
  if (field.kind === 'secret')
    return <Input.Password {...(control as { id?: string; value?: string; onChange?: () => void })} maxLength={field.max} autoComplete="new-password" placeholder={keptHint} />;
  if (!definition)
    // A label's `for` cannot name an editable region: the editor is named by its field's label.
    return <RichTextEditor {...(control as { id?: string; value?: string; onChange?: (html: string) => void })} aria-label={field.label[language]} />;
  // A reference holds one record's id, whatever its picker's type holds.
  if (field.kind === 'reference') return <RecordPickerEditor definition={definition} single {...control} />;
  const { Editor } = fieldViewOf(definition.type);
  return <Editor definition={definition} {...control} />;
}

/** A screen's own editor, which may load on first use: the form's control reaches it through this wrapper. */
function OwnEditor({ editor, ...control }: { editor: FieldEditorComponent } & Record<string, unknown>) {
  const Editor = editor as ComponentType<Record<string, unknown>>;
  return (
    <Suspense fallback={<Spin />}>
      <Editor {...control} />
    </Suspense>
  );
}

/**
 * Adds (`id` null) or edits a record of `resource`, the edit starting from the record the server holds now. The
 * editors are the fields' registry types' (as an admin-defined field's); the rules are the call's body schema, so the
 * server's and the form's refusals agree: each field is checked by its part of it as the staff leaves a typed field or
 * picks a value, the whole form by the whole schema on save, and what the schema refuses shows on the field it names; a refusal of the server (a unique
 * name taken) shows there too. Mounted while open, so each opening starts fresh.
 */
export interface ResourceFormModalProps {
  resource: AnyResource;
  /** The record to edit; null adds one. */
  id: number | null;
  /** Editors the screen gives some fields instead of their type's, by field key. */
  editors?: Readonly<Record<string, FieldEditorComponent>>;
  extra?: ReactNode;
  /**
   * Fields whose value the screen sets and the staff does not pick, by key: a child list's parent, when the record is
   * added from the parent's details. They are not shown and are sent with the form.
   */
  fixed?: Readonly<Values>;
  /**
   * Fields an edit shows as they are and does not send (the division data's codes and names of a city: the server takes
   * only a repeat of them), by key, with a note saying why under them.
   */
  readOnly?: { keys: readonly string[]; note?: ReactNode };
  onClose: () => void;
}

export function ResourceFormModal({ resource, id, editors = {}, extra, fixed = {}, readOnly, onClose }: ResourceFormModalProps) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const details = useResourceDetails(resource, id);
  const add = useAddResource(resource);
  const edit = useEditResource(resource);
  const call = id === null ? resource.calls.add : resource.calls.edit;
  const body = call!.body as unknown as Schema;
  const shape = bodyShape(call!.body) as Record<string, Schema>;
  // Shown as they are on an edit, not sent.
  const shown = id === null ? [] : (readOnly?.keys ?? []);
  // The fields the call takes (a state is the actions' to write), but those the screen fixes or only shows.
  const entries = Object.entries(resource.fields).filter(([key]) => key in shape && !(key in fixed) && !shown.includes(key));
  const cell = useResourceCell(resource);
  const labelOf = (key: string) => resource.fields[key]?.label[language] ?? key;
  const textOf = (issue: FieldIssue, key: string) => issueText(issue, resource.fields[key]!, labelOf(key), t);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = body.safeParse(id === null ? { ...values, ...fixed } : { id, ...values, ...fixed });
    if (!parsed.success) {
      showIssues(form, parsed.error.issues, textOf);
      return;
    }
    try {
      await (id === null ? add : edit).mutateAsync(parsed.data);
      void message.success(t.saved);
      onClose();
    } catch (error) {
      const unique = entries.filter(([, field]) => field.unique).map(([key]) => [key, format(t.taken, { label: labelOf(key) })]);
      showOnField(form, error, Object.keys(resource.fields), Object.fromEntries(unique) as Record<string, string>);
    }
  };

  // A required text starts empty, not missing; the rest from its default (none: null).
  const initialValues: Values = Object.fromEntries(
    entries.map(([key, field]) => [
      key,
      id === null || field.kind === 'secret' ? (defaultOf(field) ?? (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'richtext' || field.kind === 'secret' ? '' : null)) : details.data?.[key],
    ]),
  );

  return (
    <Modal
      open
      width={entries.some(([, field]) => field.kind === 'richtext') ? 880 : 640}
      title={`${id === null ? t.add : t.edit} · ${resource.label[language]}`}
      okText={t.save}
      cancelText={t.cancel}
      okButtonProps={{ disabled: details.isPending && id !== null }}
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
        <Form<Values> form={form} layout="vertical" name={`${resource.module}-${resource.thing}-form`} initialValues={initialValues}>
          {shown.length > 0 && details.data && (
            <>
              <DetailList column={1} size="small" items={shown.map((key) => ({ key, label: labelOf(key), children: cell(key, details.data!) }))} />
              {readOnly?.note && (
                <Typography.Paragraph type="secondary" className="resource-form__note">
                  {readOnly.note}
                </Typography.Paragraph>
              )}
            </>
          )}
          {entries.map(([key, field]) => (
            <Form.Item
              key={key}
              name={key}
              label={labelOf(key)}
              required={field.required}
              extra={field.hint?.[language]}
              // Typed values are checked as the staff leaves the field, picked ones as they are picked.
              validateTrigger={resource.definitions[key] ? validateTriggerOf(resource.definitions[key]) : 'onBlur'}
              rules={[
                {
                  validator: (_, value: unknown) => {
                    const result = shape[key]!.safeParse(value);
                    return result.success ? Promise.resolve() : Promise.reject(new Error(textOf(result.error.issues[0]!, key)));
                  },
                },
              ]}
            >
              {editors[key] ? <OwnEditor editor={editors[key]} aria-label={labelOf(key)} /> : <FieldEditor field={field} definition={resource.definitions[key]} language={language} keptHint={field.kind === 'secret' && details.data?.[key] != null ? t.secretKept : undefined} />}
            </Form.Item>
          ))}
          {extra}
        </Form>
      )}
    </Modal>
  );
}

/** Puts each field's first issue on it (the form holds exactly the body's fields, so every issue names one). */
function showIssues(form: FormInstance<Values>, issues: FieldIssue[], textOf: (issue: FieldIssue, key: string) => string) {
  const firstByField = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !firstByField.has(key)) firstByField.set(key, issue);
  }
  form.setFields([...firstByField].map(([key, issue]) => ({ name: key, errors: [textOf(issue, key)] })));
}
