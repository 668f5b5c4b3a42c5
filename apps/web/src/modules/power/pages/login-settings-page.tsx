import { loginSettings, type LoginSettings } from '@juqi/contract';
import { Alert, App, Button, Card, Form, Input, InputNumber, Spin, Switch, Typography } from 'antd';
import { useMessages } from '../../../lib/i18n';
import { useEditLoginSettings } from '../api/edit-login-settings';
import { useLoginSettings } from '../api/get-login-settings';
import { QueryFailure } from '../../../components/query-failure';
import { showOnField } from '../../../lib/form-errors';
import { useCan } from '../../../lib/shell-session';
import { powerMessages } from '../messages';

const FIELDS = ['idle_minutes', 'absolute_hours', 'single_session', 'sms_template'] as const;
const SAMPLE_CODE = '123456';

// The contract's rules, so the form refuses exactly what the server would.
const valid = (field: keyof typeof loginSettings.shape, value: unknown) => loginSettings.shape[field].safeParse(value).success;

/** /permission/loginpage: session lifetimes, single session and the SMS code template. */
export function LoginSettingsPage() {
  const t = useMessages(powerMessages);
  const settings = useLoginSettings();
  if (settings.data) return <LoginSettingsForm key={JSON.stringify(settings.data)} initial={settings.data} />;
  if (settings.isError) return <QueryFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Card title={t.loginTitle} className="power-page">
      <Spin className="power-loading" />
    </Card>
  );
}

function LoginSettingsForm({ initial }: { initial: LoginSettings }) {
  const t = useMessages(powerMessages);
  const can = useCan();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginSettings>();
  const save = useEditLoginSettings();
  const editable = can('settings.login.edit');
  const template = Form.useWatch('sms_template', form) ?? initial.sms_template;

  const submit = async (values: LoginSettings) => {
    try {
      await save.mutateAsync({ ...values, sms_template: values.sms_template.trim() });
      void message.success(t.loginSaved);
    } catch (error) {
      showOnField(form, error, FIELDS);
    }
  };

  return (
    <Card title={t.loginTitle} className="power-page">
      {!editable && <Alert type="info" showIcon title={t.readOnly} className="power-readonly" />}
      <Form<LoginSettings>
        form={form}
        name="login-settings"
        layout="horizontal"
        labelCol={{ flex: '160px' }}
        labelWrap
        wrapperCol={{ flex: '1 1 0' }}
        className="power-login-form"
        initialValues={initial}
        disabled={!editable}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="idle_minutes"
          label={t.idleMinutes}
          extra={t.idleMinutesHelp}
          rules={[{ required: true, message: t.idleMinutesInvalid }, { validator: async (_, v) => check(valid('idle_minutes', v), t.idleMinutesInvalid) }]}
        >
          <InputNumber precision={0} suffix={t.minutes} className="power-number-input" />
        </Form.Item>
        <Form.Item
          name="absolute_hours"
          label={t.absoluteHours}
          extra={t.absoluteHoursHelp}
          rules={[
            { required: true, message: t.absoluteHoursInvalid },
            { validator: async (_, v) => check(valid('absolute_hours', v), t.absoluteHoursInvalid) },
          ]}
        >
          <InputNumber precision={0} suffix={t.hours} className="power-number-input" />
        </Form.Item>
        <Form.Item name="single_session" label={t.singleSession} extra={t.singleSessionHelp} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="sms_template"
          label={t.smsTemplate}
          extra={t.smsTemplateHelp}
          rules={[
            { required: true, whitespace: true, message: t.smsTemplateRequired },
            { max: 200, message: t.smsTemplateTooLong },
            { validator: async (_, v: string | undefined) => check(!v?.trim() || v.includes('{code}'), t.smsTemplateNoCode) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        {template.includes('{code}') && (
          <Form.Item label={t.smsPreview}>
            <Typography.Text type="secondary" className="power-sms-preview">
              {template.replaceAll('{code}', SAMPLE_CODE)}
            </Typography.Text>
          </Form.Item>
        )}
        {editable && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

async function check(ok: boolean, text: string): Promise<void> {
  if (!ok) throw new Error(text);
}
