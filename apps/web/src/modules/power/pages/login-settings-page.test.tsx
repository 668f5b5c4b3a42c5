import { settingsCalls } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerOf, fail, fakeApi } from '../../../test/fake-api';
import { renderPage, staffWith } from '../testing';
import { LoginSettingsPage } from './login-settings-page';

// antd is slow in jsdom on two cores: no delay between keystrokes, and time for the form.
const user = userEvent.setup({ delay: null });

const stored = { idle_minutes: 120, absolute_hours: 12, single_session: false, sms_template: '您的验证码是 {code}，5 分钟内有效。' };

function api() {
  return fakeApi({
    'GET /api/set/login_details': () => answerOf(settingsCalls.loginDetails, stored),
    'POST /api/set/login': ({ body }) => answerOf(settingsCalls.loginEdit, body as typeof stored),
  });
}

describe('LoginSettingsPage', () => {
  it('refuses an SMS template without {code}, and saves one with it', async () => {
    const seen = api();
    renderPage(<LoginSettingsPage />);
    const template = await screen.findByLabelText('短信验证码模板');
    expect(template).toHaveValue(stored.sms_template);
    expect(screen.getByText('您的验证码是 123456，5 分钟内有效。')).toBeInTheDocument();

    await user.clear(template);
    await user.type(template, '您的验证码已发送');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('模板必须包含 {code}')).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/api/set/login')).toBe(false);

    await user.clear(template);
    // user-event reads `{` as a key descriptor; `{{` types one brace.
    await user.type(template, '验证码 {{code}，请勿告诉他人');
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((c) => c.url === '/api/set/login')).toBe(true));
    expect(seen.find((c) => c.url === '/api/set/login')!.body).toEqual({
      idle_minutes: 120,
      absolute_hours: 12,
      single_session: true,
      sms_template: '验证码 {code}，请勿告诉他人',
    });
    expect(await screen.findByText('登录设置已保存')).toBeInTheDocument();
  });

  it('refuses session lifetimes outside the allowed ranges', async () => {
    const seen = api();
    renderPage(<LoginSettingsPage />);
    const idle = await screen.findByLabelText('空闲超时');
    await user.clear(idle);
    await user.type(idle, '2');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入 5 到 1440 之间的整数')).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/api/set/login')).toBe(false);
  });

  it('shows the settings read-only without settings.login.edit', async () => {
    api();
    renderPage(<LoginSettingsPage />, staffWith('settings.login.view'));
    expect(await screen.findByLabelText('短信验证码模板')).toBeDisabled();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('says so when the staff may not view the settings', async () => {
    fakeApi({ 'GET /api/set/login_details': () => fail(40300, '没有权限执行此操作') });
    renderPage(<LoginSettingsPage />, staffWith());
    expect(await screen.findByText('没有权限查看此页面')).toBeInTheDocument();
  });
});
