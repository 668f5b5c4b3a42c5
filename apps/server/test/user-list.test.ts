import { userCalls, type CallBody } from '@juqi/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userPost, users, type UserDbRow } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { allUsers, generate, insertUser, moneyOfUsers, readAll } from './helpers/users';

let t: TestApp;
let admin: string;
let all: UserDbRow[];
let posts: { id: number; name: string }[];

const DAY = 86_400_000;
/** A calendar day's start in China (UTC+8), written out rather than computed by the code under test. */
const cn = (day: string, time = '00:00:00.000') => new Date(`${day}T${time}+08:00`);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  await generate(t, 400);
  posts = await t.database.db.select({ id: userPost.id, name: userPost.name }).from(userPost);
  // Edge users: order counts on every band edge, registrations and last orders on day edges, ties of time and count.
  const edges = [0, 1, 49, 50, 99, 100, 299, 300, 499, 500, 501];
  for (const orderCount of edges) await insertUser(t, { name: `边界${orderCount}`, orderCount, registeredAt: cn('2001-06-15', '12:00:00.000') });
  await insertUser(t, { name: '日界前', registeredAt: new Date(cn('2001-03-01').getTime() - 1), lastOrderAt: new Date(cn('2001-05-01').getTime() - 1), orderCount: 3 });
  await insertUser(t, { name: '日界始', registeredAt: cn('2001-03-01'), lastOrderAt: cn('2001-05-01'), orderCount: 3 });
  await insertUser(t, { name: '日界末', registeredAt: cn('2001-03-31', '23:59:59.999'), lastOrderAt: cn('2001-05-31', '23:59:59.999'), orderCount: 3 });
  await insertUser(t, { name: '日界后', registeredAt: cn('2001-04-01'), lastOrderAt: cn('2001-06-01'), orderCount: 3 });
  await insertUser(t, { name: '已锁定', locked: true, lockReason: '测试', lockedAt: new Date() });
  // Fractions whose trailing zeros PostgreSQL leaves out of its text (.28, .2).
  await insertUser(t, { name: '零头', registeredAt: cn('2003-03-03', '10:20:30.280'), lastOrderAt: cn('2003-03-04', '10:20:30.200'), orderCount: 1 });
  for (let i = 0; i < 12; i++) await insertUser(t, { name: `同时${i}`, registeredAt: cn('2002-02-02', '10:00:00.000'), orderCount: 77 });
  all = await allUsers(t);
});
afterAll(() => t?.close());

type ListBody = CallBody<typeof userCalls.lists>;
const list = (body: ListBody, token = admin) => invoke(t, userCalls.lists, body, token);
const listPage = (body: ListBody) => ok(t, userCalls.lists, body, admin);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** Every row of a filter, by following the cursor. */
const everything = (body: ListBody) => readAll((cursor) => listPage({ ...body, limit: 50, ...(cursor ? { cursor } : {}) }));

const byDefaultOrder = (a: UserDbRow, b: UserDbRow) => b.registeredAt.getTime() - a.registeredAt.getTime() || b.id - a.id;
const expected = (predicate: (u: UserDbRow) => boolean) => all.filter(predicate).sort(byDefaultOrder).map((u) => u.id);

const bandOf = async (count: number) => {
  const found: number[] = [];
  for (const quantity of [1, 2, 3, 4, 5]) {
    const rows = await everything({ quantity, time_quantum: ['2001-06-15', '2001-06-15'] });
    if (rows.some((r) => r.name === `边界${count}`)) found.push(quantity);
  }
  return found;
};

const setEdgeUserCount = (edge: number, orderCount: number) => t.database.db.update(users).set({ orderCount }).where(eq(users.name, `边界${edge}`));

const iso = (d: Date | null) => d?.toISOString() ?? null;
const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('the user list filter (§3)', () => {
  it('answers count, 20 rows a page and the §3 row fields', async () => {
    const res = await listPage({});
    expect(res.count).toBe(all.length);
    expect(res.data).toHaveLength(20);
    expect(res.next_cursor).toEqual(expect.any(String));
    const first = res.data[0]!;
    expect(first).toMatchObject({ name: expect.any(String), head_img_url: expect.any(String), authentication_state: expect.any(Number) });
    expect(ids(res.data)).toEqual(expected(() => true).slice(0, 20));
    const db = all.find((u) => u.id === first.id)!;
    expect(first.registered_at).toBe(db.registeredAt.toISOString());
    // The money is the ledger's: the row carries the user's accounts' figures.
    const money = (await moneyOfUsers(t)).get(first.id) ?? { balance: 0, frozen: 0, income: 0, beans: 0 };
    expect([first.balance_cents, first.frozen_cents, first.total_income_cents, first.bean_balance]).toEqual([money.balance, money.frozen, money.income, money.beans]);
    expect(Number.isInteger(first.balance_cents)).toBe(true);
    if (db.pwId) expect(first.pw_name).toBe(posts.find((p) => p.id === db.pwId)!.name);
  });

  it('answers every time as an ISO string in UTC to the millisecond', async () => {
    const rows = await everything({});
    expect(rows).toHaveLength(all.length);
    for (const row of rows) {
      const db = all.find((u) => u.id === row.id)!;
      expect([row.registered_at, row.last_order_at, row.last_login_at, row.locked_at], row.name).toEqual([
        iso(db.registeredAt),
        iso(db.lastOrderAt),
        iso(db.lastLoginAt),
        iso(db.lockedAt),
      ]);
    }
    expect(rows.find((r) => r.name === '零头')).toMatchObject({ registered_at: '2003-03-03T02:20:30.280Z', last_order_at: '2003-03-04T02:20:30.200Z' });
    expect(rows.find((r) => r.name === '边界0')?.registered_at).toBe('2001-06-15T04:00:00.000Z');
  });

  const cases: [string, ListBody, (u: UserDbRow) => boolean][] = [
    ['type_user 1 (agents)', { type_user: 1 }, (u) => u.typeUser === 1],
    ['type_user 2 (users)', { type_user: 2 }, (u) => u.typeUser === 2],
    ['system_id 1', { system_id: 1 }, (u) => u.systemId === 1],
    ['system_id 2', { system_id: 2 }, (u) => u.systemId === 2],
    ['withdraw_state 0', { withdraw_state: 0 }, (u) => u.withdrawState === 0],
    ['withdraw_state 1', { withdraw_state: 1 }, (u) => u.withdrawState === 1],
    ['withdraw_state 3', { withdraw_state: 3 }, (u) => u.withdrawState === 3],
    ['withdraw_type 0', { withdraw_type: 0 }, (u) => u.withdrawType === 0],
    ['withdraw_type 2', { withdraw_type: 2 }, (u) => u.withdrawType === 2],
    ['level 0', { level: 0 }, (u) => u.level === 0],
    ['level 2', { level: 2 }, (u) => u.level === 2],
    ['authentication_state 2', { authentication_state: 2 }, (u) => u.authenticationState === 2],
    ['locked', { locked: true }, (u) => u.locked],
    ['quantity 1 (1-49)', { quantity: 1 }, (u) => u.orderCount >= 1 && u.orderCount <= 49],
    ['quantity 2 (50-99)', { quantity: 2 }, (u) => u.orderCount >= 50 && u.orderCount <= 99],
    ['quantity 3 (100-299)', { quantity: 3 }, (u) => u.orderCount >= 100 && u.orderCount <= 299],
    ['quantity 4 (300-499)', { quantity: 4 }, (u) => u.orderCount >= 300 && u.orderCount <= 499],
    ['quantity 5 (500+)', { quantity: 5 }, (u) => u.orderCount >= 500],
    ['two filters: agents in band 3', { type_user: 1, quantity: 3 }, (u) => u.typeUser === 1 && u.orderCount >= 100 && u.orderCount < 300],
    ['three filters as strings', { type_user: '2', system_id: '1', level: '1' }, (u) => u.typeUser === 2 && u.systemId === 1 && u.level === 1],
  ];

  it.each(cases)('filters by %s', async (_name, body, predicate) => {
    const want = expected(predicate);
    expect(want.length).toBeGreaterThan(0);
    const rows = await everything(body);
    expect(ids(rows)).toEqual(want);
    expect((await listPage(body)).count).toBe(want.length);
  });

  it('filters by pw_id and agency_pw_id', async () => {
    for (const post of posts) {
      const service = expected((u) => u.pwId === post.id);
      const agency = expected((u) => u.agencyPwId === post.id);
      expect(ids(await everything({ pw_id: post.id }))).toEqual(service);
      expect(ids(await everything({ agency_pw_id: post.id }))).toEqual(agency);
    }
    expect(all.some((u) => u.agencyPwId !== null) && all.some((u) => u.pwId !== null)).toBe(true);
  });

  it('puts each order count on a band edge into exactly the band §9 names', async () => {
    expect(await bandOf(0)).toEqual([]);
    expect(await bandOf(1)).toEqual([1]);
    expect(await bandOf(49)).toEqual([1]);
    expect(await bandOf(50)).toEqual([2]);
    expect(await bandOf(99)).toEqual([2]);
    expect(await bandOf(100)).toEqual([3]);
    expect(await bandOf(299)).toEqual([3]);
    expect(await bandOf(300)).toEqual([4]);
    expect(await bandOf(499)).toEqual([4]);
    expect(await bandOf(500)).toEqual([5]);
    expect(await bandOf(501)).toEqual([5]);
  });

  it('moves a user to the next band as soon as their order count crosses its edge', async () => {
    try {
      await setEdgeUserCount(49, 50);
      expect(await bandOf(49)).toEqual([2]);
    } finally {
      await setEdgeUserCount(49, 49);
    }
    expect(await bandOf(49)).toEqual([1]);
  });

  it('takes registration and last-order day ranges in China time, both days included', async () => {
    const names = async (body: ListBody) => (await everything(body)).map((r) => r.name).sort();
    expect(await names({ time_quantum: ['2001-03-01', '2001-03-31'] })).toEqual(['日界始', '日界末'].sort());
    expect(await names({ time_quantum: ['2001-02-28', '2001-02-28'] })).toEqual(['日界前']);
    expect(await names({ time_quantum: ['2001-04-01', '2001-04-01'] })).toEqual(['日界后']);
    expect(await names({ issue_time_quantum: ['2001-05-01', '2001-05-31'] })).toEqual(['日界始', '日界末'].sort());
    expect(await names({ issue_time_quantum: ['2001-04-30', '2001-04-30'] })).toEqual(['日界前']);
    const since = new Date(Date.now() - 30 * DAY);
    const today = day(new Date());
    const recent = expected((u) => u.registeredAt.getTime() >= cn(day(since)).getTime() && u.registeredAt.getTime() < cn(today).getTime() + DAY);
    expect(ids(await everything({ time_quantum: [day(since), today] }))).toEqual(recent);
    const ordered = expected((u) => u.lastOrderAt !== null && u.lastOrderAt.getTime() >= cn(day(since)).getTime() && u.lastOrderAt.getTime() < cn(today).getTime() + DAY);
    expect(ids(await everything({ issue_time_quantum: [day(since), today] }))).toEqual(ordered);
  });

  it('searches by name prefix, mobile prefix or id', async () => {
    const someone = all.find((u) => u.name.startsWith('边界'))!;
    expect(ids(await everything({ keyword: '边界' }))).toEqual(expected((u) => u.name.startsWith('边界')));
    expect(ids(await everything({ keyword: someone.mobile }))).toEqual([someone.id]);
    expect(ids(await everything({ keyword: someone.mobile.slice(0, 7) }))).toEqual(expected((u) => u.mobile.startsWith(someone.mobile.slice(0, 7))));
    expect(ids(await everything({ keyword: String(someone.id) }))).toContain(someone.id);
    expect((await listPage({ keyword: '%' })).count).toBe(0);
    expect((await listPage({ keyword: '_' })).count).toBe(0);
  });
});

const sorted = (sort: string, order: string) => {
  const key = (u: UserDbRow) => (sort === 'registered_at' ? u.registeredAt.getTime() : sort === 'order_count' ? u.orderCount : u.id);
  const sign = order === 'desc' ? -1 : 1;
  return [...all].sort((a, b) => sign * (key(a) - key(b)) || sign * (a.id - b.id)).map((u) => u.id);
};

describe('paging', () => {

  it.each([
    ['registered_at', 'desc'],
    ['registered_at', 'asc'],
    ['order_count', 'desc'],
    ['order_count', 'asc'],
    ['id', 'desc'],
    ['id', 'asc'],
  ] as const)('walks every user by %s %s with the cursor: no gaps, no duplicates, ties kept apart by id', async (sort, order) => {
    const rows = await readAll((cursor) => listPage({ sort, order, limit: 7, ...(cursor ? { cursor } : {}) }));
    expect(ids(rows)).toEqual(sorted(sort, order));
    expect(new Set(ids(rows)).size).toBe(all.length);
  });

  it('gives the same rows by page number and by cursor', async () => {
    const page3 = await listPage({ page: 3, limit: 20 });
    const byCursor: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await listPage({ limit: 20, ...(cursor ? { cursor } : {}) });
      if (i === 2) byCursor.push(...ids(res.data));
      cursor = res.next_cursor ?? undefined;
    }
    expect(ids(page3.data)).toEqual(byCursor);
    expect(ids(page3.data)).toEqual(sorted('registered_at', 'desc').slice(40, 60));
    // next_cursor of an offset page continues right after it.
    const page4 = await listPage({ limit: 20, cursor: page3.next_cursor! });
    expect(ids(page4.data)).toEqual(sorted('registered_at', 'desc').slice(60, 80));
  });

  it.each([
    ['registered_at', 'desc'],
    ['order_count', 'asc'],
    ['id', 'desc'],
  ] as const)('gives page numbers of a filter sorted by %s %s the rows the cursor walks through', async (sort, order) => {
    const filter = { type_user: 2, quantity: 1, sort, order };
    const walked = ids(await everything(filter));
    expect(walked.length).toBeGreaterThan(40);
    for (const page of [1, 2, Math.ceil(walked.length / 20)]) {
      const res = await listPage({ ...filter, page, limit: 20 });
      expect(ids(res.data)).toEqual(walked.slice((page - 1) * 20, page * 20));
    }
  });

  it('ends with next_cursor null, and an empty page past the end', async () => {
    const last = await listPage({ page: Math.ceil(all.length / 20), limit: 20 });
    expect(last.next_cursor).toBeNull();
    expect(last.data.length).toBe(all.length % 20 || 20);
    const past = await listPage({ page: Math.ceil(all.length / 20) + 1, limit: 20 });
    expect(past).toMatchObject({ count: all.length, data: [], next_cursor: null });
  });

  it('refuses offset pages beyond 10,000 rows and cursors of another sort or made up', async () => {
    expect(await list({ page: 501, limit: 20 })).toMatchObject({ code: 40000, data: { field: 'page' } });
    expect((await list({ page: 500, limit: 20 })).code).toBe(20000);
    const cursor = (await listPage({})).next_cursor!;
    expect(await list({ cursor, sort: 'order_count' })).toMatchObject({ code: 40000, data: { field: 'cursor' } });
    expect(await list({ cursor, order: 'asc' })).toMatchObject({ code: 40000, data: { field: 'cursor' } });
    expect(await list({ cursor: 'bm9wZQ' })).toMatchObject({ code: 40000, data: { field: 'cursor' } });
    const forged = Buffer.from(JSON.stringify(['registered_at', 'desc', "x'); drop table users; --", 1])).toString('base64url');
    expect(await list({ cursor: forged })).toMatchObject({ code: 40000, data: { field: 'cursor' } });
    expect(await list({ cursor: 'has spaces' })).toMatchObject({ code: 40000, data: { field: 'cursor' } });
  });
});

describe('the count', () => {
  it('is computed once per filter, recounted in the background after 30 seconds; a lock clears it', async () => {
    const body = { type_user: 1, level: 0 };
    const before = (await listPage(body)).count;
    const added = await insertUser(t, { typeUser: 1, level: 0, registeredAt: new Date() });
    expect((await listPage(body)).count).toBe(before);
    // Rows are live even while the count is cached.
    expect(ids((await listPage(body)).data)).toContain(added.id);
    t.clock.advance(31_000);
    // Expired: answered at once with the kept count while one recount runs; the pages after it see the new count.
    expect((await listPage(body)).count).toBe(before);
    await vi.waitFor(async () => expect((await listPage(body)).count).toBe(before + 1));
    await t.database.db.delete(users).where(eq(users.id, added.id));
    expect((await listPage(body)).count).toBe(before + 1);
    const someone = all.find((u) => !u.locked)!;
    expect((await invoke(t, userCalls.lock, { id: someone.id, action: 'lock', reason: '清缓存' }, admin)).code).toBe(20000);
    expect((await listPage(body)).count).toBe(before);
    expect((await invoke(t, userCalls.lock, { id: someone.id, action: 'unlock' }, admin)).code).toBe(20000);
  });
});

describe('pages by number after the page before', () => {
  it('start where that page ended for 30 seconds, so rows added above do not shift them; then, and after a lock, by offset', async () => {
    const body = { type_user: 2, limit: 20 };
    const pageIds = async (page: number) => ids((await listPage({ ...body, page })).data);
    await pageIds(1);
    const page2 = await pageIds(2);
    // Another process adds a user who sorts first: read by offset, page 3 would repeat page 2's last row.
    const newest = await insertUser(t, { typeUser: 2, registeredAt: new Date(Date.now() + DAY) });
    let walked = ids(await everything({ type_user: 2 }));
    expect(walked[0]).toBe(newest.id);
    expect(walked.slice(1, 41).slice(20)).toEqual(page2);
    expect(await pageIds(3)).toEqual(walked.slice(41, 61));
    t.clock.advance(31_000);
    expect(await pageIds(3)).toEqual(walked.slice(40, 60));

    // Page 3 read by offset left where page 4 starts; a lock (a write in this process) forgets it.
    const another = await insertUser(t, { typeUser: 2, registeredAt: new Date(Date.now() + 2 * DAY) });
    const someone = all.find((u) => !u.locked && u.typeUser === 1)!;
    expect((await invoke(t, userCalls.lock, { id: someone.id, action: 'lock', reason: '换页' }, admin)).code).toBe(20000);
    walked = ids(await everything({ type_user: 2 }));
    expect(walked[0]).toBe(another.id);
    expect(await pageIds(4)).toEqual(walked.slice(60, 80));

    await t.database.db.delete(users).where(inArray(users.id, [newest.id, another.id]));
    expect((await invoke(t, userCalls.lock, { id: someone.id, action: 'unlock' }, admin)).code).toBe(20000);
  });
});

describe('bad input', () => {
  it.each([
    [{ type_user: 3 }, 'type_user'],
    [{ system_id: 0 }, 'system_id'],
    [{ withdraw_state: 4 }, 'withdraw_state'],
    [{ withdraw_type: -1 }, 'withdraw_type'],
    [{ quantity: 6 }, 'quantity'],
    [{ quantity: 'many' }, 'quantity'],
    [{ level: 1.5 }, 'level'],
    [{ pw_id: 'abc' }, 'pw_id'],
    [{ agency_pw_id: 0 }, 'agency_pw_id'],
    [{ authentication_state: 9 }, 'authentication_state'],
    [{ locked: 'yes' }, 'locked'],
    [{ time_quantum: ['2024-02-30', '2024-03-01'] }, 'time_quantum.0'],
    [{ time_quantum: ['2024-03-01', '2024/03/02'] }, 'time_quantum.1'],
    [{ time_quantum: ['2024-03-02', '2024-03-01'] }, 'time_quantum'],
    [{ time_quantum: '2024-03-01' }, 'time_quantum'],
    [{ issue_time_quantum: ['2024-03-01'] }, 'issue_time_quantum'],
    [{ page: 0 }, 'page'],
    [{ limit: 201 }, 'limit'],
    [{ sort: 'name' }, 'sort'],
    [{ order: 'up' }, 'order'],
    [{ keyword: 'x'.repeat(41) }, 'keyword'],
  ])('%j → 40000 naming %s', async (body, field) => {
    expectRefused(await invokeUnchecked(t, userCalls.lists, body, admin), field, userCalls.lists);
  });
});

describe('options and detail', () => {
  it('gives pw_list, level_list and the bands for the filter bar', async () => {
    const res = await ok(t, userCalls.selectSearchList, {}, admin);
    expect(res.pw_list.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['短视频编辑', '城市合伙人']));
    expect(res.level_list[0]).toEqual({ level: 0, name: '普通代理' });
    expect(res.quantity_list.map((b: { label: string }) => b.label)).toEqual(['1-50', '50-100', '100-300', '300-500', '500+']);
  });

  it('shows one user with inviter, verifications and lock history', async () => {
    const inviter = await insertUser(t, { name: '邀请人' });
    const invited = await insertUser(t, { name: '被邀请', inviterId: inviter.id });
    const res = await ok(t, userCalls.details, { id: invited.id }, admin);
    expect(res).toMatchObject({ user: { id: invited.id, name: '被邀请' }, inviter: { id: inviter.id, name: '邀请人' }, invited_count: 0, verifications: [], lock_records: [] });
    expect((await ok(t, userCalls.details, { id: inviter.id }, admin)).invited_count).toBe(1);
    expect((await invoke(t, userCalls.details, { id: 99_999_999 }, admin)).code).toBe(40400);
  });

  it('needs its own operation for each call', async () => {
    const lister = await signInWith(t, ['user.list']);
    expect((await list({}, lister)).code).toBe(20000);
    expect((await invoke(t, userCalls.details, { id: all[0]!.id }, lister)).code).toBe(40300);
    expect((await invoke(t, userCalls.export, {}, lister)).code).toBe(40300);
  });
});

