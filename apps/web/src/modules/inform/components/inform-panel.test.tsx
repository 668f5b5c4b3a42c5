import { informCalls, notificationTypeResource, type NotificationItem } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { seededTypes } from '../test/type-options';
import { renderInShell } from '../../../test/render-in-shell';
import { usePreferences } from '../../../lib/preferences';
import { resourceKeys } from '../../../lib/resource';
import { useLiveStore } from '../live/live-store';
import { InformPanel } from './inform-panel';
import { visibleOption } from '../../../test/antd';

vi.setConfig({ testTimeout: 60_000 });

const item = (id: number, type: number, title: string, is_read = 0): NotificationItem => ({
  id,
  type,
  title,
  content: `${title}的内容`,
  is_read,
  sender: '',
  time: '2026-05-01T08:00:00.000Z',
  subject: null,
});

const body = (r: SeenRequest) => r.body as Record<string, unknown>;

/** The staff's notifications as a tiny server keeps them: filtered by is_read and type, read and deleted for real. */
function fakeServer(types = () => seededTypes) {
  const rows = [item(1, 1, '批量导出完成'), item(2, 2, '帮助手册已更新'), item(3, 4, '提现积压预警'), item(4, 2, '知识库周报', 1)];
  const unread = () => {
    const by_type = [1, 2, 3, 4, 5].map((type) => ({ type, count: rows.filter((r) => r.type === type && !r.is_read).length }));
    return { total: by_type.reduce((s, t) => s + t.count, 0), by_type };
  };
  const seen = fakeApi({
    'POST /api/inform/type_options': () => answerOf(informCalls.typeOptions, types()),
    'POST /api/inform/list_notifications': (r) => {
      const { is_read, type } = body(r) as { is_read: number; type: number };
      const data = rows.filter((x) => x.is_read === is_read && (type === 0 || x.type === type));
      return answerOf(informCalls.listNotifications, { count: data.length, unread: unread().total, data });
    },
    'POST /api/inform/read_notifications': (r) => {
      for (const x of rows) if ((body(r).ids as number[]).includes(x.id)) x.is_read = 1;
      return answerOf(informCalls.readNotifications, { updated: 1, unread: unread() });
    },
    'POST /api/inform/del_notifications': (r) => {
      rows.splice(
        rows.findIndex((x) => x.id === body(r).id),
        1,
      );
      return answerOf(informCalls.delNotification, { unread: unread() });
    },
    'POST /api/inform/my_announcements': () =>
      answerOf(informCalls.myAnnouncements, { count: 1, data: [{ id: 9, class: 'Dialog', title: '放假安排', summary: '五一放假五天', seen: true, time: '2026-04-20T02:30:00.000Z' }] }),
  });
  return seen;
}

const listCalls = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/inform/list_notifications').map((r) => r.body);
/** The drawer item holding this title. */
const itemOf = (title: string) => screen.getByText(title).closest('.inform-item') as HTMLElement;
/** The titles of the open type filter's options. */
const openOptions = () =>
  Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).map((o) => o.getAttribute('title'));
const titles = () => Array.from(document.querySelectorAll('.inform-item__name')).map((e) => e.textContent);

async function chooseType(label: string, open = true) {
  if (open) await userEvent.click(screen.getByRole('combobox', { name: '通知类型' }));
  const option = await visibleOption(label);
  await userEvent.click(option);
}

describe('InformPanel (the notification drawer)', () => {
  it('lists unread notifications of every type first, with title, content, time, type and the total', async () => {
    const seen = fakeServer();
    renderInShell(<InformPanel />);
    expect(screen.getByRole('tab', { name: '消息通知', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '公告' })).toBeInTheDocument();
    expect(await screen.findByText('批量导出完成')).toBeInTheDocument();
    expect(titles()).toEqual(['批量导出完成', '帮助手册已更新', '提现积压预警']);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(screen.getByText('帮助手册已更新的内容')).toBeInTheDocument();
    expect(screen.getAllByText(/^2026-05-01 \d\d:00$/)).toHaveLength(3);
    expect(screen.getAllByText('知识更新通知').length).toBeGreaterThan(0);
    expect(listCalls(seen)).toEqual([{ is_read: 0, type: 0, page: 1, limit: 20 }]);
  });

  it('the type filter offers All and the five types (ids 0–5) and sends type; read and unread send is_read', async () => {
    const seen = fakeServer();
    renderInShell(<InformPanel />);
    await screen.findByText('批量导出完成');
    await userEvent.click(screen.getByRole('combobox', { name: '通知类型' }));
    const options = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).map((o) => o.getAttribute('title'));
      if (found.length < 6) throw new Error('options not open');
      return found;
    });
    expect(options).toEqual(['全部', '操作执行通知', '知识更新通知', '版本迭代通知', '预警监督通知', '跟进消息通知']);
    await chooseType('知识更新通知', false);
    await waitFor(() => expect(titles()).toEqual(['帮助手册已更新']));
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '已读' }));
    await waitFor(() => expect(titles()).toEqual(['知识库周报']));
    expect(listCalls(seen).slice(-2)).toEqual([
      { is_read: 0, type: 2, page: 1, limit: 20 },
      { is_read: 1, type: 2, page: 1, limit: 20 },
    ]);
  });

  it('names the types as 通知类型 sets them up — in the filter and on the items, a turned-off one too — and follows an edit there without a reload', async () => {
    let types = seededTypes.map((x) => (x.id === 4 ? { ...x, name: '风险预警', enabled: false } : x));
    fakeServer(() => types);
    const { client } = renderInShell(<InformPanel />);
    await screen.findByText('批量导出完成');
    expect(within(itemOf('提现积压预警')).getByText('风险预警')).toBeInTheDocument();
    expect(itemOf('提现积压预警').querySelector<HTMLElement>('.notification-type-tag__dot')?.style.background).toBe('rgb(214, 34, 52)');
    await userEvent.click(screen.getByRole('combobox', { name: '通知类型' }));
    await waitFor(() => expect(openOptions()).toEqual(['全部', '操作执行通知', '知识更新通知', '版本迭代通知', '风险预警', '跟进消息通知']));

    // 通知类型's save refreshes the queries under the resource's keys.
    types = types.map((x) => (x.id === 2 ? { ...x, name: '知识库通知', name_en: 'Knowledge base notice' } : x));
    await client.invalidateQueries({ queryKey: resourceKeys(notificationTypeResource).all });
    await waitFor(() => expect(within(itemOf('帮助手册已更新')).getByText('知识库通知')).toBeInTheDocument());
    expect(openOptions()).toContain('知识库通知');

    usePreferences.getState().setLanguage('en-US');
    await waitFor(() => expect(within(itemOf('帮助手册已更新')).getByText('Knowledge base notice')).toBeInTheDocument());
  });

  it('opening an unread item marks it read, and the badge takes the new unread count', async () => {
    const seen = fakeServer();
    renderInShell(<InformPanel />);
    fireEvent.click(await screen.findByText('提现积压预警'));
    await waitFor(() => expect(titles()).toEqual(['批量导出完成', '帮助手册已更新']));
    expect(seen.find((r) => r.url === '/api/inform/read_notifications')?.body).toEqual({ ids: [3] });
    expect(useLiveStore.getState().unread?.total).toBe(2);
  });

  it('each item has a delete link (shown on hover) that deletes it', async () => {
    const seen = fakeServer();
    renderInShell(<InformPanel />);
    await screen.findByText('批量导出完成');
    const row = screen.getByText('批量导出完成').closest('.inform-item') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(titles()).toEqual(['帮助手册已更新', '提现积压预警']));
    expect(seen.find((r) => r.url === '/api/inform/del_notifications')?.body).toEqual({ id: 1 });
    // Deleting does not open (mark read) the item.
    expect(seen.some((r) => r.url === '/api/inform/read_notifications')).toBe(false);
    expect(await screen.findByText('已删除')).toBeInTheDocument();
  });

  it('the announcements entry lists announcements; one opens in the detail drawer', async () => {
    fakeServer();
    renderInShell(<InformPanel />);
    await userEvent.click(screen.getByRole('tab', { name: '公告' }));
    fireEvent.click(await screen.findByText('放假安排'));
    expect(useLiveStore.getState().details).toMatchObject({ inform_id: 9, title: '放假安排' });
  });
});
