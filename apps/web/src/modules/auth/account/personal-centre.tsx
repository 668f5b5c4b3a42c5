import { UploadOutlined } from '@ant-design/icons';
import { authCalls, PHONE_PATTERN, type Profile } from '@juqi/contract';
import { App, Button, Descriptions, Divider, Flex, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../components/confirm-close-drawer';
import { NameAvatar } from '../../../components/name-avatar';
import { callApi } from '../../../lib/api-client';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { useRefreshSession } from '../../../lib/session-queries';
import { acceptFor, useUpload } from '../../../lib/upload';
import { useCountdown } from '../use-countdown';
import { accountMessages } from './messages';

interface PersonalCentreProps {
  profile: Profile;
  /** Rows the shell shows above (name, staff number, account type). */
  details: { key: string; label: string; children: string }[];
  /** After one's own password changed: every session has ended, so the shell signs out. */
  onSignedOut: () => void;
}

/**
 * One's own account: the avatar, the password and the phone (each change proven by the current password). Closing the
 * drawer with a password or phone form half filled in asks first.
 */
export function PersonalCentre({ profile, details, onSignedOut }: PersonalCentreProps) {
  const t = useMessages(accountMessages);
  return (
    <Flex vertical gap={8}>
      <AvatarRow profile={profile} />
      <Descriptions column={1} items={[...details, { key: 'phone', label: t.currentPhone, children: profile.phone ?? t.noPhone }]} />
      <Divider titlePlacement="start">{t.passwordSection}</Divider>
      <PasswordForm onSignedOut={onSignedOut} />
      <Divider titlePlacement="start">{t.phoneSection}</Divider>
      <PhoneForm />
    </Flex>
  );
}

function AvatarRow({ profile }: { profile: Profile }) {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const upload = useUpload();
  const refresh = useRefreshSession();
  const [saving, setSaving] = useState(false);
  const choose = async (file: File) => {
    setSaving(true);
    try {
      const record = await upload(file, { type: 'img', module: 'avatar' });
      if (!record) return;
      await callApi(authCalls.changeOwnAvatar, { body: { avatar: record.url } });
      await refresh();
      void message.success(t.avatarSaved);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space size={16}>
      <NameAvatar size={64} name={profile.user_name} src={profile.user_face} />
      <Upload accept={acceptFor('img')} showUploadList={false} beforeUpload={(file) => (void choose(file), false)}>
        <Button icon={<UploadOutlined />} loading={saving}>
          {t.changeAvatar}
        </Button>
      </Upload>
    </Space>
  );
}

interface PasswordValues {
  old_pwd: string;
  new_pwd: string;
  confirm: string;
}

function PasswordForm({ onSignedOut }: { onSignedOut: () => void }) {
  const t = useMessages(accountMessages);
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(() => form.isFieldsTouched());
  const submit = async ({ old_pwd, new_pwd }: PasswordValues) => {
    setSaving(true);
    try {
      await callApi(authCalls.changeOwnPassword, { body: { old_pwd, new_pwd } });
      // The sign-in page the shell opens says 密码已修改，请重新登录.
      onSignedOut();
    } catch (error) {
      showOnField(form, error, ['old_pwd', 'new_pwd']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<PasswordValues> form={form} name="own-password" layout="vertical" onFinish={(values) => void submit(values)}>
      <Form.Item name="old_pwd" label={t.oldPassword} rules={[{ required: true, message: t.passwordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_pwd"
        label={t.newPassword}
        rules={[
          { required: true, message: t.passwordRequired },
          { min: 8, message: t.passwordTooShort },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t.confirmPassword}
        dependencies={['new_pwd']}
        rules={[
          { required: true, message: t.passwordRequired },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (value && value !== getFieldValue('new_pwd')) throw new Error(t.passwordMismatch);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t.savePassword}
      </Button>
    </Form>
  );
}

interface PhoneValues {
  staff_tel: string;
  verification_code: string;
  password: string;
}

function PhoneForm() {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const refresh = useRefreshSession();
  const [form] = Form.useForm<PhoneValues>();
  useUnsavedChanges(() => form.isFieldsTouched());
  const [secondsLeft, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const fields = ['staff_tel', 'verification_code', 'password'];

  const sendCode = async () => {
    const values = await form.validateFields(['staff_tel']).catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      const { resend_after } = await callApi(authCalls.sendPhoneChangeCode, { body: { staff_tel: values.staff_tel.trim() } });
      startCountdown(resend_after);
      void message.success(t.codeSent);
    } catch (error) {
      showOnField(form, error, fields);
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: PhoneValues) => {
    setSaving(true);
    try {
      await callApi(authCalls.changeOwnPhone, { body: { ...values, staff_tel: values.staff_tel.trim() } });
      form.resetFields();
      await refresh();
      void message.success(t.phoneSaved);
    } catch (error) {
      showOnField(form, error, fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PhoneValues> form={form} name="own-phone" layout="vertical" onFinish={(values) => void submit(values)}>
      <Form.Item
        name="staff_tel"
        label={t.newPhone}
        rules={[
          { required: true, whitespace: true, message: t.phoneRequired },
          { pattern: PHONE_PATTERN, message: t.phoneInvalid, transform: (v: string) => v?.trim() },
        ]}
      >
        <Input autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t.code} required>
        <Space.Compact block>
          <Form.Item name="verification_code" noStyle rules={[{ pattern: /^\d{6}$/, required: true, message: t.codeInvalid }]}>
            <Input inputMode="numeric" maxLength={6} aria-label={t.code} />
          </Form.Item>
          <Button onClick={() => void sendCode()} loading={sending} disabled={secondsLeft > 0}>
            {secondsLeft > 0 ? format(t.resendIn, { seconds: secondsLeft }) : t.sendCode}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="password" label={t.passwordForPhone} rules={[{ required: true, message: t.passwordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t.savePhone}
      </Button>
    </Form>
  );
}
