import { informCalls, type NotificationRecipient, type PublishedNotification, type PublishedNotificationDetails } from '@juqi/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { typeOptionsHandler } from '../test/type-options';
import { currentUrl, renderInShell } from '../../../test/render-in-shell';
import { ManagePage } from './manage-page';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const longTitle = '二季度代理商结算规则调整说明（请所有运营同事在周五前完成确认）';
const longContent = '自 7 月 1 日起，代理商佣金按月结算。\n结算单在每月 5 日前生成，请核对后在后台确认。';

const sent = (id: number, extra: Partial<PublishedNotification>): PublishedNotification => ({
  id,
  type: 1,
  title: longTitle,
  content: longContent,
  target: 'staff',
  template_id: null,
  recipient_count: 3,
  read_count: 1,
  sender: '运营主管',
  created_at: '2026-05-01T08:00:00.000Z',
  ...extra,
});

const toStaff = sent(7, {});
const toUsers = sent(8, { title: '代理商专属活动', content: '本月推广奖励翻倍。', target: 'users', recipient_count: 12_345, read_count: null });

const details: Record<number, PublishedNotificationDetails> = {
  7: { ...toStaff, selection: null, selection_at: null },
  8: { ...toUsers, selection: { mode: 'filter', filter: { type_user: 1 }, exclude_ids: [31, 32] }, selection_at: '2026-05-01T08:00:00.000Z' },
};

const staffCopy = (staff_id: number, name: string, read_at: string | null): NotificationRecipient => ({
  staff_id,
  name,
  staff_num: `S00${staff_id}`,
  is_read: read_at ? 1 : 0,
  read_at,
});

function api() {
  return fakeApi({
    ...typeOptionsHandler(),
    'POST /api/inform/list_data_notifications': () => answerOf(informCalls.listDataNotifications, { count: 2, data: [toUsers, toStaff] }),
    'POST /api/inform/data_notification_details': ({ body }) => answerOf(informCalls.dataNotificationDetails, details[(body as { id: number }).id]),
    // One of the three recipients deleted their copy: one read, one unread.
    'POST /api/inform/data_notification_recipients': ({ body }) =>
      answerOf(informCalls.dataNotificationRecipients, {
        count: 1,
        data: [(body as { is_read: number }).is_read ? staffCopy(2, '张晓雯', '2026-05-02T01:30:00.000Z') : staffCopy(3, '李建国', null)],
        read: 1,
        unread: 1,
      }),
  });
}

// Found by its title's text: under test antd gives every generated id the same value, so the page's tabs take the
// drawer's aria-labelledby target.
const drawer = () =>
  waitFor(() => {
    const found = screen.queryAllByRole('dialog').find((d) => d.querySelector('.ant-drawer-title')?.textContent === '通知详情');
    if (!found) throw new Error('the drawer 通知详情 is not open');
    return found;
  });

describe('ManagePage › 已发布通知 (the notification detail drawer)', () => {
  it('opens a notification to staff from its title, with its content, recipients and who has and has not read it', async () => {
    const seen = api();
    renderInShell(<ManagePage />);
    await user.click(await screen.findByRole('button', { name: longTitle }));
    const panel = within(await drawer());
    expect(panel.getByRole('heading', { name: longTitle })).toBeInTheDocument();
    expect(panel.getByText('操作执行通知')).toBeInTheDocument();
    expect(panel.getByText('运营主管')).toBeInTheDocument();
    expect(panel.getByText('指定员工 · 3 人')).toBeInTheDocument();
    expect(panel.getByText((_, el) => el?.classList.contains('sent-notification__content') === true && el.textContent === longContent)).toBeInTheDocument();

    // Read first, with when; then who has not read it.
    expect(await panel.findByText('张晓雯')).toBeInTheDocument();
    expect(panel.getByText('S002')).toBeInTheDocument();
    expect(panel.getByText('已读 1')).toBeInTheDocument();
    expect(panel.getByText('另有 1 人的这条通知已删除（本人删除或账号已删除），不在名单中')).toBeInTheDocument();
    await user.click(panel.getByText('未读 1'));
    expect(await panel.findByText('李建国')).toBeInTheDocument();
    expect(panel.queryByText('张晓雯')).not.toBeInTheDocument();
    const asked = seen.filter((r) => r.url === '/api/inform/data_notification_recipients').map((r) => r.body);
    expect(asked).toEqual([
      { id: 7, is_read: 1, page: 1, limit: 10 },
      { id: 7, is_read: 0, page: 1, limit: 10 },
    ]);

    // It only shows the notification: closing asks nothing.
    await user.click(panel.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('opens a notification to users from 详情 with its selection, and says why users have no read count', async () => {
    const seen = api();
    renderInShell(<ManagePage />);
    const row = (await screen.findByText('代理商专属活动')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /详情/ }));
    const panel = within(await drawer());
    expect(panel.getByText('用户 · 12,345 人')).toBeInTheDocument();
    expect(await panel.findByText('用户在各自的应用中阅读通知，后台看不到用户的阅读情况，这里只显示接收人数。')).toBeInTheDocument();
    expect(panel.getByText(/^按筛选条件选择：发送时（2026-05-01 \d\d:00）已注册且符合条件的用户，共 12,345 人$/)).toBeInTheDocument();
    expect(panel.getByText('其中排除了 2 人')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/inform/data_notification_recipients')).toBe(false);
  });

  it('shows a cut title and content whole, and the reason for — / N, in tooltips', async () => {
    api();
    renderInShell(<ManagePage />);
    const row = (await screen.findByRole('button', { name: longTitle })).closest('tr')!;
    await user.hover(within(row).getByRole('button', { name: longTitle }));
    expect(await screen.findByRole('tooltip', { name: longTitle })).toBeInTheDocument();
    await user.hover(within(row).getByText((_, el) => el?.classList.contains('sent-notifications__cut') === true));
    await waitFor(() => expect(screen.getAllByRole('tooltip').some((tip) => tip.textContent === longContent)).toBe(true));
    const usersRow = screen.getByText('代理商专属活动').closest('tr')!;
    await user.hover(within(usersRow).getByText('— / 12,345'));
    expect(await screen.findByRole('tooltip', { name: '用户在各自的应用中阅读通知，后台看不到用户的阅读情况，这里只显示接收人数。' })).toBeInTheDocument();
  });
});

describe('ManagePage › its tabs and filters in the URL', () => {
  it('keeps the open tab beside its list’s filters, and leaves them behind for another tab', async () => {
    const seen = fakeApi({
      ...typeOptionsHandler(),
      'POST /api/inform/list_data_notifications': () => answerOf(informCalls.listDataNotifications, { count: 0, data: [] }),
      'POST /api/inform/list_data_announcements': () => answerOf(informCalls.listDataAnnouncements, { count: 0, data: [] }),
      'POST /api/inform/templatelist': () => answerOf(informCalls.templateList, { count: 0, data: [] }),
    });
    renderInShell(<ManagePage />, { path: '/notification/manage?tab=announcements&keyword=春节' });
    // A link to a tab with a search opens that tab, searched.
    await waitFor(() => expect(seen.find((r) => r.url === '/api/inform/list_data_announcements')?.body).toEqual({ keyword: '春节', page: 1, limit: 20 }));
    expect(screen.getByRole('tab', { name: '已发布公告', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索标题' })).toHaveValue('春节');

    await user.click(screen.getByRole('tab', { name: '通知模板' }));
    await waitFor(() => expect(currentUrl()).toBe('/notification/manage?tab=templates'));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/inform/templatelist')?.body).toEqual({ page: 1, limit: 20 }));
  });

  it('opens a notification named in the URL, as a link to it does', async () => {
    api();
    renderInShell(<ManagePage />, { path: '/notification/manage?id=7' });
    const panel = within(await drawer());
    expect(await panel.findByRole('heading', { name: longTitle })).toBeInTheDocument();
  });
});
