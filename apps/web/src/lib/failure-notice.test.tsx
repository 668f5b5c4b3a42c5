import { authCalls, settingsCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { callApi } from './api-client';
import './failure-notice';
import * as pageLoad from './page-load';

// A spy on the export, not vi.mock: the worker may have loaded failure-notice already, bound to the real page-load.
const reloadPage = vi.spyOn(pageLoad, 'reloadPage').mockImplementation(() => {});

const settled = (promise: Promise<unknown>) => promise.catch(() => undefined);

beforeEach(() => Cookies.set('juqi_token', 'tok-1'));

afterEach(() => vi.clearAllMocks());

describe('the API client shows the §8 notices', () => {
  it('shows any code other than 20000 as an error toast for 5 seconds, with the message', async () => {
    const toast = vi.spyOn(message, 'error');
    fakeApi({ 'GET /api/set/system_details': () => fail(40300, '没有权限执行此操作') });
    await settled(callApi(settingsCalls.systemDetails));
    expect(await screen.findByText('没有权限执行此操作')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: '没有权限执行此操作', duration: 5 }));
  });

  it("says 'Error' when the answer has no message", async () => {
    fakeApi({ 'GET /api/set/system_details': () => fail(40000, '') });
    await settled(callApi(settingsCalls.systemDetails));
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('shows nothing for a successful call', async () => {
    const toast = vi.spyOn(message, 'error');
    fakeApi({ 'GET /api/set/system_details': () => ok({ pc_logo: '', website: 'W' }) });
    await callApi(settingsCalls.systemDetails);
    expect(toast).not.toHaveBeenCalled();
  });

  it('opens one logged-out dialog however many calls answer 50008, 50012 or 50014', async () => {
    fakeApi({
      'GET /api/staff/info': () => fail(50014, '登录已过期，请重新登录'),
      'GET /api/staff/menu_list': () => fail(50012, '账号已在其他地方登录'),
      'POST /api/staff/verify_operation': () => fail(50008, '登录已失效，请重新登录'),
    });
    await Promise.all([
      settled(callApi(authCalls.info, { query: {} })),
      settled(callApi(authCalls.menuList)),
      settled(callApi(authCalls.verifyOperation, { body: { code: 'a.b' } })),
      settled(callApi(authCalls.info, { query: {} })),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm logout' });
    expect(within(dialog).getByText('You have been logged out, you can cancel to stay on this page, or log in again')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Re-Login' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Each failure still has its toast.
    expect(await screen.findByText('登录已过期，请重新登录')).toBeInTheDocument();
  });

  it('Re-Login clears the token and reloads the page', async () => {
    fakeApi({ 'GET /api/staff/menu_list': () => fail(50014, '登录已过期') });
    await settled(callApi(authCalls.menuList));
    await userEvent.click(await screen.findByRole('button', { name: 'Re-Login' }));
    expect(Cookies.get('juqi_token')).toBeUndefined();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('Cancel keeps the token and the page; a later failure asks again', async () => {
    fakeApi({ 'GET /api/staff/menu_list': () => fail(50014, '登录已过期') });
    await settled(callApi(authCalls.menuList));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Cookies.get('juqi_token')).toBe('tok-1');
    expect(reloadPage).not.toHaveBeenCalled();
    await settled(callApi(authCalls.menuList));
    expect(await screen.findByRole('dialog', { name: 'Confirm logout' })).toBeInTheDocument();
  });

  it('shows the transport toast, with error code 500, when no answer arrives', async () => {
    fakeApi({ 'GET /api/set/system_details': () => 'drop' });
    await expect(callApi(settingsCalls.systemDetails)).rejects.toMatchObject({ code: 500 });
    expect(await screen.findByText(/错误代码：500/)).toBeInTheDocument();
  });

  it('shows nothing for a quiet call: its caller reports the failure', async () => {
    const toast = vi.spyOn(message, 'error');
    fakeApi({ 'GET /api/staff/info': () => fail(50014, '登录已过期') });
    await settled(callApi(authCalls.info, { query: {}, quiet: true }));
    // Give a lazily loaded notice the chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
