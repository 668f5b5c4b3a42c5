import { authCalls, informCalls, type AnnouncementPopup, type NotificationItem, type StreamSnapshot, type UnreadCounts } from '@juqi/contract';
import pg from 'pg';
import pino from 'pino';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { serverModules } from '../src/modules';
import { createInformModule } from '../src/modules/inform';
import { PgNotifyBus } from '../src/modules/inform/bus';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { listenOnLoopback, openEventStream, type EventStreamClient } from './helpers/event-stream';
import { withDatabase } from './helpers/postgres-admin';

/**
 * GET /api/inform/stream over a real loopback connection: authentication (token in the query, as EventSource sends it),
 * live notifications, unread counts and announcements, heartbeats, the end of a stream when its session ends, and
 * tokens kept out of the logs.
 */

const HEARTBEAT_MS = 300;
const withFastHeartbeat = () =>
  serverModules.map((m) => (m.name === 'inform' ? createInformModule({ stream: { heartbeatMs: HEARTBEAT_MS, maxPerStaff: 2 } }) : m));

let t: TestApp;
let port: number;
const logLines: string[] = [];
let publisher: { token: string; staffId: number };
let manager: { token: string; staffId: number };
const opened: EventStreamClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ modules: withFastHeartbeat(), logLines });
  port = await listenOnLoopback(t.app);
  publisher = await createStaffWith(t, ['notification.publish']);
  manager = await createStaffWith(t, ['notification.manage']);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await t?.close();
});

async function stream(token: string | null, extra: Record<string, string> = {}): Promise<EventStreamClient> {
  const path = token ? `/api/inform/stream?token=${encodeURIComponent(token)}` : '/api/inform/stream';
  const client = await openEventStream(port, path, extra);
  opened.push(client);
  return client;
}

const notify = (staffId: number, title: string, type = 1) =>
  invoke(t, informCalls.addNotifications, { type, title, content: `${title}的内容`, staff_ids: [staffId] }, publisher.token);

describe('the live stream', () => {
  it('refuses a missing or unknown token with the 50008 envelope', async () => {
    for (const token of [null, 'not-a-token']) {
      const s = await stream(token);
      expect(s.status).toBe(401);
      await s.ended;
      expect(JSON.parse(s.raw())).toMatchObject({ code: 50008 });
    }
  });

  it('opens with the token in the query and starts with a hello snapshot', async () => {
    const staff = await createStaffWith(t, []);
    await notify(staff.staffId, '开流前的通知', 2);
    const s = await stream(staff.token);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toBe('no-store');
    // The stream's answer is hijacked from Fastify; the security headers still come with it.
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect(s.headers['content-security-policy']).toContain("default-src 'self'");
    const hello = await s.next<StreamSnapshot>('hello');
    expect(hello.unread.total).toBe(1);
    expect(hello.unread.by_type.find((x) => x.type === 2)?.count).toBe(1);
    expect(hello.announcements).toEqual([]);
    expect(hello.heartbeat_ms).toBe(HEARTBEAT_MS);
    expect(s.raw().startsWith('retry: 3000\n\n')).toBe(true);
  });

  it('also accepts the X-Token header', async () => {
    const staff = await createStaffWith(t, []);
    const s = await stream(null, { 'x-token': staff.token });
    expect(s.status).toBe(200);
    await s.next('hello');
  });

  it('pushes new notifications for its staff only, then the unread count', async () => {
    const staff = await createStaffWith(t, []);
    const other = await createStaffWith(t, []);
    const s = await stream(staff.token);
    await s.next('hello');
    await notify(other.staffId, '别人的通知');
    await notify(staff.staffId, '自己的通知', 4);
    const item = await s.next<NotificationItem>('notification');
    expect(item).toMatchObject({ title: '自己的通知', content: '自己的通知的内容', type: 4, is_read: 0 });
    const unread = await s.next<UnreadCounts>('unread');
    expect(unread.total).toBe(1);
    expect(s.events.filter((e) => e.event === 'notification')).toHaveLength(1);

    // Reading it elsewhere (another tab) updates the count here.
    await invoke(t, informCalls.readNotifications, { ids: [item.id] }, staff.token);
    expect((await s.next<UnreadCounts>('unread')).total).toBe(0);
  });

  it('pushes notifications to all staff, and a deletion’s new count', async () => {
    const staff = await createStaffWith(t, []);
    const s = await stream(staff.token);
    await s.next('hello');
    const sent = await invoke(t, informCalls.addNotifications, { type: 3, title: '全员版本通知', content: 'v2.1', target: 'all' }, publisher.token);
    expect((await s.next<NotificationItem>('notification')).title).toBe('全员版本通知');
    expect((await s.next<UnreadCounts>('unread')).total).toBe(1);
    await invoke(t, informCalls.delDataNotifications, { id: sent.data.id }, manager.token);
    expect((await s.next<UnreadCounts>('unread')).total).toBe(0);
  });

  it('pushes announcements, shows pending ones in hello, and tells a withdrawal', async () => {
    const staff = await createStaffWith(t, []);
    const body = (title: string) => ({ class: 'MessageBox', title, content: '<p>内容</p>', close_type: ['button_close'], staff_ids: [staff.staffId] });
    const early = await invoke(t, informCalls.addAnnouncement, body('开流前的公告'), publisher.token);
    const s = await stream(staff.token);
    const hello = await s.next<StreamSnapshot>('hello');
    expect(hello.announcements.map((a) => a.id)).toEqual([early.data.id]);

    const live = await invoke(t, informCalls.addAnnouncement, body('实时公告'), publisher.token);
    const pushed = await s.next<AnnouncementPopup>('announcement');
    expect(pushed).toMatchObject({ id: live.data.id, class: 'MessageBox', title: '实时公告', close_type: ['button_close'], inform_id: live.data.id });

    await invoke(t, informCalls.withdrawAnnouncement, { id: live.data.id }, manager.token);
    expect(await s.next<{ id: number }>('withdrawn')).toEqual({ id: live.data.id });

    // Once seen, a new stream no longer gets it.
    await invoke(t, informCalls.seenAnnouncements, { ids: [early.data.id] }, staff.token);
    const again = await stream(staff.token);
    expect((await again.next<StreamSnapshot>('hello')).announcements).toEqual([]);
  });

  it('sends ping heartbeats', async () => {
    const staff = await createStaffWith(t, []);
    const s = await stream(staff.token);
    await s.next('hello');
    const ping = await s.next<{ time: string }>('ping', undefined, HEARTBEAT_MS * 10);
    expect(new Date(ping.time).getTime()).toBeGreaterThan(0);
    await s.next('ping', undefined, HEARTBEAT_MS * 10);
  });

  it('ends when its session ends (log-out) or expires', async () => {
    const staff = await createStaffWith(t, []);
    const s = await stream(staff.token);
    await s.next('hello');
    await invoke(t, authCalls.logout, {}, staff.token);
    await s.ended;

    const idle = await createStaffWith(t, []);
    const s2 = await stream(idle.token);
    await s2.next('hello');
    // Past the two idle hours (an open stream does not keep a session alive).
    t.clock.advance(3 * 3_600_000);
    await s2.ended;
    expect((await stream(idle.token)).status).toBe(401);
    // Every earlier session is past its idle limit now too.
    publisher = await createStaffWith(t, ['notification.publish']);
    manager = await createStaffWith(t, ['notification.manage']);
  });

  it('keeps at most the configured number of streams per staff, closing the oldest', async () => {
    const staff = await createStaffWith(t, []);
    const first = await stream(staff.token);
    await first.next('hello');
    const second = await stream(staff.token);
    await second.next('hello');
    const third = await stream(staff.token);
    await third.next('hello');
    await first.ended;
    await notify(staff.staffId, '多标签页');
    expect((await second.next<NotificationItem>('notification')).title).toBe('多标签页');
    expect((await third.next<NotificationItem>('notification')).title).toBe('多标签页');
  });

  it('answers the hello snapshot as JSON to a client that does not ask for events', async () => {
    const staff = await createStaffWith(t, []);
    await notify(staff.staffId, 'JSON 快照');
    const res = await invoke(t, informCalls.stream, {}, staff.token);
    expect(res).toMatchObject({ code: 20000, data: { unread: { total: 1 }, announcements: [], heartbeat_ms: HEARTBEAT_MS } });
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/inform/stream?token=${staff.token}` });
    expect(viaQuery.json().code).toBe(20000);
    // Other calls do not take the token from the query.
    const listed = await t.app.inject({ method: 'POST', url: `/api/inform/list_notifications?token=${staff.token}`, payload: {} });
    expect(listed.json().code).toBe(50008);
  });

  it('keeps tokens out of the logs', async () => {
    const staff = await createStaffWith(t, []);
    const s = await stream(staff.token);
    await s.next('hello');
    s.close();
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/inform/stream?token=[redacted]');
    expect(logged).not.toContain(staff.token);
    expect(logged).not.toContain(publisher.token);
  });
});

describe('shutting down', () => {
  it('ends open streams so the server closes promptly', async () => {
    const other = await buildTestApp();
    try {
      const otherPort = await listenOnLoopback(other.app);
      const token = await signInAsAdmin(other);
      const s = await openEventStream(otherPort, `/api/inform/stream?token=${token}`);
      await s.next('hello');
      const started = Date.now();
      await other.app.close();
      await s.ended;
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await other.database.close();
    }
  });
});

/** The rows of a statement on the test app's database. */
const query = async <R>(statement: SQL) => ((await t.database.db.execute(statement)) as unknown as { rows: R[] }).rows;
/** Ends a PostgreSQL backend, as a server restart or an administrator would. */
const cut = (pid: number) => t.database.db.execute(sql`select pg_terminate_backend(${pid})`);

/** The first value `read` gives within 10 s. */
async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe.runIf(testEngine === 'postgres')('several server processes on one PostgreSQL', () => {
  it('delivers a publication made on one server to a stream open on another (LISTEN/NOTIFY)', async () => {
    const second = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }), clock: t.clock });
    try {
      const secondPort = await listenOnLoopback(second);
      const staff = await createStaffWith(t, []);
      const s = await openEventStream(secondPort, `/api/inform/stream?token=${staff.token}`);
      opened.push(s);
      await s.next('hello');
      await notify(staff.staffId, '跨进程通知');
      expect((await s.next<NotificationItem>('notification')).title).toBe('跨进程通知');
      const popup = await invoke(
        t,
        informCalls.addAnnouncement,
        { class: 'Message', title: '跨进程公告', close_type: ['voluntarily_close'], staff_ids: [staff.staffId] },
        publisher.token,
      );
      expect((await s.next<AnnouncementPopup>('announcement')).id).toBe(popup.data.id);
    } finally {
      await second.close();
    }
  });

  it('listens again after its connection is cut, and a cut after closing crashes nothing', async () => {
    const [here] = await query<{ name: string }>(sql`select current_database() as name`);
    const pool = new pg.Pool({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, here!.name), application_name: 'bus-under-test', max: 2 });
    pool.on('error', () => {});
    const listener = async () =>
      (await query<{ pid: number }>(sql`select pid from pg_stat_activity where application_name = 'bus-under-test' and query like 'LISTEN%'`))[0]?.pid;
    const bus = new PgNotifyBus(pool, pino({ level: 'silent' }));
    try {
      await bus.start();
      const first = await until(listener);
      await cut(first);
      // Re-established 2 s later on a new connection.
      const second = await until(async () => {
        const pid = await listener();
        return pid !== first ? pid : undefined;
      });
      const heard: unknown[] = [];
      bus.subscribe((signal) => heard.push(signal));
      await t.database.db.execute(sql`select pg_notify('juqi_inform', ${JSON.stringify({ origin: 'elsewhere', signal: { kind: 'unread', staffIds: [1] } })})`);
      await until(async () => (heard.length ? heard : undefined));
      await bus.close();
      // The connection went back to the pool; the server ending it now is the pool's business, not the bus's (a
      // second release used to throw out of the process).
      await cut(second);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await bus.close();
      await pool.end();
    }
  });
});
