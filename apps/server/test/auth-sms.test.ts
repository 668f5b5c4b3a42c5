import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { appUserAuthCalls, authCalls } from '@juqi/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCode } from '../src/lib/db/schema';
import { SettingsStore } from '../src/lib/settings/store';
import { AuthRepository } from '../src/modules/auth/repository';
import { SessionService } from '../src/modules/auth/sessions';
import { SignInGuard } from '../src/modules/auth/sign-in-guard';
import { SignInService } from '../src/modules/auth/sign-in-service';
import { HttpSmsSender, LogSmsSender } from '../src/modules/auth/sms';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, invoke, makeSign, ok, signInAsAdmin, smsOutbox } from './helpers/auth';
import { testEngine } from './helpers/database';
import { writesOf } from './helpers/snapshot';
import { insertUser } from './helpers/users';

let t: TestApp;
let phoneSeq = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** A staff with a phone of its own, so each test starts with clean per-phone counters. */
async function staffPhone(): Promise<{ phone: string; id: number }> {
  phoneSeq += 1;
  const phone = `1370000${String(phoneSeq).padStart(4, '0')}`;
  const admin = await signInAsAdmin(t);
  const res = await ok(t, authCalls.staffAdd, { staff_num: `sms${phoneSeq}`, name: `短信${phoneSeq}`, password: ADMIN_PASSWORD, phone }, admin);
  return { phone, id: res.id };
}

let ipSeq = 0;
const ip = () => `10.200.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const send = (phone: string, from = ip()) => invoke(t, authCalls.sendSmsCode, { staff_tel: phone }, undefined, { ip: from });
const smsLogin = (phone: string, code: string) =>
  invoke(t, authCalls.smsLogin, { staff_tel: phone, verification_code: code, sign: makeSign(t.clock.now().getTime()) }, undefined, { ip: ip() });
const lastCode = (phone: string) => smsOutbox(t).filter((m) => m.phone === phone).at(-1)?.code;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** The tries counted against the phone's newest code. */
const triesOfLastCode = async (phone: string) =>
  (await t.database.db.select({ attempts: smsCode.attempts }).from(smsCode).where(eq(smsCode.phone, phone)).orderBy(desc(smsCode.id)).limit(1))[0]?.attempts;

describe('SMS sign-in', () => {
  it('sends a 6-digit code with the template text to an active staff phone, and signs in with it once', async () => {
    const { phone } = await staffPhone();
    expect(await send(phone)).toEqual({ code: 20000, message: '成功', data: { resend_after: 60 } });
    const message = smsOutbox(t).at(-1)!;
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);
    expect(message.text).toContain('验证码');
    const { token } = expectOk(await smsLogin(phone, message.code));
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(20000);
    expect((await smsLogin(phone, message.code)).code).toBe(40100); // single use
  });

  it('answers the same for a phone that is not staff, and sends nothing', async () => {
    const before = smsOutbox(t).length;
    expect(await send('13699999999')).toEqual({ code: 20000, message: '成功', data: { resend_after: 60 } });
    expect(smsOutbox(t).length).toBe(before);
    expect((await smsLogin('13699999999', '123456')).code).toBe(40100);
  });

  it('lets a code expire after five minutes', async () => {
    const { phone } = await staffPhone();
    await send(phone);
    const code = lastCode(phone)!;
    t.clock.advance(5 * 60_000 + 1000);
    expect((await smsLogin(phone, code)).code).toBe(40100);
  });

  it('voids a code after five wrong tries', async () => {
    const { phone } = await staffPhone();
    await send(phone);
    const code = lastCode(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(phone, wrong)).code).toBe(40100);
    expect((await smsLogin(phone, code)).code).toBe(40100);
  });

  it('counts every try, the right one too, and compares none after the fifth', async () => {
    const { phone } = await staffPhone();
    await send(phone);
    const code = lastCode(phone)!;
    for (let i = 0; i < 4; i++) expect((await smsLogin(phone, wrongCode(code))).code).toBe(40100);
    expect(await triesOfLastCode(phone)).toBe(4);
    // The fifth try may still be the right code.
    expectOk(await smsLogin(phone, code));
    expect(await triesOfLastCode(phone)).toBe(5);

    t.clock.advance(61_000);
    await send(phone);
    const next = lastCode(phone)!;
    for (let i = 0; i < 7; i++) expect((await smsLogin(phone, wrongCode(next))).code).toBe(40100);
    expect(await triesOfLastCode(phone)).toBe(5);
    expect((await smsLogin(phone, next)).code).toBe(40100);
  });

  it('does the same writes for a wrong code on a staff phone as for any code on a phone that is not staff', async () => {
    const { phone } = await staffPhone();
    const stranger = '13699999998';
    await send(phone);
    await send(stranger);
    const wrong = wrongCode(lastCode(phone)!);
    // The sign, the failure in the sign-in records, and the try counted against the phone's code (sent or not).
    const onStaff = await writesOf(t.database.db, () => smsLogin(phone, wrong));
    expect(onStaff).toEqual({ sign_in_log: 1, sign_nonce: 1, sms_code: 0 });
    expect(await writesOf(t.database.db, () => smsLogin(stranger, wrong))).toEqual(onStaff);
  });

  it('resends no sooner than 60 s and at most five times an hour per phone', async () => {
    const { phone } = await staffPhone();
    expect((await send(phone)).code).toBe(20000);
    const early = expectError(await send(phone), 42900);
    expect(early.retry_after).toBeGreaterThan(55);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await send(phone)).code).toBe(20000);
    }
    t.clock.advance(61_000);
    expect((await send(phone)).code).toBe(42900);
    t.clock.advance(60 * 60_000);
    expect((await send(phone)).code).toBe(20000);
  });

  it('sends at most twenty an hour from one IP', async () => {
    // Straight to the service: the per-IP limit of ten sign-in requests a minute would stop the HTTP calls first.
    const repo = new AuthRepository(t.database.db);
    const sessions = new SessionService(repo, new SettingsStore(t.database.db), t.app.access.grants!, t.clock);
    const service = new SignInService(repo, sessions, new LogSmsSender(t.app.log), new SignInGuard(repo, t.clock), t.app.access.grants!, t.clock);
    const client = { ip: '10.250.0.9', userAgent: 'test' };
    for (let i = 0; i < 20; i++) expect(await service.sendCode(`1350000${String(i).padStart(4, '0')}`, client)).toEqual({ resend_after: 60 });
    await expect(service.sendCode('13500009999', client)).rejects.toMatchObject({ code: 42900 });
    await expect(service.sendCode('13500009999', { ...client, ip: '10.250.0.10' })).resolves.toEqual({ resend_after: 60 });
    t.clock.advance(60 * 60_000 + 1000);
    await expect(service.sendCode('13500009998', client)).resolves.toEqual({ resend_after: 60 });
  });

  it('refuses a malformed phone or code with a field error', async () => {
    const res = await invoke(t, authCalls.sendSmsCode, { staff_tel: 'call me' }, undefined, { ip: ip() });
    expect(res).toMatchObject({ code: 40000, data: { field: 'staff_tel' } });
    const bad = await invoke(t, authCalls.smsLogin, { staff_tel: '13800000001', verification_code: '12ab', sign: makeSign() }, undefined, { ip: ip() });
    expect(bad).toMatchObject({ code: 40000, data: { field: 'verification_code' } });
  });
});

// PostgreSQL only: PGlite is one connection serving one statement at a time, so a race it passes proves nothing.
describe.skipIf(testEngine !== 'postgres')('a burst of guesses at one code', () => {
  /**
   * Guesses sent at once, each from an address of its own (the per-address limit of ten a minute is not the bound
   * here), fewer than the thirty failures that hold a staff phone at every address.
   */
  const BURST = 25;
  const burst = (attempt: (from: string) => Promise<{ code: number }>) => Promise.all(Array.from({ length: BURST }, () => attempt(ip())));

  it('compares at most five tries of a staff code, however many arrive at once', async () => {
    const { phone } = await staffPhone();
    await send(phone);
    const code = lastCode(phone)!;
    const answers = await burst((from) =>
      invoke(t, authCalls.smsLogin, { staff_tel: phone, verification_code: wrongCode(code), sign: makeSign(t.clock.now().getTime()) }, undefined, { ip: from }),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(BURST).fill(40100));
    expect(await triesOfLastCode(phone)).toBe(5);
    expect((await smsLogin(phone, code)).code).toBe(40100);
  });

  it('compares at most five tries of an app user’s code, however many arrive at once', async () => {
    const user = await insertUser(t);
    await invoke(t, appUserAuthCalls.sendSmsCode, { mobile: user.mobile }, undefined, { ip: ip() });
    const code = lastCode(user.mobile)!;
    const login = (verification: string, from: string) =>
      invoke(t, appUserAuthCalls.smsLogin, { mobile: user.mobile, verification_code: verification, sign: makeSign(t.clock.now().getTime()) }, undefined, { ip: from });
    const answers = await burst((from) => login(wrongCode(code), from));
    expect(answers.map((a) => a.code)).toEqual(Array(BURST).fill(40100));
    expect(await triesOfLastCode(user.mobile)).toBe(5);
    expect((await login(code, ip())).code).toBe(40100);
  });
});

describe('the HTTP SMS provider adapter', () => {
  it('posts phone and text with the bearer token, and fails on a non-2xx answer', async () => {
    const received: { auth?: string; body: unknown }[] = [];
    let status = 200;
    const provider = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
      const sender = new HttpSmsSender(url, 'secret-token');
      await sender.send({ phone: '13800000001', text: '验证码 123456', code: '123456' });
      expect(received).toEqual([{ auth: 'Bearer secret-token', body: { phone: '13800000001', content: '验证码 123456' } }]);
      status = 503;
      await expect(sender.send({ phone: '13800000001', text: 'x', code: '1' })).rejects.toThrow(/HTTP 503/);
    } finally {
      provider.close();
    }
  });
});
