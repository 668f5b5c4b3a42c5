import { authCalls, informCalls, settingsCalls, type AnnouncementPopup, type CallBody, type NotificationItem, type StreamSnapshot, type UnreadCounts } from '@juqi/contract';
import pg from 'pg';
import pino from 'pino';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { serverModules } from '../src/modules';
import { createInformModule } from '../src/modules/inform';
import { PgNotifyBus } from '../src/modules/inform/bus';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, ok, signIn, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { listenOnLoopback, openEventStream, type EventStreamClient } from './helpers/event-stream';
import { withDatabase } from './helpers/postgres-admin';

/**
 * GET /api/inform/stream over a real loopback connection: authentication (the token cookie, as EventSource sends it),
 * live notifications, unread counts and announcements, heartbeats, the end of a stream when its session ends, and
 * tokens kept out of the logs.
 */

/** The cookie the web app keeps the token in; a same-origin EventSource sends it. */
const tokenCookie = (token: string) => ({ cookie: `juqi_token=${encodeURIComponent(token)}` });

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
  const client = await openEventStream(port, '/api/inform/stream', { ...(token ? tokenCookie(token) : {}), ...extra });
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

  it('opens with the token in the juqi_token cookie and starts with a hello snapshot', async () => {
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

  it('no longer takes the token in the query (50008)', async () => {
    const staff = await createStaffWith(t, []);
    const s = await openEventStream(port, `/api/inform/stream?token=${encodeURIComponent(staff.token)}`);
    opened.push(s);
    expect(s.status).toBe(401);
    await s.ended;
    expect(JSON.parse(s.raw())).toMatchObject({ code: 50008 });
  });

  it('is the only call that takes the token cookie: a cookie alone authenticates no other call', async () => {
    const staff = await createStaffWith(t, []);
    const inject = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: tokenCookie(staff.token), payload: method === 'POST' ? {} : undefined });
    expect((await inject('POST', informCalls.listNotifications.path)).json().code).toBe(50008);
    expect((await inject('POST', informCalls.unreadCount.path)).json().code).toBe(50008);
    expect((await inject('POST', authCalls.logout.path)).json().code).toBe(50008);
    expect((await inject('GET', authCalls.info.path)).json().code).toBe(50008);
    expect((await invoke(t, authCalls.info, {}, staff.token)).code).toBe(20000);
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
    const sent = await ok(t, informCalls.addNotifications, { type: 3, title: '全员版本通知', content: 'v2.1', target: 'all' }, publisher.token);
    expect((await s.next<NotificationItem>('notification')).title).toBe('全员版本通知');
    expect((await s.next<UnreadCounts>('unread')).total).toBe(1);
    await invoke(t, informCalls.delDataNotifications, { id: sent.id }, manager.token);
    expect((await s.next<UnreadCounts>('unread')).total).toBe(0);
  });

  it('pushes announcements, shows pending ones in hello, and tells a withdrawal', async () => {
    const staff = await createStaffWith(t, []);
    const body = (title: string): CallBody<typeof informCalls.addAnnouncement> => ({ class: 'MessageBox', title, content: '<p>内容</p>', close_type: ['button_close'], staff_ids: [staff.staffId] });
    const early = await ok(t, informCalls.addAnnouncement, body('开流前的公告'), publisher.token);
    const s = await stream(staff.token);
    const hello = await s.next<StreamSnapshot>('hello');
    expect(hello.announcements.map((a) => a.id)).toEqual([early.id]);

    const live = await ok(t, informCalls.addAnnouncement, body('实时公告'), publisher.token);
    const pushed = await s.next<AnnouncementPopup>('announcement');
    expect(pushed).toMatchObject({ id: live.id, class: 'MessageBox', title: '实时公告', close_type: ['button_close'], inform_id: live.id });

    await invoke(t, informCalls.withdrawAnnouncement, { id: live.id }, manager.token);
    expect(await s.next<{ id: number }>('withdrawn')).toEqual({ id: live.id });

    // Once seen, a new stream no longer gets it.
    await invoke(t, informCalls.seenAnnouncements, { ids: [early.id] }, staff.token);
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
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/inform/stream', headers: tokenCookie(staff.token) });
    expect(viaCookie.json().code).toBe(20000);
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/inform/stream?token=${staff.token}` });
    expect(viaQuery.json().code).toBe(50008);
    const listed = await t.app.inject({ method: 'POST', url: `/api/inform/list_notifications?token=${staff.token}`, payload: {} });
    expect(listed.json().code).toBe(50008);
  });

  it('keeps tokens out of the logs', async () => {
    const staff = await createStaffWith(t, []);
    const s = await stream(staff.token);
    await s.next('hello');
    s.close();
    // A client still sending the query token is refused, and its URL is logged without it.
    await (await openEventStream(port, `/api/inform/stream?token=${staff.token}`)).ended;
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/inform/stream?token=[redacted]');
    expect(logged).not.toContain(staff.token);
    expect(logged).not.toContain(publisher.token);
  });
});

/** Whether the stream ends within `ms` (well before its heartbeat would notice). */
const endsWithin = (s: EventStreamClient, ms: number) =>
  Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('the end of a session closes its streams at once', () => {
  // A heartbeat far beyond the test's wait: only the session's end can close these streams in time.
  let slow: TestApp;
  let slowPort: number;
  let admin: string;
  const AT_ONCE_MS = 2_000;

  beforeAll(async () => {
    slow = await buildTestApp({
      modules: serverModules.map((m) => (m.name === 'inform' ? createInformModule({ stream: { heartbeatMs: 600_000 } }) : m)),
    });
    slowPort = await listenOnLoopback(slow.app);
    admin = await signInAsAdmin(slow);
  });
  afterAll(async () => {
    await slow?.close();
  });

  async function open(token: string): Promise<EventStreamClient> {
    const s = await openEventStream(slowPort, '/api/inform/stream', tokenCookie(token));
    opened.push(s);
    expect(s.status).toBe(200);
    await s.next('hello');
    return s;
  }

  /** A staff signed in twice: two sessions. */
  async function twoSessions() {
    const staff = await createStaffWith(slow, []);
    return { ...staff, second: await signIn(slow, staff.staffNum, staff.password) };
  }

  it('log-out closes the streams of that session only', async () => {
    const staff = await twoSessions();
    const mine = await open(staff.token);
    const otherTab = await open(staff.token);
    const otherSession = await open(staff.second);
    expect((await invoke(slow, authCalls.logout, {}, staff.token)).code).toBe(20000);
    expect(await endsWithin(mine, AT_ONCE_MS)).toBe(true);
    expect(await endsWithin(otherTab, AT_ONCE_MS)).toBe(true);
    // The same staff's other session keeps its stream, and it still delivers.
    await invoke(slow, informCalls.addNotifications, { type: 1, title: '仍在线', content: '内容', staff_ids: [staff.staffId] }, admin);
    expect((await otherSession.next<NotificationItem>('notification')).title).toBe('仍在线');
    expect(await endsWithin(otherSession, 100)).toBe(false);
  });

  it('a password set by an administrator closes every stream of the staff', async () => {
    const staff = await twoSessions();
    const streams = [await open(staff.token), await open(staff.second)];
    expect((await invoke(slow, authCalls.staffPassword, { id: staff.staffId, password: 'New-Pass-2026' }, admin)).code).toBe(20000);
    for (const s of streams) expect(await endsWithin(s, AT_ONCE_MS)).toBe(true);
  });

  it('changing one’s own password closes every stream of the staff', async () => {
    const staff = await twoSessions();
    const streams = [await open(staff.token), await open(staff.second)];
    const changed = await invoke(slow, authCalls.changeOwnPassword, { old_pwd: staff.password, new_pwd: 'New-Pass-2026' }, staff.token);
    expect(changed.code).toBe(20000);
    for (const s of streams) expect(await endsWithin(s, AT_ONCE_MS)).toBe(true);
  });

  it('disabling or locking the staff closes every stream of the staff', async () => {
    for (const action of ['disable', 'lock'] as const) {
      const staff = await twoSessions();
      const streams = [await open(staff.token), await open(staff.second)];
      expect((await invoke(slow, authCalls.staffStatus, { id: staff.staffId, action }, admin)).code).toBe(20000);
      for (const s of streams) expect(await endsWithin(s, AT_ONCE_MS), action).toBe(true);
    }
  });

  it('a sign-in elsewhere under single session closes the replaced session’s streams', async () => {
    const settings = await ok(slow, settingsCalls.loginDetails, {}, admin);
    await invoke(slow, settingsCalls.loginEdit, { ...settings, single_session: true }, admin);
    slow.clock.advance(6_000); // past the login settings cache
    try {
      const staff = await createStaffWith(slow, []);
      const old = await open(staff.token);
      const replacing = await signIn(slow, staff.staffNum, staff.password);
      expect(await endsWithin(old, AT_ONCE_MS)).toBe(true);
      const current = await open(replacing);
      expect(await endsWithin(current, 100)).toBe(false);
    } finally {
      admin = await signInAsAdmin(slow);
      await invoke(slow, settingsCalls.loginEdit, settings, admin);
      slow.clock.advance(6_000);
    }
  });

  it('switching account closes the old session’s streams', async () => {
    const from = await createStaffWith(slow, []);
    const to = await createStaffWith(slow, []);
    const personKey = `person-${from.staffId}`;
    for (const staff of [from, to]) {
      const edited = await invoke(slow, authCalls.staffEdit, { id: staff.staffId, name: `关联${staff.staffId}`, person_key: personKey, role_ids: [staff.roleId] }, admin);
      expect(edited.code).toBe(20000);
    }
    const s = await open(from.token);
    expect((await invoke(slow, authCalls.switchAccount, { staff_id: to.staffId }, from.token)).code).toBe(20000);
    expect(await endsWithin(s, AT_ONCE_MS)).toBe(true);
  });
});

describe('shutting down', () => {
  it('ends open streams so the server closes promptly', async () => {
    const other = await buildTestApp();
    try {
      const otherPort = await listenOnLoopback(other.app);
      const token = await signInAsAdmin(other);
      const s = await openEventStream(otherPort, '/api/inform/stream', tokenCookie(token));
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
    const second = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }), clock: t.clock, jobs: { work: false } });
    try {
      const secondPort = await listenOnLoopback(second);
      const staff = await createStaffWith(t, []);
      const s = await openEventStream(secondPort, '/api/inform/stream', tokenCookie(staff.token));
      opened.push(s);
      await s.next('hello');
      await notify(staff.staffId, '跨进程通知');
      expect((await s.next<NotificationItem>('notification')).title).toBe('跨进程通知');
      const popup = await ok(
        t,
        informCalls.addAnnouncement,
        { class: 'Message', title: '跨进程公告', close_type: ['voluntarily_close'], staff_ids: [staff.staffId] },
        publisher.token,
      );
      expect((await s.next<AnnouncementPopup>('announcement')).id).toBe(popup.id);
    } finally {
      await second.close();
    }
  });

  it('closes a stream on another server at once when its session ends here, and refuses a reopening there', async () => {
    // The second server has the default 25 s heartbeat: only the signal can close its stream in time.
    const second = await buildApp({ config: t.config, database: t.database, logger: pino({ level: 'silent' }), clock: t.clock, jobs: { work: false } });
    try {
      const secondPort = await listenOnLoopback(second);
      const staff = await createStaffWith(t, []);
      const there = await openEventStream(secondPort, '/api/inform/stream', tokenCookie(staff.token));
      opened.push(there);
      await there.next('hello');
      await invoke(t, authCalls.logout, {}, staff.token);
      expect(await endsWithin(there, 5_000)).toBe(true);
      // The browser reconnects there at once; that server may still hold the session in its 5 s cache.
      const again = await openEventStream(secondPort, '/api/inform/stream', tokenCookie(staff.token));
      opened.push(again);
      expect(await endsWithin(again, 5_000)).toBe(true);
      expect(again.events.map((e) => e.event)).not.toContain('hello');

      const revoked = await createStaffWith(t, []);
      const revokedThere = await openEventStream(secondPort, '/api/inform/stream', tokenCookie(revoked.token));
      opened.push(revokedThere);
      await revokedThere.next('hello');
      await invoke(t, authCalls.staffStatus, { id: revoked.staffId, action: 'disable' }, await signInAsAdmin(t));
      expect(await endsWithin(revokedThere, 5_000)).toBe(true);
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
