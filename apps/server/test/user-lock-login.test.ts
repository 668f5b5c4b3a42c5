import { userCalls, type CallBody, type LoginRecord } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userLockLog, userLoginLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { generate, insertUser, readAll } from './helpers/users';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  await generate(t, 150);
});
afterAll(() => t?.close());

describe('locking a user', () => {
  it('locks with a reason and unlocks, recording each change with the staff and reason', async () => {
    const { token, staffId } = await createStaffWith(t, ['user.lock', 'user.detail']);
    const user = await insertUser(t);
    expect(await invoke(t, userCalls.lock, { id: user.id, action: 'lock' }, token)).toMatchObject({ code: 40000, data: { field: 'reason' } });

    const locked = await ok(t, userCalls.lock, { id: user.id, action: 'lock', reason: '涉嫌刷单' }, token);
    expect(locked).toMatchObject({ id: user.id, locked: true, lock_reason: '涉嫌刷单', locked_at: expect.any(String) });
    expect(await invoke(t, userCalls.lock, { id: user.id, action: 'lock', reason: '再锁' }, token)).toMatchObject({ code: 40900, data: { locked: true } });

    const unlocked = await ok(t, userCalls.lock, { id: user.id, action: 'unlock', reason: '申诉通过' }, token);
    expect(unlocked).toMatchObject({ locked: false, lock_reason: '', locked_at: null });
    expect(await invoke(t, userCalls.lock, { id: user.id, action: 'unlock' }, token)).toMatchObject({ code: 40900, data: { locked: false } });

    const records = await t.database.db.select().from(userLockLog).where(eq(userLockLog.userId, user.id));
    expect(records.map((r) => [r.action, r.reason, r.staffId])).toEqual([
      ['lock', '涉嫌刷单', staffId],
      ['unlock', '申诉通过', staffId],
    ]);
    const detail = await ok(t, userCalls.details, { id: user.id }, token);
    expect(detail.lock_records.map((r: { action: string; staff_name: string }) => r.action)).toEqual(['unlock', 'lock']);
    expect(detail.lock_records[0].staff_name).toMatch(/^测试员工/);
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `user:${user.id}`));
    expect(logged.map((l) => l.action).sort()).toEqual(['user.lock', 'user.unlock']);

    expect((await invoke(t, userCalls.lock, { id: 99_999_999, action: 'lock', reason: 'x' }, token)).code).toBe(40400);
    expect(await invokeUnchecked(t, userCalls.lock, { id: user.id, action: 'freeze', reason: 'x' }, token)).toMatchObject({ code: 40000, data: { field: 'action' } });
    expect((await invoke(t, userCalls.lock, { id: user.id, action: 'lock', reason: 'x' }, await createStaffWith(t, ['user.detail']).then((s) => s.token))).code).toBe(40300);
  });

  it('shows locked users under the locked filter', async () => {
    const user = await insertUser(t, { registeredAt: new Date('2003-03-03T03:00:00Z') });
    await invoke(t, userCalls.lock, { id: user.id, action: 'lock', reason: '测试' }, admin);
    const res = await ok(t, userCalls.lists, { locked: true, time_quantum: ['2003-03-03', '2003-03-03'] }, admin);
    expect(res.data.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });
});

const at = (iso: string) => new Date(iso);

describe('sign-in records', () => {
  it('lists one user’s sign-ins newest first, by result and day range', async () => {
    const user = await insertUser(t);
    const rows = [
      { loginAt: at('2026-01-01T02:00:00Z'), result: 'success' as const, ip: '36.1.1.1' },
      { loginAt: at('2026-01-02T02:00:00Z'), result: 'bad_password' as const, ip: '36.1.1.2' },
      { loginAt: at('2026-01-03T02:00:00Z'), result: 'success' as const, ip: '36.1.1.3' },
      { loginAt: at('2026-01-03T02:00:00Z'), result: 'success' as const, ip: '36.1.1.4' },
    ];
    for (const r of rows) await t.database.db.insert(userLoginLog).values({ userId: user.id, platform: 'ios', device: 'iPhone 15 · iOS 17.5', location: '杭州', ...r });
    const all = await ok(t, userCalls.loginLogList, { user_id: user.id }, admin);
    expect(all.count).toBe(4);
    expect(all.data.map((r: LoginRecord) => r.ip)).toEqual(['36.1.1.4', '36.1.1.3', '36.1.1.2', '36.1.1.1']);
    expect(all.data[0]).toMatchObject({ user_id: user.id, user_name: user.name, user_mobile: user.mobile, device: 'iPhone 15 · iOS 17.5', location: '杭州', platform: 'ios', result: 'success' });
    expect((await ok(t, userCalls.loginLogList, { user_id: user.id, result: 'bad_password' }, admin)).count).toBe(1);
    const day = await ok(t, userCalls.loginLogList, { user_id: user.id, time_quantum: ['2026-01-02', '2026-01-02'] }, admin);
    expect(day.data.map((r: LoginRecord) => r.ip)).toEqual(['36.1.1.2']);
    const paged = await readAll((cursor) => ok(t, userCalls.loginLogList, { user_id: user.id, limit: 1, ...(cursor ? { cursor } : {}) }, admin));
    expect(paged.map((r) => r.ip)).toEqual(['36.1.1.4', '36.1.1.3', '36.1.1.2', '36.1.1.1']);
    expect((await invoke(t, userCalls.loginLogList, { user_id: 99_999_999 }, admin)).code).toBe(40400);
    expect(await invokeUnchecked(t, userCalls.loginLogList, {}, admin)).toMatchObject({ code: 40000, data: { field: 'user_id' } });
  });

  it('lists everyone’s sign-ins by mobile, IP, result and platform, walking every page without gaps', async () => {
    const db = await t.database.db.select().from(userLoginLog);
    const expectIds = (pred: (r: (typeof db)[number]) => boolean) =>
      db.filter(pred).sort((a, b) => b.loginAt.getTime() - a.loginAt.getTime() || b.id - a.id).map((r) => r.id);
    const walk = (body: CallBody<typeof userCalls.loginLogListAll>) =>
      readAll((cursor) => ok(t, userCalls.loginLogListAll, { ...body, limit: 97, ...(cursor ? { cursor } : {}) }, admin)).then((rows) => rows.map((r) => r.id));
    expect(db.length).toBeGreaterThan(100);
    expect(await walk({})).toEqual(expectIds(() => true));
    expect(await walk({ result: 'bad_password' })).toEqual(expectIds((r) => r.result === 'bad_password'));
    expect(await walk({ platform: 'android' })).toEqual(expectIds((r) => r.platform === 'android'));
    const one = db[5]!;
    expect(await walk({ ip: one.ip })).toEqual(expectIds((r) => r.ip === one.ip));
    expect(await walk({ user_id: one.userId })).toEqual(expectIds((r) => r.userId === one.userId));
    const { user: owner } = await ok(t, userCalls.details, { id: one.userId }, admin);
    expect(await walk({ mobile: owner.mobile })).toEqual(expectIds((r) => r.userId === one.userId));
    expect(await ok(t, userCalls.loginLogListAll, { mobile: '19900000000' }, admin)).toEqual({ count: 0, data: [], next_cursor: null });
    expect((await ok(t, userCalls.loginLogListAll, {}, admin)).count).toBe(db.length);
  });

  it('refuses bad input with 40000 naming the field', async () => {
    for (const [body, field] of [
      [{ result: 'maybe' }, 'result'],
      [{ platform: 'fax' }, 'platform'],
      [{ mobile: '13x' }, 'mobile'],
      [{ time_quantum: ['2026-01-02', '2026-01-01'] }, 'time_quantum'],
      [{ user_id: -4 }, 'user_id'],
    ] as const) {
      expect(await invokeUnchecked(t, userCalls.loginLogListAll, body, admin)).toMatchObject({ code: 40000, data: { field } });
    }
  });

  it('keeps the per-user and all-users lists behind their own operations', async () => {
    const { token } = await createStaffWith(t, ['user.login_log.view']);
    const user = await insertUser(t);
    expect((await invoke(t, userCalls.loginLogList, { user_id: user.id }, token)).code).toBe(20000);
    expect((await invoke(t, userCalls.loginLogListAll, {}, token)).code).toBe(40300);
  });
});
