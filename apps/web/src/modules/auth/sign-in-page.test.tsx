import { authCalls, settingsCalls } from '@juqi/contract';
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerOf, fail, fakeApi, type SeenRequest } from '../../test/fake-api';
import { SignInPage } from './sign-in-page';

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="path">{pathname + search}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<SignInPage />} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </MemoryRouter>,
  );

const site = { 'GET /api/set/system_details': () => answerOf(settingsCalls.systemDetails, { pc_logo: '', website: '聚企中台', time_zone: 'Asia/Shanghai' }) };
const bodyOf = (seen: SeenRequest[], url: string) => seen.find((r) => r.url === url)?.body as Record<string, string>;

describe('sign-in page, staff number and password', () => {
  it('says 密码已修改，请重新登录 when one’s own password was just changed, and nothing otherwise', async () => {
    fakeApi(site);
    const changed = renderAt('/login?redirect=%2F&notice=password_changed');
    expect(await screen.findByRole('status')).toHaveTextContent('密码已修改，请重新登录');
    changed.unmount();
    renderAt('/login?redirect=%2F');
    expect(await screen.findByText('聚企中台')).toBeInTheDocument();
    expect(screen.queryByText('密码已修改，请重新登录')).not.toBeInTheDocument();
  });

  it('sends the trimmed staff number with a fresh sign, keeps the token and goes back to ?redirect', async () => {
    const seen = fakeApi({ ...site, 'POST /api/login/login': () => answerOf(authCalls.login, { token: 'tok-9' }) });
    renderAt('/login?redirect=%2Fuser%2Flist%3Fpage%3D3');
    expect(await screen.findByRole('heading', { name: '聚企中台' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('工号'), '  admin ');
    await userEvent.type(screen.getByLabelText('密码', { exact: true }), 'Admin-Pass-2026');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByTestId('path')).toHaveTextContent('/user/list?page=3');
    const body = bodyOf(seen, '/api/login/login');
    expect(body).toMatchObject({ staff_num: 'admin', user_pwd: 'Admin-Pass-2026' });
    expect(body.sign).toMatch(/^\d{13}:[A-Za-z0-9_-]{8,64}$/);
    expect(Cookies.get('juqi_token')).toBe('tok-9');
    expect(document.title).toBe('登录 - 聚企中台');
  });

  it('makes a new sign for every attempt', async () => {
    const seen = fakeApi({ ...site, 'POST /api/login/login': () => fail(40100, '账号或密码错误') });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('工号'), 'admin');
    await userEvent.type(screen.getByLabelText('密码', { exact: true }), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    // Refused: the button is usable again for a second try.
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(seen.filter((r) => r.url === '/api/login/login')).toHaveLength(2));
    const [first, second] = seen.filter((r) => r.url === '/api/login/login').map((r) => (r.body as { sign: string }).sign);
    expect(first).not.toBe(second);
  });

  it('asks for both fields before sending anything', async () => {
    const seen = fakeApi(site);
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入工号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByLabelText('工号')).toHaveAttribute('aria-invalid', 'true');
    expect(seen.some((r) => r.url === '/api/login/login')).toBe(false);
  });

  it("shows the server's catalogue message under the form, with the unlock time of a locked account in the platform's zone", async () => {
    fakeApi({
      ...site,
      'POST /api/login/login': () => ({ code: 42300, message: '账号已锁定', data: { unlock_at: '2026-01-01T08:10:00.000Z' } }),
    });
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('工号'), 'admin');
    await userEvent.type(screen.getByLabelText('密码', { exact: true }), 'x');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      // 08:10 UTC is 16:10 in Asia/Shanghai, the zone until the site details name another, whatever the browser's zone.
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual('账号已锁定 账号将于 2026-01-01 16:10 UTC+08:00 解锁。'),
    );
  });

  it('never follows a redirect to another site', async () => {
    fakeApi({ ...site, 'POST /api/login/login': () => answerOf(authCalls.login, { token: 'tok-9' }) });
    renderAt('/login?redirect=%2F%2Fevil.example%2Fx');
    await userEvent.type(screen.getByLabelText('工号'), 'admin');
    await userEvent.type(screen.getByLabelText('密码', { exact: true }), 'x');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByTestId('path')).toHaveTextContent(/^\/$/);
  });
});

const openSms = () => userEvent.click(screen.getByRole('tab', { name: '手机验证码登录' }));

describe('sign-in page, phone and SMS code', () => {
  it('checks the phone by the §5 rule before sending a code', async () => {
    const seen = fakeApi(site);
    renderAt('/login');
    await openSms();
    await userEvent.type(screen.getByLabelText('手机号'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByText('手机号格式不正确')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/login/mobile_verification_code')).toBe(false);
  });

  it('sends a code, counts 60 s down before another, and signs in with the 6-digit code', async () => {
    const seen = fakeApi({
      ...site,
      'POST /api/login/mobile_verification_code': () => answerOf(authCalls.sendSmsCode, { resend_after: 60 }),
      'POST /api/login/mobile_login': () => answerOf(authCalls.smsLogin, { token: 'tok-sms' }),
    });
    renderAt('/login?redirect=%2Fdashboard');
    await openSms();
    await userEvent.type(screen.getByLabelText('手机号'), ' 13800000001 ');
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const resend = await screen.findByRole('button', { name: /秒后重新获取/ });
    expect(resend).toHaveTextContent('60 秒后重新获取');
    expect(resend).toBeDisabled();
    expect(screen.getByText('验证码已发送，5 分钟内有效。')).toBeInTheDocument();
    expect(bodyOf(seen, '/api/login/mobile_verification_code')).toEqual({ staff_tel: '13800000001' });

    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入 6 位数字验证码')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('验证码'), '12a3456');
    expect(screen.getByLabelText('验证码')).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByTestId('path')).toHaveTextContent('/dashboard');
    const body = bodyOf(seen, '/api/login/mobile_login');
    expect(body).toMatchObject({ staff_tel: '13800000001', verification_code: '123456' });
    expect(body.sign).toMatch(/^\d{13}:[A-Za-z0-9_-]{8,64}$/);
    expect(Cookies.get('juqi_token')).toBe('tok-sms');
  });
});
