import { informCalls, type PublishedNotification } from '@juqi/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { typeOptionsHandler } from '../test/type-options';
import { usePreferences } from '../../../lib/preferences';
import { renderInShell } from '../../../test/render-in-shell';
import { SentNotifications } from './sent-notifications';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const sent = (id: number, title: string, extra: Partial<PublishedNotification>): PublishedNotification => ({
  id,
  type: 3,
  title,
  content: `${title}的内容`,
  target: 'staff',
  template_id: null,
  recipient_count: 1,
  read_count: 0,
  sender: '超级管理员',
  created_at: '2026-05-01T08:00:00.000Z',
  ...extra,
});

describe('SentNotifications (已发布通知)', () => {
  it('shows a notification to users with the target 用户 and its recipient count, without a read count', async () => {
    fakeApi({
      ...typeOptionsHandler(),
      'POST /api/inform/list_data_notifications': () =>
        answerOf(informCalls.listDataNotifications, {
          count: 2,
          data: [
            sent(2, '代理商专属活动', { target: 'users', recipient_count: 12_345, read_count: null }),
            sent(1, '版本更新', { target: 'staff', recipient_count: 3, read_count: 2 }),
          ],
        }),
    });
    renderInShell(<SentNotifications />);
    const toUsers = (await screen.findByText('代理商专属活动')).closest('tr')!;
    expect(within(toUsers).getByText('用户')).toBeInTheDocument();
    expect(within(toUsers).getByText('— / 12,345')).toBeInTheDocument();
    const toStaff = screen.getByText('版本更新').closest('tr')!;
    expect(within(toStaff).getByText('指定员工')).toBeInTheDocument();
    expect(within(toStaff).getByText('2 / 3')).toBeInTheDocument();
  });

  describe('in English', () => {

    it('names the type in English on a tag that keeps to its cell and shows the whole name on hover', async () => {
      usePreferences.getState().setLanguage('en-US');
      fakeApi({
        ...typeOptionsHandler(),
        'POST /api/inform/list_data_notifications': () => answerOf(informCalls.listDataNotifications, { count: 1, data: [sent(1, '代理提现申请积压预警', { type: 4 })] }),
      });
      renderInShell(<SentNotifications />);
      const row = (await screen.findByText('代理提现申请积压预警')).closest('tr')!;
      const tag = within(row).getByText('Early-warning supervision notice');
      expect(tag).toHaveAttribute('title', 'Early-warning supervision notice');
      expect(tag).toHaveClass('notification-type-tag');
    });
  });
});
