import { authCalls, settingsCalls } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, makeSign, ok, signIn, signInAsAdmin } from './helpers/auth';

let t: TestApp;
beforeAll(async () => {
  // The per-address request limit has a test of its own; here it would stop the tests of locks first.
  t = await buildTestApp({ demo: true, config: { signInRequestsPerMinute: 1000 } });
});
afterAll(() => t?.close());

const login = (staff_num: string, user_pwd: string, options: { sign?: string; ip?: string } = {}) =>
  invoke(t, authCalls.login, { staff_num, user_pwd, sign: options.sign ?? makeSign(t.clock.now().getTime()) }, undefined, {
    ip: options.ip ?? `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

describe('password sign-in', () => {
  it('answers a token for the right staff number (trimmed) and password', async () => {
    const res = expectOk(await login('  admin  ', ADMIN_PASSWORD));
    expect(res.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
  });

  it('gives one generic answer for an unknown number and for a wrong password', async () => {
    const unknown = await login('nobody', 'whatever-pass');
    const wrong = await login('admin', 'wrong-password');
    expect(unknown).toEqual({ code: 40100, message: '账号或密码错误', data: null });
    expect(wrong).toEqual(unknown);
  });

  it('refuses a replayed sign and a sign older than five minutes', async () => {
    const sign = makeSign(t.clock.now().getTime());
    expect((await login('admin', ADMIN_PASSWORD, { sign })).code).toBe(20000);
    const replay = await login('admin', ADMIN_PASSWORD, { sign });
    expect(replay).toMatchObject({ code: 40000, message: '签名：已使用过，请重新登录', data: { field: 'sign', fields: [{ field: 'sign', label: '签名', message: '已使用过，请重新登录' }] } });
    const stale = await login('admin', ADMIN_PASSWORD, { sign: makeSign(t.clock.now().getTime() - 5 * 60_000 - 1000) });
    expect(stale).toMatchObject({ code: 40000, message: '签名：已过期，请重新登录', data: { field: 'sign' } });
    expect((await login('admin', ADMIN_PASSWORD, { sign: 'not-a-sign' })).code).toBe(40000);
  });

  it('locks the address after ten failures within 15 minutes, for ten minutes, even for the right password; other addresses go on', async () => {
    const { staffNum, password } = await createStaffWith(t, []);
    const ip = '10.60.0.1';
    for (let i = 0; i < 10; i++) expect((await login(staffNum, 'bad-password', { ip })).code).toBe(40100);
    const locked = expectError(await login(staffNum, password, { ip }), 42300);
    const unlockAt = new Date(locked.unlock_at!).getTime();
    expect(unlockAt - t.clock.now().getTime()).toBeGreaterThan(9 * 60_000);
    expect(unlockAt - t.clock.now().getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect((await login(staffNum, password, { ip: '10.60.0.2' })).code).toBe(20000);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await login(staffNum, password, { ip })).code).toBe(20000);
  });

  it('answers a locked staff number and an unknown one alike', async () => {
    const { staffNum } = await createStaffWith(t, []);
    const ip = '10.60.1.1';
    const answers: Record<string, unknown>[] = [];
    for (const typed of [staffNum, 'nobody-at-all']) {
      for (let i = 0; i < 10; i++) expect((await login(typed, 'bad-password', { ip })).code).toBe(40100);
      const locked = await login(typed, 'bad-password', { ip });
      answers.push({ ...locked, data: Object.keys(locked.data ?? {}) });
    }
    expect(answers[0]).toEqual({ code: 42300, message: answers[0]!.message, data: ['unlock_at'] });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('locks every address after thirty failures from many, except addresses the account signed in from before', async () => {
    const { staffNum, password } = await createStaffWith(t, []);
    expect((await login(staffNum, password, { ip: '10.61.9.9' })).code).toBe(20000);
    t.clock.advance(1000);
    for (let i = 0; i < 30; i++) expect((await login(staffNum, 'bad-password', { ip: `10.61.0.${i % 5}` })).code).toBe(40100);
    expect((await login(staffNum, password, { ip: '10.61.1.1' })).code).toBe(42300);
    expect((await login(staffNum, password, { ip: '10.61.9.9' })).code).toBe(20000);
    const admin = await signInAsAdmin(t);
    const listed = (await ok(t, authCalls.staffList, { keyword: staffNum }, admin)).data[0];
    expect(listed.locked_until).not.toBeNull();
  });

  it('lets an administrator’s unlock lift the locks of failed attempts', async () => {
    const { staffId, staffNum, password } = await createStaffWith(t, []);
    const ip = '10.62.0.1';
    for (let i = 0; i < 10; i++) await login(staffNum, 'bad-password', { ip });
    expect((await login(staffNum, password, { ip })).code).toBe(42300);
    const admin = await signInAsAdmin(t);
    expect((await invoke(t, authCalls.staffStatus, { id: staffId, action: 'unlock' }, admin)).code).toBe(20000);
    expect((await login(staffNum, password, { ip })).code).toBe(20000);
  });

  it('tells of an administrator’s lock only to a caller with the right password', async () => {
    const { staffId, staffNum, password } = await createStaffWith(t, []);
    const admin = await signInAsAdmin(t);
    await invoke(t, authCalls.staffStatus, { id: staffId, action: 'lock' }, admin);
    expect(await login(staffNum, 'bad-password')).toEqual(await login('nobody-at-all', 'bad-password'));
    expect((await login(staffNum, password)).code).toBe(42300);
  });

  it('does not lock for failures spread beyond 15 minutes', async () => {
    const { staffNum, password } = await createStaffWith(t, []);
    const ip = '10.63.0.1';
    for (let i = 0; i < 9; i++) await login(staffNum, 'bad-password', { ip });
    t.clock.advance(16 * 60_000);
    expect((await login(staffNum, 'bad-password', { ip })).code).toBe(40100);
    expect((await login(staffNum, password, { ip })).code).toBe(20000);
  });

  it('refuses a disabled account and records every attempt with IP, agent, method and result', async () => {
    const admin = await signInAsAdmin(t);
    const { staffId, staffNum, password } = await createStaffWith(t, []);
    await invoke(t, authCalls.staffStatus, { id: staffId, action: 'disable' }, admin);
    expect((await login(staffNum, password)).code).toBe(40300);
    await login(staffNum, 'bad-password', { ip: '10.9.9.9' });
    const records = await ok(t, authCalls.loginRecords, { staff_id: staffId }, admin);
    expect(records.data.map((r: { result: string }) => r.result).slice(0, 3)).toEqual(['bad_credentials', 'disabled', 'success']);
    expect(records.data[0]).toMatchObject({ method: 'password', ip: '10.9.9.9', identifier: staffNum });
  });

  it('allows at most ten sign-in requests a minute from one IP across the sign-in routes', async () => {
    const limitedApp = await buildTestApp();
    try {
      const ip = '10.77.0.1';
      const loginAt = (from: string) =>
        invoke(limitedApp, authCalls.login, { staff_num: 'admin', user_pwd: ADMIN_PASSWORD, sign: makeSign() }, undefined, { ip: from });
      for (let i = 0; i < 6; i++) {
        const body = { staff_num: 'nobody', user_pwd: 'x', sign: makeSign() };
        expect((await invoke(limitedApp, authCalls.login, body, undefined, { ip })).code).toBe(40100);
      }
      for (let i = 0; i < 4; i++) {
        const body = { staff_tel: `1390000${String(i).padStart(4, '0')}` };
        expect((await invoke(limitedApp, authCalls.sendSmsCode, body, undefined, { ip })).code).toBe(20000);
      }
      const limited = expectError(await loginAt(ip), 42900);
      expect(limited.retry_after).toBeGreaterThan(0);
      // The limit keys on the route, not the raw URL: a trailing slash or doubled slash is the same route.
      const res = await limitedApp.app.inject({ method: 'POST', url: '/api//login/login/', payload: {}, remoteAddress: ip });
      expect(res.json().code).toBe(42900);
      expect((await loginAt('10.77.0.2')).code).toBe(20000);
    } finally {
      await limitedApp.close();
    }
  });
});

describe('sessions', () => {
  it('answers 50008 without a token, with an unknown one, and after log-out', async () => {
    expect((await invoke(t, authCalls.info)).code).toBe(50008);
    expect((await invoke(t, authCalls.info, {}, 'x'.repeat(43))).code).toBe(50008);
    const token = await signInAsAdmin(t);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(20000);
    expect((await invoke(t, authCalls.logout, {}, token)).code).toBe(20000);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(50008);
  });

  it('accepts the token in the query of the profile calls only', async () => {
    const token = await signInAsAdmin(t);
    expect((await invoke(t, authCalls.infoAuth, { token })).code).toBe(20000);
    expect((await invoke(t, authCalls.info, { token })).code).toBe(20000);
    const other = await t.app.inject({ method: 'GET', url: `/api/staff/menu_list?token=${token}` });
    expect(other.json().code).toBe(50008);
  });

  it('expires after two idle hours (50014)', async () => {
    const token = await signInAsAdmin(t);
    t.clock.advance(119 * 60_000);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(20000);
    t.clock.advance(119 * 60_000);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(20000);
    t.clock.advance(121 * 60_000);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(50014);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(50014);
  });

  it('expires twelve hours after sign-in however active (50014)', async () => {
    const token = await signInAsAdmin(t);
    for (let hour = 0; hour < 11; hour++) {
      t.clock.advance(60 * 60_000);
      expect((await invoke(t, authCalls.info, {}, token)).code).toBe(20000);
    }
    t.clock.advance(61 * 60_000);
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(50014);
  });

  it('follows the login settings for lifetimes and single session (50012 for the replaced one)', async () => {
    const admin = await signInAsAdmin(t);
    const settings = await ok(t, settingsCalls.loginDetails, {}, admin);
    expect(settings).toMatchObject({ idle_minutes: 120, absolute_hours: 12, single_session: false });
    const saved = await invoke(t, settingsCalls.loginEdit, { ...settings, idle_minutes: 30, single_session: true }, admin);
    expect(saved.code).toBe(20000);
    t.clock.advance(6_000); // past the settings cache
    const { staffNum, password } = await createStaffWith(t, []);
    const first = await signIn(t, staffNum, password);
    const second = await signIn(t, staffNum, password);
    expect((await invoke(t, authCalls.info, {}, first)).code).toBe(50012);
    expect((await invoke(t, authCalls.info, {}, second)).code).toBe(20000);
    t.clock.advance(31 * 60_000);
    expect((await invoke(t, authCalls.info, {}, second)).code).toBe(50014);
    const fresh = await signInAsAdmin(t);
    await invoke(t, settingsCalls.loginEdit, { ...settings }, fresh);
    t.clock.advance(6_000);
  });

  it('ends every session of a staff at once when locked, disabled, or their password changes', async () => {
    const admin = await signInAsAdmin(t);
    for (const change of ['lock', 'disable', 'password', 'own-password'] as const) {
      const { staffId, staffNum, password } = await createStaffWith(t, []);
      const a = await signIn(t, staffNum, password);
      const b = await signIn(t, staffNum, password);
      if (change === 'password') await invoke(t, authCalls.staffPassword, { id: staffId, password: 'New-Pass-2026' }, admin);
      else if (change === 'own-password') {
        expect((await invoke(t, authCalls.changeOwnPassword, { old_pwd: password, new_pwd: 'New-Pass-2026' }, a)).code).toBe(20000);
      } else await invoke(t, authCalls.staffStatus, { id: staffId, action: change }, admin);
      expect((await invoke(t, authCalls.info, {}, a)).code, change).toBe(50008);
      expect((await invoke(t, authCalls.info, {}, b)).code, change).toBe(50008);
    }
  });

  it('keeps passwords and tokens out of the logs', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLines: lines });
    try {
      const token = await signIn(logged, 'admin', ADMIN_PASSWORD);
      await invoke(logged, authCalls.infoAuth, { token });
      await invoke(logged, authCalls.info, {}, token);
      const all = lines.join('\n');
      expect(all).toContain('/api/staff/info_auth');
      expect(all).not.toContain(ADMIN_PASSWORD);
      expect(all).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe('changing one’s own password', () => {
  it('refuses a common password and the current one again, naming new_pwd; a manager’s reset refuses common ones too', async () => {
    const { token, staffId, password } = await createStaffWith(t, []);
    for (const weak of ['12345678', 'Password1', 'qwertyuiop']) {
      expect(await invoke(t, authCalls.changeOwnPassword, { old_pwd: password, new_pwd: weak }, token)).toMatchObject({ code: 40000, data: { field: 'new_pwd' } });
    }
    expect(await invoke(t, authCalls.changeOwnPassword, { old_pwd: password, new_pwd: password }, token)).toMatchObject({ code: 40000, data: { field: 'new_pwd' } });
    const admin = await signInAsAdmin(t);
    expect(await invoke(t, authCalls.staffPassword, { id: staffId, password: 'iloveyou' }, admin)).toMatchObject({ code: 40000, data: { field: 'password' } });
    expect((await invoke(t, authCalls.changeOwnPassword, { old_pwd: password, new_pwd: 'Lantern-Orchard-58' }, token)).code).toBe(20000);
  });

  it('counts wrong current passwords toward the sign-in lock of that address', async () => {
    const { token, staffNum, password } = await createStaffWith(t, []);
    const ip = '10.64.0.1';
    const change = (old_pwd: string) => invoke(t, authCalls.changeOwnPassword, { old_pwd, new_pwd: 'Lantern-Orchard-58' }, token, { ip });
    for (let i = 0; i < 10; i++) expect(await change('wrong-guess')).toMatchObject({ code: 40000, data: { field: 'old_pwd' } });
    expect((await change(password)).code).toBe(42300);
    expect((await login(staffNum, password, { ip })).code).toBe(42300);
    expect((await login(staffNum, password, { ip: '10.64.0.2' })).code).toBe(20000);
  });
});

describe('switching accounts', () => {
  it('switches to a linked account of the same person and ends the current session', async () => {
    const ops = await signIn(t, 'ops01', ADMIN_PASSWORD);
    const profile = await ok(t, authCalls.info, {}, ops);
    expect(profile.linked_accounts.map((a: { staff_num: string }) => a.staff_num)).toEqual(['fin01']);
    const switched = await ok(t, authCalls.switchAccount, { staff_id: profile.linked_accounts[0].id }, ops);
    expect((await ok(t, authCalls.info, {}, switched.token)).staff_num).toBe('fin01');
    expect((await invoke(t, authCalls.info, {}, ops)).code).toBe(50008);
  });

  it('refuses an account that is not linked', async () => {
    const ops = await signIn(t, 'ops01', ADMIN_PASSWORD);
    const admin = (await ok(t, authCalls.staffList, { keyword: 'admin' }, await signInAsAdmin(t))).data[0];
    const res = await invoke(t, authCalls.switchAccount, { staff_id: admin.id }, ops);
    expect(res.code).toBe(40300);
    expect((await invoke(t, authCalls.info, {}, ops)).code).toBe(20000);
  });
});

describe('permissions', () => {
  it('refuses a call the role lacks with 40300, records it, and changes nothing', async () => {
    const { token, staffId } = await createStaffWith(t, ['staff.view']);
    expect((await invoke(t, authCalls.staffList, {}, token)).code).toBe(20000);
    const res = await invoke(t, settingsCalls.loginEdit, { idle_minutes: 5, absolute_hours: 1, single_session: true, sms_template: '{code}' }, token);
    expect(res.code).toBe(40300);
    const admin = await signInAsAdmin(t);
    expect((await ok(t, settingsCalls.loginDetails, {}, admin)).idle_minutes).toBe(120);
    const denied = await t.database.db.select().from(auditLog);
    expect(denied.some((a) => a.staffId === staffId && a.action === 'permission.denied' && a.target === 'POST /api/set/login')).toBe(true);
  });

  it('answers verify_operation for the caller', async () => {
    const token = (await createStaffWith(t, ['staff.view'])).token;
    expect(await ok(t, authCalls.verifyOperation, { code: 'staff.view' }, token)).toEqual({ code: 'staff.view', allowed: true });
    expect(await ok(t, authCalls.verifyOperation, { code: 'staff.edit' }, token)).toEqual({ code: 'staff.edit', allowed: false });
    const admin = await signInAsAdmin(t);
    expect((await ok(t, authCalls.verifyOperation, { code: 'anything.at_all' }, admin)).allowed).toBe(true);
  });
});
