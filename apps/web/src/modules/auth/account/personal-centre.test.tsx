import { authCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, profileOf, refused } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { PersonalCentre } from './personal-centre';

const profile = { ...profileOf(), phone: '13800000001' };
const details = [{ key: 'name', label: '姓名', children: profile.user_name }];

describe('PersonalCentre', () => {
  it('shows the current phone and changes the password, signing out after', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'POST /api/staff/change_password': ({ body }) =>
        (body as { old_pwd: string }).old_pwd === 'Wrong-Pass-1' ? refused(['old_pwd', '原密码', '密码不正确']) : answerOf(authCalls.changeOwnPassword, null),
    });
    const onSignedOut = vi.fn();
    renderInShell(<PersonalCentre profile={profile} details={details} onSignedOut={onSignedOut} />);
    expect(screen.getByText('13800000001')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: '修改密码' }).closest('form')!;
    await user.type(within(form).getByLabelText('当前密码'), 'Wrong-Pass-1');
    await user.type(within(form).getByLabelText('新密码'), 'Lantern-Orchard-58');
    await user.type(within(form).getByLabelText('确认新密码'), 'Lantern-Orchard-5');
    await user.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('两次输入的新密码不一致')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('确认新密码'), '8');
    await user.click(within(form).getByRole('button', { name: '修改密码' }));
    // The server's refusal lands on the field it names.
    expect(await within(form).findByText('密码不正确')).toBeInTheDocument();
    expect(onSignedOut).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('当前密码'));
    await user.type(within(form).getByLabelText('当前密码'), 'Right-Pass-1');
    await user.click(within(form).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
    expect(seen.filter((r) => r.url === '/api/staff/change_password').map((r) => r.body)).toEqual([
      { old_pwd: 'Wrong-Pass-1', new_pwd: 'Lantern-Orchard-58' },
      { old_pwd: 'Right-Pass-1', new_pwd: 'Lantern-Orchard-58' },
    ]);
  });

  it('sends a code to the new phone, then changes it with the code and the password', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'POST /api/staff/change_phone_code': () => answerOf(authCalls.sendPhoneChangeCode, { resend_after: 60 }),
      'POST /api/staff/change_phone': () => answerOf(authCalls.changeOwnPhone, null),
      'GET /api/staff/info': () => answerOf(authCalls.info, profile),
      'GET /api/staff/menu_list': () => answerOf(authCalls.menuList, { menuList: [] }),
    });
    renderInShell(<PersonalCentre profile={profile} details={details} onSignedOut={() => {}} />);
    const form = screen.getByRole('button', { name: '修改手机号' }).closest('form')!;
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(await within(form).findByText('请输入手机号')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('新手机号'), ' 13900000009 ');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(await within(form).findByRole('button', { name: /60 秒后重新获取|59 秒后重新获取/ })).toBeDisabled();
    await user.type(within(form).getByLabelText('验证码'), '123456');
    await user.type(within(form).getByLabelText('当前密码'), 'Right-Pass-1');
    await user.click(within(form).getByRole('button', { name: '修改手机号' }));
    expect(await screen.findByText('手机号已修改，其他设备上的登录已退出')).toBeInTheDocument();
    expect(seen.filter((r) => r.url.startsWith('/api/staff/change_phone')).map((r) => [r.url, r.body])).toEqual([
      ['/api/staff/change_phone_code', { staff_tel: '13900000009' }],
      ['/api/staff/change_phone', { staff_tel: '13900000009', verification_code: '123456', password: 'Right-Pass-1' }],
    ]);
  });
});
