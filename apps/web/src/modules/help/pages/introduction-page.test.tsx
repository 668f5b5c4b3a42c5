import { helpCalls } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, categoryFixture as fx, fail, fakeApi, renderInShell, staffWith } from '../testing';
import { IntroductionPage } from './introduction-page';

vi.setConfig({ testTimeout: 60_000 });

const rows = [
  { id: 101, pid: 11, name: '角色授权', sort: 1, category_name: '角色与权限', top_category_id: 1, top_category_name: '系统设置', updated_at: '2026-05-01T08:00:00Z' },
  { id: 201, pid: 21, name: '审核实名', sort: 1, category_name: '实名认证', top_category_id: 2, top_category_name: '用户中心', updated_at: '2026-05-01T08:00:00Z' },
];
const body = (request: { body: unknown }) => request.body as Record<string, number>;
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const tree = () => screen.getByRole('tree');

function fakeIntroduction(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'POST /api/help/powerlist': (r) => answerOf(helpCalls.powerlist, body(r).level_id === 1 ? fx.tops : Object.values(fx.subs).flat()),
    'POST /api/help/function_introduction': (r) => {
      const pid = body(r).pid;
      const data = rows.filter((row) => pid === undefined || row.pid === pid || row.top_category_id === pid);
      return answerOf(helpCalls.functionIntroduction, { count: data.length, data });
    },
    ...extra,
  });
}

describe('IntroductionPage', () => {
  it('shows the two-level category tree and every function; choosing a category filters the table', async () => {
    const seen = fakeIntroduction();
    renderInShell(<IntroductionPage />, { profile: staffWith() });
    expect(await within(await screen.findByRole('tree')).findByText('角色与权限')).toBeInTheDocument();
    expect(await screen.findByText('审核实名')).toBeInTheDocument();
    expect(screen.getByText('系统设置 / 角色与权限')).toBeInTheDocument();
    // Read-only: no buttons.
    expect(screen.queryByRole('button', { name: /新增功能/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增分类/ })).toBeNull();

    await userEvent.click(within(tree()).getByText('用户中心'));
    await waitFor(() => expect(screen.queryByText('角色授权')).toBeNull());
    expect(seen.filter((r) => r.url === '/api/help/function_introduction').at(-1)?.body).toEqual({ pid: 2, page: 1, limit: 20 });

    // Choosing it again shows every function.
    await userEvent.click(within(tree()).getByText('用户中心'));
    expect(await screen.findByText('角色授权')).toBeInTheDocument();
  });

  it('adds a subcategory from its top category', async () => {
    const seen = fakeIntroduction({ 'POST /api/help/function_category_add': () => answerOf(helpCalls.categoryAdd, { ...fx.tops[0], id: 13, pid: 1, level: 2, options: [] }) });
    renderInShell(<IntroductionPage />, { profile: staffWith('help.introduction.edit') });
    await userEvent.click(await screen.findByLabelText('新增子分类：用户中心'));
    const dialog = await screen.findByRole('dialog');
    fill(within(dialog).getByLabelText('分类名称'), '登录记录');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/api/help/function_category_add')?.body).toEqual({ name: '登录记录', pid: 2, sort: 0 });
  });

  it('a category that still has entries is not deleted (the server refuses with 40900)', async () => {
    const seen = fakeIntroduction({ 'POST /api/help/function_category_delete': () => fail(40900, 'delete its subcategories first') });
    renderInShell(<IntroductionPage />);
    await userEvent.click(await screen.findByLabelText('删除：系统设置'));
    expect(await screen.findByText('请先删除其下的子分类和功能')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/help/function_category_delete')?.body).toEqual({ id: 1 }));
    expect(within(tree()).getByText('系统设置')).toBeInTheDocument();
  });

  it('creates a function under the chosen subcategory', async () => {
    const seen = fakeIntroduction({ 'POST /api/help/function_add': () => answerOf(helpCalls.functionAdd, { id: 301, pid: 12, name: '站点名称', explains: '', sort: 0 }) });
    renderInShell(<IntroductionPage />);
    await userEvent.click(await within(await screen.findByRole('tree')).findByText('站点'));
    await userEvent.click(screen.getByRole('button', { name: /新增功能/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: '所属分类' }).closest('.ant-select')).toHaveTextContent('站点');
    fill(within(dialog).getByLabelText('功能名称'), '站点名称');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/api/help/function_add')?.body).toEqual({ pid: 12, name: '站点名称', sort: 0, explains: '' });
  });

  it('edits a function after loading its explanation', async () => {
    const seen = fakeIntroduction({
      'POST /api/help/function_find': () => answerOf(helpCalls.functionFind, { id: 101, pid: 11, name: '角色授权', explains: '<p>勾选菜单</p>', sort: 1 }),
      'POST /api/help/function_edit': () => answerOf(helpCalls.functionEdit, { id: 101, pid: 11, name: '角色授权', explains: '<p>勾选菜单</p>', sort: 5 }),
    });
    renderInShell(<IntroductionPage />);
    await screen.findByText('角色授权');
    await userEvent.click(within(screen.getByText('角色授权').closest('tr')!).getByRole('button', { name: /编辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('textbox', { name: '功能说明' })).toHaveTextContent('勾选菜单');
    fill(within(dialog).getByLabelText('排序'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/api/help/function_edit')?.body).toEqual({ id: 101, pid: 11, name: '角色授权', sort: 5, explains: '<p>勾选菜单</p>' });
  });
});
