import { fieldFormCalls, fieldTypeOf, type FieldDefinitionRow, type FieldForm, type FieldSampleRow } from '@juqi/contract';
import { Alert, App, Button, Card, Empty, Flex, Form, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { FieldFormItem } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { useCallMutation } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { fieldMessages } from '../messages';

type Values = Record<string, unknown>;

interface FormPreviewProps {
  fieldForm: FieldForm;
  definitions: readonly FieldDefinitionRow[];
  /** The staff may save previews (the form's edit operation); any staff who sees the screen may fill and check one. */
  editable: boolean;
  /** A saved preview opened from 试填记录: the form shows its values and saves over it. */
  sample: FieldSampleRow | null;
  /** Back to a new, empty preview. */
  onLeave: () => void;
}

/**
 * The form as the people filling it see it: every field not hidden, in order, drawn by the field registry's editors
 * and checked by its rules. 校验 asks the server's check; 保存试填 saves the values as a preview (or over the opened one).
 */
export function FormPreview(props: FormPreviewProps) {
  const t = useMessages(fieldMessages);
  return (
    <Card title={t.preview} className="field-preview">
      <Typography.Paragraph type="secondary">{t.previewHint}</Typography.Paragraph>
      {/* A preview opened or left starts a form of its own, from its values or the defaults. */}
      <PreviewForm key={props.sample?.id ?? 'new'} {...props} />
    </Card>
  );
}

function PreviewForm({ fieldForm, definitions, editable, sample, onLeave }: FormPreviewProps) {
  const t = useMessages(fieldMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const top = useRef<HTMLDivElement>(null);
  const calls = fieldFormCalls[fieldForm];
  const add = useCallMutation(calls.sampleAdd, [calls.sampleList]);
  const edit = useCallMutation(calls.sampleEdit, [calls.sampleList]);
  const check = useCallMutation(calls.valuesCheck, []);
  const shown = definitions.filter((definition) => !definition.hidden);
  const holding = definitions.filter((definition) => fieldTypeOf(definition.type).holdsValue);
  const shownKeys = shown.map((definition) => definition.key);
  // A unique value another preview holds is 40900 naming the field.
  const taken = Object.fromEntries(shown.filter((definition) => definition.unique).map((definition) => [definition.key, format(c.taken, { label: definition.label[language] })]));

  const initialValues: Values = sample
    ? sample.values
    : Object.fromEntries(shown.filter((definition) => definition.default !== undefined).map((definition) => [definition.key, definition.default]));

  useEffect(() => {
    // Opened from the list below it: on a phone the form is out of view.
    if (sample) top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [sample]);

  /**
   * What the form holds, by key. A field left untouched is left out, so the server gives it its default; an opened
   * preview keeps the values of its hidden fields, which the form does not show.
   */
  const valuesToSend = (filled: Values): Values => {
    const kept = sample ? Object.fromEntries(holding.filter((definition) => definition.key in sample.values).map((definition) => [definition.key, sample.values[definition.key]])) : {};
    return { ...kept, ...filled };
  };

  const send = async (action: (values: Values) => Promise<unknown>, done: string, after?: () => void) => {
    const filled = await form.validateFields().catch(() => null);
    if (!filled) return;
    try {
      await action(valuesToSend(filled));
      void message.success(done);
      after?.();
    } catch (error) {
      showOnField(form, error, shownKeys, taken);
    }
  };

  const save = () => send((values) => (sample ? edit.mutateAsync({ id: sample.id, values }) : add.mutateAsync({ values })), t.sampleSaved, onLeave);

  return (
    <div ref={top}>
      {sample && (
        <Alert
          type="info"
          showIcon
          className="field-preview__editing"
          title={format(t.editingSample, { time: dateTime(sample.updated_at) })}
          action={
            <Button size="small" onClick={onLeave}>
              {t.stopEditing}
            </Button>
          }
        />
      )}
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.previewEmpty} />
      ) : (
        <Form<Values> form={form} layout="vertical" name={`field-preview-${fieldForm}`} initialValues={initialValues} className="field-preview__form">
          {shown.map((definition) => (
            <FieldFormItem key={definition.id} definition={definition} />
          ))}
        </Form>
      )}
      <Flex justify="flex-end">
        <Space wrap>
          <Button onClick={() => form.resetFields()}>{t.reset}</Button>
          <Button loading={check.isPending} disabled={shown.length === 0} onClick={() => void send((values) => check.mutateAsync({ values }), t.checkPassed)}>
            {t.check}
          </Button>
          {editable && (
            <Button type="primary" loading={add.isPending || edit.isPending} disabled={shown.length === 0} onClick={() => void save()}>
              {t.saveSample}
            </Button>
          )}
        </Space>
      </Flex>
    </div>
  );
}
