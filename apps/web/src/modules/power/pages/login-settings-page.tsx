import { loginSettings, settingsCalls, type LoginSettings } from '@juqi/contract';
import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import { ruleOf, SettingsCard, SettingsForm, useSettingsForm } from '../../../components/settings-form';
import { useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { useEditLoginSettings } from '../api/edit-login-settings';
import { powerMessages } from '../messages';

const SAMPLE_CODE = '123456';

// The contract's rules, so the form refuses exactly what the server would.
const valid = (field: keyof typeof loginSettings.shape) => (value: unknown) => loginSettings.shape[field].safeParse(value).success;

/** /permission/loginpage: session lifetimes, single session and the SMS code template. */
export function LoginSettingsPage() {
  const t = useMessages(powerMessages);
  return (
    <SettingsCard title={t.loginTitle} query={useCallQuery(settingsCalls.loginDetails, undefined)}>
      {(initial) => <LoginSettingsForm initial={initial} />}
    </SettingsCard>
  );
}

function LoginSettingsForm({ initial }: { initial: LoginSettings }) {
  const t = useMessages(powerMessages);
  const settings = useSettingsForm<LoginSettings>({ edit: 'settings.login.edit', mutation: useEditLoginSettings(), saved: t.loginSaved });
  const template = Form.useWatch('sms_template', settings.form) ?? initial.sms_template;

  return (
    <SettingsForm<LoginSettings>
      settings={settings}
      name="login-settings"
      labelWidth={160}
      className="power-login-form"
      initialValues={initial}
      onFinish={(values) => void settings.save({ ...values, sms_template: values.sms_template.trim() })}
    >
      <Form.Item
        name="idle_minutes"
        label={t.idleMinutes}
        extra={t.idleMinutesHelp}
        rules={[{ required: true, message: t.idleMinutesInvalid }, ruleOf(valid('idle_minutes'), t.idleMinutesInvalid)]}
      >
        <InputNumber precision={0} suffix={t.minutes} className="power-number-input" />
      </Form.Item>
      <Form.Item
        name="absolute_hours"
        label={t.absoluteHours}
        extra={t.absoluteHoursHelp}
        rules={[{ required: true, message: t.absoluteHoursInvalid }, ruleOf(valid('absolute_hours'), t.absoluteHoursInvalid)]}
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
          ruleOf((v?: string) => !v?.trim() || v.includes('{code}'), t.smsTemplateNoCode),
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
    </SettingsForm>
  );
}
