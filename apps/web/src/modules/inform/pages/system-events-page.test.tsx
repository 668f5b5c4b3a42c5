import { informCalls, powerCalls, SYSTEM_EVENTS, type SystemEventSettings } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { typeOptionsHandler } from '../test/type-options';
import { SystemEventsPage } from './system-events-page';

vi.setConfig({ testTimeout: 60_000 });

const at = '2026-03-01T08:00:00.000Z';
const path = '/permission/notification/system';
const settings = (code: SystemEventSettings['code'], changes: Partial<SystemEventSettings> = {}): SystemEventSettings => ({
  code,
  enabled: true,
  channels: ['site'],
  role_ids: [],
  type: 1,
  title: '标题',
  content: '内容',
  updated_at: at,
  ...changes,
});
const role = (id: number, name: string) => ({ id, name, remark: '', staff_count: 1, created_at: at });

/** The catalogue's events as the server keeps them; an edit replaces one. */
function fakeServer() {
  const events = SYSTEM_EVENTS.map((e) => settings(e.code));
  events[0] = settings('user.verification.submitted', { role_ids: [7], type: 5, title: '用户「{user}」提交了实名认证', content: '用户「{user}」（{mobile}）提交了{kind}，请及时审核。' });
  const seen = fakeApi({
    ...typeOptionsHandler(),
    'POST /api/inform/system_event_list': () => answerOf(informCalls.systemEventList, events),
    'POST /api/inform/system_event_edit': ({ body }) => {
      const saved = { ...(body as SystemEventSettings), updated_at: at };
      events[events.findIndex((e) => e.code === saved.code)] = saved;
      return answerOf(informCalls.systemEventEdit, saved);
    },
    'POST /api/power/role_list': () => answerOf(powerCalls.roleList, { count: 2, data: [role(7, '实名审核员'), role(8, '运营主管')] }),
  });
  return seen;
}

const row = (text: string) => screen.getByText(text).closest('tr')!;
const edits = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/inform/system_event_edit').map((r) => r.body);

describe('SystemEventsPage (系统通知)', () => {
  it('lists every event with whom it notifies, its channels, its type by name, and which are not raised yet', async () => {
    fakeServer();
    renderInShell(<SystemEventsPage />, { path });
    const submitted = await screen.findByText('用户提交实名认证');
    expect(await within(submitted.closest('tr')!).findByText('实名审核员')).toBeInTheDocument();
    expect(within(row('用户提交实名认证')).getByText('站内信')).toBeInTheDocument();
    expect(within(row('用户提交实名认证')).getByText('跟进消息通知')).toBeInTheDocument();
    expect(within(row('实名认证通过')).getByText('事件相关的用户本人')).toBeInTheDocument();
    expect(within(row('发布弹窗公告')).getByText('未选择角色，不会发送')).toBeInTheDocument();
    expect(within(row('员工登录失败被锁定')).getByText('待接入')).toBeInTheDocument();
    expect(within(row('用户提交实名认证')).queryByText('待接入')).toBeNull();
  });

  it('turns an event off from its switch, keeping the rest of its settings', async () => {
    const seen = fakeServer();
    renderInShell(<SystemEventsPage />, { path, profile: staffWith('notification.system.view', 'notification.system.edit', 'role.view') });
    await screen.findByText('用户提交实名认证');
    await userEvent.click(screen.getByRole('switch', { name: '启用：用户提交实名认证' }));
    await waitFor(() => expect(edits(seen)).toHaveLength(1));
    expect(edits(seen)[0]).toEqual({ code: 'user.verification.submitted', enabled: false, channels: ['site'], role_ids: [7], type: 5, title: '用户「{user}」提交了实名认证', content: '用户「{user}」（{mobile}）提交了{kind}，请及时审核。' });
    expect(await screen.findByText('已停用')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '启用：用户提交实名认证' })).not.toBeChecked());
  });

  it('edits roles, channels and text; a placeholder that is not the event’s is refused on the field, nothing sent', async () => {
    const seen = fakeServer();
    renderInShell(<SystemEventsPage />, { path });
    await screen.findByText('发布弹窗公告');
    await userEvent.click(within(row('发布弹窗公告')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑系统通知' });

    await userEvent.click(within(dialog).getByRole('combobox', { name: '接收角色' }));
    await userEvent.click(await screen.findByText('运营主管', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '短信' }));
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '新公告：{title}（{nope}）' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('{nope} 不是此事件的参数')).toBeInTheDocument();
    expect(edits(seen)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '新公告：{title}' } });
    // The preview fills the placeholders with the catalogue's samples.
    expect(await within(dialog).findByText('新公告：五一劳动节放假安排')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(edits(seen)).toEqual([
      { code: 'inform.announcement.published', enabled: true, channels: ['site', 'sms'], role_ids: [8], type: 1, title: '新公告：{title}', content: '内容' },
    ]);
    expect(await within(row('发布弹窗公告')).findByText('运营主管')).toBeInTheDocument();
  });

  it('refuses to keep an event on without a channel', async () => {
    const seen = fakeServer();
    renderInShell(<SystemEventsPage />, { path });
    await screen.findByText('用户导出完成');
    await userEvent.click(within(row('用户导出完成')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑系统通知' });
    expect(within(dialog).getByText('发起操作的员工本人')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: '接收角色' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '站内信' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('启用时请至少选择一种发送渠道')).toBeInTheDocument();
    expect(edits(seen)).toEqual([]);
  });

  it('shows a view-only staff the settings with the switches off limits and no 编辑; roles by number without 查看角色', async () => {
    const seen = fakeServer();
    renderInShell(<SystemEventsPage />, { path, profile: staffWith('notification.system.view') });
    await screen.findByText('用户提交实名认证');
    expect(screen.getByRole('switch', { name: '启用：用户提交实名认证' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(row('用户提交实名认证')).getByText('角色 #7')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/power/role_list')).toBe(false);
  });
});
