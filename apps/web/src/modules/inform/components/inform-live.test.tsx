import { informCalls, settingsCalls, type AnnouncementPopup, type StreamEvents } from '@juqi/contract';
import { act } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callKey } from '../../../lib/call-hooks';
import { TOKEN_COOKIE } from '../../../lib/constants';
import { answerOf, fail, fakeApi, type SeenRequest } from '../../../test/fake-api';
import { renderInShell } from '../../../test/render-in-shell';
import { useLiveStore } from '../live/live-store';
import { InformLive } from './inform-live';

vi.setConfig({ testTimeout: 30_000 });

/** Stands in for the browser's EventSource: the test sends the server's events and failures. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send<K extends keyof StreamEvents>(name: K, data: StreamEvents[K]) {
    this.readyState = FakeEventSource.OPEN;
    act(() => void this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) })));
  }
  /** The server refused or dropped the stream for good: the browser will not retry by itself. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => void this.dispatchEvent(new Event('error')));
  }
}

const unread = (total: number) => ({ total, by_type: [{ type: 1, count: total }] });
const popup = (id: number): AnnouncementPopup => ({
  id,
  class: 'Dialog',
  title: `公告 ${id}`,
  content: '',
  img: '',
  hint_state: 'info',
  close_type: ['button_close'],
  duration: 0,
  location: 'center',
  inform_id: id,
  data: [],
  time: '2026-05-01T08:00:00.000Z',
});
const shownIds = () => useLiveStore.getState().popups.map((p) => p.id);
const latest = () => FakeEventSource.made[FakeEventSource.made.length - 1]!;
const render = () => renderInShell(<InformLive EventSourceImpl={FakeEventSource as unknown as typeof EventSource} />);

let seen: SeenRequest[];
let sessionCode = 20000;
beforeEach(() => {
  FakeEventSource.made = [];
  sessionCode = 20000;
  Cookies.set(TOKEN_COOKIE, 'tok-1');
  seen = fakeApi({
    'POST /api/inform/seen_announcements': () => answerOf(informCalls.seenAnnouncements, { updated: 1 }),
    'POST /api/inform/unread_count': () => (sessionCode === 20000 ? answerOf(informCalls.unreadCount, unread(1)) : fail(sessionCode)),
    'GET /api/set/system_details': () => answerOf(settingsCalls.systemDetails, { website: '聚企中台', pc_logo: '', time_zone: 'Asia/Shanghai' }),
  });
});

describe('InformLive', () => {
  it('opens the stream without the token in its URL (the cookie carries it); hello sets the badge and shows pending pop-ups 400 ms apart, each recorded as seen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render();
    expect(latest().url).toBe('/api/inform/stream');
    latest().send('hello', { unread: unread(5), announcements: [popup(11), popup(12), popup(13)], heartbeat_ms: 25_000 });
    expect(useLiveStore.getState().unread?.total).toBe(5);
    expect(useLiveStore.getState().status).toBe('open');
    expect(shownIds()).toEqual([11]);
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(shownIds()).toEqual([11]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shownIds()).toEqual([11, 12]);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(shownIds()).toEqual([11, 12, 13]);
    await vi.waitFor(() =>
      expect(seen.filter((r) => r.url === '/api/inform/seen_announcements').map((r) => r.body)).toEqual([{ ids: [11] }, { ids: [12] }, { ids: [13] }]),
    );
  });

  it('opens no stream without a token', async () => {
    Cookies.remove(TOKEN_COOKIE);
    render();
    expect(FakeEventSource.made).toHaveLength(0);
    expect(useLiveStore.getState().status).toBe('stopped');
  });

  it('live events: unread counts, a new announcement, and a withdrawn one closing', async () => {
    render();
    latest().send('hello', { unread: unread(0), announcements: [], heartbeat_ms: 25_000 });
    latest().send('unread', unread(3));
    expect(useLiveStore.getState().unread?.total).toBe(3);
    latest().send('announcement', popup(21));
    await vi.waitFor(() => expect(useLiveStore.getState().popups.map((p) => p.id)).toEqual([21]));
    latest().send('withdrawn', { id: 21 });
    expect(useLiveStore.getState().popups).toEqual([]);
  });

  it('a refused stream reconnects by itself while the session holds, and stops once it is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render();
    const first = latest();
    first.refuse();
    expect(useLiveStore.getState().status).toBe('retrying');
    // The session still holds: a new stream after 1 s.
    await vi.waitFor(() => expect(seen.some((r) => r.url === '/api/inform/unread_count')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeEventSource.made).toHaveLength(2);
    latest().send('hello', { unread: unread(1), announcements: [], heartbeat_ms: 25_000 });
    expect(useLiveStore.getState().status).toBe('open');
    // Signed out elsewhere: the check answers 50008 and no new stream is opened.
    sessionCode = 50008;
    latest().refuse();
    await vi.waitFor(() => expect(useLiveStore.getState().status).toBe('stopped'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(FakeEventSource.made).toHaveLength(2);
  });

  it('a silent stream (no event, not even a ping, for 2.5 heartbeats) is replaced', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render();
    latest().send('hello', { unread: unread(0), announcements: [], heartbeat_ms: 10_000 });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    latest().send('ping', { time: new Date().toISOString() });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(FakeEventSource.made).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(FakeEventSource.made).toHaveLength(2);
    expect(FakeEventSource.made[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('refreshes what a notification is about, or what the stream says changed: a finance record’s list and balances, and the to-dos', async () => {
    const { client } = render();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const refreshed = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    latest().send('hello', { unread: unread(0), announcements: [], heartbeat_ms: 25_000 });

    invalidate.mockClear();
    latest().send('changed', { kind: 'finance_adjustment', id: 'AJ20261126010000123456' });
    expect(refreshed()).toEqual([['finance', 'adjustments'], ['finance', 'statement'], ['approval', 'todos']]);

    invalidate.mockClear();
    const notice = { id: 3, type: 5, title: '提现待打款：张三 ¥ 300.00', content: '', is_read: 0, sender: '', time: '2026-11-26T01:00:00.000Z' };
    latest().send('notification', { ...notice, subject: { kind: 'finance_withdrawal', id: 'WD20261126010000123456' } });
    expect(refreshed()).toEqual([callKey(informCalls.listNotifications), ['finance', 'withdrawals'], ['finance', 'statement'], ['approval', 'todos']]);
  });
});
