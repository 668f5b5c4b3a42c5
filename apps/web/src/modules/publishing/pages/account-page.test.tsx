import { PLATFORM, publishAccount, publishingCalls, SECRET_MASK } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { AccountPage } from './account-page';

vi.setConfig({ testTimeout: 60_000 });

const base = { url: '', username: '', credential: null, daily_quota: 10, min_gap: 60, remark: '', enabled: true, updated_at: '2026-12-01T08:00:00.000Z' };
const blog = { ...base, id: 1, name: '官方博客', platform: PLATFORM.wordpress, url: 'https://blog.example.com', username: 'editor', credential: SECRET_MASK };
const feed = { ...base, id: 2, name: '官网资讯订阅', platform: PLATFORM.feed };

function serve(checks: { ok: boolean; message: string; latency_ms: number }[]) {
  let asked = 0;
  return fakeApi({
    [`POST ${publishAccount.calls.list.path}`]: () => answerOf(publishAccount.calls.list, { count: 2, data: [blog, feed] }),
    [`POST ${publishAccount.calls.details.path}`]: () => answerOf(publishAccount.calls.details, blog),
    [`POST ${publishingCalls.accountCheck.path}`]: () => answerOf(publishingCalls.accountCheck, checks[Math.min(asked++, checks.length - 1)]!),
    [`POST ${publishingCalls.accountFeed.path}`]: () => answerOf(publishingCalls.accountFeed, { path: '/feeds/AbCdEfGhIjKlMnOpQrStUvWxYz012345.atom' }),
  });
}

const openMenuItem = async (rowName: string, item: RegExp) => {
  const row = (await screen.findByText(rowName)).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
};

describe('账号管理', () => {
  it('shows a kept credential masked and edits it in an empty password box that keeps it', async () => {
    const seen = serve([]);
    renderInShell(<AccountPage />, { path: publishAccount.menu });
    const row = (await screen.findByText('官方博客')).closest('tr')!;
    expect(within(row).getByText(SECRET_MASK)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const credential = await screen.findByLabelText('凭据');
    expect(credential).toHaveAttribute('type', 'password');
    expect(credential).toHaveValue('');
    expect(credential).toHaveAttribute('placeholder', '已保存，留空则不修改');
    await userEvent.type(screen.getByLabelText('备注'), '主站');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.find((r) => r.url === publishAccount.calls.edit!.path)?.body).toMatchObject({ id: 1, remark: '主站', credential: '' }));
  });

  it('测试连接 shows the platform’s answer and asks again on 再试一次', async () => {
    const seen = serve([
      { ok: false, message: 'HTTP 401: You are not currently logged in.', latency_ms: 87 },
      { ok: true, message: 'Site Editor', latency_ms: 45 },
    ]);
    renderInShell(<AccountPage />, { path: publishAccount.menu });
    await openMenuItem('官方博客', /测试连接/);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('测试连接 · 官方博客')).toBeInTheDocument();
    expect(await within(dialog).findByText('连接失败')).toBeInTheDocument();
    expect(within(dialog).getByText('HTTP 401: You are not currently logged in.')).toBeInTheDocument();
    expect(within(dialog).getByText('用时 87 毫秒')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /再试一次/ }));
    expect(await within(dialog).findByText('连接成功')).toBeInTheDocument();
    expect(within(dialog).getByText('平台返回：Site Editor')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === publishingCalls.accountCheck.path).map((r) => r.body)).toEqual([{ id: 1 }, { id: 1 }]);
  });

  it('offers 订阅地址 on a feed alone, asks first, and shows the new address once', async () => {
    const seen = serve([]);
    renderInShell(<AccountPage />, { path: publishAccount.menu });
    const blogRow = (await screen.findByText('官方博客')).closest('tr')!;
    await userEvent.click(within(blogRow).getByRole('button', { name: /更\s*多/ }));
    expect(await screen.findByRole('menuitem', { name: /测试连接/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /订阅地址/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await openMenuItem('官网资讯订阅', /订阅地址/);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('生成订阅地址')).toBeInTheDocument();
    expect(within(dialog).getByText(/之前的地址会立即失效/)).toBeInTheDocument();
    expect(seen.some((r) => r.url === publishingCalls.accountFeed.path)).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: /生成新地址/ }));
    expect(await within(dialog).findByText(`${window.location.origin}/feeds/AbCdEfGhIjKlMnOpQrStUvWxYz012345.atom`)).toBeInTheDocument();
    expect(within(dialog).getByText(/只显示这一次/)).toBeInTheDocument();
    // Only closing is left: another would retire the address just shown.
    expect(within(dialog).queryByRole('button', { name: /生成新地址/ })).not.toBeInTheDocument();
    expect(seen.find((r) => r.url === publishingCalls.accountFeed.path)?.body).toEqual({ id: 2 });
  });
});
