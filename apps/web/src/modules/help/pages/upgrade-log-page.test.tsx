import { dayInZone, helpCalls } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, renderInShell, resetFakeApi, staffWith } from '../testing';
import { UpgradeLogPage } from './upgrade-log-page';

vi.setConfig({ testTimeout: 60_000 });
afterEach(resetFakeApi);

const entries = [
  { id: 2, log_id: 1, name: '中台 2.0', version_number: 'v2.0.0', up_time: '2026-02-28', content: '<p>全新界面</p>' },
  { id: 1, log_id: 1, name: '正式上线', version_number: 'v1.0.0', up_time: '2025-03-01', content: '' },
];
const list = () => answerOf(helpCalls.upgradeLog, { id: 1, name: '聚企中台', count: entries.length, data: entries });
const row = (text: string) => screen.getByText(text).closest('tr')!;
/** Sets an input's text in one change (typing key by key through antd's form is slow in jsdom). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('UpgradeLogPage', () => {
  it('lists the versions of log 1; staff without help.upgrade_log.edit see no buttons', async () => {
    const seen = fakeApi({ 'POST /api/help/upgrade_log': list });
    renderInShell(<UpgradeLogPage />, { profile: staffWith('help.manual.edit') });
    expect(await screen.findByText('中台 2.0')).toBeInTheDocument();
    expect(within(row('中台 2.0')).getByText('v2.0.0')).toBeInTheDocument();
    expect(within(row('中台 2.0')).getByText('2026-02-28')).toBeInTheDocument();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增版本/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(seen[0]!.body).toEqual({ id: 1, page: 1, limit: 20 });
  });

  it('creates a version with today as the default date, and shows a taken version number on its field', async () => {
    let adds = 0;
    const seen = fakeApi({
      'POST /api/help/upgrade_log': list,
      'POST /api/help/upgrade_log_add': () =>
        ++adds === 1
          ? { code: 40900, message: 'version_number: this version is already in the log', data: { field: 'version_number' } }
          : answerOf(helpCalls.upgradeLogAdd, { ...entries[0], id: 3 }),
    });
    renderInShell(<UpgradeLogPage />, { profile: staffWith('help.upgrade_log.edit') });
    await userEvent.click(await screen.findByRole('button', { name: /新增版本/ }));
    const dialog = await screen.findByRole('dialog');

    fill(within(dialog).getByLabelText('版本号'), 'version two');
    fill(within(dialog).getByLabelText('版本名称'), '  帮助中心  ');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('版本号格式如 v2.3.1 或 3.0.0-beta.1')).toBeInTheDocument();

    fill(within(dialog).getByLabelText('版本号'), 'v2.0.0');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该版本号已在升级日志中')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/help/upgrade_log_add')?.body).toEqual({
      name: '帮助中心',
      version_number: 'v2.0.0',
      // Today in the platform's zone (Asia/Shanghai until the site details say otherwise), not the browser's.
      up_time: dayInZone('Asia/Shanghai'),
      content: '',
    });

    fill(within(dialog).getByLabelText('版本号'), 'v2.1.0');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.url === '/api/help/upgrade_log_add')).toHaveLength(2);
  });

  it('edits a version with its content in the editor', async () => {
    const seen = fakeApi({ 'POST /api/help/upgrade_log': list, 'POST /api/help/upgrade_log_edit': () => answerOf(helpCalls.upgradeLogEdit, entries[0]) });
    renderInShell(<UpgradeLogPage />);
    await screen.findByText('中台 2.0');
    await userEvent.click(within(row('中台 2.0')).getByRole('button', { name: /编辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('版本号')).toHaveValue('v2.0.0');
    expect(within(dialog).getByRole('textbox', { name: '更新内容' })).toHaveTextContent('全新界面');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/api/help/upgrade_log_edit')?.body).toEqual({
      id: 2,
      name: '中台 2.0',
      version_number: 'v2.0.0',
      up_time: '2026-02-28',
      content: '<p>全新界面</p>',
    });
  });

  it('deletes a version after confirmation', async () => {
    const seen = fakeApi({ 'POST /api/help/upgrade_log': list, 'POST /api/help/upgrade_log_delete': () => answerOf(helpCalls.upgradeLogDelete, null) });
    renderInShell(<UpgradeLogPage />);
    await screen.findByText('正式上线');
    await userEvent.click(within(row('正式上线')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确定删除“v1.0.0 正式上线”吗？')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/help/upgrade_log_delete')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/help/upgrade_log_delete')?.body).toEqual({ id: 1 }));
  });
});
