import { informCalls, settingsCalls } from '@juqi/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { useLiveStore } from '../live/live-store';
import { AnnouncementDetailDrawer } from './announcement-detail-drawer';

vi.setConfig({ testTimeout: 30_000 });

const details = {
  id: 7,
  title: '五一劳动节放假安排',
  sender: '聚企中台官方助手',
  time: '2026-04-20T02:30:00.000Z',
  content: '<p>5 月 1 日至 5 月 5 日<strong>放假</strong>。</p><img src="x" onerror="window.__xss=1">',
  img: '',
  data: [],
};

function fakeServer() {
  return fakeApi({
    'POST /api/inform/announcement_details': () => answerOf(informCalls.announcementDetails, details),
    'GET /api/set/system_details': () => answerOf(settingsCalls.systemDetails, { website: '聚企中台', pc_logo: '', time_zone: 'Asia/Shanghai' }),
  });
}

const open = (target: Partial<Parameters<ReturnType<typeof useLiveStore.getState>['showDetails']>[0]>) =>
  act(() => useLiveStore.getState().showDetails({ inform_id: 7, title: '', time: '', content: '', img: '', data: [], ...target }));

describe('AnnouncementDetailDrawer', () => {
  it('shows announcement inform_id: title, the official-assistant sender line, time and sanitised rich text; says 查看详情成功 after a pop-up\'s view-details', async () => {
    const seen = fakeServer();
    renderInShell(<AnnouncementDetailDrawer />);
    open({ inform_id: 7, viaPopup: true });
    const drawer = await screen.findByRole('dialog', { name: '公告详情' });
    expect(await within(drawer).findByRole('heading', { name: details.title })).toBeInTheDocument();
    expect(within(drawer).getByText('聚企中台官方助手')).toBeInTheDocument();
    expect(within(drawer).getByText(/^2026-04-20 \d\d:30$/)).toBeInTheDocument();
    expect(within(drawer).getByText('放假').tagName).toBe('STRONG');
    expect(drawer.querySelector('img[onerror]')).toBeNull();
    expect(await screen.findByText('查看详情成功')).toBeInTheDocument();
    expect(seen.filter((r) => r.url === '/api/inform/announcement_details').map((r) => r.body)).toEqual([{ id: 7 }]);
  });

  it('with inform_id 0 shows the pop-up it came from, with its facts, without asking the server', async () => {
    const seen = fakeServer();
    renderInShell(<AnnouncementDetailDrawer />);
    open({ inform_id: 0, title: '订单已发货', time: '2026-05-01T08:00:00.000Z', content: '<p>请留意物流</p>', data: { order: 'A-1001' }, viaPopup: true });
    const drawer = await screen.findByRole('dialog', { name: '公告详情' });
    expect(within(drawer).getByRole('heading', { name: '订单已发货' })).toBeInTheDocument();
    expect(within(drawer).getByText('请留意物流')).toBeInTheDocument();
    expect(within(drawer).getByText('A-1001')).toBeInTheDocument();
    expect(await within(drawer).findByText('聚企中台官方助手')).toBeInTheDocument();
    expect(await screen.findByText('查看详情成功')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/inform/announcement_details')).toBe(false);
  });

  it('opened from the notification list (not a pop-up), it shows the announcement without saying 查看详情成功', async () => {
    fakeServer();
    renderInShell(<AnnouncementDetailDrawer />);
    open({ inform_id: 7 });
    const drawer = await screen.findByRole('dialog', { name: '公告详情' });
    expect(await within(drawer).findByRole('heading', { name: details.title })).toBeInTheDocument();
    // The toast would follow the answer in the same render pass; give it a moment to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('查看详情成功')).toBeNull();
  });

  it('closes at once, without asking: it only shows the announcement', async () => {
    fakeServer();
    renderInShell(<AnnouncementDetailDrawer />);
    open({ inform_id: 7 });
    const drawer = await screen.findByRole('dialog', { name: '公告详情' });
    fireEvent.click(within(drawer).getByRole('button', { name: /^(关闭|Close)$/ }));
    await vi.waitFor(() => expect(useLiveStore.getState().details).toBeNull());
    expect(screen.queryByText('确认关闭？')).toBeNull();
  });
});
