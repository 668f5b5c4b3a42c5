import { authCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as pageLoad from '../../lib/page-load';
import { answerOf, fakeApi } from '../../test/fake-api';
import { renderInShell } from '../../test/render-in-shell';
import { useLayout } from './layout-store';
import { UserMenu } from './user-menu';

vi.setConfig({ testTimeout: 30_000 });
// A spy on the export, not vi.mock: the worker may have loaded the user menu already, bound to the real page-load.
const loadPage = vi.spyOn(pageLoad, 'loadPage').mockImplementation(() => {});

describe('UserMenu', () => {
  it('shows the full name beside the avatar, which keeps the last two characters; its name is what it shows, and what it is', () => {
    useLayout.setState({ mobile: false });
    renderInShell(<UserMenu />);
    // The avatar's 理员 is left out of the name: it only repeats the end of the full name.
    const button = screen.getByRole('button', { name: /^超级管理员\s*用户菜单$/ });
    expect(within(button).getByText('理员')).toBeVisible();
    expect(within(button).getByText('超级管理员')).toBeVisible();
  });

  it('below the mobile breakpoint keeps only the avatar, with the full name in its tooltip', async () => {
    useLayout.setState({ mobile: true });
    renderInShell(<UserMenu />);
    const button = screen.getByRole('button', { name: '用户菜单' });
    expect(within(button).getByText('理员')).toBeVisible();
    expect(within(button).queryByText('超级管理员')).toBeNull();
    await userEvent.hover(screen.getByText('理员'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('超级管理员');
  });

  it('lists the modules’ entries first: 个人中心 (the auth module’s) opens its drawer, its content loaded on first open', async () => {
    const user = userEvent.setup();
    renderInShell(<UserMenu />);
    await user.click(screen.getByRole('button', { name: /用户菜单/ }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items[0]).toHaveTextContent('个人中心');
    await user.click(items[0]!);
    const drawer = await screen.findByRole('dialog', { name: '个人中心' });
    expect(await within(drawer).findByRole('button', { name: '修改密码' })).toBeInTheDocument();
    // The rows the shell gives it about the account.
    expect(within(drawer).getByText('账号类型')).toBeInTheDocument();
  });

  it('logs out through the modules’ sign-out steps (the auth module ends the session), then loads the sign-in page', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({ 'POST /api/login/log_out': () => answerOf(authCalls.logout, null) });
    renderInShell(<UserMenu />, { path: '/user/list?page=2' });
    await user.click(screen.getByRole('button', { name: /用户菜单/ }));
    await user.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login?redirect=%2Fuser%2Flist%3Fpage%3D2'));
    expect(seen.map((r) => r.url)).toEqual(['/api/login/log_out']);
  });

  it('after one’s own password changed, forgets the ended session without asking the server, and the sign-in page says why', async () => {
    const user = userEvent.setup();
    const seen = fakeApi({
      'POST /api/staff/change_password': () => answerOf(authCalls.changeOwnPassword, null),
      'POST /api/login/log_out': () => answerOf(authCalls.logout, null),
    });
    renderInShell(<UserMenu />, { path: '/user/list' });
    await user.click(screen.getByRole('button', { name: /用户菜单/ }));
    await user.click(await screen.findByRole('menuitem', { name: '个人中心' }));
    const form = (await screen.findByRole('button', { name: '修改密码' })).closest('form')!;
    await user.type(within(form).getByLabelText('当前密码'), 'Right-Pass-1');
    await user.type(within(form).getByLabelText('新密码'), 'Lantern-Orchard-58');
    await user.type(within(form).getByLabelText('确认新密码'), 'Lantern-Orchard-58');
    await user.click(within(form).getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/login?redirect=%2Fuser%2Flist&notice=password_changed'));
    expect(seen.map((r) => r.url)).toEqual(['/api/staff/change_password']);
  });
});
