import { agencyLoginSettings, appUserAuthCalls, authCalls, userCalls, type LOGIN_PLATFORMS } from '@juqi/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLoginLog, users, userSession } from '../src/lib/db/schema';
import { hashToken } from '../src/modules/auth/sessions';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { expectError, expectOk, expectRefused, invoke, makeSign, ok, signInAsAdmin, smsOutbox } from './helpers/auth';
import { writesOf } from './helpers/snapshot';
import { insertUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

let ipSeq = 0;
const ip = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const sendCode = (mobile: string, from = ip()) => invoke(t, appUserAuthCalls.sendSmsCode, { mobile }, undefined, { ip: from });
const login = (mobile: string, code: string, options: { platform?: (typeof LOGIN_PLATFORMS)[number]; ip?: string; sign?: string } = {}) =>
  invoke(
    t,
    appUserAuthCalls.smsLogin,
    { mobile, verification_code: code, sign: options.sign ?? makeSign(t.clock.now().getTime()), ...(options.platform ? { platform: options.platform } : {}) },
    undefined,
    { ip: options.ip ?? ip() },
  );
const lastCode = (mobile: string) => smsOutbox(t).filter((m) => m.phone === mobile).at(-1)?.code;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const loginsOf = (userId: number) =>
  t.database.db.select().from(userLoginLog).where(eq(userLoginLog.userId, userId)).orderBy(userLoginLog.id);

describe('a marketplace user’s SMS sign-in', () => {
  it('sends a 6-digit code to a user’s mobile, signs in with it once, and records the sign-in', async () => {
    const user = await insertUser(t, { name: '小王', headImgUrl: 'https://img.example.com/a.png', typeUser: 1 });
    expect(await sendCode(user.mobile)).toEqual({ code: 20000, message: '成功', data: { resend_after: 60 } });
    const message = smsOutbox(t).at(-1)!;
    expect(message.phone).toBe(user.mobile);
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);

    const { token } = expectOk(await login(user.mobile, message.code, { platform: 'ios', ip: '10.77.250.1' }));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ok(t, appUserAuthCalls.info, {}, token)).toEqual({
      id: user.id,
      name: '小王',
      mobile: user.mobile,
      head_img_url: 'https://img.example.com/a.png',
      type_user: 1,
    });
    expect((await login(user.mobile, message.code)).code).toBe(40100); // single use

    // The second try failed: a failure is not recorded (below).
    expect((await loginsOf(user.id)).map((l) => [l.result, l.platform, l.ip])).toEqual([['success', 'ios', '10.77.250.1']]);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ lastLoginIp: '10.77.250.1', lastLoginAt: expect.any(Date) });
    // Only the token's SHA-256 is kept.
    const sessions = await t.database.db.select().from(userSession).where(eq(userSession.userId, user.id));
    expect(sessions.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
  });

  it('answers a wrong code and an unknown mobile alike, and sends nothing to an unknown mobile', async () => {
    const user = await insertUser(t);
    await sendCode(user.mobile);
    const wrong = await login(user.mobile, wrongCode(lastCode(user.mobile)!));

    const before = smsOutbox(t).length;
    expect(await sendCode('19900000001')).toEqual({ code: 20000, message: '成功', data: { resend_after: 60 } });
    expect(smsOutbox(t).length).toBe(before);
    const unknown = await login('19900000001', '123456');

    expect(unknown).toEqual({ code: 40100, message: '验证码错误或已失效', data: null });
    expect(wrong).toEqual(unknown);
    expect(await loginsOf(user.id)).toEqual([]);
  });

  it('does the same writes for a wrong code on a user’s mobile as for any code on an unknown mobile', async () => {
    const writes = (attempt: () => Promise<unknown>) => writesOf(t.database.db, attempt);
    const user = await insertUser(t);
    const unknown = '19900000002';
    // With a code sent to each (the unknown mobile's sent nowhere): the try is counted against it, nothing else is kept
    // but the claimed sign.
    await sendCode(user.mobile);
    await sendCode(unknown);
    const wrong = wrongCode(lastCode(user.mobile)!);
    const onUser = await writes(() => login(user.mobile, wrong));
    expect(onUser).toEqual({ sign_nonce: 1, sms_code: 0 });
    expect(await writes(() => login(unknown, wrong))).toEqual(onUser);
    // With none sent: only the sign.
    const other = await insertUser(t);
    const noCode = await writes(() => login(other.mobile, '123456'));
    expect(noCode).toEqual({ sign_nonce: 1 });
    expect(await writes(() => login('19900000003', '123456'))).toEqual(noCode);
  });

  it('keeps the staff codes’ limits: one a minute per mobile (42900 with retry_after), void after five wrong tries', async () => {
    const user = await insertUser(t);
    await sendCode(user.mobile);
    expect(expectError(await sendCode(user.mobile), 42900)).toEqual({ retry_after: 60 });
    const code = lastCode(user.mobile)!;
    for (let i = 0; i < 5; i++) expect((await login(user.mobile, wrongCode(code))).code).toBe(40100);
    expect((await login(user.mobile, code)).code).toBe(40100);
  });

  it('allows at most ten app sign-in requests a minute from one address (42900), apart from the staff’s sign-in', async () => {
    const from = '10.78.0.1';
    for (let i = 0; i < 10; i++) expect((await sendCode(`1980000${String(i).padStart(4, '0')}`, from)).code).toBe(20000);
    expect(expectError(await login('19900000099', '123456', { ip: from }), 42900)).toEqual({ retry_after: expect.any(Number) });
    const staff = { staff_num: 'admin', user_pwd: ADMIN_PASSWORD, sign: makeSign(t.clock.now().getTime()) };
    expect((await invoke(t, authCalls.login, staff, undefined, { ip: from })).code).toBe(20000);
  });

  it('lets a code expire after five minutes', async () => {
    const user = await insertUser(t);
    await sendCode(user.mobile);
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await login(user.mobile, lastCode(user.mobile)!)).code).toBe(40100);
  });

  it('refuses a replayed sign (40000 naming sign)', async () => {
    const user = await insertUser(t);
    await sendCode(user.mobile);
    const sign = makeSign(t.clock.now().getTime());
    expect((await login(user.mobile, '000000', { sign })).code).toBe(40100);
    expectRefused(await login(user.mobile, lastCode(user.mobile)!, { sign }), 'sign');
  });

  it('tells a locked user of the lock and its reason only with the right code (42300), recording that attempt', async () => {
    const user = await insertUser(t);
    await ok(t, userCalls.lock, { id: user.id, action: 'lock', reason: '涉嫌刷单' }, await signInAsAdmin(t));
    await sendCode(user.mobile);
    const code = lastCode(user.mobile)!;
    expect(await login(user.mobile, wrongCode(code))).toEqual({ code: 40100, message: '验证码错误或已失效', data: null });
    const locked = await login(user.mobile, code);
    expect(locked).toMatchObject({ code: 42300, message: '账号已锁定：涉嫌刷单' });
    expect((await loginsOf(user.id)).map((l) => l.result)).toEqual(['locked']);
    expect(await t.database.db.select().from(userSession).where(eq(userSession.userId, user.id))).toEqual([]);
  });

  it('ends a signed-in user’s session once staff lock them (50008)', async () => {
    const user = await insertUser(t);
    const token = await signInAppUser(t, user.id);
    const admin = await signInAsAdmin(t);
    await ok(t, userCalls.lock, { id: user.id, action: 'lock', reason: '违规' }, admin);
    expect((await invoke(t, appUserAuthCalls.info, {}, token)).code).toBe(50008);
    await ok(t, userCalls.lock, { id: user.id, action: 'unlock', reason: '申诉通过' }, admin);
    expect((await invoke(t, appUserAuthCalls.info, {}, token)).code).toBe(50008);
  });
});

describe('app sessions', () => {
  it('answers 50008 without a token, with an unknown one, and after log-out', async () => {
    expect((await invoke(t, appUserAuthCalls.info)).code).toBe(50008);
    expect((await invoke(t, appUserAuthCalls.info, {}, 'x'.repeat(43))).code).toBe(50008);
    const user = await insertUser(t);
    const token = await signInAppUser(t, user.id);
    const other = await signInAppUser(t, user.id);
    expect((await invoke(t, appUserAuthCalls.logout, {}, token)).code).toBe(20000);
    expect((await invoke(t, appUserAuthCalls.info, {}, token)).code).toBe(50008);
    expect((await invoke(t, appUserAuthCalls.logout, {}, token)).code).toBe(50008);
    // The user's other sessions (another device) go on.
    expect((await invoke(t, appUserAuthCalls.info, {}, other)).code).toBe(20000);
    const [ended] = await t.database.db.select().from(userSession).where(eq(userSession.tokenHash, hashToken(token)));
    expect(ended).toMatchObject({ endReason: 'logout', endedAt: expect.any(Date) });
  });

  it('refuses a staff token on app-user calls and an app token on staff calls (50008)', async () => {
    const user = await insertUser(t);
    const appToken = await signInAppUser(t, user.id);
    const admin = await signInAsAdmin(t);
    expect((await invoke(t, appUserAuthCalls.info, {}, admin)).code).toBe(50008);
    expect((await invoke(t, appUserAuthCalls.logout, {}, admin)).code).toBe(50008);
    expect((await invoke(t, authCalls.info, {}, appToken)).code).toBe(50008);
    expect((await invoke(t, authCalls.logout, {}, appToken)).code).toBe(50008);
    expect((await invoke(t, userCalls.details, { id: user.id }, appToken)).code).toBe(50008);
    // Neither was ended by the other's refusal.
    expect((await invoke(t, appUserAuthCalls.info, {}, appToken)).code).toBe(20000);
    expect((await invoke(t, authCalls.info, {}, admin)).code).toBe(20000);
  });

  it('expires after two idle hours, and twelve hours after sign-in however active (50014)', async () => {
    const idle = await signInAppUser(t, (await insertUser(t)).id);
    const active = await signInAppUser(t, (await insertUser(t)).id);
    const after = async (minutes: number, token: string) => {
      t.clock.advance(minutes * 60_000);
      return (await invoke(t, appUserAuthCalls.info, {}, token)).code;
    };
    expect(await after(119, idle)).toBe(20000);
    expect(await after(0, active)).toBe(20000);
    expect(await after(60, active)).toBe(20000);
    expect(await after(62, idle)).toBe(50014);
    expect(await after(0, idle)).toBe(50014);
    expect(await after(0, active)).toBe(20000);
    // Active every hour up to 11 h after sign-in, then past 12 h.
    expect(await after(59, active)).toBe(20000);
    for (let hour = 6; hour <= 11; hour++) expect(await after(60, active)).toBe(20000);
    expect(await after(61, active)).toBe(50014);
  });

  it('records the sign-in’s platform, h5 unless the app names another', async () => {
    const user = await insertUser(t);
    await signInAppUser(t, user.id);
    await signInAppUser(t, user.id, 'mini_program');
    const [latest] = await t.database.db.select().from(userLoginLog).where(eq(userLoginLog.userId, user.id)).orderBy(desc(userLoginLog.id)).limit(1);
    expect((await loginsOf(user.id)).map((l) => [l.result, l.platform])).toEqual([
      ['success', 'h5'],
      ['success', 'mini_program'],
    ]);
    expect(latest!.ip).toMatch(/^10\./);
  });
});

const setRules = async (rules: Partial<typeof agencyLoginSettings.defaults>) =>
  ok(t, agencyLoginSettings.calls.edit, { ...agencyLoginSettings.defaults, ...rules }, await signInAsAdmin(t));
const info = async (token: string) => (await invoke(t, appUserAuthCalls.info, {}, token)).code;
/** Signs in with a fresh code, a minute after the last one (the resend cooldown). */
const loginFresh = async (mobile: string, platform: (typeof LOGIN_PLATFORMS)[number]) => {
  t.clock.advance(61_000);
  expectOk(await sendCode(mobile));
  return login(mobile, lastCode(mobile)!, { platform });
};

describe('代理登录: an agency’s sign-in', () => {
  it('turns an agency away on a platform not ticked (40300, recorded), while an ordinary user signs in there', async () => {
    await setRules({ platforms: ['ios', 'android'] });
    try {
      const agency = await insertUser(t, { typeUser: 1 });
      const ordinary = await insertUser(t, { typeUser: 2 });
      expect(await loginFresh(agency.mobile, 'pc')).toEqual({ code: 40300, message: '代理账号不允许在此平台登录', data: null });
      expect(await t.database.db.select().from(userSession).where(eq(userSession.userId, agency.id))).toEqual([]);
      expect((await loginsOf(agency.id)).map((l) => [l.result, l.platform])).toEqual([['platform_refused', 'pc']]);
      expectOk(await loginFresh(agency.mobile, 'ios'));
      expectOk(await loginFresh(ordinary.mobile, 'pc'));
    } finally {
      await setRules({});
    }
  });

  it('keeps an agency to its device cap: a sign-in beyond it signs the oldest device out (50012), not an ordinary user’s', async () => {
    await setRules({ max_sessions: 2 });
    try {
      const agency = await insertUser(t, { typeUser: 1 });
      const [first, second, third] = [
        expectOk(await loginFresh(agency.mobile, 'ios')).token,
        expectOk(await loginFresh(agency.mobile, 'android')).token,
        expectOk(await loginFresh(agency.mobile, 'h5')).token,
      ];
      expect([await info(first), await info(second), await info(third)]).toEqual([50012, 20000, 20000]);
      const ordinary = await insertUser(t, { typeUser: 2 });
      const tokens = [];
      for (const platform of ['ios', 'android', 'h5'] as const) tokens.push(expectOk(await loginFresh(ordinary.mobile, platform)).token);
      for (const token of tokens) expect(await info(token)).toBe(20000);
    } finally {
      await setRules({});
    }
  });
});
