import { helpCalls } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi, renderInShell, resetFakeApi, staffWith } from '../testing';
import { ManualPage } from './manual-page';

vi.setConfig({ testTimeout: 60_000 });
afterEach(resetFakeApi);

const manuals = [
  { id: 7, name: '系统设置', path: '/permission/homepage', explains: '站点名称与 Logo', sort: 1, updated_at: '2026-05-01T08:00:00Z' },
  { id: 8, name: '角色设置', path: '', explains: '', sort: 2, updated_at: '2026-05-02T08:00:00Z' },
];
const list = () => answerOf(helpCalls.helpManual, { count: 2, data: manuals });
const row = (text: string) => screen.getByText(text).closest('tr')!;
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('ManualPage', () => {
  it('lists manuals and searches by keyword; read-only staff get no buttons', async () => {
    const seen = fakeApi({ 'POST /api/help/help_manual': list });
    renderInShell(<ManualPage />, { profile: staffWith() });
    expect(await screen.findByText('系统设置')).toBeInTheDocument();
    expect(within(row('系统设置')).getByText('/permission/homepage')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增手册/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();

    fill(screen.getByRole('searchbox', { name: '搜索名称或页面路径' }), ' 角色 ');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(seen.at(-1)?.body).toEqual({ keyword: '角色', page: 1, limit: 20 }));
  });

  it('edits a manual: loads its content first, saves every field', async () => {
    const seen = fakeApi({
      'POST /api/help/help_manual': list,
      'POST /api/help/help_manual_find': () => answerOf(helpCalls.helpManualFind, { ...manuals[0], content: '<p>上传 Logo</p>' }),
      'POST /api/help/help_manual_edit': () => answerOf(helpCalls.helpManualEdit, { ...manuals[0], content: '' }),
    });
    renderInShell(<ManualPage />, { profile: staffWith('help.manual.edit') });
    await screen.findByText('系统设置');
    await userEvent.click(within(row('系统设置')).getByRole('button', { name: /编辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('textbox', { name: '内容' })).toHaveTextContent('上传 Logo');
    expect(within(dialog).getByLabelText('页面路径')).toHaveValue('/permission/homepage');
    expect(seen.find((r) => r.url === '/api/help/help_manual_find')?.body).toEqual({ id: 7 });

    fill(within(dialog).getByLabelText('说明'), '新的说明');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/api/help/help_manual_edit')?.body).toEqual({
      id: 7,
      name: '系统设置',
      path: '/permission/homepage',
      explains: '新的说明',
      sort: 1,
      content: '<p>上传 Logo</p>',
    });
  });

  it('an edit whose manual cannot be read says so, cannot be saved, and loads again on retry', async () => {
    let reads = 0;
    const seen = fakeApi({
      'POST /api/help/help_manual': list,
      'POST /api/help/help_manual_find': () => (++reads === 1 ? fail(50000, '服务器开小差了') : answerOf(helpCalls.helpManualFind, { ...manuals[0], content: '<p>上传 Logo</p>' })),
    });
    renderInShell(<ManualPage />, { profile: staffWith('help.manual.edit') });
    await screen.findByText('系统设置');
    await userEvent.click(within(row('系统设置')).getByRole('button', { name: /编辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('加载失败')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('页面路径')).toBeNull();
    expect(within(dialog).getByRole('button', { name: /保\s*存/ })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: '重新加载' }));
    expect(await within(dialog).findByLabelText('页面路径')).toHaveValue('/permission/homepage');
    expect(within(dialog).getByRole('button', { name: /保\s*存/ })).toBeEnabled();
    expect(seen.filter((r) => r.url === '/api/help/help_manual_find')).toHaveLength(2);
  });

  it('creates a manual; a bad path is refused locally and a taken one is shown on its field', async () => {
    const seen = fakeApi({
      'POST /api/help/help_manual': list,
      'POST /api/help/help_manual_add': () => ({ code: 40900, message: 'path: this page already has a help manual', data: { field: 'path' } }),
    });
    renderInShell(<ManualPage />);
    await userEvent.click(await screen.findByRole('button', { name: /新增手册/ }));
    const dialog = await screen.findByRole('dialog');
    fill(within(dialog).getByLabelText('页面名称'), '用户列表');
    fill(within(dialog).getByLabelText('页面路径'), 'user/list');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('路径格式如 /section/page，只含字母、数字、下划线和连字符')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/help/help_manual_add')).toBe(false);

    fill(within(dialog).getByLabelText('页面路径'), '/user/list');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该页面已有帮助手册')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/help/help_manual_add')?.body).toEqual({
      name: '用户列表',
      path: '/user/list',
      explains: '',
      sort: 0,
      content: '',
    });
  });

  it('deletes a manual after confirmation', async () => {
    const seen = fakeApi({ 'POST /api/help/help_manual': list, 'POST /api/help/help_manual_delete': () => answerOf(helpCalls.helpManualDelete, null) });
    renderInShell(<ManualPage />);
    await screen.findByText('角色设置');
    await userEvent.click(within(row('角色设置')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确定删除“角色设置”吗？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/help/help_manual_delete')?.body).toEqual({ id: 8 }));
  });
});
