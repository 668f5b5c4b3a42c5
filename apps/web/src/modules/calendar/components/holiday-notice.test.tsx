import { calendarCalls } from '@juqi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { HolidayNotice } from './holiday-notice';

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null });

const midAutumn = { name: '中秋节', first_day: '2026-09-25', last_day: '2026-09-27', make_up_days: [] };
const nationalDay = { name: '国庆节', first_day: '2026-10-01', last_day: '2026-10-07', make_up_days: ['2026-09-20', '2026-10-10'] };
const answering = (notices: (typeof nationalDay)[]) => fakeApi({ [`GET ${calendarCalls.holidayNotices.path}`]: () => answerOf(calendarCalls.holidayNotices, notices) });
const noticeOf = (name: string) => screen.findByRole('dialog', { name: `${name}放假安排` });

describe('the holiday notice after sign-in', () => {
  it('tells of each holiday at hand in date order, once: closed, it stays closed for that holiday', async () => {
    answering([midAutumn, nationalDay]);
    const { unmount } = renderInShell(<HolidayNotice />);
    expect(await noticeOf('中秋节')).toHaveTextContent('9月25日周五至9月27日周日放假，共 3 天。');
    await user.click(screen.getByRole('button', { name: /知\s*道\s*了/ }));

    const next = await noticeOf('国庆节');
    expect(next).toHaveTextContent('10月1日周四至10月7日周三放假，共 7 天。');
    expect(next).toHaveTextContent('9月20日周日、10月10日周六调休上班。');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Signed in again, in this browser: nothing more to tell.
    unmount();
    renderInShell(<HolidayNotice />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells another staff member in the same browser all the same', async () => {
    answering([nationalDay]);
    localStorage.setItem('juqi-holiday-notice-dismissed-1', '2026-10-01');
    renderInShell(<HolidayNotice />, { profile: staffWith() });
    expect(await noticeOf('国庆节')).toHaveTextContent('10月1日周四至10月7日周三放假，共 7 天。');
  });

  it('tells of nothing when no holiday is at hand', async () => {
    const seen = answering([]);
    renderInShell(<HolidayNotice />);
    await waitFor(() => expect(seen.map((request) => request.url)).toEqual([calendarCalls.holidayNotices.path]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
