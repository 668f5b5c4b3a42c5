import { userCalls } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  answerOf,
  currentUrl,
  detailOf,
  fakeApi,
  keysetPage,
  loginRecord,
  renderInShell,
  staffWith,
  userRow,
  type SeenRequest,
} from '../testing';
import { LoginLogPage } from './login-log-page';

const user = userEvent.setup({ delay: null });

const zhou = userRow(42, '周八');
const records = [loginRecord(1, 42, '周八', { result: 'bad_password' }), loginRecord(2, 43, '吴九', { platform: 'android' })];

function api() {
  let current = zhou;
  return fakeApi({
    'POST /api/user/login_log_list_all': ({ body }) => {
      const userId = (body as { user_id?: number }).user_id;
      return answerOf(userCalls.loginLogListAll, keysetPage(userId ? records.filter((r) => r.user_id === userId) : records));
    },
    'POST /api/user/login_log_list': () => answerOf(userCalls.loginLogList, keysetPage([records[0]!])),
    'POST /api/user/details': () => answerOf(userCalls.details, detailOf(current)),
    'POST /api/user/user_lock': ({ body }) => {
      const { action, reason } = body as { action: string; reason: string };
      current = { ...current, locked: action === 'lock', lock_reason: reason };
      return answerOf(userCalls.lock, current);
    },
  });
}

const bodies = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body);
const rowOf = async (name: string) => (await screen.findByText(name, { selector: '.ant-table-row .user-cell__name' })).closest('.ant-table-row') as HTMLElement;

describe('LoginLogPage', () => {
  it('lists every user’s sign-ins; one user’s records come with that user and a lock', async () => {
    const seen = api();
    renderInShell(<LoginLogPage />, { path: '/user/login_log?result=bad_password' });
    const row = await rowOf('周八');
    expect(within(row).getByText('密码错误')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.1')).toBeInTheDocument();
    expect(within(await rowOf('吴九')).getByText('Android')).toBeInTheDocument();
    expect(bodies(seen, '/api/user/login_log_list_all')[0]).toEqual({ result: 'bad_password', limit: 100 });

    await user.click(within(row).getByRole('button', { name: '只看此用户' }));
    await waitFor(() => expect(currentUrl()).toBe('/user/login_log?user_id=42&result=bad_password'));
    expect(await screen.findByText('用户 42 的登录记录')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('吴九', { selector: '.ant-table-row .user-cell__name' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: /锁\s*定/ }));
    const dialog = (await screen.findByText('锁定用户：周八', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('原因'), '撞库');
    await user.click(within(dialog).getByRole('button', { name: /锁\s*定/ }));
    expect(await screen.findByText('已锁定 周八')).toBeInTheDocument();
    expect(bodies(seen, '/api/user/user_lock')).toEqual([{ id: 42, action: 'lock', reason: '撞库' }]);
    // The card follows: locked, with its reason, and now offers the unlock.
    expect(await screen.findByRole('button', { name: /解\s*锁/ })).toBeInTheDocument();
    expect(screen.getByText('撞库')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '查看全部用户' }));
    await waitFor(() => expect(currentUrl()).toBe('/user/login_log?result=bad_password'));
  });

  it('refuses a user ID that is not a number instead of sending it', async () => {
    const seen = api();
    renderInShell(<LoginLogPage />, { path: '/user/login_log' });
    await rowOf('周八');
    const box = screen.getByRole('searchbox', { name: '用户ID' });
    await user.type(box, 'abc{Enter}');
    expect(await screen.findByText('请输入正确的用户ID')).toBeInTheDocument();
    expect(currentUrl()).toBe('/user/login_log');
    expect(bodies(seen, '/api/user/login_log_list_all')).toHaveLength(1);
  });

  it('shows staff who may read one user’s records only those, per user', async () => {
    const seen = api();
    const first = renderInShell(<LoginLogPage />, { path: '/user/login_log', profile: staffWith('user.login_log.view') });
    expect(await screen.findByText('请输入用户ID，查看该用户的登录记录')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: '手机号' })).toBeNull();
    first.unmount();

    renderInShell(<LoginLogPage />, { path: '/user/login_log?user_id=42', profile: staffWith('user.login_log.view') });
    expect(await rowOf('周八')).toBeInTheDocument();
    expect(bodies(seen, '/api/user/login_log_list')).toEqual([{ user_id: 42, limit: 50 }]);
    expect(bodies(seen, '/api/user/login_log_list_all')).toEqual([]);
    // Without user.detail and user.lock there is no user card content to act on.
    expect(screen.queryByRole('button', { name: /锁\s*定/ })).toBeNull();
  });
});
