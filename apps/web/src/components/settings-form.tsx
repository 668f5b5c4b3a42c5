import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Spin, type FormInstance, type FormProps, type FormRule } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { showOnField } from '../lib/form-errors';
import { useMessages } from '../lib/i18n';
import { useCan } from '../lib/shell-session';
import { commonMessages } from './messages';
import { useNarrowScreen } from './narrow-screen';
import { QueryFailure } from './query-failure';
import './settings-form.css';

/**
 * A settings screen's card: a spinner while its settings load, the load's failure (403 or retry), else the form
 * `children` builds from them. The form is keyed by the settings, so a save (whose answer replaces the query's data) or
 * another operator's change seen on a refetch starts it afresh from what is stored.
 */
export function SettingsCard<T>({ title, className, query, children }: { title: string; className?: string; query: UseQueryResult<T>; children: (initial: T) => ReactNode }) {
  if (query.isError && !query.data) return <QueryFailure error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Card title={title} className={className}>
      {query.data ? <Fragment key={JSON.stringify(query.data)}>{children(query.data)}</Fragment> : <Spin className="settings-form__loading" />}
    </Card>
  );
}

interface SettingsFormOptions<Body, Answer> {
  /** The operation code that may change the settings. */
  edit: string;
  /** The module's save call; its success refetches what depends on the settings. */
  mutation: { mutateAsync: (body: Body) => Promise<Answer>; isPending: boolean };
  /** The toast of a save (系统设置已保存), or what the save's answer says happened. */
  saved: string | ((answer: Answer) => string);
}

/**
 * The form of a settings screen: whether the staff holds the `edit` operation, and `save`, which sends a body through
 * the screen's mutation (which refetches what depends on it), says `saved`, or puts a refusal on the field of the form
 * it names, leaving the form's values as they are.
 */
export function useSettingsForm<Values, Body = Values, Answer = unknown>({ edit, mutation, saved }: SettingsFormOptions<Body, Answer>) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const editable = useCan()(edit);
  const save = async (body: Body) => {
    try {
      const answer = await mutation.mutateAsync(body);
      void message.success(typeof saved === 'string' ? saved : saved(answer));
    } catch (error) {
      // The fields the form shows now (a switched-off part's are not): a refusal naming one lands beside it.
      showOnField(form, error, form.getFieldsError().map(({ name }) => name.join('.')));
    }
  };
  return { form, editable, save, saving: mutation.isPending };
}

interface SettingsFormProps<Values> extends Pick<FormProps<Values>, 'name' | 'initialValues' | 'onFinish' | 'className'> {
  settings: { form: FormInstance<Values>; editable: boolean; saving: boolean };
  children: ReactNode;
  /** Above the form, under the read-only notice. */
  intro?: ReactNode;
  labelWidth?: number;
}

/**
 * The fields of a settings screen and its 保存 button. Staff without the edit operation see the values disabled, under
 * 您没有修改权限，仅可查看, with no button and no required marks (nothing is required of someone who cannot save). On a
 * phone the labels go above their fields: beside them, they would leave the fields half the screen.
 */
export function SettingsForm<Values>({ settings: { form, editable, saving }, intro, labelWidth = 120, children, ...props }: SettingsFormProps<Values>) {
  const t = useMessages(commonMessages);
  const narrow = useNarrowScreen();
  return (
    <>
      {!editable && <Alert type="info" showIcon title={t.readOnly} className="settings-form__read-only" />}
      {intro}
      <Form<Values>
        {...props}
        form={form}
        layout={narrow ? 'vertical' : 'horizontal'}
        labelCol={narrow ? undefined : { flex: `${labelWidth}px` }}
        labelWrap
        wrapperCol={narrow ? undefined : { flex: '1 1 0' }}
        disabled={!editable}
        requiredMark={editable}
      >
        {children}
        {editable && (
          <UnlabelledItem>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t.save}
            </Button>
          </UnlabelledItem>
        )}
      </Form>
    </>
  );
}

/** A row of a settings form without a label, in line with the fields beside their labels (on a phone, under them). */
export function UnlabelledItem({ children }: { children: ReactNode }) {
  return (
    <Form.Item label={useNarrowScreen() ? undefined : ' '} colon={false}>
      {children}
    </Form.Item>
  );
}

/** A form rule that refuses a value `test` rejects, with `message`: the contract's checks, worded for the field. */
export const ruleOf = <V,>(test: (value: V) => boolean, message: string): FormRule => ({
  validator: async (_, value: V) => {
    if (!test(value)) throw new Error(message);
  },
});
